// Finding deals as the demo subscriber, in Chromium at 1440 and 375 px: search, store, category, verified and
// sort combined (checked against the stored deals), the list restored from the URL on reload and Back, the
// mobile filter sheet with two cards per screen, and save → Saved (expired deals marked) → unsave.
import { FieldValue } from 'firebase-admin/firestore';
import type { Browser, Page } from 'playwright-core';
import { savedCounterDocPath, savedDealDocPath, savedDealsPath } from '@bargains/model/paths';
import { DEMO_ACCOUNTS } from '../../scripts/demo-data/constants';
import { waitUntil } from '../../tools/wait-until';
import {
  allStoredDeals,
  cardIds,
  expectedDealIds,
  PAGE_SIZE,
  signIn,
  waitForCards,
} from './dashboard-helpers';
import {
  launchBrowser,
  openPage,
  reloadApp,
  screenshot,
  trackPageErrors,
  viewportScreenshot,
  VIEWPORTS,
} from './support/browser';
import { adminDb, closeAdmin } from './support/emulators';

const { uid, email, password } = DEMO_ACCOUNTS.subscriber;
let browser: Browser;

async function clearSaved(): Promise<void> {
  await adminDb().recursiveDelete(adminDb().collection(savedDealsPath(uid)));
  await adminDb().doc(savedCounterDocPath(uid)).delete();
}

beforeAll(async () => {
  browser = await launchBrowser();
  await clearSaved();
});

afterAll(async () => {
  await browser?.close();
  await clearSaved();
  await closeAdmin();
});

/** Polls `read` until it returns `expected` (Firestore writes from the page land asynchronously). */
async function eventually<T>(read: () => Promise<T>, expected: T, timeout = 10_000): Promise<void> {
  await waitUntil(read, (value) => value === expected, {
    what: `the value ${JSON.stringify(expected)}`,
    timeoutMs: timeout,
  });
}

const searchParams = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

async function waitForSearchParams(page: Page, expected: Record<string, string>): Promise<void> {
  await page.waitForFunction(
    (wanted) => {
      const actual = Object.fromEntries(new URL(location.href).searchParams);
      return JSON.stringify(Object.entries(actual).sort()) === JSON.stringify(Object.entries(wanted).sort());
    },
    expected,
    { timeout: 10_000 },
  );
}

