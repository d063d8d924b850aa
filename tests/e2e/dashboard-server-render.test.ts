// A subscriber's return visit to /dashboard: the first deals arrive drawn in the HTML (render_dashboard, with the
// session cookie the app asked for on the previous visit), readable without JavaScript; the app takes them over
// without reading them again and pages on from them; signing out ends the session, so the next visit on the
// device gets the bare frame. A free account is never given the cookie.
import { FieldValue } from 'firebase-admin/firestore';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { userDocPath } from '@bargains/model/paths';
import { newUserDoc } from '@bargains/model/user';
import { cardIds, PAGE_SIZE, signIn, TEST_PASSWORD } from './dashboard-helpers';
import { BASE_URL, launchBrowser, openPage, screenshot, trackPageErrors } from './support/browser';
import { adminAuth, adminDb, closeAdmin, uniqueEmail } from './support/emulators';
import { recordFirestoreReads } from './support/firestore-reads';

const DEAL = /^sources\/wired\/coupons\/[^/]+$/;

let browser: Browser;
const created: string[] = [];

async function account(label: string, subscribed: boolean): Promise<{ uid: string; email: string }> {
  const email = uniqueEmail(label);
  const { uid } = await adminAuth().createUser({ email, password: TEST_PASSWORD });
  created.push(uid);
  await adminDb()
    .doc(userDocPath(uid))
    .set({
      ...newUserDoc(FieldValue.serverTimestamp()),
      subscription_active: subscribed,
      subscription_status: subscribed ? 'active' : 'inactive',
    });
  return { uid, email };
}

const sessionCookie = async (context: BrowserContext) =>
  (await context.cookies(BASE_URL)).find((cookie) => cookie.name === '__session');

/** Signs in and waits until the dashboard has asked for (and been given) its session cookie. */
async function signInWithSession(page: Page, email: string): Promise<void> {
  await signIn(page, email);
  await page.locator('[data-deal-id]').first().waitFor();
  await page.waitForFunction(() => localStorage.getItem('bargains.dashboardSession') !== null);
}

/** The deal ids drawn in the HTML the server sent for `path` (what a browser without JavaScript shows). */
async function servedCardIds(context: BrowserContext, path: string): Promise<string[]> {
  const response = await context.request.get(path);
  expect(response.status()).toBe(200);
  return [...(await response.text()).matchAll(/data-deal-id="([^"]+)"/g)].map((match) => match[1] ?? '');
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  for (const uid of created) {
    await adminAuth().deleteUser(uid);
    await adminDb().recursiveDelete(adminDb().doc(userDocPath(uid)));
  }
  await closeAdmin();
});

test('after one visit the first deals come drawn in the HTML, readable without JavaScript', async () => {
  const subscriber = await account('ssr', true);
  const { context, page } = await openPage(browser, 'mobile');
  await signInWithSession(page, subscriber.email);
  const cookie = await sessionCookie(context);
  expect(cookie).toEqual(expect.objectContaining({ httpOnly: true, sameSite: 'Lax', path: '/' }));
  // Two weeks (Firebase's longest session), in seconds since the epoch.
  expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(13.9 * 24 * 3600_000);

  const noScript = await browser.newContext({
    storageState: await context.storageState(),
    javaScriptEnabled: false,
    viewport: { width: 375, height: 812 },
    baseURL: BASE_URL,
  });
  const plain = await noScript.newPage();
  await plain.goto('/dashboard');
  expect(await cardIds(plain)).toHaveLength(PAGE_SIZE);
  await expect(plain.title()).resolves.toBe('Your Bargains · Bargains');
  expect(await plain.getByRole('heading', { level: 1 }).textContent()).toBe('Your Bargains');
  await screenshot(plain, 'dashboard-server-rendered-no-js');
  await noScript.close();
  await context.close();
});

test('the app takes the drawn page over without reading it again, and pages on from it', async () => {
  const subscriber = await account('ssr-takeover', true);
  const { context, page: signInPage } = await openPage(browser, 'desktop');
  await signInWithSession(signInPage, subscriber.email);
  await signInPage.close();

  const served = await servedCardIds(context, '/dashboard');
  expect(served).toHaveLength(PAGE_SIZE);
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  const reads = await recordFirestoreReads(page);
  await page.goto('/dashboard');
  // Taken over: the header shows the signed-in links, the cards are the drawn ones in the same order.
  await page.getByRole('link', { name: 'Account' }).first().waitFor();
  await page.waitForFunction(() => document.querySelector('.deal-views__tab')?.textContent !== null);
  expect(await cardIds(page)).toEqual(served);
  await page.waitForTimeout(1000);
  expect((await reads.paths()).filter((path) => DEAL.test(path))).toEqual([]);

  // The next page follows the drawn one: 20 more, none repeated.
  await page.locator('[data-deal-id]').last().scrollIntoViewIfNeeded();
  await page.waitForFunction(
    (count) => document.querySelectorAll('[data-deal-id]').length > count,
    PAGE_SIZE,
  );
  const ids = await cardIds(page);
  expect(ids.slice(0, PAGE_SIZE)).toEqual(served);
  expect(new Set(ids).size).toBe(ids.length);
  expect((await reads.paths()).filter((path) => DEAL.test(path)).length).toBe(ids.length - PAGE_SIZE);
  expect(errors).toEqual([]);
  await context.close();
});

test('signing out ends the session: the next visit on the device gets the bare frame', async () => {
  const subscriber = await account('ssr-signout', true);
  const { context, page } = await openPage(browser, 'desktop');
  await signInWithSession(page, subscriber.email);
  expect(await servedCardIds(context, '/dashboard')).toHaveLength(PAGE_SIZE);

  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await page.getByRole('link', { name: 'Login' }).first().waitFor();
  expect(await sessionCookie(context)).toBeUndefined();
  expect(await servedCardIds(context, '/dashboard')).toEqual([]);
  await context.close();
});

test('a free account is given no session cookie', async () => {
  const free = await account('ssr-free', false);
  const { context, page } = await openPage(browser, 'desktop');
  await signIn(page, free.email);
  await page.getByRole('button', { name: 'Subscribe Now' }).waitFor();
  await page.waitForTimeout(1000);
  expect(await sessionCookie(context)).toBeUndefined();
  await context.close();
});
