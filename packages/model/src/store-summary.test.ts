import { buildDealDoc } from './deal';
import { buildStoreSummaryDoc, parseStoreSummary } from './store-summary';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const DAY = 86_400_000;

function dealAt(shop: string, title: string, startOffset: number, endOffset: number, url?: string) {
  return buildDealDoc({
    title,
    description: '',
    savings: '10% off',
    type: 'sale',
    start_date: new Date(NOW.getTime() + startOffset * DAY),
    end_date: new Date(NOW.getTime() + endOffset * DAY),
    shop_id: shop.toLowerCase().replace(/\W+/g, '-'),
    shop_name: shop,
    shop_url: url ?? null,
    url_home: 'https://example.com/deal',
    scraped_at: NOW,
    is_verified: true,
  });
}

describe('buildStoreSummaryDoc', () => {
  it('counts live deals per shop and category, sorted by name; expired and upcoming deals are left out', () => {
    const doc = buildStoreSummaryDoc(
      [
        dealAt('Zeta Audio', 'Headphones', -1, 5, 'https://zeta.example'),
        dealAt('Zeta Audio', 'Laptops', -2, 1),
        dealAt('alpha Books', 'Bestsellers', -3, 3),
        dealAt('Gone Shop', 'Laptops', -10, -1),
        dealAt('Soon Shop', 'Laptops', 1, 10),
      ],
      NOW,
    );
    expect(doc.shops).toEqual([
      { id: 'alpha-books', name: 'alpha Books', live: 1 },
      { id: 'zeta-audio', name: 'Zeta Audio', url: 'https://zeta.example', live: 2 },
    ]);
    expect(doc.categories).toEqual({
      electronics: 2,
      fashion: 0,
      home: 0,
      beauty: 0,
      travel: 0,
      food: 0,
      other: 1,
    });
    expect(doc.updated_at).toBe('2025-06-01T12:00:00.000Z');
  });

  it('round-trips through parseStoreSummary, filling categories missing from an older document', () => {
    const doc = buildStoreSummaryDoc([dealAt('Zeta Audio', 'Headphones', -1, 5)], NOW);
    const parsed = parseStoreSummary({ ...doc, categories: { electronics: 1 } });
    expect(parsed?.shops).toEqual([{ id: 'zeta-audio', name: 'Zeta Audio', url: null, live: 1 }]);
    expect(parsed?.categories.electronics).toBe(1);
    expect(parsed?.categories.other).toBe(0);
    expect(parsed?.updated_at).toEqual(NOW);
    expect(parseStoreSummary({ shops: 'nope' }, () => undefined)).toBeNull();
  });
});
