import { parseDeal } from '@bargains/model/deal';
import { dealAppliesIn, distanceKm, storeLocationDocuments } from '@bargains/model/near-you';
import { DEMO_ANCHOR } from './constants';
import { buildDemoDataset } from './dataset';
import { demoPlaceIds } from './places';

describe('demo places', () => {
  const dataset = buildDemoDataset();
  const anchor = new Date(`${DEMO_ANCHOR}T00:00:00.000Z`);
  const { inStore, regionLimited } = demoPlaceIds(dataset.deals);
  const deal = (id: string) => {
    const found = dataset.deals.find((candidate) => candidate.id === id);
    if (!found) throw new Error(`no demo deal ${id}`);
    return found.doc;
  };

  it('has live in-store deals in Portland, Seattle and Chicago, each store geohashed', () => {
    expect(inStore).toHaveLength(5);
    const portland = { lat: 45.5152, lng: -122.6784 };
    const stores = inStore.flatMap((id) => storeLocationDocuments(id, deal(id)).map(({ data }) => data));
    expect(stores.filter((store) => distanceKm(portland, store) < 25)).toHaveLength(3);
    expect(stores.filter((store) => store.label.endsWith('Seattle'))).toHaveLength(2);
    expect(stores.filter((store) => store.label.endsWith('Chicago'))).toHaveLength(2);
    for (const id of inStore) {
      const parsed = parseDeal(id, deal(id));
      expect(parsed?.stores?.length).toBeGreaterThan(0);
      expect(parsed?.start_date.getTime()).toBeDefined();
      expect(Date.parse(deal(id).start_date)).toBeLessThanOrEqual(anchor.getTime());
    }
  });

  it('has deals valid only in another country, and keeps every other deal as generated', () => {
    expect(regionLimited).toHaveLength(3);
    const abroad = regionLimited.filter((id) => !dealAppliesIn(deal(id), 'US'));
    expect(abroad).toHaveLength(2);
    expect(dataset.deals).toHaveLength(180);
  });
});
