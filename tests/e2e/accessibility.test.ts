// Every page and the states a subscriber meets pass axe-core's WCAG 2.1 A and AA rules in the production build:
// public pages on a phone (menu open, form errors), the subscribe screen, a subscriber's dashboard and account
// page in the states they pass through, and the demo editor's desk and blog composer. axe finds what a screenshot
// cannot show: contrast at every colour the data picks (the shop monograms), names of controls, landmarks and
// heading order.
import type { Browser, Page } from 'playwright-core';
import { publishDemoPosts } from '../../tools/blog/demo-posts';
import { SNAPSHOT_PATHS } from '../../web/src/app/snapshot-paths';
import { DEMO_ACCOUNTS } from '../../scripts/demo-data/constants';
import { signIn, signUp, signUpAndSubscribe } from './dashboard-helpers';
import { accessibilityViolations } from './support/accessibility';
import { gotoApp, newContext, launchBrowser, VIEWPORTS } from './support/browser';
import { adminDb, closeAdmin, uniqueEmail } from './support/emulators';

const PUBLIC_PAGES = [...SNAPSHOT_PATHS, '/contact', '/blog', '/blog/no-such-post', '/no-such-page'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await publishDemoPosts(adminDb()); // the blog list and a post to check, whatever ran before
});
afterAll(async () => {
  await browser?.close();
  await closeAdmin();
});

/** The page's violations, labelled with what was checked (a failure then names the page and state). */
async function audit(page: Page, state: string) {
  return { state, violations: await accessibilityViolations(page) };
}
const clean = (state: string) => ({ state, violations: [] });

test('public pages on a phone, a blog post included', async () => {
  const context = await newContext(browser, 'mobile');
  const page = await context.newPage();
  const results = [];
  for (const path of PUBLIC_PAGES) {
    await gotoApp(page, path);
    results.push(await audit(page, path));
  }
  await gotoApp(page, '/blog');
  const post = await page.locator('a[href^="/blog/"]').first().getAttribute('href');
  if (!post) throw new Error('/blog lists no post to check');
  await gotoApp(page, post);
  results.push(await audit(page, post));
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
  results.push(await audit(page, 'menu open'));
  // Errors show under each field: each must stay tied to its field and readable.
  await gotoApp(page, '/login');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByText('Invalid email address').waitFor();
  results.push(await audit(page, 'login, field errors'));
  expect(results).toEqual([...PUBLIC_PAGES, post, 'menu open', 'login, field errors'].map(clean));
  await context.close();
});

test('the subscribe screen of a signed-in user without a subscription', async () => {
  const context = await newContext(browser, 'desktop');
  const page = await context.newPage();
  await signUp(page, uniqueEmail('a11y-free'));
  await page.getByRole('button', { name: 'Subscribe Now' }).waitFor();
  expect(await audit(page, 'subscribe screen')).toEqual(clean('subscribe screen'));
  await context.close();
});

test("a subscriber's dashboard (grid, no matches, Saved, phone filter sheet) and account (active, canceled, delete)", async () => {
  const context = await newContext(browser, 'desktop');
  const page = await context.newPage();
  await signUpAndSubscribe(page, uniqueEmail('a11y-subscriber'));
  await page.locator('[data-deal-id]').first().waitFor();
  const results = [await audit(page, 'dashboard')];

  await page.getByRole('searchbox', { name: 'Search deals' }).fill('zzqx');
  await page.locator('.deal-empty').waitFor();
  results.push(await audit(page, 'dashboard, no matches'));
  await page.locator('.deal-empty').getByRole('button', { name: 'Clear filters' }).click();
  await page.getByRole('button', { name: /^Saved \(/ }).click();
  await page.waitForURL(/view=saved/);
  results.push(await audit(page, 'dashboard, Saved (none yet)'));

  await page.setViewportSize(VIEWPORTS.mobile);
  await gotoApp(page, '/dashboard');
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByRole('combobox', { name: 'Sort by' }).waitFor();
  results.push(await audit(page, 'dashboard, phone, filter sheet open'));

  await page.setViewportSize(VIEWPORTS.desktop);
  await gotoApp(page, '/account');
  await page.getByRole('button', { name: 'Cancel Subscription' }).waitFor();
  results.push(await audit(page, 'account, active'));
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByRole('button', { name: 'Resubscribe' }).waitFor();
  results.push(await audit(page, 'account, canceled'));
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page.getByRole('button', { name: 'Confirm Delete' }).waitFor();
  results.push(await audit(page, 'account, delete confirmation'));
  expect(results).toEqual(
    [
      'dashboard',
      'dashboard, no matches',
      'dashboard, Saved (none yet)',
      'dashboard, phone, filter sheet open',
      'account, active',
      'account, canceled',
      'account, delete confirmation',
    ].map(clean),
  );
  await context.close();
});

test("the demo editor's desk and blog composer, at 1440 and 375 px", async () => {
  const results = [];
  for (const viewport of ['desktop', 'mobile'] as const) {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    await signIn(page, DEMO_ACCOUNTS.editor.email, DEMO_ACCOUNTS.editor.password);
    await gotoApp(page, '/editor');
    await page.getByRole('heading', { name: "Editor's desk" }).waitFor();
    await page.locator('[data-deal-id]').first().waitFor();
    results.push(await audit(page, `${viewport}: /editor`));
    await gotoApp(page, '/editor/posts');
    await page.getByRole('heading', { name: 'Write a blog post' }).waitFor();
    await page.getByRole('textbox').first().waitFor();
    results.push(await audit(page, `${viewport}: /editor/posts`));
    await context.close();
  }
  expect(results).toEqual(
    ['desktop: /editor', 'desktop: /editor/posts', 'mobile: /editor', 'mobile: /editor/posts'].map(clean),
  );
});
