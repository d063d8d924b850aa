// Several affiliate networks into the one catalogue, against the Firestore emulator: an offer two networks carry is
// one deal, shown with the earlier network's text, and stays one (and live) while either still carries it; a
// network outage fails its run and expires nothing. Its own project, so the demo data stays untouched.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { type Firestore, getFirestore } from 'firebase-admin/firestore';
import { awinAdapter } from '../../functions/src/collector/networks/awin';
import { NetworkError } from '../../functions/src/collector/networks/http';
import { impactAdapter } from '../../functions/src/collector/networks/impact';
import { loadSharedOffers } from '../../functions/src/collector/networks/shared-offers';
import { feedOfOffers, type RawOffer } from '../../functions/src/collector/networks/source';
import { runCollection, type RunSummary } from '../../functions/src/collector/pipeline';
import { type SourceAdapter } from '../../functions/src/collector/adapters';
import { COLLECTIONS, collectorStateDocPath } from '@bargains/model/paths';
import { FIRESTORE_EMULATOR } from './support/env';

process.env.FIRESTORE_EMULATOR_HOST ??= FIRESTORE_EMULATOR;

const DAY_MS = 24 * 60 * 60 * 1000;
const START = new Date('2026-03-01T12:00:00.000Z');
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

let app: App;
let db: Firestore;

beforeAll(() => {
  app = initializeApp({ projectId: 'demo-bargains-collector-networks' }, 'collector-networks-tests');
  db = getFirestore(app);
});
afterAll(async () => {
  await deleteApp(app);
});
beforeEach(async () => {
  await db.recursiveDelete(db.collection('sources'));
  await db.recursiveDelete(db.collection(COLLECTIONS.collectorRuns));
  for (const id of ['awin', 'impact', 'cj']) await db.recursiveDelete(db.doc(collectorStateDocPath(id)));
});

const awinOffer = (id: number, code: string, shop = 'Fabrikam Kitchen'): RawOffer => ({
  promotionId: id,
  type: 'voucher',
  advertiser: { id: 1, name: shop },
  title: `$10 off cookware (${code})`,
  startDate: '2026-02-01T00:00:00Z',
  endDate: '2027-02-01T00:00:00Z',
  url: `https://${shop.toLowerCase().replace(/\W+/g, '-')}.example/cookware`,
  urlTracking: `https://www.awin1.com/cread.php?p=${id}`,
  voucher: { code },
});
const impactAd = (id: number, code: string, shop = 'Fabrikam Kitchen'): RawOffer => ({
  Id: String(id),
  DealName: `Cookware deal (${code})`,
  AdvertiserName: shop,
  DealDefaultPromoCode: code,
  DiscountType: 'FIXED',
  DiscountAmount: '10',
  MinimumPurchaseAmount: '50',
  DiscountCurrency: 'USD',
  StartDate: '2026-02-01T00:00:00Z',
  EndDate: '2027-02-01T00:00:00Z',
  LandingPageUrl: `https://${shop.toLowerCase().replace(/\W+/g, '-')}.example/cookware`,
  TrackingLink: `https://fabrikam.sjv.io/c/1/${id}/1`,
});

async function collect(
  adapter: SourceAdapter,
  offers: RawOffer[] | AsyncIterable<RawOffer>,
  now: Date,
): Promise<RunSummary> {
  return runCollection({
    db,
    adapter,
    now,
    sharedOffers: await loadSharedOffers(db, adapter.id, now),
    openFeed: async () => feedOfOffers(`${adapter.id} test`, offers),
    trigger: 'cli',
    logger: quiet,
  });
}

async function liveDeals(now: Date): Promise<Array<{ id: string; origin: string; url: string }>> {
  const snapshot = await db.collection(COLLECTIONS.deals).get();
  return snapshot.docs
    .filter((doc) => Date.parse(String(doc.get('end_date'))) > now.getTime())
    .map((doc) => ({
      id: doc.id,
      origin: String(doc.get('origin.network')),
      url: String(doc.get('url_home')),
    }))
    .sort((a, b) => a.url.localeCompare(b.url));
}

