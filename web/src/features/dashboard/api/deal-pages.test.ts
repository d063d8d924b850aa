import { buildDealDoc, newestKeyOf, type DealInput } from '@bargains/model/deal';
import { dealQuerySpec } from '@bargains/model/queries';
import type { QueriedDocument } from '@bargains/model/contracts/dashboard-render';
import { dealPageOf } from './deal-pages';

const NOW = new Date('2025-01-06T08:00:00.000Z');

function stored(id: string, fields: Partial<DealInput> = {}): QueriedDocument {
  const data = buildDealDoc({
    title: `Deal ${id}`,
    description: 'Cordless drills and more',
    savings: '20% off',
    type: 'code',
    code: 'SAVE20',
    start_date: new Date('2025-01-01T00:00:00.000Z'),
    end_date: new Date('2025-02-01T00:00:00.000Z'),
    shop_id: 'tool-shop',
    shop_name: 'Tool Shop',
    url_home: 'https://tools.example/deal',
    scraped_at: new Date('2025-01-05T00:00:00.000Z'),
    is_verified: true,
    ...fields,
  });
  // As stored (model/deal.ts dealDocuments): with Newest First's sort key.
  return { id, data: () => ({ ...data, newest_key: newestKeyOf(data) }) };
}

describe('dealPageOf', () => {
  it("resumes after the last document's sort values, its id last", () => {
    const spec = dealQuerySpec('all', 'savings_desc', NOW);
    const page = dealPageOf(spec, [stored('a', { savings: '30% off' }), stored('b')], []);
    expect(page.deals.map((deal) => deal.id)).toEqual(['a', 'b']);
    expect(spec.orderBy.map((clause) => clause.field)).toEqual([
      'savings_value',
      'end_date',
      'start_date',
      '__name__',
    ]);
    expect(page.cursor).toEqual([20, '2025-02-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z', 'b']);
  });

  it('counts every document in the size, also the ones it drops, and has no cursor for an empty page', () => {
    const spec = dealQuerySpec('all', 'newest', NOW);
    // Malformed (no usable link) but sorted like any other: Firestore returns only documents with every sort field.
    const broken: QueriedDocument = {
      id: 'broken',
      data: () => ({ ...stored('broken').data(), url_home: 'javascript:alert(1)' }),
    };
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const page = dealPageOf(spec, [stored('a'), broken], []);
    warn.mockRestore();
    expect(page.deals.map((deal) => deal.id)).toEqual(['a']);
    expect(page.size).toBe(2);
    expect(page.cursor?.at(-1)).toBe('broken');
    expect(dealPageOf(spec, [], []).cursor).toBeNull();
  });

  it('keeps only deals holding every further search word', () => {
    const spec = dealQuerySpec('all', 'newest', NOW, { term: 'cordless' });
    const page = dealPageOf(
      spec,
      [stored('drills'), stored('saws', { description: 'Cordless saws' })],
      ['drills'],
    );
    expect(page.deals.map((deal) => deal.id)).toEqual(['drills']);
    expect(page.cursor?.at(-1)).toBe('saws');
  });
});
