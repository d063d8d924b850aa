// A deal imported while the stack runs reaches a subscriber's dashboard: the deal is added to the local deal feed
// (tools/deal-feed), collect_deals runs in the Functions emulator the way `npm run collect-deals` triggers it, and
// the signed-in demo subscriber sees the new card (Newest First, Verified Only: the dashboard's defaults).
import type { Browser } from 'playwright-core';
import { manifestCollectionPath } from '../../functions/src/collector/manifest';
import { fixtureRecords, startOfUtcDay } from '../../tools/deal-feed/feed-records';
import { COLLECTIONS, collectorStateDocPath, dealDocPath, dealSearchDocPath } from '@bargains/model/paths';
import { DEMO_ACCOUNTS } from '../../scripts/demo-data/constants';
import { triggerCollectDeals } from '../../scripts/collect-deals';
import { gotoApp, launchBrowser, openPage, screenshot, trackPageErrors } from './support/browser';
import { adminDb, closeAdmin } from './support/emulators';
import { deleteDeals } from '../support/deals';
import { signIn } from './dashboard-helpers';

const FEED_CONTROL = `http://127.0.0.1:${process.env.DEAL_FEED_PORT ?? 12112}/_control`;
const DAY = 24 * 60 * 60 * 1000;
const newDealId = `e2e-collected-${Date.now().toString(36)}`;

let browser: Browser;

async function control(path: string, body: string): Promise<void> {
  const response = await fetch(`${FEED_CONTROL}/${path}`, { method: 'POST', body });
  if (!response.ok) throw new Error(`deal feed ${path}: HTTP ${response.status}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await control('reset', '');
  // Leave the shared emulator as the demo data had it: no collected deals, no collector bookkeeping.
  const db = adminDb();
  const collectedIds = [...fixtureRecords(startOfUtcDay(new Date())).map((record) => record.id), newDealId];
  await deleteDeals(
    db,
    collectedIds.map((id) => `wired_${id}`),
  );
  await db.recursiveDelete(db.collection(manifestCollectionPath('wired')));
  await db.doc(collectorStateDocPath('wired')).delete();
  await db.recursiveDelete(db.collection(COLLECTIONS.collectorRuns));
  await closeAdmin();
});

test('a deal collected while the stack runs appears on the subscriber dashboard', async () => {
  const { context, page } = await openPage(browser, 'desktop');
  const errors = trackPageErrors(page);
  await signIn(page, DEMO_ACCOUNTS.subscriber.email, DEMO_ACCOUNTS.subscriber.password);
  await gotoApp(page, '/dashboard');
  await page.locator('[data-deal-id]').first().waitFor();
  const card = page.locator(`[data-deal-id="wired_${newDealId}"]`);
  await expect(card.count()).resolves.toBe(0);

  const now = Date.now();
  await control(
    'deals',
    JSON.stringify({
      id: newDealId,
      title: 'Freshly collected: <b>35% off</b> trail shoes',
      description: 'Arrived through the deal feed while the stack was running.',
      savings: '35% off',
      type: 'code',
      code: 'TRAIL35',
      start_date: new Date(now - DAY).toISOString(),
      end_date: new Date(now + 30 * DAY).toISOString(),
      shop_name: 'Trailhead Outfitters',
      shop_url: 'https://trailhead.example',
      url_home: 'https://trailhead.example/deals/trail35',
      is_verified: true,
    }),
  );
  await triggerCollectDeals();
  const stored = await adminDb()
    .doc(dealDocPath(`wired_${newDealId}`))
    .get();
  expect(stored.get('title')).toBe('Freshly collected: 35% off trail shoes');
  // Its search document too: a keyword search finds it as soon as the listing shows it.
  const searchable = await adminDb()
    .doc(dealSearchDocPath(`wired_${newDealId}`))
    .get();
  expect(searchable.get('search_terms')).toEqual(expect.arrayContaining(['trail', 'shoes']));

  // The dashboard reads a page when it opens: opening it again (no stack restart) shows the new deal first.
  await gotoApp(page, '/dashboard');
  await card.waitFor();
  await expect(card.textContent()).resolves.toContain('Freshly collected: 35% off trail shoes');
  await expect(card.textContent()).resolves.toContain('TRAIL35');
  const firstId = await page.locator('[data-deal-id]').first().getAttribute('data-deal-id');
  expect(firstId?.startsWith('wired_')).toBe(true);
  await screenshot(page, 'dashboard-collected-deal-1440');
  expect(errors).toEqual([]);
  await context.close();
});
