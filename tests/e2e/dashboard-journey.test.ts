// A new user's whole paid journey in Chromium, against the emulators and the local Stripe stand-in:
// sign up → subscribe screen → pay on the hosted checkout → /success → deals without a reload → every filter
// and sort against the stored data → infinite scroll → Account: cancel, resubscribe → delete the account.
import type { Browser, Page } from 'playwright-core';
import { userDocPath } from '@bargains/model/paths';
import { DEAL_FILTERS, DEAL_SORTS, DEFAULT_DEAL_FILTER, DEFAULT_DEAL_SORT } from '@bargains/model/queries';
import { ageLastSignIn } from '../support/auth-emulator';
import { standinApiCallCount } from '../support/stripe-standin';
import {
  allStoredDeals,
  cardIds,
  edgeMisalignment,
  expectedDealIds,
  FILTER_LABELS,
  gridColumnCount,
  PAGE_SIZE,
  removeDeals,
  seedSuiteDeals,
  signIn,
  signUp,
  SORT_LABELS,
  standinSubscription,
  waitForCards,
} from './dashboard-helpers';
import {
  launchBrowser,
  newContext,
  reloadApp,
  screenshot,
  trackPageErrors,
  viewportScreenshot,
} from './support/browser';
import { adminAuth, adminDb, closeAdmin, PROJECT_ID, uniqueEmail } from './support/emulators';

let browser: Browser;
let seededIds: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  seededIds = await seedSuiteDeals();
});

afterAll(async () => {
  await browser?.close();
  await removeDeals(seededIds);
  await closeAdmin();
});

async function readUserDoc(uid: string) {
  const snapshot = await adminDb().doc(userDocPath(uid)).get();
  return snapshot.exists ? snapshot.data() : undefined;
}

/** Scrolls the last card into view until the list has ended; returns the ids shown, in order. */
async function scrollToEnd(page: Page): Promise<string[]> {
  const list = page.locator('.deal-list');
  for (let round = 0; round < 50; round += 1) {
    const state = await list.getAttribute('data-state');
    if (state === 'complete') return cardIds(page);
    if (state === 'error')
      throw new Error(`loading more deals failed: ${await page.locator('[role="alert"]').allTextContents()}`);
    const before = (await cardIds(page)).length;
    await page.locator('[data-deal-id]').last().scrollIntoViewIfNeeded();
    await page.waitForFunction((count) => {
      const current = document.querySelector('.deal-list')?.getAttribute('data-state');
      return (
        current === 'complete' ||
        (current !== 'loading-more' && document.querySelectorAll('[data-deal-id]').length > count)
      );
    }, before);
  }
  throw new Error('the deal list never ended');
}

