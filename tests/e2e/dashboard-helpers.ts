// Shared steps of the dashboard, account and subscription end-to-end suites: seeding deals, computing what
// the dashboard must show straight from the stored data, and driving the sign-up/sign-in forms.
import type { BrowserContext, Page } from 'playwright-core';
import { buildDealDoc, isDealLive, parseDeal, type Deal, type DealInput } from '@bargains/model/deal';
import { COLLECTIONS } from '@bargains/model/paths';
import type { DealFilter, DealNarrowing, DealSort } from '@bargains/model/queries';
import { parseSearchText, searchTermsOf } from '@bargains/model/search';
import { deleteDeals, writeDeals } from '../support/deals';
import { standinState, type StandinState } from '../support/stripe-standin';
import { gotoApp } from './support/browser';
import { adminAuth, adminDb, waitForUserDoc } from './support/emulators';

export const PAGE_SIZE = 20;
export const TEST_PASSWORD = 'e2e-Passw0rd!';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** The labels of the dashboard's selects, keyed like the model's query options. */
export const FILTER_LABELS: Record<DealFilter, string> = {
  all: 'All Deals',
  verified: 'Verified Only',
  unverified: 'Unverified Only',
};
export const SORT_LABELS: Record<DealSort, string> = {
  newest: 'Newest First',
  savings_asc: 'Savings - Low to High',
  savings_desc: 'Savings - High to Low',
  ending_soon: 'Ending Soon',
  popular: 'Most popular',
};

const SEED_PREFIX = 'e2e-dashboard-';
const SAVINGS = [
  '10% off',
  '25% off',
  '$15 off',
  'Free shipping',
  'BOGO',
  '25% off',
  'Special offer',
  '40% off',
];

/**
 * Deals of this suite, next to whatever demo data is loaded: 24 verified and 6 unverified live ones (so every
 * filter has more than a page), repeated savings values (so the tie-breakers matter), and deals that must never
 * show: one expired, one not started yet, one ending right now.
 */
function suiteDeals(now: Date): Array<{ id: string; input: DealInput }> {
  const at = (offset: number) => new Date(now.getTime() + offset);
  const live = Array.from({ length: 30 }, (_, index) => {
    const id = `${SEED_PREFIX}${String(index).padStart(2, '0')}`;
    const savings = SAVINGS[index % SAVINGS.length] ?? '10% off';
    const withCode = index % 3 !== 0;
    return {
      id,
      input: {
        title: `E2E ${savings} deal ${index}`,
        description: `A deal seeded by the dashboard end-to-end suite (#${index}).`,
        savings,
        type: withCode ? 'code' : 'sale',
        code: withCode ? `E2E${index}` : null,
        start_date: at(-(index + 31) * DAY),
        end_date: at((index + 10) * DAY),
        shop_id: 'e2e-shop',
        shop_name: 'E2E Shop',
        shop_url: index % 2 === 0 ? 'https://e2e-shop.example' : null,
        url_home: `https://e2e-shop.example/deals/${id}`,
        // Older than the demo deals (which then lead "Newest First"); pairs share a scrape time, so the order
        // also relies on the tie-breakers.
        scraped_at: at(-30 * DAY - Math.floor(index / 2) * HOUR),
        is_verified: index % 5 !== 4,
      },
    };
  });
  const never = (id: string, start: Date, end: Date) => ({
    id: `${SEED_PREFIX}${id}`,
    input: {
      title: `E2E must not show (${id})`,
      description: 'Outside its live window.',
      savings: '99% off',
      type: 'sale',
      start_date: start,
      end_date: end,
      shop_id: 'e2e-shop',
      shop_name: 'E2E Shop',
      url_home: 'https://e2e-shop.example/deals/never',
      scraped_at: at(-1 * HOUR),
      is_verified: true,
    },
  });
  return [
    ...live,
    never('expired', at(-10 * DAY), at(-1 * DAY)),
    never('upcoming', at(1 * DAY), at(20 * DAY)),
    // end_date is exclusive: a deal ending before the page loads is over.
    never('ended-now', at(-10 * DAY), now),
  ];
}

export async function seedSuiteDeals(now: Date = new Date()): Promise<string[]> {
  const deals = suiteDeals(now);
  await writeDeals(
    adminDb(),
    deals.map(({ id, input }) => ({ id, doc: buildDealDoc(input) })),
  );
  return deals.map(({ id }) => id);
}

