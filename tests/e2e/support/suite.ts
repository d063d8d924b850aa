// Per-file setup shared by the end-to-end tests (jest globals: not for the benchmark, which imports browser.ts).
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { closeAdmin } from './emulators';

/**
 * One Chromium for the test file: launched before its tests, closed after them with the Admin SDK's app.
 * Returns a getter, since the browser exists only once beforeAll has run.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await closeAdmin();
  });
  return () => {
    if (!browser) throw new Error('the browser is launched in beforeAll');
    return browser;
  };
}
