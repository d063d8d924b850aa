import { makeDeal } from '../test/deal-fixture';
import {
  canLoadMore,
  dealListReducer,
  initialDealListState,
  MAX_FILL_READS,
  needsFill,
  USER_NOT_AUTHENTICATED,
  type DealListAction,
  type DealListState,
} from './deal-list-state';

type Cursor = string;
const LISTED_AT = new Date('2025-01-20T12:00:00.000Z');
const reduce = (state: DealListState<Cursor>, ...actions: DealListAction<Cursor>[]) =>
  actions.reduce(dealListReducer<Cursor>, state);

const pageOf = (ids: string[], size = ids.length) => ({
  deals: ids.map((id) => makeDeal({ id })),
  size,
  cursor: ids.length > 0 ? `cursor-${ids[ids.length - 1]}` : null,
});
const ids = (from: number, count: number) => Array.from({ length: count }, (_, i) => `d${from + i}`);

const started = reduce(initialDealListState<Cursor>(), {
  type: 'listing-started',
  listingId: 1,
  listedAt: LISTED_AT,
});

describe('dealListReducer', () => {
  it('shows a first page and allows the next one when the page was full', () => {
    const state = reduce(started, { type: 'page-received', listingId: 1, page: pageOf(ids(0, 20)) });
    expect(state.deals).toHaveLength(20);
    expect(state.status).toBe('idle');
    expect(state.cursor).toBe('cursor-d19');
    expect(canLoadMore(state)).toBe(true);
  });

  it('stops after a short page', () => {
    const state = reduce(started, { type: 'page-received', listingId: 1, page: pageOf(ids(0, 7)) });
    expect(canLoadMore(state)).toBe(false);
  });

  it('counts malformed documents towards a full page (they were read, just not shown)', () => {
    const state = reduce(
      started,
      { type: 'page-received', listingId: 1, page: pageOf(ids(0, 20)) },
      { type: 'more-requested', listingId: 1 },
      { type: 'page-received', listingId: 1, page: pageOf(ids(20, 18), 20) },
    );
    expect(state.deals).toHaveLength(38);
    expect(canLoadMore(state)).toBe(true);
  });

  it('keeps a listing that shows less than a page loading while more may follow (a narrowed search)', () => {
    // One match in a full page of documents: not the end of the list, and not shown as if it were.
    const one = reduce(started, { type: 'page-received', listingId: 1, page: pageOf(ids(0, 1), 20) });
    expect(one).toMatchObject({ status: 'loading-more', fillReads: 1, cursor: 'cursor-d0' });
    // No match yet: still the first page's loading state, never 'No bargains found'.
    const none = reduce(started, {
      type: 'page-received',
      listingId: 1,
      page: { deals: [], size: 20, cursor: 'cursor-x' },
    });
    expect(none.status).toBe('loading-first');
    // The next pages land on it until a page is filled…
    const filled = reduce(one, { type: 'page-received', listingId: 1, page: pageOf(ids(1, 19), 20) });
    expect(filled).toMatchObject({ status: 'idle', fillReads: 1 });
    expect(filled.deals).toHaveLength(20);
    expect(needsFill(filled)).toBe(false);
    // …or the deals end (a short page).
    const ended = reduce(one, { type: 'page-received', listingId: 1, page: pageOf(ids(1, 3), 5) });
    expect(ended.status).toBe('idle');
    expect(canLoadMore(ended)).toBe(false);
  });

  it('reads at most MAX_FILL_READS pages on its own in a row; asking for more starts a new round', () => {
    const narrowedAway = (from: number) => ({
      type: 'page-received' as const,
      listingId: 1,
      page: { deals: [], size: 20, cursor: `cursor-${from}` },
    });
    let state = reduce(started, narrowedAway(0));
    for (let read = 1; read <= MAX_FILL_READS; read += 1) {
      expect(state).toMatchObject({ status: 'loading-first', fillReads: read });
      state = reduce(state, narrowedAway(read));
    }
    // Settled with nothing shown and more to read: the empty state offers 'Search more deals'.
    expect(state).toMatchObject({ status: 'idle', fillReads: MAX_FILL_READS, deals: [] });
    expect(canLoadMore(state)).toBe(true);
    state = reduce(state, { type: 'more-requested', listingId: 1 }, narrowedAway(99));
    expect(state).toMatchObject({ status: 'loading-first', fillReads: 1 });
  });

  it('reports a failed read of a listing still showing nothing as a failed first page', () => {
    const state = reduce(
      started,
      { type: 'page-received', listingId: 1, page: { deals: [], size: 20, cursor: 'cursor-x' } },
      { type: 'page-failed', listingId: 1, reason: 'unavailable' },
    );
    expect(state.error).toEqual({ kind: 'first', message: 'Failed to fetch deals: unavailable' });
  });

  it('appends further pages without duplicates', () => {
    const state = reduce(
      started,
      { type: 'page-received', listingId: 1, page: pageOf(ids(0, 20)) },
      { type: 'more-requested', listingId: 1 },
      { type: 'page-received', listingId: 1, page: pageOf([...ids(18, 2), ...ids(20, 18)]) },
    );
    expect(state.deals.map((deal) => deal.id)).toEqual(ids(0, 38));
    expect(state.lastPageSize).toBe(20);
  });

  it('does not start a second request while one is loading', () => {
    const loading = reduce(
      started,
      { type: 'page-received', listingId: 1, page: pageOf(ids(0, 20)) },
      { type: 'more-requested', listingId: 1 },
    );
    expect(loading.status).toBe('loading-more');
    expect(canLoadMore(loading)).toBe(false);
    expect(reduce(loading, { type: 'more-requested', listingId: 1 })).toBe(loading);
  });

  it('ignores pages of an older listing (the filter or sort changed meanwhile)', () => {
    const restarted = reduce(started, { type: 'listing-started', listingId: 2, listedAt: LISTED_AT });
    const state = reduce(restarted, { type: 'page-received', listingId: 1, page: pageOf(ids(0, 20)) });
    expect(state).toBe(restarted);
    expect(state.status).toBe('loading-first');
  });

  it('restarts from an empty first page on a new listing', () => {
    const loaded = reduce(started, { type: 'page-received', listingId: 1, page: pageOf(ids(0, 20)) });
    const restarted = reduce(loaded, { type: 'listing-started', listingId: 2, listedAt: LISTED_AT });
    expect(restarted.deals).toEqual([]);
    expect(restarted.cursor).toBeNull();
    expect(restarted.status).toBe('loading-first');
  });

  it('reports a failed first page as "Failed to fetch deals"', () => {
    const state = reduce(started, {
      type: 'page-failed',
      listingId: 1,
      reason: 'Missing or insufficient permissions.',
    });
    expect(state.error).toEqual({
      kind: 'first',
      message: 'Failed to fetch deals: Missing or insufficient permissions.',
    });
  });

  it('reports a failed further page as "Failed to load more deals" and keeps the loaded deals', () => {
    const state = reduce(
      started,
      { type: 'page-received', listingId: 1, page: pageOf(ids(0, 20)) },
      { type: 'more-requested', listingId: 1 },
      { type: 'page-failed', listingId: 1, reason: 'offline' },
    );
    expect(state.error).toEqual({ kind: 'more', message: 'Failed to load more deals: offline' });
    expect(state.deals).toHaveLength(20);
    expect(canLoadMore(state)).toBe(true);
  });

  it('reports a missing user as "User not authenticated"', () => {
    const state = reduce(started, { type: 'unauthenticated' });
    expect(state.error).toEqual({ kind: 'first', message: USER_NOT_AUTHENTICATED });
    expect(state.status).toBe('idle');
  });
});
