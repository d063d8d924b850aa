// What the dashboard costs in Firestore reads (billed per document delivered), counted from the tab's Firestore
// responses: the first page is 20 deals and the user document, plus at most the store summary and the saved
// deals; each further page is 20 deals and nothing else; each search, filter or sort change at most 20 deals and
// nothing else. Apart from those, an open, visible dashboard re-reads one document, the editors' latest hides and
// pins (model/editorial-changes.ts), at most once per poll interval and never on opening.
import { FieldValue } from 'firebase-admin/firestore';
import type { Browser, Page } from 'playwright-core';
import { emailPreferencesDoc, defaultEmailPreferences } from '@bargains/model/email-preferences';
import { EDITORIAL_CHANGES_DOC_PATH, EDITORIAL_CHANGES_POLL_MS } from '@bargains/model/editorial-changes';
import { emailPreferencesDocPath, userDocPath } from '@bargains/model/paths';
import { newUserDoc } from '@bargains/model/user';
import { cardIds, PAGE_SIZE, signIn, TEST_PASSWORD, withoutServedFirstPage } from './dashboard-helpers';
import { launchBrowser, openPage } from './support/browser';
import { adminAuth, adminDb, closeAdmin, uniqueEmail } from './support/emulators';
import { recordFirestoreReads, type FirestoreReads } from './support/firestore-reads';

const DEAL = /^sources\/wired\/(?:coupons|coupon_search)\/[^/]+$/;
/** A keyword search's deals: the search documents, the only ones that carry the search index. */
const SEARCH_DEAL = /^sources\/wired\/coupon_search\/[^/]+$/;
/**
 * Besides deals and the user document, the first page may read only these (≤ 103: 1 + counter + 100 saved + the
 * Near you location, whose country leaves deals of other countries out).
 */
const FIRST_PAGE_EXTRAS = (uid: string) =>
  new RegExp(
    `^(sources/wired/summaries/shops|users/${uid}/counters/saved|users/${uid}/saved/[^/]+|users/${uid}/preferences/location)$`,
  );
const MAX_FIRST_PAGE_EXTRAS = 103;
/** Pages a list reads on its own while it shows less than a page (MAX_FILL_READS of the dashboard's list state). */
const MAX_FILL_READS = 4;

let browser: Browser;
let subscriber: { uid: string; email: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const email = uniqueEmail('reads');
  const { uid } = await adminAuth().createUser({ email, password: TEST_PASSWORD });
  await adminDb()
    .doc(userDocPath(uid))
    .set({
      ...newUserDoc(FieldValue.serverTimestamp()),
      subscription_active: true,
      subscription_status: 'active',
    });
  subscriber = { uid, email };
});

afterAll(async () => {
  await browser?.close();
  await adminAuth().deleteUser(subscriber.uid);
  await adminDb().recursiveDelete(adminDb().doc(userDocPath(subscriber.uid)));
  await closeAdmin();
});

/** What the dashboard reports on the console from now on (e.g. a first page it had to read twice, and why). */
function dashboardReports(page: Page): string[] {
  const reported: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('dashboard.')) reported.push(message.text());
  });
  return reported;
}

/** The open dashboard's poll of the editors' latest hides and pins: counted apart, against its interval. */
const isEditorialChanges = (path: string) => path === EDITORIAL_CHANGES_DOC_PATH;

function classify(paths: readonly string[], uid: string) {
  return {
    deals: paths.filter((path) => DEAL.test(path)).length,
    searchDeals: paths.filter((path) => SEARCH_DEAL.test(path)).length,
    userDocs: paths.filter((path) => path === `users/${uid}`).length,
    other: paths.filter((path) => !DEAL.test(path) && path !== `users/${uid}` && !isEditorialChanges(path)),
  };
}

/** Waits until the list is out of its loading states and neither its cards nor the reads changed for 1 s. */
async function settled(page: Page, reads: FirestoreReads): Promise<{ cards: number; paths: string[] }> {
  await page.waitForFunction(() => {
    const state = document.querySelector('.deal-list')?.getAttribute('data-state');
    return state !== undefined && state !== 'loading' && state !== 'loading-more';
  });
  let last = '';
  let stableSince = Date.now();
  while (Date.now() - stableSince < 1000) {
    await page.waitForTimeout(200);
    const now = `${(await cardIds(page)).length}/${(await reads.paths()).length}`;
    if (now !== last) [last, stableSince] = [now, Date.now()];
  }
  return { cards: (await cardIds(page)).length, paths: await reads.paths() };
}

