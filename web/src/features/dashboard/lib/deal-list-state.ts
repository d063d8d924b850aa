// State of the paged deal list as a reducer: the transitions are pure and tested without Firestore.
// Every listing (one user, filter and sort) gets an id; responses from an older listing are ignored,
// so a slow page for the previous filter can never land in the new list.
import type { Deal } from '@bargains/model/deal';
import { DEAL_PAGE_SIZE } from '@bargains/model/queries';
import { appendUniqueById, canLoadNextPage } from './pagination';

/**
 * Further pages a listing reads on its own, in a row, while it shows less than a page of deals: a multi-word
 * search narrows each page on the client (model/search.ts), so one page of documents may hold a single match or
 * none although more follow. Bounded, so a rare word cannot read the whole collection unasked: after these, the
 * infinite scroll (or 'Search more deals' with nothing shown) asks for more.
 */
export const MAX_FILL_READS = 4;

export type DealListStatus = 'loading-first' | 'loading-more' | 'idle';

export interface DealListError {
  /** 'first': the list could not load at all; 'more': a further page failed (the loaded deals stay). */
  kind: 'first' | 'more';
  message: string;
}

export interface DealListState<Cursor> {
  listingId: number;
  /** The instant the listing started (its live window); relative times on the cards use it. */
  listedAt: Date | null;
  deals: Deal[];
  cursor: Cursor | null;
  lastPageSize: number;
  /**
   * 'loading-first' until the listing shows a deal or has settled, 'loading-more' while a further page is read
   * (asked for, or read on its own to fill the list: see MAX_FILL_READS), 'idle' when nothing is being read.
   */
  status: DealListStatus;
  /** Pages read on their own since the listing started or the user last asked for more (MAX_FILL_READS). */
  fillReads: number;
  error: DealListError | null;
}

export interface ReceivedPage<Cursor> {
  deals: Deal[];
  size: number;
  cursor: Cursor | null;
}

export type DealListAction<Cursor> =
  | { type: 'listing-started'; listingId: number; listedAt: Date }
  | { type: 'more-requested'; listingId: number }
  | { type: 'page-received'; listingId: number; page: ReceivedPage<Cursor> }
  | { type: 'page-failed'; listingId: number; reason: string }
  | { type: 'unauthenticated' };

export const USER_NOT_AUTHENTICATED = 'User not authenticated';

export function initialDealListState<Cursor>(): DealListState<Cursor> {
  return {
    listingId: 0,
    listedAt: null,
    deals: [],
    cursor: null,
    lastPageSize: 0,
    status: 'loading-first',
    fillReads: 0,
    error: null,
  };
}

/**
 * Listing 1 showing `first.page`, listed at `first.now`: the first render's state when the first page is already
 * here (prefetched while the app booted, or rendered on the server), and the state render_dashboard draws.
 */
export function listingWithFirstPage<Cursor>(
  first: { now: Date; page: ReceivedPage<Cursor> } | null,
): DealListState<Cursor> {
  const empty = initialDealListState<Cursor>();
  if (first === null) return empty;
  const started = dealListReducer(empty, { type: 'listing-started', listingId: 1, listedAt: first.now });
  return dealListReducer(started, { type: 'page-received', listingId: 1, page: first.page });
}

export function dealListReducer<Cursor>(
  state: DealListState<Cursor>,
  action: DealListAction<Cursor>,
): DealListState<Cursor> {
  switch (action.type) {
    case 'listing-started':
      return { ...initialDealListState<Cursor>(), listingId: action.listingId, listedAt: action.listedAt };
    case 'unauthenticated':
      return {
        ...initialDealListState<Cursor>(),
        listingId: state.listingId,
        status: 'idle',
        error: { kind: 'first', message: USER_NOT_AUTHENTICATED },
      };
    case 'more-requested':
      if (action.listingId !== state.listingId || !canLoadMore(state)) return state;
      return { ...state, status: 'loading-more', fillReads: 0, error: null };
    case 'page-received': {
      if (action.listingId !== state.listingId || state.status === 'idle') return state;
      const { page } = action;
      const received: DealListState<Cursor> = {
        ...state,
        // A first page lands on the empty list that 'listing-started' left.
        deals: appendUniqueById(state.deals, page.deals),
        // An empty page keeps the previous cursor, but its size (0) stops further loading.
        cursor: page.cursor ?? state.cursor,
        lastPageSize: page.size,
        status: 'idle',
        error: null,
      };
      if (!needsFill(received)) return received;
      // Less than a page shown and more may follow: the list is not final yet, so it says it is still loading
      // (useDealPages reads the next page for every loading state nothing is being read for).
      return {
        ...received,
        status: received.deals.length === 0 ? 'loading-first' : 'loading-more',
        fillReads: received.fillReads + 1,
      };
    }
    case 'page-failed': {
      if (action.listingId !== state.listingId || state.status === 'idle') return state;
      const kind = state.status === 'loading-first' ? 'first' : 'more';
      const prefix = kind === 'first' ? 'Failed to fetch deals' : 'Failed to load more deals';
      return { ...state, status: 'idle', error: { kind, message: `${prefix}: ${action.reason}` } };
    }
  }
}

/**
 * True when a settled listing shows less than a page of deals while more may follow (the last page was full), and
 * it has not yet read MAX_FILL_READS pages on its own in a row: it reads the next page without waiting for a scroll.
 */
export function needsFill<Cursor>(state: DealListState<Cursor>): boolean {
  return state.deals.length < DEAL_PAGE_SIZE && state.fillReads < MAX_FILL_READS && canLoadMore(state);
}

export function canLoadMore<Cursor>(state: DealListState<Cursor>): boolean {
  return canLoadNextPage({
    lastPageSize: state.lastPageSize,
    isLoading: state.status !== 'idle',
    hasCursor: state.cursor !== null,
  });
}