describe('several networks, one catalogue (Firestore emulator)', () => {
  it('stores an offer two networks carry once, and keeps it while either still carries it', async () => {
    const t1 = START;
    const awinFirst = await collect(
      awinAdapter,
      [awinOffer(1, 'COOK10'), awinOffer(2, 'AWONLY', 'Northwind')],
      t1,
    );
    expect(awinFirst).toMatchObject({ status: 'succeeded', counts: { created: 2 } });
    const impactFirst = await collect(
      impactAdapter,
      [impactAd(9, 'COOK10'), impactAd(8, 'IMONLY', 'Litware')],
      t1,
    );
    // The shared offer is Awin's (earlier in precedence): impact.com records it, writes only its own deal.
    expect(impactFirst).toMatchObject({
      status: 'succeeded',
      counts: { created: 1, unchanged: 1 },
      deal_writes: 1,
    });
    let live = await liveDeals(t1);
    expect(live).toHaveLength(3);
    const shared = live.find((deal) => deal.url.includes('awin1.com/cread.php?p=1'));
    expect(shared?.origin).toBe('awin');

    // Awin drops it: impact.com still carries it, so it neither expires nor doubles.
    const t2 = new Date(t1.getTime() + DAY_MS);
    const awinDrop = await collect(awinAdapter, [awinOffer(2, 'AWONLY', 'Northwind')], t2);
    expect(awinDrop).toMatchObject({ status: 'succeeded', counts: { expired: 0 } });
    live = await liveDeals(t2);
    expect(live).toHaveLength(3);

    // impact.com's next run shows its own version of the offer (its tracking link), still one deal.
    const impactTakesOver = await collect(
      impactAdapter,
      [impactAd(9, 'COOK10'), impactAd(8, 'IMONLY', 'Litware')],
      t2,
    );
    expect(impactTakesOver).toMatchObject({ status: 'succeeded', counts: { updated: 1 } });
    live = await liveDeals(t2);
    expect(live).toHaveLength(3);
    expect(live.filter((deal) => deal.id === shared?.id)).toEqual([
      { id: shared?.id, origin: 'impact', url: 'https://fabrikam.sjv.io/c/1/9/1' },
    ]);

    // Once no network carries it, it expires.
    const t3 = new Date(t2.getTime() + DAY_MS);
    const impactDrop = await collect(impactAdapter, [impactAd(8, 'IMONLY', 'Litware')], t3);
    expect(impactDrop).toMatchObject({ status: 'succeeded', counts: { expired: 1 } });
    live = await liveDeals(t3);
    expect(live.map((deal) => deal.id)).not.toContain(shared?.id);
    expect(live).toHaveLength(2);
  });

  it('keeps the offer when the later network drops it first', async () => {
    await collect(awinAdapter, [awinOffer(1, 'COOK10'), awinOffer(2, 'AWONLY', 'Northwind')], START);
    await collect(impactAdapter, [impactAd(9, 'COOK10'), impactAd(8, 'IMONLY', 'Litware')], START);
    const later = new Date(START.getTime() + DAY_MS);
    const impactDrop = await collect(impactAdapter, [impactAd(8, 'IMONLY', 'Litware')], later);
    expect(impactDrop).toMatchObject({ status: 'succeeded', counts: { expired: 0 } });
    const live = await liveDeals(later);
    expect(live).toHaveLength(3);
    expect(live.find((deal) => deal.url.includes('p=1'))?.origin).toBe('awin');
  });

  it('a network outage fails its run and expires nothing', async () => {
    await collect(awinAdapter, [awinOffer(1, 'COOK10'), awinOffer(2, 'AWONLY', 'Northwind')], START);
    const later = new Date(START.getTime() + DAY_MS);
    // The first page arrives, the second keeps failing: the whole run fails and the catalogue stays.
    async function* brokenListing(): AsyncGenerator<RawOffer> {
      yield awinOffer(2, 'AWONLY', 'Northwind');
      throw new NetworkError(
        'awin (POST https://api.awin.com/publisher/1/promotions) answered HTTP 503 after 5 attempts',
      );
    }
    const outage = await collect(awinAdapter, brokenListing(), later);
    expect(outage.status).toBe('failed');
    expect(outage.message).toMatch(/HTTP 503 after 5 attempts/);
    expect(await liveDeals(later)).toHaveLength(2);
  });
});
