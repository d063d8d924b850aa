// Translates the model's deal query spec (pure data) into Firestore SDK calls and reads one page.
import {
  collection,
  documentId,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type DocumentData,
  type Firestore,
  type Query,
  type QueryConstraint,
  type QueryDocumentSnapshot,
} from 'firebase/firestore/lite';
import { dealSearchTexts, parseDeal, type Deal } from '@model/deal';
import { parseAll, warnInvalidDocument } from '@model/invalid-document';
import { DOCUMENT_ID_FIELD } from '@model/paths';
import {
  type DealFilter,
  type DealNarrowing,
  dealQuerySpec,
  dealsByIdQuerySpec,
  type DealSort,
  type QuerySpec,
} from '@model/queries';
import { matchesSearchRest, searchTermsOf } from '@model/search';

export type DealCursor = QueryDocumentSnapshot<DocumentData>;

export interface DealPage {
  deals: Deal[];
  /** Documents returned, counting malformed and narrowed-out ones: a full page means more may follow. */
  size: number;
  /** The last document of the page (startAfter for the next one); null when the page was empty. */
  cursor: DealCursor | null;
}

export interface DealPageRequest {
  filter: DealFilter;
  sort: DealSort;
  /** Store, category and the queried search term. */
  narrowing: DealNarrowing;
  /** Further search words: the page keeps only deals that also contain each of them (see model/search.ts). */
  searchRest: readonly string[];
  /** The instant the listing started; every page of one listing uses the same live window. */
  now: Date;
  cursor: DealCursor | null;
}

const fieldPath = (field: string) => (field === DOCUMENT_ID_FIELD ? documentId() : field);

export function toFirestoreQuery(
  db: Firestore,
  spec: QuerySpec,
  cursor: DealCursor | null,
): Query<DocumentData> {
  const constraints: QueryConstraint[] = [
    ...spec.where.map((clause) => where(fieldPath(clause.field), clause.op, clause.value)),
    ...spec.orderBy.map((clause) => orderBy(fieldPath(clause.field), clause.direction)),
  ];
  // startAfter(snapshot) resumes from the snapshot's own sort values: nothing is read twice.
  if (cursor) constraints.push(startAfter(cursor));
  constraints.push(limit(spec.limit));
  return query(collection(db, spec.collection), ...constraints);
}

export async function fetchDealPage(db: Firestore, request: DealPageRequest): Promise<DealPage> {
  const spec = dealQuerySpec(request.filter, request.sort, request.now, request.narrowing);
  const snapshot = await getDocs(toFirestoreQuery(db, spec, request.cursor));
  // A keyword search reads the search documents (coupon_search), any other listing the listing ones (coupons).
  const deals = parseAll(snapshot.docs, (id, data) =>
    parseDeal(id, data, warnInvalidDocument, spec.collection),
  );
  // Every deal matches an empty rest: its terms (a prefix index of its texts) are derived only for a search of
  // several words, not for every page on the way to the screen.
  const narrowed =
    request.searchRest.length === 0
      ? deals
      : deals.filter((deal) => matchesSearchRest(searchTermsOf(dealSearchTexts(deal)), request.searchRest));
  return { deals: narrowed, size: snapshot.size, cursor: snapshot.docs[snapshot.docs.length - 1] ?? null };
}

/** Deals by id, in the order asked (one query of at most a page); ids with no readable deal are left out. */
export async function fetchDealsById(db: Firestore, dealIds: readonly string[]): Promise<Deal[]> {
  const snapshot = await getDocs(toFirestoreQuery(db, dealsByIdQuerySpec(dealIds), null));
  const byId = new Map(parseAll(snapshot.docs, parseDeal).map((deal) => [deal.id, deal]));
  return dealIds.flatMap((id) => byId.get(id) ?? []);
}