test('search, store, category, verified and sort combine; the URL restores the list on reload and Back (1440 px)', async () => {
  const { context, page } = await openPage(browser, 'desktop');
  const errors = trackPageErrors(page);
  await signIn(page, email, password);
  const stored = await allStoredDeals();
  const now = new Date();

  // Typing searches once the typing pauses; the search lands in the URL.
  await page.getByRole('searchbox', { name: 'Search deals' }).fill('wireless');
  await waitForSearchParams(page, { q: 'wireless' });
  const searched = expectedDealIds(stored, 'verified', 'newest', now, { q: 'wireless' });
  expect(searched.length).toBeGreaterThan(0);
  expect(await waitForCards(page, searched.slice(0, PAGE_SIZE))).toEqual(searched.slice(0, PAGE_SIZE));

  // Every control at once: q + store + category + All Deals + Ending Soon.
  await page.getByRole('searchbox', { name: 'Search deals' }).fill('save on');
  await page.getByLabel('Store').selectOption('bluebird-electronics');
  await page.getByLabel('Category').selectOption('electronics');
  await page.getByLabel('Show').selectOption({ label: 'All Deals' });
  const beforeSort = expectedDealIds(stored, 'all', 'newest', now, {
    q: 'save on',
    shop: 'bluebird-electronics',
    category: 'electronics',
  });
  expect(await waitForCards(page, beforeSort)).toEqual(beforeSort);
  await page.getByLabel('Sort by').selectOption({ label: 'Ending Soon' });
  const combined = expectedDealIds(stored, 'all', 'ending_soon', now, {
    q: 'save on',
    shop: 'bluebird-electronics',
    category: 'electronics',
  });
  expect(combined.length).toBeGreaterThan(1);
  expect(combined).not.toEqual(beforeSort);
  expect(await waitForCards(page, combined)).toEqual(combined);
  const combinedParams = {
    q: 'save on',
    shop: 'bluebird-electronics',
    category: 'electronics',
    verified: 'all',
    sort: 'ending_soon',
  };
  await waitForSearchParams(page, combinedParams);
  await page.getByText(`That's all ${combined.length} bargains.`).waitFor();
  await screenshot(page, 'dashboard-discovery-combined-1440');

  // Reload: the same list and controls.
  await reloadApp(page);
  expect(await waitForCards(page, combined)).toEqual(combined);
  await expect(page.getByRole('searchbox', { name: 'Search deals' }).inputValue()).resolves.toBe('save on');
  await expect(page.getByLabel('Store').inputValue()).resolves.toBe('bluebird-electronics');
  await expect(page.getByLabel('Category').inputValue()).resolves.toBe('electronics');
  await expect(page.getByLabel('Show').inputValue()).resolves.toBe('all');
  await expect(page.getByLabel('Sort by').inputValue()).resolves.toBe('ending_soon');

  // Back: the list before the sort change.
  await page.goBack();
  expect(await waitForCards(page, beforeSort)).toEqual(beforeSort);
  await expect(page.getByLabel('Sort by').inputValue()).resolves.toBe('newest');
  expect(searchParams(page)).toEqual({
    q: 'save on',
    shop: 'bluebird-electronics',
    category: 'electronics',
    verified: 'all',
  });

  // A query nobody matches: the empty state clears every filter in one click (the sort stays).
  await page.getByRole('searchbox', { name: 'Search deals' }).fill('zzzzqx');
  await page.getByText('No bargains found').waitFor();
  await screenshot(page, 'dashboard-discovery-empty-1440');
  await page.locator('.deal-empty').getByRole('button', { name: 'Clear filters' }).click();
  const defaults = expectedDealIds(stored, 'verified', 'newest', now);
  expect(await waitForCards(page, defaults.slice(0, PAGE_SIZE))).toEqual(defaults.slice(0, PAGE_SIZE));
  expect(searchParams(page)).toEqual({});
  await expect(page.getByRole('searchbox', { name: 'Search deals' }).inputValue()).resolves.toBe('');

  // An invalid shared link falls back to the defaults without an error page.
  await page.goto('/dashboard?verified=maybe&sort=cheapest&category=cars&shop=a%2Fb');
  expect(await waitForCards(page, defaults.slice(0, PAGE_SIZE))).toEqual(defaults.slice(0, PAGE_SIZE));
  expect(errors).toEqual([]);
  await context.close();
}, 180_000);

