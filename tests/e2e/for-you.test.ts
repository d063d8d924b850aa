// For you in Chromium: a subscriber without interests is asked to pick some, picks a store and a category on the
// account page, and For you then lists that store's deals first, then the category's, then everything else, each
// newest first (docs/for-you.md), paging on without skipping or repeating a deal. Screenshots at 1440 and 375 px.
import { FieldValue } from 'firebase-admin/firestore';
import type { Browser, Page } from 'playwright-core';
import { emailPreferencesDoc, defaultEmailPreferences } from '@bargains/model/email-preferences';
import { DEAL_CATEGORY_LABELS, type DealCategory } from '@bargains/model/category';
import { isDealLive } from '@bargains/model/deal';
import { emailPreferencesDocPath, userDocPath } from '@bargains/model/paths';
import { newUserDoc } from '@bargains/model/user';
import {
  allStoredDeals,
  cardIds,
  expectedDealIds,
  PAGE_SIZE,
  signIn,
  TEST_PASSWORD,
  waitForCards,
} from './dashboard-helpers';
import {
  gotoApp,
  launchBrowser,
  openPage,
  screenshot,
  trackPageErrors,
  viewportScreenshot,
  VIEWPORTS,
} from './support/browser';
import { adminAuth, adminDb, closeAdmin, uniqueEmail } from './support/emulators';

let browser: Browser;
let subscriber: { uid: string; email: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const email = uniqueEmail('foryou');
  const { uid } = await adminAuth().createUser({ email, password: TEST_PASSWORD });
  await adminDb()
    .doc(userDocPath(uid))
    .set({
      ...newUserDoc(FieldValue.serverTimestamp()),
      subscription_active: true,
      subscription_status: 'active',
    });
  // Answered the first-run email question with "nothing": no digest, no interests.
  await adminDb()
    .doc(emailPreferencesDocPath(uid))
    .set(emailPreferencesDoc(defaultEmailPreferences('UTC'), FieldValue.serverTimestamp()));
  subscriber = { uid, email };
});

afterAll(async () => {
  await browser?.close();
  await adminAuth().deleteUser(subscriber.uid);
  await adminDb().recursiveDelete(adminDb().doc(userDocPath(subscriber.uid)));
  await closeAdmin();
});

/**
 * Waits until the list is settled and shows at least `atLeast` cards (or has nothing more to show). A page may add
 * fewer than 20 cards (it leaves out the deals of earlier tiers), so after a scroll wait for more than before.
 */
async function settledCards(page: Page, atLeast: number): Promise<string[]> {
  await page.waitForFunction(
    (wanted) => {
      const state = document.querySelector('.deal-list')?.getAttribute('data-state');
      if (state !== 'more-available' && state !== 'complete') return false;
      return state === 'complete' || document.querySelectorAll('[data-deal-id]').length >= wanted;
    },
    atLeast,
    { timeout: 30_000 },
  );
  return cardIds(page);
}

