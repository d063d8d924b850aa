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

test('deep links to app routes fall back to the single-page app (Hosting rewrite); others are real 404s', async () => {
  const { context, page } = await openPage(browser);
  const response = await gotoApp(page, '/contact');
  expect(response?.status()).toBe(200);
  await page.getByRole('heading', { level: 1, name: 'Contact Support' }).waitFor();

  const unknown = await gotoApp(page, '/some/deep/link');
  expect(unknown?.status()).toBe(404);
  await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
  await context.close();
});
