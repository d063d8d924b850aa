// The dashboard's first deal page, requested while the app boots instead of after the user document has arrived
// and the page has rendered (one round trip and a render earlier on a slow phone network). Only for a user this
// device last saw with an active subscription (lib/subscriber-hint.ts): anyone else would only be refused by the
// rules. The page's listing adopts the request when it asks for the same first page, so it is read once; a page that
// has already arrived when the listing first renders is drawn in that render (no skeleton frame in between).
import type { Firestore } from 'firebase/firestore/lite';
import { expectFirstContent } from '@/lib/first-content';
import { reportedWhereAwaited } from '@/lib/reported-where-awaited';
import { fetchDealPage, type DealPage } from './deal-pages';
import type { DealListQuery } from '../hooks/useDealPages';

interface PrefetchedFirstPage {
  uid: string;
  /** The query as JSON: a listing adopts the page only for the identical query. */
  key: string;
  /** The listing's instant (its live window and relative times). */
  now: Date;
  page: Promise<DealPage>;
  /** The page once it has arrived. */
  arrived: DealPage | null;
}

interface FirstPageState {
  prefetched: PrefetchedFirstPage | null;
  /**
   * Set once a listing has asked for its first page. The boot-time prefetch runs in its own entry, which can finish
   * loading after the app: a prefetch started then would read the page the listing is already reading.
   */
  listingAsked: boolean;
}

/**
 * The state lives on the window, not in this module: the build copies small shared modules into each chunk that
 * imports them (vite.config.ts, experimentalInlineCommonChunks), so the dashboard document's second entry and the
 * app each run their own copy of this module. With module variables the listing never saw the entry's request and
 * read the first page a second time.
 */
const STATE_KEY: unique symbol = Symbol.for('bargains.dashboard.firstDealPage');
type WindowWithFirstPage = typeof globalThis & { [STATE_KEY]?: FirstPageState };

function shared(): FirstPageState {
  const holder = globalThis as WindowWithFirstPage;
  holder[STATE_KEY] ??= { prefetched: null, listingAsked: false };
  return holder[STATE_KEY];
}

/** Whether a listing has already asked for its first page (so a boot-time prefetch would only read it twice). */
export const firstListingAsked = (): boolean => shared().listingAsked;

const keyOf = (query: DealListQuery) => JSON.stringify(query);
const matches = (entry: PrefetchedFirstPage | null, uid: string, query: DealListQuery) =>
  entry !== null && entry.uid === uid && entry.key === keyOf(query);

/** Requests the first page of `query` for `uid`, unless that very page is already on its way. */
export function prefetchFirstDealPage(db: Firestore, uid: string, query: DealListQuery): void {
  if (matches(shared().prefetched, uid, query)) return;
  const now = new Date();
  const page = fetchDealPage(db, { ...query, now, cursor: null });
  const entry: PrefetchedFirstPage = { uid, key: keyOf(query), now, page, arrived: null };
  // A failure is handled where the page is adopted; a page nobody adopts must not report an unhandled rejection.
  page.then((loaded) => {
    entry.arrived = loaded;
  }, reportedWhereAwaited);
  // Released by the listing (components/DealBrowser.tsx) once this page's cards are painted.
  expectFirstContent();
  shared().prefetched = entry;
}

/**
 * Hands the listing a first page that is already here (rendered by the server into this document): the listing
 * draws it in its first render, as it does a prefetched page that has arrived.
 */
export function adoptFirstDealPage(uid: string, query: DealListQuery, now: Date, page: DealPage): void {
  expectFirstContent();
  shared().prefetched = { uid, key: keyOf(query), now, page: Promise.resolve(page), arrived: page };
}

/** The prefetched first page for this user and query if it has already arrived (it stays to be taken). */
export function arrivedFirstPage(uid: string, query: DealListQuery): { now: Date; page: DealPage } | null {
  const { prefetched } = shared();
  const arrived = matches(prefetched, uid, query) ? prefetched?.arrived : null;
  return prefetched && arrived ? { now: prefetched.now, page: arrived } : null;
}

/** The prefetched first page for this user and query, once: later listings read their own. */
export function takePrefetchedFirstPage(
  uid: string,
  query: DealListQuery,
): Pick<PrefetchedFirstPage, 'now' | 'page' | 'arrived'> | null {
  const state = shared();
  const match = state.prefetched;
  state.prefetched = null;
  state.listingAsked = true;
  return matches(match, uid, query) ? match : null;
}
