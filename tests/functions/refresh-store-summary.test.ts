// refreshStoreSummary (functions/src/deals/refresh-store-summary.ts), the helper a deal writer calls after a batch: it
// rewrites sources/wired/summaries/shops from the deals that are live now. Runs in its own project so the
// demo deals the other stages rely on are never touched.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { refreshStoreSummary } from '../../functions/src/deals/refresh-store-summary';
import { buildDealDoc } from '@bargains/model/deal';
import { dealDocPath, STORE_SUMMARY_DOC_PATH } from '@bargains/model/paths';
import { parseStoreSummary } from '@bargains/model/store-summary';
import { writeDeals } from '../support/deals';
import { FIRESTORE_EMULATOR } from './support/env';

process.env.FIRESTORE_EMULATOR_HOST ??= FIRESTORE_EMULATOR;
const app = initializeApp({ projectId: 'demo-bargains-summary' }, 'shop-summary-tests');
const db = getFirestore(app);
afterAll(() => deleteApp(app));

const NOW = new Date('2025-06-01T12:00:00.000Z');
const DAY = 86_400_000;

function deal(shop: string, title: string, startDays: number, endDays: number) {
  return buildDealDoc({
    title,
    description: '',
    savings: '10% off',
    type: 'sale',
    start_date: new Date(NOW.getTime() + startDays * DAY),
    end_date: new Date(NOW.getTime() + endDays * DAY),
    shop_id: shop.toLowerCase(),
    shop_name: shop,
    url_home: 'https://example.com/deal',
    scraped_at: NOW,
    is_verified: true,
  });
}

describe('refreshStoreSummary', () => {
  it('writes the live deals per shop and category, leaving expired and upcoming deals out', async () => {
    await db.recursiveDelete(db.collection('sources'));
    const deals = {
      a: deal('Zeta', 'Laptops', -2, 3),
      b: deal('Zeta', 'Headphones', -1, 1),
      c: deal('Alpha', 'Winter jackets', -5, 10),
      expired: deal('Gone', 'Laptops', -9, -1),
      upcoming: deal('Later', 'Laptops', 1, 9),
    };
    await writeDeals(
      db,
      Object.entries(deals).map(([id, doc]) => ({ id, doc })),
    );
    // A deal written before `category` existed still counts (as 'other').
    const { category: _category, ...legacy } = deal('Alpha', 'Gift cards', -1, 2);
    await db.doc(dealDocPath('legacy')).set(legacy);

    const written = await refreshStoreSummary(db, NOW);
    const stored = parseStoreSummary((await db.doc(STORE_SUMMARY_DOC_PATH).get()).data());
    expect(stored?.shops).toEqual([
      { id: 'alpha', name: 'Alpha', url: null, live: 2 },
      { id: 'zeta', name: 'Zeta', url: null, live: 2 },
    ]);
    expect(stored?.categories).toMatchObject({ electronics: 2, fashion: 1, other: 1 });
    expect(written.updated_at).toBe(NOW.toISOString());
  });
});