export async function removeDeals(ids: readonly string[]): Promise<void> {
  await deleteDeals(adminDb(), ids);
}

/** Every stored deal, read with the Admin SDK (no query: the expectation must not share the app's query). */
export async function allStoredDeals(): Promise<{ deal: Deal; stored: Record<string, unknown> }[]> {
  const snapshot = await adminDb().collection(COLLECTIONS.deals).get();
  return snapshot.docs.flatMap((doc) => {
    const deal = parseDeal(doc.id, doc.data(), () => undefined);
    return deal ? [{ deal, stored: doc.data() }] : [];
  });
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Store, category and the typed search text (every word must start a word of the deal). */
export interface ExpectedNarrowing {
  shop?: DealNarrowing['shop'];
  category?: DealNarrowing['category'];
  q?: string;
}

function matchesNarrowing(
  { shop, category, q }: ExpectedNarrowing,
  deal: Deal,
  stored: Record<string, unknown>,
): boolean {
  const { term, rest } = parseSearchText(q ?? '');
  // Independent of the stored search_terms: the deal's own texts, folded the documented way.
  const terms = searchTermsOf([deal.title, deal.shop_name, deal.description]);
  return (
    (!shop || deal.shop_id === shop) &&
    (!category || stored.category === category) &&
    [term, ...rest].every((word) => word === null || terms.includes(word))
  );
}

/**
 * The ids the dashboard must list, in order, computed in memory from the stored documents: live at `now`
 * (start_date <= now < end_date), the filter and narrowing, then the sort key with end_date, start_date and
 * the id as tie-breakers in the same direction (as documented by the model's query spec).
 */
export function expectedDealIds(
  deals: ReadonlyArray<{ deal: Deal; stored: Record<string, unknown> }>,
  filter: DealFilter,
  sort: DealSort,
  now: Date,
  narrowing: ExpectedNarrowing = {},
): string[] {
  const direction = sort === 'savings_asc' || sort === 'ending_soon' ? 1 : -1;
  const keyOf = ({ deal, stored }: { deal: Deal; stored: Record<string, unknown> }): number | string =>
    sort === 'newest'
      ? String(stored.scraped_at)
      : sort === 'ending_soon'
        ? String(stored.end_date)
        : sort === 'popular'
          ? Number(stored.popularity_score ?? 0)
          : deal.savings_value;
  return deals
    .filter(({ deal }) => isDealLive(deal, now))
    .filter(({ deal }) => filter === 'all' || deal.is_verified === (filter === 'verified'))
    .filter(({ deal, stored }) => matchesNarrowing(narrowing, deal, stored))
    .sort((a, b) => {
      const keyA = keyOf(a);
      const keyB = keyOf(b);
      const byKey =
        typeof keyA === 'number' && typeof keyB === 'number'
          ? keyA - keyB
          : compareText(String(keyA), String(keyB));
      const order =
        byKey ||
        compareText(String(a.stored.end_date), String(b.stored.end_date)) ||
        compareText(String(a.stored.start_date), String(b.stored.start_date)) ||
        compareText(a.deal.id, b.deal.id);
      return order * direction;
    })
    .map(({ deal }) => deal.id);
}

/** The deal ids of the cards on screen, in order. */
export function cardIds(page: Page): Promise<string[]> {
  return page
    .locator('[data-deal-id]')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-deal-id') ?? ''));
}

/**
 * Waits until the cards on screen are exactly `expected` and the list is settled; on a timeout the caller's
 * assertion shows the difference.
 */
export async function waitForCards(
  page: Page,
  expected: readonly string[],
  timeout = 20_000,
): Promise<string[]> {
  await page
    .waitForFunction(
      (ids) => {
        const list = document.querySelector('.deal-list');
        const state = list?.getAttribute('data-state');
        if (state === 'loading' || state === 'loading-more') return false;
        const shown = Array.from(document.querySelectorAll('[data-deal-id]')).map((card) =>
          card.getAttribute('data-deal-id'),
        );
        return shown.length === ids.length && shown.every((id, index) => id === ids[index]);
      },
      [...expected],
      { timeout },
    )
    .catch(() => undefined);
  return cardIds(page);
}

export async function signUp(page: Page, email: string, password = TEST_PASSWORD): Promise<void> {
  await gotoApp(page, '/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.waitForURL('**/dashboard');
}

export async function signIn(page: Page, email: string, password = TEST_PASSWORD): Promise<void> {
  await gotoApp(page, '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL('**/dashboard');
}

/**
 * From /login: Sign in with Google, and in the Auth emulator's popup a new generated account. The popup hands the
 * result back to the page through its opener (the COOP header must allow that).
 */
export async function signInWithEmulatedGoogle(page: Page): Promise<void> {
  await gotoApp(page, '/login');
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Sign in with Google' }).click(),
  ]);
  await popup.locator('#add-account-button').click();
  await popup.locator('#autogen-button').click();
  await popup.locator('#sign-in').click();
}

/** From the subscribe screen: Subscribe Now, Pay on the stand-in's hosted checkout, back on the dashboard. */
export async function payStandinCheckout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
  await page.waitForURL(/127\.0\.0\.1:12111\/checkout\//);
  await page.getByRole('button', { name: /^Pay \$2\.00$/ }).click();
  await page.waitForURL('**/dashboard', { timeout: 15_000 });
}

/** Signs up `email`, subscribes through the stand-in's checkout and waits for the webhook's mirror of it. */
export async function signUpAndSubscribe(
  page: Page,
  email: string,
): Promise<{ uid: string; subscribed: Awaited<ReturnType<typeof waitForUserDoc>> }> {
  await signUp(page, email);
  const uid = (await adminAuth().getUserByEmail(email)).uid;
  await payStandinCheckout(page);
  const subscribed = await waitForUserDoc(uid, (data) => data?.subscription_active === true);
  return { uid, subscribed };
}

/** Number of columns the deal grid lays out at the current width. */
export function gridColumnCount(page: Page): Promise<number> {
  return page
    .locator('.deal-grid')
    .first()
    .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').filter(Boolean).length);
}

/**
 * How far (px, rounded) the dashboard's content sits from the header container's content box: the heading's left
 * edge and the deal grid's right edge. Zero both when the page uses the shared container width.
 */
export function edgeMisalignment(page: Page): Promise<{ left: number; right: number }> {
  return page.evaluate(() => {
    const contentBox = (selector: string) => {
      const element = document.querySelector(selector);
      if (!element) throw new Error(`${selector} is not on the page`);
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return {
        left: rect.left + parseFloat(style.paddingLeft),
        right: rect.right - parseFloat(style.paddingRight),
      };
    };
    const header = contentBox('.site-header__inner');
    return {
      left: Math.round(contentBox('.page__title').left - header.left),
      right: Math.round(contentBox('.deal-grid').right - header.right),
    };
  });
}

export async function standinSubscription(
  id: string,
): Promise<StandinState['subscriptions'][string] | undefined> {
  return (await standinState()).subscriptions[id];
}

/**
 * The dashboard's starter then finds no server-drawn first page (its ID-token request to render_dashboard is
 * answered 204, as for an address without a deal list), so the app reads the first page itself.
 */
export async function withoutServedFirstPage(page: Page): Promise<void> {
  await page.route(/\/dashboard(?:\?|$)/, (route) =>
    route.request().headers().authorization === undefined ? route.continue() : route.fulfill({ status: 204 }),
  );
}

/** The app's localStorage note of the dashboard's session cookie (web/src/lib/dashboard-session.ts). */
export const SESSION_NOTE = 'bargains.dashboardSession';

/**
 * Writes the app's note of the session cookie into the context's localStorage, or removes it (null): as on a device
 * that never held the cookie (or whose note expired with it), where the dashboard's starter asks for the drawn page
 * at once.
 */
export async function setSessionNote(context: BrowserContext, note: string | null): Promise<void> {
  const page = await context.newPage();
  try {
    // A same-origin document that runs no app script, so nothing writes the note meanwhile.
    await page.goto('/favicon.svg');
    await page.evaluate(
      ([key, value]) => (value === null ? localStorage.removeItem(key) : localStorage.setItem(key, value)),
      [SESSION_NOTE, note] as const,
    );
  } finally {
    await page.close();
  }
}

export const forgetSessionNote = (context: BrowserContext) => setSessionNote(context, null);
