// For you's reads (model/for-you.ts has the ranking): the subscriber's interests once when the view opens, then its
// pages, each at most a page of deal documents across the ranking's tiers.
import { doc, getDoc, getDocs, type Firestore } from 'firebase/firestore/lite';
import { parseEmailPreferences } from '@bargains/model/email-preferences';
import {
  type DealInterests,
  FOR_YOU_SAVED_DEALS,
  forYouTiers,
  interestsOf,
  readForYouPage,
} from '@bargains/model/for-you';
import { emailPreferencesDocPath } from '@bargains/model/paths';
import {
  dealPageOf,
  fetchDealsById,
  toFirestoreQuery,
  type DealPage,
  type DealPageRequest,
} from './deal-pages';

/**
 * The stores and categories of the subscriber's preferences and of their most recently saved deals: one
 * preferences document and one query of at most FOR_YOU_SAVED_DEALS deals.
 */
export async function fetchDealInterests(
  db: Firestore,
  uid: string,
  savedDealIds: readonly string[],
): Promise<DealInterests> {
  const recent = savedDealIds.slice(0, FOR_YOU_SAVED_DEALS);
  const [preferences, savedDeals] = await Promise.all([
    getDoc(doc(db, emailPreferencesDocPath(uid))),
    recent.length > 0 ? fetchDealsById(db, recent) : Promise.resolve([]),
  ]);
  const stored = preferences.exists() ? parseEmailPreferences(uid, preferences.data()) : null;
  return interestsOf(stored, savedDeals);
}

/** One page of For you: the deals of the tiers' queries in rank order, and where the next page starts. */
export async function fetchForYouPage(
  db: Firestore,
  request: DealPageRequest & { interests: DealInterests },
): Promise<DealPage> {
  const tiers = forYouTiers(request.filter, request.sort, request.now, request.narrowing, request.interests);
  const page = await readForYouPage(tiers, request.cursor, async (spec, after) => {
    const snapshot = await getDocs(toFirestoreQuery(db, spec, after));
    return snapshot.docs;
  });
  // Every tier reads the same collection: the page's deals parse (and narrow by further search words) as any page's.
  const [first] = tiers;
  const deals = first ? dealPageOf(first.spec, page.documents, request.searchRest).deals : [];
  return { deals, size: page.size, cursor: page.cursor };
}
