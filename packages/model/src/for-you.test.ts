import type { QueriedDocument } from './contracts/dashboard-render';
import {
  FIRESTORE_IN_LIMIT,
  FOR_YOU_MAX_READS_PER_PAGE,
  FOR_YOU_MAX_TIERS,
  type ForYouCursor,
  type ForYouTier,
  forYouTierOf,
  forYouTiers,
  hasInterests,
  interestsOf,
  readForYouPage,
  type ReadQuery,
} from './for-you';
import { DOCUMENT_ID_FIELD } from './paths';
import { DEAL_PAGE_SIZE, type QuerySpec, type WhereClause } from './queries';

const NOW = new Date('2026-11-27T12:00:00.000Z');

interface Row {
  id: string;
  data: Record<string, string | number | boolean>;
}

/** A live deal; `minutes` ago it was scraped (newest first = smallest first), ends in `endsIn` hours. */
function row(id: string, shop: string, category: string, minutes: number, endsIn = 48, verified = true): Row {
  const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
  return {
    id,
    data: {
      shop_id: shop,
      category,
      is_verified: verified,
      scraped_at: at(-minutes * 60_000),
      newest_key: `0|${at(-minutes * 60_000)}`,
      start_date: at(-72 * 3_600_000),
      end_date: at(endsIn * 3_600_000),
      savings_value: 10,
    },
  };
}

type Value = string | number | boolean;

function satisfies(data: Row['data'], id: string, clause: WhereClause): boolean {
  const value: Value | undefined = clause.field === DOCUMENT_ID_FIELD ? id : data[clause.field];
  if (value === undefined) return false;
  switch (clause.op) {
    case '==':
      return value === clause.value;
    case 'in':
      return (clause.value as readonly string[]).includes(String(value));
    case '<':
      return value < clause.value;
    case '<=':
      return value <= clause.value;
    case '>':
      return value > clause.value;
    case '>=':
      return value >= clause.value;
    case 'array-contains':
      return false;
  }
}

function compare(a: readonly Value[], b: readonly Value[], spec: QuerySpec): number {
  for (const [i, clause] of spec.orderBy.entries()) {
    const [x, y] = [a[i], b[i]];
    if (x === undefined || y === undefined || x === y) continue;
    return (x < y ? -1 : 1) * (clause.direction === 'asc' ? 1 : -1);
  }
  return 0;
}

/** Firestore as the pager sees it: filter, order, startAfter, limit; counts the documents delivered. */
function fakeFirestore(rows: readonly Row[]) {
  const stats = { documents: 0, queries: 0 };
  const valuesOf = (spec: QuerySpec, r: Row) =>
    spec.orderBy.map((clause) => (clause.field === DOCUMENT_ID_FIELD ? r.id : (r.data[clause.field] ?? '')));
  const read: ReadQuery = async (spec, after) => {
    stats.queries += 1;
    const result = rows
      .filter((r) => spec.where.every((clause) => satisfies(r.data, r.id, clause)))
      .sort((a, b) => compare(valuesOf(spec, a), valuesOf(spec, b), spec))
      .filter((r) => after === null || compare(valuesOf(spec, r), after, spec) > 0)
      .slice(0, spec.limit)
      .map((r): QueriedDocument => ({ id: r.id, data: () => r.data }));
    stats.documents += result.length;
    return result;
  };
  return { read, stats };
}

async function readAll(
  tiers: ForYouTier[],
  read: ReadQuery,
  perPage: (documents: number) => void = () => {},
) {
  const ids: string[] = [];
  let cursor: ForYouCursor | null = null;
  for (let page = 0; page < 100; page += 1) {
    const result = await readForYouPage(tiers, cursor, read);
    perPage(result.size);
    ids.push(...result.documents.map((document) => document.id));
    if (result.size < DEAL_PAGE_SIZE) return ids;
    // Every cursor is plain JSON, as a server-rendered page hands it over.
    cursor = JSON.parse(JSON.stringify(result.cursor)) as ForYouCursor;
  }
  throw new Error('paging did not end');
}