test('sign up, subscribe, browse every filter and sort, cancel, resubscribe, delete the account', async () => {
  const context = await newContext(browser, 'desktop');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: 'http://127.0.0.1:5000' });
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  const email = uniqueEmail('journey');

  // 1. Sign up: a new user lands on the subscribe screen, not on deals.
  await signUp(page, email);
  const uid = (await adminAuth().getUserByEmail(email)).uid;
  await page.getByRole('button', { name: 'Subscribe Now' }).waitFor();
  await expect(page.locator('[data-deal-id]').count()).resolves.toBe(0);
  await page.getByRole('button', { name: 'Refresh Subscription Status' }).click();
  await page.getByText('No subscription').waitFor();
  await screenshot(page, 'dashboard-subscribe-status-1440');

  // 2. Subscribe Now → the stand-in's hosted checkout → Pay → /success → /dashboard.
  await page.getByRole('button', { name: 'Subscribe Now' }).click();
  await page.waitForURL(/127\.0\.0\.1:12111\/checkout\//);
  await screenshot(page, 'checkout-standin-1440');
  await page.getByRole('button', { name: /^Pay \$2\.00$/ }).click();
  await page.waitForURL('**/success');
  let fullPageLoads = 0;
  page.on('load', () => (fullPageLoads += 1));
  await page.waitForURL('**/dashboard', { timeout: 15_000 });

  // 3. The deals appear without a manual reload, first page = 20, defaults Verified Only + Newest First.
  await page.locator('[data-deal-id]').first().waitFor({ timeout: 30_000 });
  expect(fullPageLoads).toBe(0);
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Your Bargains');
  await expect(page.getByLabel('Show').inputValue()).resolves.toBe(DEFAULT_DEAL_FILTER);
  await expect(page.getByLabel('Sort by').inputValue()).resolves.toBe(DEFAULT_DEAL_SORT);
  const stored = await allStoredDeals();
  const now = new Date();
  const defaultOrder = expectedDealIds(stored, DEFAULT_DEAL_FILTER, DEFAULT_DEAL_SORT, now);
  expect(defaultOrder.length).toBeGreaterThan(PAGE_SIZE);
  expect(await waitForCards(page, defaultOrder.slice(0, PAGE_SIZE))).toEqual(
    defaultOrder.slice(0, PAGE_SIZE),
  );
  const user = await readUserDoc(uid);
  expect(user?.subscription_active).toBe(true);

  // Screenshots at 3, 2 and 1 columns; the content lines up with the header at every width.
  const aligned = { left: 0, right: 0 };
  expect(await gridColumnCount(page)).toBe(3);
  expect(await edgeMisalignment(page)).toEqual(aligned);
  await viewportScreenshot(page, 'dashboard-3-columns-1440');
  await page.setViewportSize({ width: 820, height: 1000 });
  expect(await gridColumnCount(page)).toBe(2);
  expect(await edgeMisalignment(page)).toEqual(aligned);
  await viewportScreenshot(page, 'dashboard-2-columns-820');
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await gridColumnCount(page)).toBe(1);
  expect(await edgeMisalignment(page)).toEqual(aligned);
  await viewportScreenshot(page, 'dashboard-1-column-375');
  await page.setViewportSize({ width: 1440, height: 900 });

  // A wired deal's code copies to the clipboard with visible feedback.
  const withCode = page
    .locator('[data-deal-id]')
    .filter({ has: page.getByText('Code:') })
    .first();
  const code = await withCode.locator('.deal-card__code-value').textContent();
  await withCode.getByRole('button', { name: `Copy code ${code}` }).click();
  await withCode.getByRole('button', { name: 'Copied!' }).waitFor();
  await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(code);

  // 4. Every filter × sort shows the right first page in the right order.
  for (const filter of DEAL_FILTERS) {
    await page.getByLabel('Show').selectOption({ label: FILTER_LABELS[filter] });
    for (const sort of DEAL_SORTS) {
      await page.getByLabel('Sort by').selectOption({ label: SORT_LABELS[sort] });
      const expected = expectedDealIds(stored, filter, sort, now).slice(0, PAGE_SIZE);
      expect({ filter, sort, ids: await waitForCards(page, expected) }).toEqual({
        filter,
        sort,
        ids: expected,
      });
    }
  }

  // 5. Infinite scroll: All Deals, Newest First, to the very end — every live deal once, in order.
  await page.getByLabel('Show').selectOption({ label: FILTER_LABELS.all });
  await page.getByLabel('Sort by').selectOption({ label: SORT_LABELS.newest });
  const allNewest = expectedDealIds(stored, 'all', 'newest', now);
  await waitForCards(page, allNewest.slice(0, PAGE_SIZE));
  const scrolled = await scrollToEnd(page);
  expect(scrolled.length).toBeGreaterThan(PAGE_SIZE);
  expect(new Set(scrolled).size).toBe(scrolled.length);
  expect(scrolled).toEqual(allNewest);
  for (const id of seededIds.filter((seeded) => /expired|upcoming|ended-now/.test(seeded))) {
    expect(scrolled).not.toContain(id);
  }
  await page.getByText(`That's all ${allNewest.length} bargains.`).waitFor();

  // 6. The dashboard visit itself made no Stripe call.
  const stripeCallsBefore = await standinApiCallCount();
  await reloadApp(page);
  await page.locator('[data-deal-id]').first().waitFor();
  expect(await standinApiCallCount()).toBe(stripeCallsBefore);

  // 7. Account: active → Cancel → 'Active until {date}' → Resubscribe → active again.
  await page.getByRole('link', { name: 'Account' }).first().click();
  await page.waitForURL('**/account');
  await page.getByText(email).waitFor();
  const subscribed = await readUserDoc(uid);
  const subscriptionId = String(subscribed?.stripe_subscription_id);
  await expect(page.getByTestId('subscription-status').textContent()).resolves.toBe('Active');
  // The mirror's next charge (billing-copy's nextChargeText) replaces the period line for a paid-up subscription.
  const renewsOn = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }).format(
    new Date(Number(subscribed?.current_period_end) * 1000),
  );
  await page.getByText(`Renews on ${renewsOn} for $2.00`).waitFor();
  await screenshot(page, 'account-active-1440');

  const confirmations: string[] = [];
  page.once('dialog', (dialog) => {
    confirmations.push(dialog.message());
    void dialog.accept();
  });
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  // The spec's words for the canceled state, then the mirror's: it won't renew.
  const activeUntil = new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(Number(subscribed?.current_period_end) * 1000));
  await page.getByText(`Active until ${activeUntil}`).waitFor();
  await expect(page.getByTestId('subscription-period').textContent()).resolves.toBe(
    `Active until ${activeUntil} · Won't renew`,
  );
  expect(confirmations).toHaveLength(1);
  await page.getByText('Your subscription has been canceled.', { exact: false }).waitFor();
  expect((await standinSubscription(subscriptionId))?.cancel_at_period_end).toBe(true);
  await screenshot(page, 'account-canceled-1440');

  await page.getByRole('button', { name: 'Resubscribe' }).click();
  await page.getByRole('button', { name: 'Cancel Subscription' }).waitFor();
  await expect(page.getByTestId('subscription-status').textContent()).resolves.toBe('Active');
  expect(page.url()).toMatch(/\/account$/);
  expect((await standinSubscription(subscriptionId))?.cancel_at_period_end).toBe(false);
  await screenshot(page, 'account-resubscribed-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await screenshot(page, 'account-active-375');
  await page.setViewportSize({ width: 1440, height: 900 });

  // 8. Delete Account needs a recent sign-in (docs/reference.md#account-deletion): with a sign-in 10 minutes old the app refuses before it
  //    deletes anything; after signing in again, Confirm Delete → signed out at / with everything gone.
  await ageLastSignIn(PROJECT_ID, uid, 10);
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page.getByRole('button', { name: 'Confirm Delete' }).waitFor();
  await screenshot(page, 'account-delete-confirm-1440');
  await page.getByRole('button', { name: 'Confirm Delete' }).click();
  await page
    .getByText('For security reasons, please sign out and sign in again before deleting your account.')
    .waitFor();
  await screenshot(page, 'account-delete-requires-recent-login-1440');
  expect(await readUserDoc(uid)).toMatchObject({ subscription_active: true });
  expect((await standinSubscription(subscriptionId))?.status).toBe('active');
  await expect(adminAuth().getUser(uid)).resolves.toMatchObject({ uid });

  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await page.getByRole('link', { name: 'Login' }).first().waitFor();
  await signIn(page, email);
  await page.getByRole('link', { name: 'Account' }).first().click();
  await page.waitForURL('**/account');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  await page.getByRole('button', { name: 'Confirm Delete' }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
  await page.getByRole('link', { name: 'Login' }).first().waitFor();
  await expect(adminAuth().getUser(uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
  expect(await readUserDoc(uid)).toBeUndefined();
  expect((await standinSubscription(subscriptionId))?.status).toBe('canceled');

  expect(errors).toEqual([]);
  await context.close();
}, 300_000);
