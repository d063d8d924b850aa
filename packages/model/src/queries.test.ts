import { COLLECTIONS, DOCUMENT_ID_FIELD } from './paths';
import {
  BLOG_PAGE_SIZE,
  blogQuerySpec,
  dealQuerySpec,
  dealsByIdQuerySpec,
  savedDealsQuerySpec,
} from './queries';

const NOW = new Date('2025-03-10T12:34:56.789Z');
const NOW_ISO = '2025-03-10T12:34:56.789Z';

describe('dealQuerySpec', () => {
  it('verified + newest: equality, the live window, then the newest key (picks first) desc with tie-breakers', () => {
    expect(dealQuerySpec('verified', 'newest', NOW)).toEqual({
      collection: 'sources/wired/coupons',
      where: [
        { field: 'is_verified', op: '==', value: true },
        { field: 'start_date', op: '<=', value: NOW_ISO },
        { field: 'end_date', op: '>', value: NOW_ISO },
      ],
      orderBy: [
        { field: 'newest_key', direction: 'desc' },
        { field: 'end_date', direction: 'desc' },
        { field: 'start_date', direction: 'desc' },
        { field: '__name__', direction: 'desc' },
      ],
      limit: 20,
    });
  });

  it('unverified filters on false, all has no equality filter', () => {
    expect(dealQuerySpec('unverified', 'newest', NOW).where[0]).toEqual({
      field: 'is_verified',
      op: '==',
      value: false,
    });
    expect(dealQuerySpec('all', 'newest', NOW).where.map((clause) => clause.field)).toEqual([
      'start_date',
      'end_date',
    ]);
  });

  it.each([
    ['savings_asc', 'asc'],
    ['savings_desc', 'desc'],
  ] as const)('%s sorts by the numeric savings_value %s', (sort, direction) => {
    expect(dealQuerySpec('all', sort, NOW).orderBy).toEqual([
      { field: 'savings_value', direction },
      { field: 'end_date', direction },
      { field: 'start_date', direction },
      { field: DOCUMENT_ID_FIELD, direction },
    ]);
  });

  it('ending_soon sorts by end_date ascending, then start_date and the id', () => {
    expect(dealQuerySpec('all', 'ending_soon', NOW).orderBy).toEqual([
      { field: 'end_date', direction: 'asc' },
      { field: 'start_date', direction: 'asc' },
      { field: DOCUMENT_ID_FIELD, direction: 'asc' },
    ]);
  });

  it('narrows by shop, category and one search term, before the live window', () => {
    const spec = dealQuerySpec('verified', 'newest', NOW, {
      shop: 'bluebird-electronics',
      category: 'electronics',
      term: 'head',
    });
    // Only the search documents carry search_terms; the listing documents stay small.
    expect(spec.collection).toBe('sources/wired/coupon_search');
    expect(dealQuerySpec('verified', 'newest', NOW, { shop: 'bluebird-electronics' }).collection).toBe(
      'sources/wired/coupons',
    );
    expect(spec.where).toEqual([
      { field: 'is_verified', op: '==', value: true },
      { field: 'shop_id', op: '==', value: 'bluebird-electronics' },
      { field: 'category', op: '==', value: 'electronics' },
      { field: 'search_terms', op: 'array-contains', value: 'head' },
      { field: 'start_date', op: '<=', value: NOW_ISO },
      { field: 'end_date', op: '>', value: NOW_ISO },
    ]);
    expect(dealQuerySpec('all', 'newest', NOW, { shop: null, category: null, term: '' })).toEqual(
      dealQuerySpec('all', 'newest', NOW),
    );
  });

  it('reads saved deals by id, one page at most, and the saved list newest first', () => {
    expect(dealsByIdQuerySpec(['a', 'b']).where).toEqual([
      { field: DOCUMENT_ID_FIELD, op: 'in', value: ['a', 'b'] },
    ]);
    expect(() => dealsByIdQuerySpec([])).toThrow(RangeError);
    expect(() => dealsByIdQuerySpec(Array.from({ length: 21 }, (_, i) => `d${i}`))).toThrow(RangeError);
    expect(savedDealsQuerySpec('u1')).toMatchObject({ collection: 'users/u1/saved', limit: 100 });
  });
});

describe('blogQuerySpec', () => {
  it('orders by publishedAt desc with an id tie-breaker, 9 per page', () => {
    expect(blogQuerySpec()).toEqual({
      collection: COLLECTIONS.blogSummaries,
      where: [],
      orderBy: [
        { field: 'publishedAt', direction: 'desc' },
        { field: '__name__', direction: 'desc' },
      ],
      limit: 9,
    });
    expect(BLOG_PAGE_SIZE).toBe(9);
  });
});