test('phone (375 px): sticky search and a Filters sheet; at least two cards fit the screen', async () => {
  const { context, page } = await openPage(browser, 'mobile');
  const errors = trackPageErrors(page);
  await signIn(page, email, password);
  // A code is read and typed letter by letter, and a date or an age split over two lines reads wrong ("Dec" / "8",
  // "23" / "h ago"): each stays on one line, and nothing sticks out of a card.
  await page.locator('.deal-card__code-value').first().waitFor();
  for (const width of [VIEWPORTS.mobile.width, 320]) {
    await page.setViewportSize({ ...VIEWPORTS.mobile, width });
    const layout = await page.evaluate(() => ({
      codes: document.querySelectorAll('.deal-card__code-value').length,
      splitOverLines: Array.from(
        document.querySelectorAll('.deal-card__code-value, .deal-card__meta time, .deal-card__added'),
      )
        .filter((element) => {
          const text = document.createRange();
          text.selectNodeContents(element);
          return new Set(Array.from(text.getClientRects(), (line) => Math.round(line.top))).size > 1;
        })
        .map((element) => element.textContent),
      overflowingCards: Array.from(document.querySelectorAll<HTMLElement>('[data-deal-id]'))
        .filter((card) => card.scrollWidth > card.clientWidth)
        .map((card) => card.dataset.dealId),
    }));
    expect({ width, ...layout, codes: layout.codes > 0 }).toEqual({
      width,
      codes: true,
      splitOverLines: [],
      overflowingCards: [],
    });
  }
  await page.setViewportSize(VIEWPORTS.mobile);
  const stored = await allStoredDeals();
  const now = new Date();
  await page.goto('/dashboard?category=home&verified=all');
  const home = expectedDealIds(stored, 'all', 'newest', now, { category: 'home' });
  expect(await waitForCards(page, home.slice(0, PAGE_SIZE))).toEqual(home.slice(0, PAGE_SIZE));
  // The selects live in the sheet: hidden until the Filters button opens it.
  await expect(page.getByLabel('Sort by').isVisible()).resolves.toBe(false);
  const toggle = page.getByRole('button', { name: /^Filters/ });
  await expect(toggle.textContent()).resolves.toBe('Filters (2)');
  // The first page comes drawn in the HTML, so on a busy machine the button can be there before the app has
  // taken over the page: a click that early does nothing, so click again until the sheet opens.
  await waitUntil(
    async () => {
      if (!(await page.getByLabel('Sort by').isVisible())) await toggle.click();
      return page.getByLabel('Sort by').isVisible();
    },
    (open) => open,
    { what: 'the Filters sheet open', intervalMs: 1000 },
  );
  await viewportScreenshot(page, 'dashboard-discovery-filter-sheet-375');
  await page.getByLabel('Sort by').selectOption({ label: 'Ending Soon' });
  await page.getByRole('button', { name: 'Show results' }).click();
  await expect(page.getByLabel('Sort by').isVisible()).resolves.toBe(false);
  const endingSoon = expectedDealIds(stored, 'all', 'ending_soon', now, { category: 'home' });
  expect(await waitForCards(page, endingSoon.slice(0, PAGE_SIZE))).toEqual(endingSoon.slice(0, PAGE_SIZE));
  await waitForSearchParams(page, { category: 'home', verified: 'all', sort: 'ending_soon' });

  // Search from the sticky bar on top of the sheet's choices, then a store: all five combined on a phone.
  await page.getByRole('searchbox', { name: 'Search deals' }).fill('save lamps');
  await waitForSearchParams(page, {
    q: 'save lamps',
    category: 'home',
    verified: 'all',
    sort: 'ending_soon',
  });
  const searched = expectedDealIds(stored, 'all', 'ending_soon', now, { category: 'home', q: 'save lamps' });
  expect(await waitForCards(page, searched)).toEqual(searched);
  await toggle.click();
  await page.getByLabel('Store').selectOption('cedar-and-pine');
  await page.getByRole('button', { name: 'Show results' }).click();
  const combined = expectedDealIds(stored, 'all', 'ending_soon', now, {
    category: 'home',
    shop: 'cedar-and-pine',
    q: 'save lamps',
  });
  expect(combined.length).toBeGreaterThan(0);
  expect(await waitForCards(page, combined)).toEqual(combined);
  await waitForSearchParams(page, {
    q: 'save lamps',
    shop: 'cedar-and-pine',
    category: 'home',
    verified: 'all',
    sort: 'ending_soon',
  });
  await viewportScreenshot(page, 'dashboard-discovery-combined-375');
  // Back: the search without the store.
  await page.goBack();
  expect(await waitForCards(page, searched)).toEqual(searched);

  // Scrolled to the list, the search bar stays at the top and two whole cards fit below it.
  await page
    .locator('[data-deal-id]')
    .first()
    .evaluate((card) => {
      const bar = document.querySelector('.deal-toolbar');
      // Bring the first card right under the stuck bar (header 64 px + the bar).
      const offset = card.getBoundingClientRect().top - 64 - (bar?.getBoundingClientRect().height ?? 0) - 8;
      // 'instant': the page scrolls smoothly by default, and the measurement below must see the end position.
      window.scrollTo({ top: window.scrollY + offset, behavior: 'instant' });
    });
  const layout = await page.evaluate(() => {
    const bar = document.querySelector('.deal-toolbar')?.getBoundingClientRect();
    const cards = Array.from(document.querySelectorAll('[data-deal-id]')).map((card) =>
      card.getBoundingClientRect(),
    );
    const top = bar?.bottom ?? 0;
    return {
      barTop: Math.round(bar?.top ?? -1),
      fullyVisible: cards.filter((rect) => rect.top >= top && rect.bottom <= window.innerHeight).length,
    };
  });
  expect(layout.barTop).toBe(64);
  expect(layout.fullyVisible).toBeGreaterThanOrEqual(2);
  await viewportScreenshot(page, 'dashboard-discovery-cards-375');
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);

test('copying a code keeps its card still: "Copied!" takes the place "Copy" had (375, 320 and 1440 px)', async () => {
  const { context, page } = await openPage(browser, 'mobile');
  const errors = trackPageErrors(page);
  await signIn(page, email, password);
  await page.locator('.deal-card__code-value').first().waitFor();
  const withCode = page.locator('[data-deal-id]').filter({ has: page.locator('.deal-card__code-value') });
  /** The card's height, its footer's, and where View Deal sits in it (a new line moves it down). */
  const measure = (card: ReturnType<typeof withCode.nth>) =>
    card.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const view = element.querySelector('.deal-card__view')?.getBoundingClientRect();
      return {
        card: Math.round(box.height),
        footer: Math.round(element.querySelector('.deal-card__footer')?.getBoundingClientRect().height ?? -1),
        viewDealTop: Math.round((view?.top ?? 0) - box.top),
        copyWidth: Math.round(element.querySelector('.deal-card__copy')?.getBoundingClientRect().width ?? -1),
      };
    });
  // A different card at each width: a copied card keeps "Copied!" for a moment, and the test never waits for time.
  const widths = [VIEWPORTS.mobile.width, 320, VIEWPORTS.desktop.width];
  for (const [index, width] of widths.entries()) {
    await page.setViewportSize({ ...VIEWPORTS.mobile, width });
    const card = withCode.nth(index);
    await card.scrollIntoViewIfNeeded();
    const before = await measure(card);
    const code = await card.locator('.deal-card__code-value').textContent();
    await card.getByRole('button', { name: `Copy code ${code}` }).click();
    await card.getByRole('button', { name: 'Copied!' }).waitFor();
    await card.getByRole('group', { name: 'Did this code work?' }).waitFor();
    expect({ width, ...(await measure(card)) }).toEqual({ width, ...before });
    await viewportScreenshot(page, `dashboard-code-copied-${width}`);
  }
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);