const tiersFor = (stores: string[], categories: Array<'home' | 'fashion' | 'electronics'>, narrowing = {}) =>
  forYouTiers('verified', 'newest', NOW, narrowing, { stores, categories });

describe('interestsOf', () => {
  it('takes the chosen stores and categories first, then those of saved deals, without repeats', () => {
    const interests = interestsOf({ interest_stores: ['acme'], interest_categories: ['home'] }, [
      { shop_id: 'zeta', category: 'fashion' },
      { shop_id: 'acme', category: 'home' },
    ]);
    expect(interests).toEqual({ stores: ['acme', 'zeta'], categories: ['home', 'fashion'] });
    expect(hasInterests(interests)).toBe(true);
  });

  it('has no interests without preferences and saved deals (the dashboard asks for some)', () => {
    expect(hasInterests(interestsOf(null, []))).toBe(false);
    expect(hasInterests(interestsOf({ interest_stores: [], interest_categories: [] }, []))).toBe(false);
  });
});

describe('the For you ranking', () => {
  const rows = [
    row('a-new-other', 'other', 'fashion', 1),
    row('b-store', 'acme', 'electronics', 5),
    row('c-category', 'other', 'home', 2),
    row('d-both', 'acme', 'home', 9),
    row('e-other-old', 'other', 'fashion', 30),
    row('f-store-new', 'acme', 'fashion', 3),
    row('g-expired', 'acme', 'home', 0, -1),
    row('h-unverified', 'acme', 'home', 0, 48, false),
  ];

  it('lists the followed stores first, then the followed categories, then the rest, each newest first', async () => {
    const { read } = fakeFirestore(rows);
    expect(await readAll(tiersFor(['acme'], ['home']), read)).toEqual([
      'f-store-new',
      'b-store',
      'd-both',
      'c-category',
      'a-new-other',
      'e-other-old',
    ]);
  });

  it('lists a deal matching a store and a category once, in the store tier', async () => {
    const tiers = tiersFor(['acme'], ['home']);
    expect(forYouTierOf(tiers, { shop_id: 'acme', category: 'home' })).toBe(0);
    expect(forYouTierOf(tiers, { shop_id: 'other', category: 'home' })).toBe(1);
    expect(forYouTierOf(tiers, { shop_id: 'other', category: 'fashion' })).toBe(2);
    const ids = await readAll(tiers, fakeFirestore(rows).read);
    expect(ids.filter((id) => id === 'd-both')).toHaveLength(1);
  });

  it('leaves out expired deals and respects the verified filter in every tier', async () => {
    const ids = await readAll(tiersFor(['acme'], ['home']), fakeFirestore(rows).read);
    expect(ids).not.toContain('g-expired');
    expect(ids).not.toContain('h-unverified');
  });

  it('breaks ties in the chosen sort by the usual tie-breakers, the document id last', async () => {
    const tied = [
      row('t-2', 'acme', 'home', 5),
      row('t-1', 'acme', 'home', 5),
      row('t-3', 'acme', 'home', 5),
    ];
    // Newest first sorts every key descending, the document id too.
    expect(await readAll(tiersFor(['acme'], []), fakeFirestore(tied).read)).toEqual(['t-3', 't-2', 't-1']);
  });

  it('keeps the chosen store or category filter: a contradicting tier is left out', () => {
    expect(tiersFor(['acme'], ['home'], { shop: 'other' }).map((tier) => tier.spec.where[0])).toEqual([
      { field: 'category', op: 'in', value: ['home'] },
      { field: 'is_verified', op: '==', value: true },
    ]);
    // The chosen store is followed: its tier is the filtered list itself, and no other tier follows.
    const followed = tiersFor(['acme'], ['home'], { shop: 'acme' });
    expect(followed).toHaveLength(1);
    expect(followed[0]?.spec.where.some((clause) => clause.op === 'in')).toBe(false);
    // A followed category chosen as the filter: the stores first, then the category (the filtered list) last.
    const category = tiersFor(['acme'], ['home'], { category: 'home' });
    expect(category).toHaveLength(2);
    expect(category[0]?.spec.where[0]).toEqual({ field: 'shop_id', op: 'in', value: ['acme'] });
    expect(category[1]?.spec.where.some((clause) => clause.op === 'in')).toBe(false);
    expect(category[1]?.spec.where).toContainEqual({ field: 'category', op: '==', value: 'home' });
  });

  it('orders a filtered list the same way: the followed store first, nothing lost or repeated', async () => {
    const ids = await readAll(tiersFor(['acme'], ['home'], { category: 'home' }), fakeFirestore(rows).read);
    expect(ids).toEqual(['d-both', 'c-category']);
    const unfollowed = await readAll(
      tiersFor(['acme'], ['home'], { shop: 'other' }),
      fakeFirestore(rows).read,
    );
    expect(unfollowed).toEqual(['c-category', 'a-new-other', 'e-other-old']);
  });

  it('splits more than 30 stores into tiers of 30, in the order they were chosen', () => {
    const stores = Array.from({ length: 45 }, (_, i) => `s${i}`);
    const tiers = tiersFor(stores, ['home']);
    expect(tiers).toHaveLength(FOR_YOU_MAX_TIERS);
    expect(tiers[0]?.spec.where[0]).toEqual({
      field: 'shop_id',
      op: 'in',
      value: stores.slice(0, FIRESTORE_IN_LIMIT),
    });
    expect(tiers[1]?.spec.where[0]).toEqual({
      field: 'shop_id',
      op: 'in',
      value: stores.slice(FIRESTORE_IN_LIMIT),
    });
  });

  it('pages through many deals without skipping or repeating one, each page within the read bound', async () => {
    const many: Row[] = [];
    const shops = ['acme', 'other', 'zeta', 'other2'];
    const categories = ['home', 'fashion', 'electronics'];
    for (let i = 0; i < 137; i += 1) {
      // Repeated timestamps make the tie-breakers matter.
      many.push(
        row(`deal-${String(i).padStart(3, '0')}`, shops[i % 4] ?? 'x', categories[i % 3] ?? 'home', i % 7),
      );
    }
    const { read, stats } = fakeFirestore(many);
    const sizes: number[] = [];
    const ids = await readAll(tiersFor(['acme', 'zeta'], ['home']), read, (size) => sizes.push(size));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(many.map((r) => r.id).sort());
    expect(Math.max(...sizes)).toBeLessThanOrEqual(DEAL_PAGE_SIZE);
    // Tiers: each deal's tier never goes down along the list.
    const tiers = tiersFor(['acme', 'zeta'], ['home']);
    const byId = new Map(many.map((r) => [r.id, r]));
    const ranks = ids.map((id) => {
      const data = byId.get(id)?.data;
      return forYouTierOf(tiers, { shop_id: data?.shop_id, category: data?.category });
    });
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    // Billed reads: the documents, plus one per query that returned none.
    expect(stats.documents + stats.queries).toBeLessThanOrEqual(sizes.length * FOR_YOU_MAX_READS_PER_PAGE);
  });

  it('reads at most a page of documents per request even when it crosses every tier', async () => {
    const few = [
      row('x1', 'acme', 'home', 1),
      row('x2', 'other', 'home', 2),
      row('x3', 'other', 'fashion', 3),
    ];
    const { read, stats } = fakeFirestore([
      ...few,
      ...Array.from({ length: 40 }, (_, i) => row(`y${i}`, 'other', 'fashion', 10 + i)),
    ]);
    const page = await readForYouPage(tiersFor(['acme'], ['home']), null, read);
    expect(page.documents.map((document) => document.id).slice(0, 3)).toEqual(['x1', 'x2', 'x3']);
    expect(page.size).toBe(DEAL_PAGE_SIZE);
    expect(stats.documents).toBeLessThanOrEqual(DEAL_PAGE_SIZE);
    expect(page.queries).toBe(3);
    expect(stats.documents + page.queries).toBeLessThanOrEqual(FOR_YOU_MAX_READS_PER_PAGE);
  });

  it('refuses a cursor that names no tier', async () => {
    await expect(readForYouPage(tiersFor(['acme'], []), [7, 'x'], fakeFirestore([]).read)).rejects.toThrow(
      RangeError,
    );
  });
});