test('the dashboard reads 20 deals per page and at most 20 per search, filter or sort change', async () => {
  const { context, page: signInPage } = await openPage(browser);
  await signIn(signInPage, subscriber.email);
  // The app reads the first page itself on a visit without the session cookie (with it, the page comes drawn in
  // the HTML and no deal is read: dashboard-server-render.test.ts). The sign-in's dashboard asks for the cookie
  // once its deals are shown: wait for that, then remove it.
  await signInPage.waitForFunction(() => localStorage.getItem('bargains.dashboardSession') !== null);
  await signInPage.close();
  await context.clearCookies({ name: '__session' });
  // A new tab, signed in from the persisted session, recorded from its first request. Without the cookie the
  // document's starter would get the first page from render_dashboard with the ID token: refused here, so the
  // app reads it (the server's reads are the same 20 deals, dashboard-server-render.test.ts).
  const page = await context.newPage();
  const reported = dashboardReports(page);
  await withoutServedFirstPage(page);
  const reads = await recordFirestoreReads(page);
  const openedAt = Date.now();
  await page.goto('/dashboard');
  await page.locator('[data-deal-id]').first().waitFor();

  let { cards, paths } = await settled(page, reads);
  const first = classify(paths, subscriber.uid);
  // One response with the page's deals; a failure shows whether a second request read them again, and why.
  const dealsPerResponse = (await reads.responses())
    .map((documents) => classify(documents, subscriber.uid).deals)
    .filter((deals) => deals > 0);
  expect({ cards, deals: first.deals, dealsPerResponse, reported }).toEqual({
    cards: PAGE_SIZE,
    deals: PAGE_SIZE,
    dealsPerResponse: [PAGE_SIZE],
    reported: [],
  });
  // The listing reads the small listing documents, never the search documents (search_terms is most of a deal).
  expect(first.searchDeals).toBe(0);
  expect(first.userDocs).toBe(1);
  expect(first.other.filter((path) => !FIRST_PAGE_EXTRAS(subscriber.uid).test(path))).toEqual([]);
  expect(first.other.length).toBeLessThanOrEqual(MAX_FIRST_PAGE_EXTRAS);

  for (let further = 1; further <= 2; further += 1) {
    await page.locator('[data-deal-id]').last().scrollIntoViewIfNeeded();
    await page.waitForFunction((shown) => document.querySelectorAll('[data-deal-id]').length > shown, cards);
    const next = await settled(page, reads);
    const page2 = classify(next.paths.slice(paths.length), subscriber.uid);
    expect({ further, cardsAdded: next.cards - cards, ...page2 }).toEqual({
      further,
      cardsAdded: PAGE_SIZE,
      deals: PAGE_SIZE,
      searchDeals: 0,
      userDocs: 0,
      other: [],
    });
    ({ cards, paths } = next);
  }

  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  const changes: Array<[string, () => Promise<unknown>]> = [
    ['search "smartwatch"', () => page.getByRole('searchbox', { name: 'Search deals' }).fill('smartwatch')],
    ['clear filters', () => page.getByRole('button', { name: 'Clear filters' }).first().click()],
    ['store', () => page.getByLabel('Store').selectOption('bluebird-electronics')],
    ['category', () => page.getByLabel('Category').selectOption('electronics')],
    ['show All Deals', () => page.getByLabel('Show').selectOption('all')],
    ['sort Ending Soon', () => page.getByLabel('Sort by').selectOption('ending_soon')],
    ['sort Most popular', () => page.getByLabel('Sort by').selectOption('popular')],
  ];
  const overBudget = [];
  for (const [change, apply] of changes) {
    const before = paths.length;
    const url = await page.evaluate(() => window.location.search);
    await apply();
    // Counted once the change reached the URL (the list state; a search is debounced) and the list settled.
    await page.waitForFunction((at) => window.location.search !== at, url);
    paths = (await settled(page, reads)).paths;
    const delta = classify(paths.slice(before), subscriber.uid);
    // Only the search reads search documents; every other change reads listing documents.
    const wrongKind = change.startsWith('search') ? delta.deals - delta.searchDeals : delta.searchDeals;
    if (delta.deals > PAGE_SIZE || delta.userDocs > 0 || delta.other.length > 0 || wrongKind > 0)
      overBudget.push({ change, ...delta });
  }
  expect(overBudget).toEqual([]);
  // None on opening (the page it read is current), then one per poll interval at most.
  const polls = paths.filter(isEditorialChanges).length;
  expect(polls).toBeLessThanOrEqual(Math.floor((Date.now() - openedAt) / EDITORIAL_CHANGES_POLL_MS));
  await context.close();
});

