// The editor's desk end to end, in Chromium (docs/editor.md): two deals arrive through the deal feed and the
// collector; the demo editor hides one and pins the other at /editor; the demo subscriber's dashboard, open all
// the while, drops the hidden deal and labels the pinned one "Editor's pick" without a reload; a collector run of
// the same feed keeps both changes; a newer deal still lists after the pick under Newest First; the editor undoes
// the hide from the deal's history and the deal is back. Screenshots of the desk at 375 and 1440 px.
import type { Page } from 'playwright-core';
import { manifestCollectionPath } from '../../functions/src/collector/manifest';
import { dealOverrideDocPath } from '@bargains/model/editor';
import { EDITORIAL_CHANGES_DOC_PATH, EDITORIAL_CHANGES_POLL_MS } from '@bargains/model/editorial-changes';
import { COLLECTIONS, collectorStateDocPath, dealDocPath } from '@bargains/model/paths';
import { DEMO_ACCOUNTS } from '../../scripts/demo-data/constants';
import { triggerCollectDeals } from '../../scripts/collect-deals';
import { fixtureRecords, startOfUtcDay } from '../../tools/deal-feed/feed-records';
import { waitUntil } from '../../tools/wait-until';
import { deleteDeals } from '../support/deals';
import { signIn } from './dashboard-helpers';
import { gotoApp, openPage, screenshot, trackPageErrors } from './support/browser';
import { adminDb, closeAdmin } from './support/emulators';
import { useBrowser } from './support/suite';

const FEED_CONTROL = `http://127.0.0.1:${process.env.DEAL_FEED_PORT ?? 12112}/_control`;
const DAY = 24 * 60 * 60 * 1000;
const run = Date.now().toString(36);
const hideId = `e2e-editor-hide-${run}`;
const pinId = `e2e-editor-pin-${run}`;
const newerId = `e2e-editor-newer-${run}`;
/** The open dashboard re-reads the editorial changes this often (plus the time the read itself takes). */
const CHANGE_SHOWN_MS = EDITORIAL_CHANGES_POLL_MS + 10_000;
const stored = (feedId: string) => `wired_${feedId}`;

const browser = useBrowser();

async function control(path: string, body: string): Promise<void> {
  const response = await fetch(`${FEED_CONTROL}/${path}`, { method: 'POST', body });
  if (!response.ok) throw new Error(`deal feed ${path}: HTTP ${response.status}`);
}

function feedDeal(id: string, title: string, code: string) {
  const now = Date.now();
  return {
    id,
    title,
    description: 'Arrived through the deal feed for the editor desk test.',
    savings: '40% off',
    type: 'code',
    code,
    start_date: new Date(now - DAY).toISOString(),
    end_date: new Date(now + 30 * DAY).toISOString(),
    shop_name: 'Desk Test Outfitters',
    shop_url: 'https://desk-test.example',
    url_home: `https://desk-test.example/deals/${id}`,
    is_verified: true,
  };
}

afterAll(async () => {
  await control('reset', '');
  const db = adminDb();
  const collectedIds = [
    ...fixtureRecords(startOfUtcDay(new Date())).map((record) => record.id),
    hideId,
    pinId,
    newerId,
  ];
  await deleteDeals(db, collectedIds.map(stored));
  for (const id of [hideId, pinId]) await db.recursiveDelete(db.doc(dealOverrideDocPath(stored(id))));
  await db.recursiveDelete(db.collection(manifestCollectionPath('wired')));
  await db.doc(collectorStateDocPath('wired')).delete();
  await db.recursiveDelete(db.collection(COLLECTIONS.collectorRuns));
  await db.doc(EDITORIAL_CHANGES_DOC_PATH).delete();
  await closeAdmin();
});

const cardOf = (page: Page, dealId: string) => page.locator(`[data-deal-id="${dealId}"]`);

async function searchDesk(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search the queue' }).fill(text);
  await page.getByRole('searchbox', { name: 'Search the queue' }).press('Enter');
}

