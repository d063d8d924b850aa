// Launches Debian's Chromium through playwright-core (browser downloads are impossible offline).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  chromium,
  errors,
  type Browser,
  type BrowserContext,
  type Page,
  type Response,
} from 'playwright-core';
import { GAPI_STANDIN_SCRIPT } from './gapi-standin';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:5000';
export const SCREENSHOT_DIR = join(__dirname, '..', '..', '..', 'artifacts', 'screenshots');

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1440, height: 900 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** Flags for Debian's Chromium on these offline machines (shared with the benchmark's Lighthouse runs). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
    headless: true,
  });
}

export async function newContext(
  browser: Browser,
  viewport: ViewportName = 'desktop',
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport], baseURL: BASE_URL });
  // Google sign-in in the Auth emulator loads apis.google.com/js/api.js, unreachable offline.
  await context.route('https://apis.google.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: GAPI_STANDIN_SCRIPT }),
  );
  return context;
}

/** A fresh context (cookies, storage) and a page in it. */
export async function openPage(
  browser: Browser,
  viewport: ViewportName = 'desktop',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, viewport);
  return { context, page: await context.newPage() };
}

/** Collects uncaught page errors so a test can assert that a page ran cleanly. */
export function trackPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}

/** Collects the page's CSP violations: the DOM events (every frame) and Chromium's console reports. */
export async function trackCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void })
        .__reportCspViolation;
      report?.(`${event.violatedDirective} blocked ${event.blockedURI} on ${location.href}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|frame|connect|apply)/i.test(message.text()))
      violations.push(message.text());
  });
  return violations;
}

/**
 * Lets late requests (images, the auth iframe) happen before a page is judged. A channel that stays busy (the
 * auth iframe's long poll) is fine: only the wait's own time-out is expected, anything else is thrown.
 */
export async function settleNetwork(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch((error: unknown) => {
    if (!(error instanceof errors.TimeoutError)) throw error;
  });
}

/** Collects the texts of console errors (React and the SDKs report some problems only there). */
export function trackConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return join(SCREENSHOT_DIR, `${name}.png`);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  const path = screenshotPath(name);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** A screenshot of the viewport only (for overlays that cover it, and long grids unreadable as a full page). */
export async function viewportScreenshot(page: Page, name: string): Promise<string> {
  const path = screenshotPath(name);
  await page.screenshot({ path });
  return path;
}

/** Waits until every animation of the element matching `selector` has finished (e.g. a slide-in transition). */
export async function waitForAnimationsToFinish(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((target) => {
    const element = document.querySelector(target);
    return (
      element !== null && element.getAnimations().every((animation) => animation.playState === 'finished')
    );
  }, selector);
}

/**
 * Opens `path` and waits until the app has replaced the page's build-time snapshot (its forms are inert until
 * then; web/src/main.tsx, web/src/app/App.tsx).
 */
export async function gotoApp(page: Page, path: string): Promise<Response | null> {
  const response = await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
  return response;
}

/**
 * Reloads the page and waits, as gotoApp does, until the app is live: a page drawn on the server (the dashboard)
 * shows its cards before that, and a click or Back in between is the app's to handle only once it runs.
 */
export async function reloadApp(page: Page): Promise<void> {
  await page.reload();
  await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
}
