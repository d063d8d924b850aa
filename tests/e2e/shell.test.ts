// The app shell end to end in Chromium (production build on the Hosting emulator): every public route at 375 and
// 1440 px, the 404 page, the mobile menu, the post-payment redirect, and that public pages never download the
// full Firestore SDK.
import type { Browser, Page } from 'playwright-core';
import { SNAPSHOT_PATHS } from '../../web/src/app/snapshot-paths';
import {
  BASE_URL,
  gotoApp,
  launchBrowser,
  openPage,
  screenshot,
  trackConsoleErrors,
  trackPageErrors,
  type ViewportName,
  viewportScreenshot,
  VIEWPORTS,
  waitForAnimationsToFinish,
} from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Public routes and the h1 each must show (docs/reference.md#routes). */
const PUBLIC_ROUTES = [
  { path: '/', name: 'home', heading: /Take the power of the algorithm/ },
  { path: '/signup', name: 'signup', heading: 'Create an Account' },
  { path: '/login', name: 'login', heading: 'Welcome Back' },
  { path: '/pricing', name: 'pricing', heading: 'Simple, honest pricing' },
  { path: '/how-it-works', name: 'how-it-works', heading: 'How It Works' },
  { path: '/return-policy', name: 'return-policy', heading: 'Return Policy' },
  { path: '/privacy-policy', name: 'privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms-of-service', name: 'terms-of-service', heading: 'Terms of Service' },
  { path: '/contact', name: 'contact', heading: 'Contact Support' },
  { path: '/cancel', name: 'cancel', heading: 'Payment Cancelled' },
  { path: '/success', name: 'success', heading: 'Payment Successful!' },
  { path: '/no-such-page', name: 'not-found', heading: 'Page Not Found' },
] as const;

/** A string only the full Firestore SDK contains (its WebChannel transport); Firestore Lite has no such class. */
const FULL_FIRESTORE_MARKER = 'WebChannelConnection';

/** Collects the JavaScript the page downloads, to check which SDKs a page pulled in. */
function collectScripts(page: Page): Promise<string>[] {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''));
  });
  return bodies;
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('public routes at %s width', (viewport) => {
  const width = VIEWPORTS[viewport].width;

  test.each(PUBLIC_ROUTES)(
    '$path renders its page without the full Firestore SDK',
    async ({ path, name, heading }) => {
      const { context, page } = await openPage(browser, viewport);
      const errors = trackPageErrors(page);
      const scripts = collectScripts(page);

      const response = await gotoApp(page, path);
      // An unknown path is a real 404 (firebase.json rewrites only the app's routes), with the Not Found page.
      expect(response?.status()).toBe(name === 'not-found' ? 404 : 200);
      await h1(page).filter({ hasText: heading }).waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, `shell-${name}-${width}`);

      const downloaded = await Promise.all(scripts);
      expect(downloaded.length).toBeGreaterThan(0);
      expect(downloaded.filter((body) => body.includes(FULL_FIRESTORE_MARKER))).toHaveLength(0);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});

test('an unknown route shows the 404 page, whose Go to Home link leads to /', async () => {
  const { context, page } = await openPage(browser);
  const response = await gotoApp(page, '/definitely/not/here');
  expect(response?.status()).toBe(404);
  await h1(page).filter({ hasText: 'Page Not Found' }).waitFor();
  await expect(page.title()).resolves.toBe('Page Not Found · Bargains');

  await page.getByRole('link', { name: 'Go to Home' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await h1(page)
    .filter({ hasText: /Take the power of the algorithm/ })
    .waitFor();
  await context.close();
});

test('signed out, the header shows Home, Blog, Pricing, How It Works, Login and Get Started', async () => {
  const { context, page } = await openPage(browser);
  await gotoApp(page, '/pricing');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Get Started' }).waitFor();
  await expect(nav.locator('a, button').allTextContents()).resolves.toEqual([
    'Home',
    'Blog',
    'Pricing',
    'How It Works',
    'Login',
    'Get Started',
  ]);
  await expect(nav.getByRole('link', { name: 'Pricing' }).getAttribute('aria-current')).resolves.toBe('page');
  await context.close();
});

test("the landing page's call to action scrolls to the inline signup form", async () => {
  const { context, page } = await openPage(browser);
  await gotoApp(page, '/');
  await page.getByRole('link', { name: 'Get Started Now - Only $2/month!' }).click();
  await page.waitForURL((url) => url.hash === '#signup');
  const signup = page.getByRole('region', { name: 'Start saving today' });
  await signup.getByRole('button', { name: 'Sign Up' }).waitFor();
  await page.waitForFunction(() => {
    const box = document.getElementById('signup')?.getBoundingClientRect();
    return box !== undefined && box.top < window.innerHeight && box.bottom > 0;
  });
  await context.close();
});

test('at 375 px the mobile menu opens, navigates, closes, and closes on Escape with focus back on its button', async () => {
  const { context, page } = await openPage(browser, 'mobile');
  const errors = trackPageErrors(page);
  await gotoApp(page, '/');
  await h1(page).waitFor();

  await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(false);
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.waitFor();
  await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
  await expect(
    menu.getByRole('navigation', { name: 'Mobile' }).locator('a, button').allTextContents(),
  ).resolves.toEqual(['Home', 'Blog', 'Pricing', 'How It Works', 'Login', 'Get Started']);
  // Let the slide-in transition finish before the screenshot.
  await waitForAnimationsToFinish(page, 'dialog.mobile-menu');
  // The open menu covers the viewport: capture the viewport, not the full page.
  await viewportScreenshot(page, 'shell-mobile-menu-375');

  await menu.getByRole('link', { name: 'How It Works' }).click();
  await page.waitForURL((url) => url.pathname === '/how-it-works');
  await menu.waitFor({ state: 'hidden' });
  await h1(page).filter({ hasText: 'How It Works' }).waitFor();
  await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');

  await toggle.click();
  await menu.waitFor();
  // The modal dialog takes focus (its first control) and keeps it inside while open.
  await expect(menu.evaluate((dialog) => dialog.contains(document.activeElement))).resolves.toBe(true);
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  await expect(toggle.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
  expect(page.url()).toMatch(/\/how-it-works$/);
  expect(errors).toEqual([]);
  await context.close();
});

test('/success redirects to /dashboard (and so to /login when signed out)', async () => {
  const { context, page } = await openPage(browser);
  await gotoApp(page, '/success');
  await h1(page).filter({ hasText: 'Payment Successful!' }).waitFor();
  await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
  await h1(page).filter({ hasText: 'Welcome Back' }).waitFor();
  await context.close();
});

test('/cancel offers Try Again (to /dashboard) and Contact Support (to /contact)', async () => {
  const { context, page } = await openPage(browser);
  await gotoApp(page, '/cancel');
  await expect(page.getByRole('link', { name: 'Try Again' }).getAttribute('href')).resolves.toBe(
    '/dashboard',
  );
  await page.getByRole('link', { name: 'Contact Support' }).click();
  await h1(page).filter({ hasText: 'Contact Support' }).waitFor();
  await expect(page.getByRole('link', { name: 'support@bargains.test' }).getAttribute('href')).resolves.toBe(
    'mailto:support@bargains.test',
  );
  await context.close();
});

test('without JavaScript, public pages show their snapshot: content, the always-present links, inert forms', async () => {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    javaScriptEnabled: false,
    viewport: VIEWPORTS.desktop,
  });
  const page = await context.newPage();
  const snapshotted: readonly string[] = SNAPSHOT_PATHS;
  for (const route of PUBLIC_ROUTES.filter(({ path }) => snapshotted.includes(path))) {
    await page.goto(route.path);
    await expect(h1(page).filter({ hasText: route.heading }).count()).resolves.toBe(1);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.locator('a, button').allTextContents()).resolves.toEqual(['Home', 'Blog']);
  }
  // Auth-dependent parts wait for the auth check: no call to action link, no signup form on the landing page.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get Started Now - Only $2/month!' }).count()).resolves.toBe(0);
  await expect(page.locator('#signup').count()).resolves.toBe(0);
  await page.goto('/login');
  await expect(page.locator('section.auth-card[inert]').count()).resolves.toBe(1);
  // The blog is rendered by the server (render_blog) with the same frame: its posts are there without JavaScript.
  await page.goto('/blog');
  await expect(page.locator('[data-testid="blog-card"]').count()).resolves.toBeGreaterThan(0);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).locator('a, button').allTextContents(),
  ).resolves.toEqual(['Home', 'Blog']);
  // Other data pages get the loading frame (the app renders them).
  await page.goto('/dashboard');
  await expect(page.getByRole('status').first().textContent()).resolves.toContain('Loading');
  await context.close();
});

test('the app takes over a snapshot without errors and enables its forms', async () => {
  const { context, page } = await openPage(browser);
  const errors = trackPageErrors(page);
  const consoleErrors = trackConsoleErrors(page);
  await gotoApp(page, '/login');
  await expect(page.locator('section.auth-card[inert]').count()).resolves.toBe(0);
  await page.getByLabel('Email').fill('someone@example.com');
  await expect(page.getByLabel('Email').inputValue()).resolves.toBe('someone@example.com');
  expect(errors).toEqual([]);
  expect(consoleErrors).toEqual([]);
  await context.close();
});