test('For you reads its interests once and exactly a page of deals per page request', async () => {
  await adminDb()
    .doc(emailPreferencesDocPath(subscriber.uid))
    .set(
      emailPreferencesDoc(
        {
          ...defaultEmailPreferences('UTC'),
          interest_stores: ['bluebird-electronics'],
          interest_categories: ['home'],
        },
        FieldValue.serverTimestamp(),
      ),
    );
  const { context, page: signInPage } = await openPage(browser);
  await signIn(signInPage, subscriber.email);
  await signInPage.close();
  const page = await context.newPage();
  const reads = await recordFirestoreReads(page);
  await page.goto('/dashboard?view=for_you');
  await page.locator('[data-deal-id]').first().waitFor();

  // Opening: the user document, the interests (the preferences document; no saved deals here, else at most a
  // page of them), the saved list and the store summary, and the first page requests' deals.
  let { cards, paths } = await settled(page, reads);
  const opening = classify(paths, subscriber.uid);
  const preferences = `users/${subscriber.uid}/preferences/alerts`;
  expect(cards).toBeGreaterThanOrEqual(PAGE_SIZE);
  expect(opening.userDocs).toBe(1);
  expect(opening.other.filter((path) => path === preferences)).toHaveLength(1);
  expect(
    opening.other.filter((path) => path !== preferences && !FIRST_PAGE_EXTRAS(subscriber.uid).test(path)),
  ).toEqual([]);
  // Each page request reads a page: a whole number of pages, at most the first and its fill reads.
  expect(opening.deals % PAGE_SIZE).toBe(0);
  expect(opening.deals).toBeLessThanOrEqual(PAGE_SIZE * (1 + MAX_FILL_READS));
  expect(opening.searchDeals).toBe(0);

  for (let further = 1; further <= 2; further += 1) {
    await page.locator('[data-deal-id]').last().scrollIntoViewIfNeeded();
    await page.waitForFunction((shown) => document.querySelectorAll('[data-deal-id]').length > shown, cards);
    const next = await settled(page, reads);
    const delta = classify(next.paths.slice(paths.length), subscriber.uid);
    expect({ further, userDocs: delta.userDocs, other: delta.other, pages: delta.deals % PAGE_SIZE }).toEqual(
      {
        further,
        userDocs: 0,
        other: [],
        pages: 0,
      },
    );
    expect(delta.deals).toBeGreaterThan(0);
    expect(delta.deals).toBeLessThanOrEqual(PAGE_SIZE * (1 + MAX_FILL_READS));
    ({ cards, paths } = next);
  }
});

test('Most popular (sort=popular in the URL) reads 20 deals per page too', async () => {
  const { context, page: signInPage } = await openPage(browser);
  await signIn(signInPage, subscriber.email);
  await signInPage.waitForFunction(() => localStorage.getItem('bargains.dashboardSession') !== null);
  await signInPage.close();
  // Without the session cookie, and the starter's page refused, the app reads the first page itself (see above).
  await context.clearCookies({ name: '__session' });
  const page = await context.newPage();
  const reported = dashboardReports(page);
  await withoutServedFirstPage(page);
  const reads = await recordFirestoreReads(page);
  await page.goto('/dashboard?sort=popular&verified=all');
  await page.locator('[data-deal-id]').first().waitFor();

  const { cards, paths } = await settled(page, reads);
  const first = classify(paths, subscriber.uid);
  expect({
    cards,
    deals: first.deals,
    searchDeals: first.searchDeals,
    userDocs: first.userDocs,
    reported,
  }).toEqual({
    cards: PAGE_SIZE,
    deals: PAGE_SIZE,
    searchDeals: 0,
    userDocs: 1,
    reported: [],
  });
  expect(first.other.filter((path) => !FIRST_PAGE_EXTRAS(subscriber.uid).test(path))).toEqual([]);

  await page.locator('[data-deal-id]').last().scrollIntoViewIfNeeded();
  await page.waitForFunction((shown) => document.querySelectorAll('[data-deal-id]').length > shown, cards);
  const next = await settled(page, reads);
  expect({
    cardsAdded: next.cards - cards,
    ...classify(next.paths.slice(paths.length), subscriber.uid),
  }).toEqual({
    cardsAdded: PAGE_SIZE,
    deals: PAGE_SIZE,
    searchDeals: 0,
    userDocs: 0,
    other: [],
  });
  await context.close();
});
