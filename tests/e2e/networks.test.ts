// Deals from the three affiliate networks reach a subscriber's dashboard: collect_awin, collect_impact and
// collect_cj run in the Functions emulator against the local stand-ins of the networks' APIs (tools/network-
// standins, with their small pages, 429s and 500s), and the signed-in demo subscriber sees deals of all three,
// with the offer Awin and impact.com both carry shown once.
import type { Browser } from 'playwright-core';
import { manifestCollectionPath } from '../../functions/src/collector/manifest';
import { COLLECTIONS, collectorStateDocPath } from '@bargains/model/paths';
import { DEMO_ACCOUNTS } from '../../scripts/demo-data/constants';
import { triggerCollectDeals } from '../../scripts/collect-deals';
import { SHARED_OFFER } from '../../tools/network-standins/offers';
import { gotoApp, launchBrowser, openPage, screenshot, trackPageErrors } from './support/browser';
import { adminDb, closeAdmin } from './support/emulators';
import { deleteDeals } from '../support/deals';
import { signIn } from './dashboard-helpers';

const NETWORKS = ['awin', 'impact', 'cj'] as const;
const FEED_CONTROL = `http://127.0.0.1:${process.env.DEAL_FEED_PORT ?? 12112}/_control`;

let browser: Browser;
let collectedIds: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await fetch(`${FEED_CONTROL}/reset`, { method: 'POST' });
  // Leave the shared emulator as the demo data had it: no collected deals, no collector bookkeeping.
  const db = adminDb();
  await deleteDeals(db, collectedIds);
  for (const network of NETWORKS) {
    await db.recursiveDelete(db.collection(manifestCollectionPath(network)));
    await db.doc(collectorStateDocPath(network)).delete();
  }
  await db.recursiveDelete(db.collection(COLLECTIONS.collectorRuns));
  await closeAdmin();
});

test('deals of all three networks reach the dashboard, an offer two networks carry once', async () => {
  for (const network of NETWORKS) await triggerCollectDeals(network);

  const db = adminDb();
  const runs = await db.collection(COLLECTIONS.collectorRuns).get();
  for (const network of NETWORKS) {
    const run = runs.docs.find((doc) => doc.get('source') === network);
    expect({ network, status: run?.get('status'), message: run?.get('message') }).toEqual({
      network,
      status: 'succeeded',
      message: '',
    });
  }
  const stored = await db
    .collection(COLLECTIONS.deals)
    .where('origin.network', 'in', [...NETWORKS])
    .get();
  collectedIds = stored.docs.map((doc) => doc.id);
  const byNetwork = (network: string) => stored.docs.filter((doc) => doc.get('origin.network') === network);
  for (const network of NETWORKS) expect(byNetwork(network).length).toBeGreaterThan(0);
  const shared = stored.docs.filter(
    (doc) => doc.get('shop_name') === SHARED_OFFER.shop && doc.get('code') === SHARED_OFFER.code,
  );
  expect(shared).toHaveLength(1);
  // Awin comes first in precedence: its text and tracking link are shown.
  expect(shared[0]?.get('origin.network')).toBe('awin');
  expect(shared[0]?.get('url_home')).toMatch(/^https:\/\/www\.awin1\.com\//);

  const { context, page } = await openPage(browser, 'desktop');
  const errors = trackPageErrors(page);
  await signIn(page, DEMO_ACCOUNTS.subscriber.email, DEMO_ACCOUNTS.subscriber.password);
  await gotoApp(page, '/dashboard');
  await page.locator('[data-deal-id]').first().waitFor();
  for (const network of NETWORKS) {
    const ids = byNetwork(network).map((doc) => doc.id);
    const shown = await page
      .locator('[data-deal-id]')
      .evaluateAll(
        (cards, wanted) =>
          cards.filter((card) => wanted.includes(card.getAttribute('data-deal-id') ?? '')).length,
        ids,
      );
    expect({ network, shown: shown > 0 }).toEqual({ network, shown: true });
  }
  await expect(page.locator(`[data-deal-id="${shared[0]?.id}"]`).count()).resolves.toBe(1);
  await expect(page.locator('[data-deal-id]', { hasText: SHARED_OFFER.code }).count()).resolves.toBe(1);
  // The disclosure is on the page before any View Deal click.
  await expect(page.locator('.affiliate-note').textContent()).resolves.toContain('may be affiliate links');
  const viewDeal = page.locator(`[data-deal-id="${shared[0]?.id}"] a`, { hasText: 'View Deal' });
  await expect(viewDeal.getAttribute('href')).resolves.toMatch(/^https:\/\/www\.awin1\.com\//);
  await screenshot(page, 'dashboard-network-deals-1440');
  expect(errors).toEqual([]);
  await context.close();

  const phone = await openPage(browser, 'mobile');
  await signIn(phone.page, DEMO_ACCOUNTS.subscriber.email, DEMO_ACCOUNTS.subscriber.password);
  await gotoApp(phone.page, '/dashboard');
  await phone.page.locator('[data-deal-id]').first().waitFor();
  await screenshot(phone.page, 'dashboard-network-deals-375');
  await phone.context.close();
});