test('the editor hides and pins; the open dashboard shows it; a re-collect keeps it; undo brings the deal back', async () => {
  await control('deals', JSON.stringify(feedDeal(hideId, 'Desk test: misleading 40% off tents', 'TENT40')));
  await control('deals', JSON.stringify(feedDeal(pinId, 'Desk test: 40% off sleeping bags', 'BAGS40')));
  await triggerCollectDeals();
  expect(
    (
      await adminDb()
        .doc(dealDocPath(stored(hideId)))
        .get()
    ).exists,
  ).toBe(true);

  // The subscriber's dashboard lists both (scraped now: first under Newest First, Verified Only).
  const subscriber = await openPage(browser(), 'desktop');
  const subscriberErrors = trackPageErrors(subscriber.page);
  await signIn(subscriber.page, DEMO_ACCOUNTS.subscriber.email, DEMO_ACCOUNTS.subscriber.password);
  await cardOf(subscriber.page, stored(hideId)).waitFor();
  await cardOf(subscriber.page, stored(pinId)).waitFor();

  // The editor: hide one with a reason, pin the other.
  const editor = await openPage(browser(), 'desktop');
  const editorErrors = trackPageErrors(editor.page);
  await signIn(editor.page, DEMO_ACCOUNTS.editor.email, DEMO_ACCOUNTS.editor.password);
  await gotoApp(editor.page, '/editor');
  await editor.page.getByRole('heading', { name: "Editor's desk" }).waitFor();
  await searchDesk(editor.page, 'Desk test');
  const hideCard = cardOf(editor.page, stored(hideId));
  await hideCard.getByRole('button', { name: 'Hide…' }).click();
  await hideCard
    .getByLabel('Why hide it? (kept in the history)')
    .fill('Misleading: the tents are not 40% off');
  await hideCard.getByRole('button', { name: 'Hide from every list' }).click();
  await hideCard.getByText('Hidden: Misleading: the tents are not 40% off').waitFor();
  const pinCard = cardOf(editor.page, stored(pinId));
  await pinCard.getByRole('button', { name: "Pin as Editor's pick" }).click();
  await pinCard.getByRole('button', { name: 'Unpin' }).waitFor();
  await screenshot(editor.page, 'editor-desk-1440');

  // The subscriber's dashboard, still open (no reload): the hidden deal goes, the pinned one gets its label.
  const dashboardUrl = subscriber.page.url();
  await cardOf(subscriber.page, stored(pinId))
    .getByText("Editor's pick")
    .waitFor({ timeout: CHANGE_SHOWN_MS });
  await cardOf(subscriber.page, stored(hideId)).waitFor({ state: 'detached', timeout: CHANGE_SHOWN_MS });
  expect(subscriber.page.url()).toBe(dashboardUrl);
  await screenshot(subscriber.page, 'editor-pick-dashboard-1440');

  // The same feed collected again keeps both changes.
  await triggerCollectDeals();
  expect(
    (
      await adminDb()
        .doc(dealDocPath(stored(hideId)))
        .get()
    ).exists,
  ).toBe(false);
  expect(
    (
      await adminDb()
        .doc(dealDocPath(stored(pinId)))
        .get()
    ).get('editor_pick'),
  ).toBe(true);

  // A deal collected after the pick lists after it: Newest First puts the editors' picks first.
  await control('deals', JSON.stringify(feedDeal(newerId, 'Desk test: 40% off camping stoves', 'STOVE40')));
  await triggerCollectDeals();
  await gotoApp(subscriber.page, '/dashboard');
  await cardOf(subscriber.page, stored(newerId)).waitFor();
  const order = await subscriber.page
    .locator('[data-deal-id]')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-deal-id')));
  expect(order.indexOf(stored(pinId))).toBeGreaterThanOrEqual(0);
  expect(order.indexOf(stored(pinId))).toBeLessThan(order.indexOf(stored(newerId)));

  // Undo the hide from the deal's history, one click.
  await editor.page.getByRole('button', { name: 'Hidden', exact: true }).click();
  await hideCard.getByRole('button', { name: 'History' }).click();
  await hideCard.getByRole('button', { name: /^Undo: Hide/ }).click();
  await waitUntil(
    async () =>
      (
        await adminDb()
          .doc(dealDocPath(stored(hideId)))
          .get()
      ).exists,
    (exists) => exists,
    { what: 'the unhidden deal', timeoutMs: 10_000 },
  );
  await gotoApp(subscriber.page, '/dashboard');
  await cardOf(subscriber.page, stored(hideId)).waitFor();

  // The desk on a phone.
  const phone = await openPage(browser(), 'mobile');
  await signIn(phone.page, DEMO_ACCOUNTS.editor.email, DEMO_ACCOUNTS.editor.password);
  await gotoApp(phone.page, '/editor');
  await searchDesk(phone.page, 'Desk test');
  await cardOf(phone.page, stored(pinId)).waitFor();
  await screenshot(phone.page, 'editor-desk-375');

  expect(subscriberErrors).toEqual([]);
  expect(editorErrors).toEqual([]);
});

test("a subscriber gets the product's 404 at /editor", async () => {
  const { page } = await openPage(browser(), 'desktop');
  await signIn(page, DEMO_ACCOUNTS.subscriber.email, DEMO_ACCOUNTS.subscriber.password);
  await gotoApp(page, '/editor');
  await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
});
