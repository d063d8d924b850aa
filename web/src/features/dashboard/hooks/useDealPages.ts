import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { Firestore } from 'firebase/firestore/lite';
import type { DealInterests } from '@bargains/model/for-you';
import type { DealFilter, DealNarrowing, DealSort } from '@bargains/model/queries';
import { errorText } from '@/lib/error-text';
import { fetchDealPage, type DealCursor, type DealPage } from '../api/deal-pages';
import { fetchForYouPage } from '../api/for-you';
import { arrivedFirstPage, takePrefetchedFirstPage } from '../api/first-page-prefetch';
import {
  canLoadMore,
  dealListReducer,
  listingWithFirstPage,
  type DealListState,
} from '../lib/deal-list-state';

export interface DealPagesOptions {
  db: Firestore;
  /** The signed-in user's id; null shows 'User not authenticated'. */
  uid: string | null;
  /** Memoized by the caller: a new object starts a new listing. */
  query: DealListQuery;
}

/** What the list shows: every field is part of the listing's identity (a change starts from page one). */
export interface DealListQuery {
  filter: DealFilter;
  sort: DealSort;
  narrowing: DealNarrowing;
  searchRest: readonly string[];
  /** For you (model/for-you.ts): these interests first. */
  interests?: DealInterests;
}

export interface DealPages extends DealListState<DealCursor> {
  /** True when the infinite scroll may request the next page now (never straight after a failed page). */
  canAutoLoadMore: boolean;
  /** Requests the next page if the pagination conditions hold (the retry button uses it too). */
  loadMore: () => void;
  /** Starts the listing again from the first page (after a failed first page). */
  reload: () => void;
}

/** What one listing queries: every page of it uses the same filter, sort and live-window instant. */
interface Listing {
  id: number;
  query: DealListQuery;
  now: Date;
}

/**
 * One read of one listing: where it starts, and how many pages the listing had read on its own before it (a read
 * that fills the list may start where the last one did, if that page's cursor stayed the same).
 */
const pageRequestKey = (listingId: number, cursor: DealCursor | null, fillReads: number) =>
  JSON.stringify([listingId, cursor, fillReads]);

/** Pages of live deals; restarts from the first page whenever the user or any part of the query changes. */
export function useDealPages({ db, uid, query }: DealPagesOptions): DealPages {
  // A first page prefetched while the app booted (api/first-page-prefetch.ts) that is already here is drawn in the
  // first render: one render of cards instead of skeletons, an effect and a second render on a slow phone.
  const [arrived] = useState(() => (uid === null ? null : arrivedFirstPage(uid, query)));
  const [state, dispatch] = useReducer(
    dealListReducer<DealCursor>,
    arrived,
    listingWithFirstPage<DealCursor>,
  );
  const currentListing = useRef<Listing | null>(null);
  // Set synchronously so two scroll events in one frame cannot request (and pay for) the same page twice.
  const requestInFlight = useRef(false);
  // The read asked for last (pageRequestKey). A request settles a little before its page is rendered, and the
  // loading state it answers may have its effects run in between: that state must not ask for the page again.
  const lastRequested = useRef<string | null>(null);
  const [reloadCount, setReloadCount] = useState(0);
  const reload = useCallback(() => setReloadCount((count) => count + 1), []);

  const requestPage = useCallback(
    (listing: Listing, cursor: DealCursor | null, fillReads: number, prefetched?: Promise<DealPage>) => {
      requestInFlight.current = true;
      lastRequested.current = pageRequestKey(listing.id, cursor, fillReads);
      const settle = () => {
        if (currentListing.current === listing) requestInFlight.current = false;
      };
      const read = () => {
        const request = { ...listing.query, now: listing.now, cursor };
        const { interests } = request;
        return interests ? fetchForYouPage(db, { ...request, interests }) : fetchDealPage(db, request);
      };
      // A failed prefetch (e.g. the subscription changed since this device saw it) is reported, then asked again
      // as usual: the page is still wanted.
      const readAfterFailedPrefetch = (error: unknown) => {
        console.warn('dashboard.first_page_prefetch_failed: reading the first page again', error);
        return read();
      };
      (prefetched ? prefetched.catch(readAfterFailedPrefetch) : read()).then(
        (page) => {
          settle();
          dispatch({ type: 'page-received', listingId: listing.id, page });
        },
        (error: unknown) => {
          settle();
          dispatch({ type: 'page-failed', listingId: listing.id, reason: errorText(error) });
        },
      );
    },
    [db],
  );

  useEffect(() => {
    if (uid === null) {
      dispatch({ type: 'unauthenticated' });
      return;
    }
    // The first page may already be on its way (requested while the app booted, see api/first-page-prefetch.ts).
    const prefetched = takePrefetchedFirstPage(uid, query);
    if (currentListing.current === null && arrived !== null && prefetched?.arrived === arrived.page) {
      // The first render already shows this page as listing 1.
      currentListing.current = { id: 1, query, now: arrived.now };
      return;
    }
    const listing: Listing = {
      id: (currentListing.current?.id ?? 0) + 1,
      query,
      now: prefetched?.now ?? new Date(),
    };
    currentListing.current = listing;
    dispatch({ type: 'listing-started', listingId: listing.id, listedAt: listing.now });
    requestPage(listing, null, 0, prefetched?.page);
  }, [requestPage, uid, query, reloadCount, arrived]);

  // A listing that says it is loading while nothing is being read goes on reading: the reducer keeps a listing
  // that shows less than a page (a multi-word search narrowed it) loading, from the app's own first page or from
  // one drawn on the server or prefetched while the app booted.
  const { status, cursor, listingId, fillReads } = state;
  useEffect(() => {
    const listing = currentListing.current;
    if (status === 'idle' || requestInFlight.current || listing === null || listing.id !== listingId) return;
    if (lastRequested.current === pageRequestKey(listing.id, cursor, fillReads)) return;
    requestPage(listing, cursor, fillReads);
  }, [requestPage, status, cursor, listingId, fillReads]);

  const loadable = canLoadMore(state);
  const loadMore = useCallback(() => {
    const listing = currentListing.current;
    if (!loadable || requestInFlight.current || listing === null || listing.id !== listingId) return;
    dispatch({ type: 'more-requested', listingId: listing.id });
    // 'more-requested' starts the count of reads on its own again.
    requestPage(listing, cursor, 0);
  }, [requestPage, cursor, listingId, loadable]);

  return { ...state, canAutoLoadMore: loadable && state.error === null, loadMore, reload };
}
