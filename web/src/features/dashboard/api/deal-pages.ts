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
} from 'firebase/firestore/lite';
import { dealSearchTexts, parseDeal, type Deal } from '@bargains/model/deal';
import { parseAll, warnInvalidDocument } from '@bargains/model/invalid-document';
import type { QueriedDocument } from '@bargains/model/contracts/dashboard-render';
import type { DealInterests } from '@bargains/model/for-you';
import { DOCUMENT_ID_FIELD } from '@bargains/model/paths';
import {
  type DealFilter,
  type DealNarrowing,
  dealQuerySpec,
  dealsByIdQuerySpec,
  type DealSort,
  type QuerySpec,
} from '@bargains/model/queries';
import { matchesSearchRest, searchTermsOf } from '@bargains/model/search';

/**
 * Where the next page starts: the last document's values of the query's orderBy fields, the document id last
 * (every deal listing ends its order with it, model/queries.ts, so the values name one position exactly). Plain
 * JSON, so a first page rendered on the server (render_dashboard) hands its cursor to the app.
 */
export type DealCursor = readonly CursorValue[];
type CursorValue = string | number | boolean;

export interface DealPage {
  deals: Deal[];
  /** Documents returned, counting malformed and narrowed-out ones: a full page means more may follow. */
  size: number;
  /** Where the next page starts (startAfter); null when the page was empty. */
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
  /** For you: these interests first (api/for-you.ts reads the page); absent for every other listing. */
  interests?: DealInterests;
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
  // The last document's own sort values, its id last: nothing is read twice or skipped.
  if (cursor) constraints.push(startAfter(...cursor));
  constraints.push(limit(spec.limit));
  return query(collection(db, spec.collection), ...constraints);
}

const isCursorValue = (value: unknown): value is CursorValue =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** The cursor after `document` in the order of `spec`; null if it lacks a sort value (Firestore never returns one). */
function cursorAfter(spec: QuerySpec, document: QueriedDocument): DealCursor | null {
  const data = document.data() ?? {};
  const values: unknown[] = spec.orderBy.map((clause) =>
    clause.field === DOCUMENT_ID_FIELD ? document.id : data[clause.field],
  );
  return values.every(isCursorValue) ? values : null;
}

/**
 * The page the documents of `spec` make: the deals that parse and contain every further search word, and where
 * the next page starts. Pure: the app uses it for its reads and render_dashboard for the first page it renders.
 */
export function dealPageOf(
  spec: QuerySpec,
  documents: readonly QueriedDocument[],
  searchRest: readonly string[],
): DealPage {
  // A keyword search reads the search documents (coupon_search), any other listing the listing ones (coupons).
  const deals = parseAll(documents, (id, data) => parseDeal(id, data, warnInvalidDocument, spec.collection));
  // Every deal matches an empty rest: its terms (a prefix index of its texts) are derived only for a search of
  // several words, not for every page on the way to the screen.
  const narrowed =
    searchRest.length === 0
      ? deals
      : deals.filter((deal) => matchesSearchRest(searchTermsOf(dealSearchTexts(deal)), searchRest));
  const last = documents[documents.length - 1];
  return { deals: narrowed, size: documents.length, cursor: last ? cursorAfter(spec, last) : null };
}

export async function fetchDealPage(db: Firestore, request: DealPageRequest): Promise<DealPage> {
  const spec = dealQuerySpec(request.filter, request.sort, request.now, request.narrowing);
  const snapshot = await getDocs(toFirestoreQuery(db, spec, request.cursor));
  return dealPageOf(spec, snapshot.docs, request.searchRest);
}

/** Deals by id, in the order asked (one query of at most a page); ids with no readable deal are left out. */
export async function fetchDealsById(db: Firestore, dealIds: readonly string[]): Promise<Deal[]> {
  const snapshot = await getDocs(toFirestoreQuery(db, dealsByIdQuerySpec(dealIds), null));
  const byId = new Map(parseAll(snapshot.docs, parseDeal).map((deal) => [deal.id, deal]));
  return dealIds.flatMap((id) => byId.get(id) ?? []);
}
