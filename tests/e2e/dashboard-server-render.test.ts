// A subscriber's return visit to /dashboard: the first deals arrive drawn in the HTML (render_dashboard, with the
// session cookie the app asked for on the previous visit), readable without JavaScript; the app takes them over
// without reading them again and pages on from them; signing out ends the session, so the next visit on the
// device gets the bare frame. A free account is never given the cookie. A visit without the cookie by a user signed
// in on the device (the first on a device) gets the same drawn page from the document's starter, which asks
// render_dashboard with the user's ID token before the app's scripts are requested.
import { FieldValue } from 'firebase-admin/firestore';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { userDocPath } from '@bargains/model/paths';
import { newUserDoc } from '@bargains/model/user';
import { cardIds, forgetSessionNote, PAGE_SIZE, signIn, TEST_PASSWORD } from './dashboard-helpers';
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

/** The order a tab saw the first deal card and its first request for one of the app's scripts in. */
async function recordCardsBeforeApp(page: Page): Promise<string[]> {
  const events: string[] = [];
  await page.exposeFunction('benchFirstCard', () => events.push('cards'));
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-deal-id]')) return;
      observer.disconnect();
      void Reflect.get(window, 'benchFirstCard')();
    }).observe(document, { childList: true, subtree: true });
  });
  page.on('request', (request) => {
    if (/\/assets\/(main|index|DashboardPage)-[\w-]+\.js$/.test(request.url()) && !events.includes('app'))
      events.push('app');
  });
  return events;
}

test('a first visit on a device (no cookie) gets the drawn page with the ID token before the app loads', async () => {
  const subscriber = await account('ssr-first', true);
  const { context, page: signInPage } = await openPage(browser, 'desktop');
  await signInWithSession(signInPage, subscriber.email);
  await signInPage.close();
  const served = await servedCardIds(context, '/dashboard');
  // A new device: neither the cookie nor the app's note of it.
  await context.clearCookies({ name: '__session' });
  await forgetSessionNote(context);
  expect(await servedCardIds(context, '/dashboard')).toEqual([]);

  const page = await context.newPage();
  const errors = trackPageErrors(page);
  const reads = await recordFirestoreReads(page);
  const order = await recordCardsBeforeApp(page);
  const tokenRequests: string[] = [];
  page.on('request', (request) => {
    if (
      new URL(request.url()).pathname === '/dashboard' &&
      request.headers().authorization?.startsWith('Bearer ')
    )
      tokenRequests.push(request.url());
  });
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Account' }).first().waitFor();
  expect(tokenRequests).toHaveLength(1);
  // The cards were on the page before any of the app's scripts was requested, and they are the drawn ones.
  expect(order.slice(0, 2)).toEqual(['cards', 'app']);
  expect(await cardIds(page)).toEqual(served);
  await page.waitForTimeout(1000);
  expect((await reads.paths()).filter((path) => DEAL.test(path))).toEqual([]);
  // The app asks for the cookie again, so the next visit is drawn by the document itself.
  await page.waitForFunction(() => localStorage.getItem('bargains.dashboardSession') !== null);
  expect(await sessionCookie(context)).toBeDefined();
  await screenshot(page, 'dashboard-first-visit-drawn');
  expect(errors).toEqual([]);
  await context.close();
});

test('with an expired persisted token the starter refreshes it first, then gets the drawn page', async () => {
  const subscriber = await account('ssr-expired', true);
  const { context, page: signInPage } = await openPage(browser, 'desktop');
  await signInWithSession(signInPage, subscriber.email);
  // The SDK's record says the token expired an hour ago (what a device sees after two weeks away).
  await signInPage.evaluate((expiredAt) => {
    for (const key of Object.keys(localStorage).filter((name) => name.startsWith('firebase:authUser:'))) {
      const user = JSON.parse(localStorage.getItem(key) ?? '{}') as {
        stsTokenManager: { expirationTime: number };
      };
      user.stsTokenManager.expirationTime = expiredAt;
      localStorage.setItem(key, JSON.stringify(user));
    }
  }, Date.now() - 3600_000);
  await signInPage.close();
  await context.clearCookies({ name: '__session' });

  const page = await context.newPage();
  const steps: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/securetoken.googleapis.com/v1/token') && request.method() === 'POST')
      steps.push('refresh');
    if (url.pathname === '/dashboard' && request.headers().authorization) steps.push('first page');
  });
  const order = await recordCardsBeforeApp(page);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Account' }).first().waitFor();
  expect(steps.slice(0, 2)).toEqual(['refresh', 'first page']);
  expect(order.slice(0, 2)).toEqual(['cards', 'app']);
  expect(await cardIds(page)).toHaveLength(PAGE_SIZE);
  await context.close();
});

/** Moves the signed-in user from localStorage into IndexedDB, as the app kept users before it preferred localStorage. */
async function keepUserInIndexedDb(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const keys = Object.keys(localStorage).filter((name) => name.startsWith('firebase:authUser:'));
        if (keys.length !== 1) throw new Error(`expected one persisted user, found ${keys.length}`);
        const opening = indexedDB.open('firebaseLocalStorageDb', 1);
        opening.onupgradeneeded = () =>
          opening.result.createObjectStore('firebaseLocalStorage', { keyPath: 'fbase_key' });
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const store = opening.result
            .transaction('firebaseLocalStorage', 'readwrite')
            .objectStore('firebaseLocalStorage');
          for (const key of keys) {
            store.put({ fbase_key: key, value: JSON.parse(localStorage.getItem(key) ?? 'null') as unknown });
            localStorage.removeItem(key);
          }
          store.transaction.oncomplete = () => {
            opening.result.close();
            resolve();
          };
        };
      }),
  );
}

test('a user the app kept in IndexedDB still gets the drawn first visit, and the app moves them to localStorage', async () => {
  const subscriber = await account('ssr-indexeddb', true);
  const { context, page: signInPage } = await openPage(browser, 'desktop');
  await signInWithSession(signInPage, subscriber.email);
  // Closed first: its own SDK would write the user back to localStorage.
  const keeper = await context.newPage();
  await signInPage.close();
  await keeper.goto('/favicon.svg');
  await keepUserInIndexedDb(keeper);
  await keeper.close();
  await context.clearCookies({ name: '__session' });

  const page = await context.newPage();
  const errors = trackPageErrors(page);
  let bearerRequests = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/dashboard' && request.headers().authorization)
      bearerRequests += 1;
  });
  const order = await recordCardsBeforeApp(page);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Account' }).first().waitFor();
  expect(bearerRequests).toBe(1);
  expect(order.slice(0, 2)).toEqual(['cards', 'app']);
  expect(await cardIds(page)).toHaveLength(PAGE_SIZE);
  // The SDK found the user in IndexedDB and moved them to localStorage; they stay signed in.
  await page.waitForFunction(() =>
    Object.keys(localStorage).some((name) => name.startsWith('firebase:authUser:')),
  );
  await page.reload();
  await page.getByRole('button', { name: 'Sign Out' }).first().waitFor();
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
