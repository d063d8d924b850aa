// "Did this code work?" end to end, in Chromium: two subscribers answer No on a verified code → the vote_on_deal
// trigger counts it "Reported not working", and both subscribers' dashboards (opened again, the page read is the
// data source; no data is re-imported or re-seeded) show it so and no longer list it under Verified Only; a later
// Yes from a third subscriber brings it back. The rules let a subscriber change a vote only every 30 s, so each
// answer here is a different subscriber's first vote, and the test waits for states, never for time.
import { FieldValue } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { dealDocPath, userDocPath } from '@bargains/model/paths';
import { newUserDoc } from '@bargains/model/user';
import { type VoteSummary, dealVoteDocPath } from '@bargains/model/votes';
import { waitUntil } from '../../tools/wait-until';
import { deleteDeals, liveCodeDeal, writeDeals } from '../support/deals';
import { FILTER_LABELS, signIn, TEST_PASSWORD } from './dashboard-helpers';
import { gotoApp, openPage, trackPageErrors, viewportScreenshot } from './support/browser';
import { adminAuth, adminDb, uniqueEmail } from './support/emulators';
import { useBrowser } from './support/suite';

const browser = useBrowser();
const dealId = `e2e-votes-${Date.now().toString(36)}`;
const code = 'TRUST25';
const subscribers: Array<{ uid: string; email: string }> = [];

/** A subscriber as the webhook leaves one (the billing path has its own suites). */
async function createSubscriber(prefix: string): Promise<{ uid: string; email: string }> {
  const email = uniqueEmail(prefix);
  const { uid } = await adminAuth().createUser({ email, password: TEST_PASSWORD });
  await adminDb()
    .doc(userDocPath(uid))
    .set({
      ...newUserDoc(FieldValue.serverTimestamp()),
      subscription_active: true,
      subscription_status: 'active',
    });
  subscribers.push({ uid, email });
  return { uid, email };
}

beforeAll(async () => {
  // Scraped now: the newest deal, first on the dashboard's default view (Verified Only, Newest First).
  await writeDeals(adminDb(), [
    {
      id: dealId,
      doc: liveCodeDeal({
        title: '25% off trust-tested headphones',
        savings: '25% off',
        code,
        shop_id: 'e2e-votes-shop',
        shop_name: 'E2E Votes Shop',
        url_home: `https://e2e-votes.example/deals/${dealId}`,
      }),
    },
  ]);
});

afterAll(async () => {
  const db = adminDb();
  await db.recursiveDelete(db.doc(dealDocPath(dealId)));
  await deleteDeals(db, [dealId]);
  for (const { uid } of subscribers) {
    await adminAuth().deleteUser(uid);
    await db.recursiveDelete(db.doc(userDocPath(uid)));
  }
});

async function openDashboard(prefix: string): Promise<{ page: Page; uid: string; errors: Error[] }> {
  const { uid, email } = await createSubscriber(prefix);
  // Its context closes with the browser (useBrowser).
  const { page } = await openPage(browser(), 'desktop');
  const errors = trackPageErrors(page);
  await signIn(page, email);
  return { page, uid, errors };
}

const cardOf = (page: Page) => page.locator(`[data-deal-id="${dealId}"]`);

/** Copies the code (which makes the card ask) and answers; resolves once the vote document is stored. */
async function answer(page: Page, uid: string, worked: boolean): Promise<void> {
  const card = cardOf(page);
  await card.getByRole('button', { name: `Copy code ${code}` }).click();
  const question = card.getByRole('group', { name: 'Did this code work?' });
  await question.getByRole('button', { name: worked ? 'Yes' : 'No', exact: true }).click();
  await card
    .getByText(worked ? 'Thanks! You said it worked.' : 'Thanks! You said it did not work.')
    .waitFor();
  await waitUntil(
    async () => (await adminDb().doc(dealVoteDocPath(dealId, uid)).get()).get('worked') as unknown,
    (stored) => stored === worked,
    { what: `the vote of ${uid}`, timeoutMs: 10_000 },
  );
}

/** Waits until the trigger has stored the summary `done` expects on the deal. */
function waitForSummary(done: (votes: VoteSummary | undefined) => boolean): Promise<VoteSummary | undefined> {
  return waitUntil(
    async () => (await adminDb().doc(dealDocPath(dealId)).get()).get('votes') as VoteSummary | undefined,
    done,
    { what: `the vote summary of ${dealId}`, timeoutMs: 20_000 },
  );
}

/** Opens the dashboard again: under Verified Only (the default), then under All Deals; the card's state in each. */
async function cardStates(page: Page): Promise<{ verifiedOnly: boolean; allDeals: string | null }> {
  await gotoApp(page, '/dashboard');
  await page.locator('[data-deal-id]').first().waitFor();
  const verifiedOnly = (await cardOf(page).count()) > 0;
  await page.getByLabel('Show').selectOption({ label: FILTER_LABELS.all });
  await cardOf(page).waitFor();
  const allDeals = await cardOf(page).locator('.deal-card__trust').textContent();
  return { verifiedOnly, allDeals };
}

test('two No answers report a code not working for everyone; a later Yes brings it back', async () => {
  const first = await openDashboard('votes-a');
  const second = await openDashboard('votes-b');
  for (const { page } of [first, second]) {
    await cardOf(page).waitFor();
    // Nobody voted yet: the card says nothing about the code.
    await expect(cardOf(page).locator('.deal-card__trust-record').count()).resolves.toBe(0);
  }

  await answer(first.page, first.uid, false);
  await viewportScreenshot(first.page, 'code-vote-answered-1440');
  await answer(second.page, second.uid, false);
  await waitForSummary((votes) => votes?.not_working === true);
  expect((await adminDb().doc(dealDocPath(dealId)).get()).get('is_verified')).toBe(false);

  for (const { page } of [first, second]) {
    const states = await cardStates(page);
    expect(states).toEqual({
      verifiedOnly: false,
      allDeals: expect.stringContaining('Reported not working'),
    });
  }
  await viewportScreenshot(second.page, 'code-vote-reported-not-working-1440');

  const third = await openDashboard('votes-c');
  await third.page.getByLabel('Show').selectOption({ label: FILTER_LABELS.all });
  await cardOf(third.page).getByText('Reported not working').waitFor();
  await answer(third.page, third.uid, true);
  await waitForSummary((votes) => votes?.not_working === false && votes.worked === 1);

  for (const { page } of [first, second]) {
    const states = await cardStates(page);
    expect(states).toEqual({ verifiedOnly: true, allDeals: expect.stringMatching(/^Worked for 1 of 3/) });
  }
  await viewportScreenshot(first.page, 'code-vote-recovered-1440');
  for (const { errors } of [first, second, third]) expect(errors).toEqual([]);
});