for (const viewport of ['desktop', 'mobile'] as const) {
  test(`save → Saved (expired marked) → unsave (${viewport === 'desktop' ? 1440 : 375} px)`, async () => {
    await clearSaved();
    const stored = await allStoredDeals();
    const now = new Date();
    // A deal saved before it expired stays in Saved, marked as expired.
    const expired = stored.find(({ deal }) => deal.end_date.getTime() <= now.getTime())?.deal;
    if (!expired) throw new Error('the demo data has no expired deal');
    await adminDb().doc(savedDealDocPath(uid, expired.id)).set({ saved_at: FieldValue.serverTimestamp() });
    await adminDb().doc(savedCounterDocPath(uid)).set({ count: 1, deal_id: expired.id });

    const { context, page } = await openPage(browser, viewport);
    const errors = trackPageErrors(page);
    await signIn(page, email, password);
    await page.locator('[data-deal-id]').first().waitFor();
    const [firstId] = await cardIds(page);
    const card = page.locator(`[data-deal-id="${firstId}"]`);
    const toggle = card.getByRole('button', { name: /^Save / });
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('false');
    await toggle.click();
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
    await page.waitForFunction(() =>
      document.querySelector('.deal-views')?.textContent?.includes('Saved (2)'),
    );
    await eventually(
      async () =>
        (
          await adminDb()
            .doc(savedDealDocPath(uid, firstId ?? ''))
            .get()
        ).exists,
      true,
    );

    await page.getByRole('button', { name: 'Saved (2)' }).click();
    await waitForSearchParams(page, { view: 'saved' });
    expect(await waitForCards(page, [firstId ?? '', expired.id])).toEqual([firstId, expired.id]);
    await page.locator(`[data-deal-id="${expired.id}"]`).getByText('Expired').waitFor();
    await page.locator(`[data-deal-id="${expired.id}"]`).getByText('This deal has ended').waitFor();
    await screenshot(page, `dashboard-discovery-saved-${viewport === 'desktop' ? 1440 : 375}`);

    // Saved survives a reload (it is stored), then unsaving removes it from the view and from Firestore.
    await reloadApp(page);
    expect(await waitForCards(page, [firstId ?? '', expired.id])).toEqual([firstId, expired.id]);
    await page
      .locator(`[data-deal-id="${firstId}"]`)
      .getByRole('button', { name: /^Save / })
      .click();
    expect(await waitForCards(page, [expired.id])).toEqual([expired.id]);
    await page
      .locator(`[data-deal-id="${expired.id}"]`)
      .getByRole('button', { name: /^Save / })
      .click();
    await page.getByText('No saved deals yet').waitFor();
    await eventually(async () => (await adminDb().collection(savedDealsPath(uid)).get()).size, 0);
    expect((await adminDb().doc(savedCounterDocPath(uid)).get()).get('count')).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
}
