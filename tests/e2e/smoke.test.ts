import type { Browser } from 'playwright-core';
import { gotoApp, launchBrowser, openPage, screenshot, trackPageErrors } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

test('the production build served by the Hosting emulator renders the app shell', async () => {
  const { context, page } = await openPage(browser);
  const errors = trackPageErrors(page);
  const response = await gotoApp(page, '/');
  expect(response?.status()).toBe(200);
  await expect(
    page
      .getByRole('link', { name: /bargains/i })
      .first()
      .isVisible(),
  ).resolves.toBe(true);
  await expect(page.locator('main').isVisible()).resolves.toBe(true);
  await screenshot(page, 'smoke-home-1440');
  expect(errors).toEqual([]);
  await context.close();
});

test('deep links fall back to the single-page app (Hosting rewrite)', async () => {
  const { context, page } = await openPage(browser);
  const response = await gotoApp(page, '/some/deep/link');
  expect(response?.status()).toBe(200);
  await expect(page.locator('#root').innerHTML()).resolves.not.toBe('');
  await context.close();
});