test('a subscriber picks interests, and For you lists their store, then their category, then the rest', async () => {
  const { context, page } = await openPage(browser, 'desktop');
  const errors = trackPageErrors(page);
  await signIn(page, subscriber.email);

  // No interests yet: a short prompt that leads to the preferences, not an empty list.
  await page.getByRole('button', { name: 'For you' }).click();
  await page.waitForURL(/view=for_you/);
  const prompt = page.getByRole('heading', { name: 'Pick your interests' });
  await prompt.waitFor();
  await expect(page.locator('[data-deal-id]').count()).resolves.toBe(0);
  await screenshot(page, 'for-you-prompt-1440');
  await page.setViewportSize(VIEWPORTS.mobile);
  await screenshot(page, 'for-you-prompt-375');
  await page.setViewportSize(VIEWPORTS.desktop);

  // A store with a few live verified deals and a category it mostly does not sell: the tiers show on page one.
  const stored = await allStoredDeals();
  const now = new Date();
  const live = stored.filter(({ deal }) => deal.is_verified && isDealLive(deal, now));
  const perShop = new Map<string, { name: string; count: number }>();
  for (const { deal } of live) {
    const entry = perShop.get(deal.shop_id) ?? { name: deal.shop_name, count: 0 };
    perShop.set(deal.shop_id, { ...entry, count: entry.count + 1 });
  }
  const [shopId, shop] = [...perShop.entries()]
    .filter(([, entry]) => entry.count >= 2 && entry.count <= 8)
    .sort(([a], [b]) => (a < b ? -1 : 1))[0] ?? ['', { name: '', count: 0 }];
  expect(shop.count).toBeGreaterThanOrEqual(2);
  const categoryCounts = new Map<DealCategory, number>();
  for (const { deal } of live) {
    if (deal.shop_id !== shopId)
      categoryCounts.set(deal.category, (categoryCounts.get(deal.category) ?? 0) + 1);
  }
  const category = [...categoryCounts.entries()]
    .filter(([, count]) => count >= 2 && count <= 10)
    .map(([name]) => name)
    .sort()[0];
  if (!category) throw new Error('the demo data has no category with 2 to 10 live verified deals');

  await page.getByRole('link', { name: 'Choose interests' }).click();
  await page.waitForURL(/\/account/);
  const form = page.locator('form.email-preferences');
  await form.getByRole('checkbox', { name: DEAL_CATEGORY_LABELS[category] }).check();
  await form.getByText(/^Stores \(\d+ chosen\)$/).click();
  await form.getByRole('checkbox', { name: shop.name, exact: true }).check();
  await form.getByRole('button', { name: 'Save Preferences' }).click();
  await page.getByText('Email preferences saved.').waitFor();

  await gotoApp(page, '/dashboard?view=for_you');
  // Computed from the stored deals, independently of the app's queries: the documented rule.
  const storeTier = expectedDealIds(stored, 'verified', 'newest', now, { shop: shopId });
  const categoryTier = expectedDealIds(stored, 'verified', 'newest', now, { category }).filter(
    (id) => !storeTier.includes(id),
  );
  const rest = expectedDealIds(stored, 'verified', 'newest', now).filter(
    (id) => !storeTier.includes(id) && !categoryTier.includes(id),
  );
  const expected = [...storeTier, ...categoryTier, ...rest];
  await page.getByText('Deals from your 1 store, then your 1 category first', { exact: false }).waitFor();
  const first = await settledCards(page, PAGE_SIZE);
  expect(first.length).toBeGreaterThanOrEqual(PAGE_SIZE);
  expect(first).toEqual(expected.slice(0, first.length));
  expect(first.slice(0, storeTier.length)).toEqual(storeTier);
  await viewportScreenshot(page, 'for-you-1440');

  // The next pages continue the same order: nothing skipped, nothing repeated.
  await page.locator('[data-deal-id]').last().scrollIntoViewIfNeeded();
  const more = await settledCards(page, first.length + 1);
  expect(more.length).toBeGreaterThan(first.length);
  expect(new Set(more).size).toBe(more.length);
  expect(more).toEqual(expected.slice(0, more.length));

  // The filters apply within For you: verified deals of the category only, the category's own order.
  await page.getByLabel('Category').selectOption(category);
  await page.waitForURL(new RegExp(`view=for_you.*category=${category}|category=${category}.*view=for_you`));
  const inCategory = expectedDealIds(stored, 'verified', 'newest', now, { category });
  const storeFirst = inCategory.filter((id) => storeTier.includes(id));
  // A category has fewer than a page of deals here (chosen so above): the whole narrowed list shows.
  const expectedNarrowed = [...storeFirst, ...inCategory.filter((id) => !storeFirst.includes(id))];
  expect(await waitForCards(page, expectedNarrowed)).toEqual(expectedNarrowed);

  await page.setViewportSize(VIEWPORTS.mobile);
  await gotoApp(page, '/dashboard?view=for_you');
  await settledCards(page, PAGE_SIZE);
  await viewportScreenshot(page, 'for-you-375');
  expect(errors).toEqual([]);
  await context.close();
});
