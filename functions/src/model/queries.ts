// The shape of every list query the web app issues, as plain data. The web app translates a spec into SDK
// calls (where/orderBy/limit, `documentId()` for DOCUMENT_ID_FIELD, startAfter(last snapshot) for the next
// page); the index test checks each spec against firestore.indexes.json; the rules cap `limit`.
//
// Ordering follows production Firestore's rules for queries with range filters on several fields: the
// orderBy must mention every range-filtered field (otherwise Firestore appends them itself, in field-name
// order, after the explicit ones). The specs list them explicitly, in one direction, followed by the document
// id, so the order is total and a page cursor never skips or repeats a deal with equal sort values.
import { COLLECTIONS, DOCUMENT_ID_FIELD } from './paths';
import { toIsoTimestamp } from './timestamp';

export const DEAL_PAGE_SIZE = 20;
export const BLOG_PAGE_SIZE = 9;

export const DEAL_FILTERS = ['all', 'verified', 'unverified'] as const;
export type DealFilter = (typeof DEAL_FILTERS)[number];
export const DEAL_SORTS = ['newest', 'savings_asc', 'savings_desc'] as const;
export type DealSort = (typeof DEAL_SORTS)[number];
export const DEFAULT_DEAL_FILTER: DealFilter = 'verified';
export const DEFAULT_DEAL_SORT: DealSort = 'newest';

export type WhereOperator = '==' | '<' | '<=' | '>' | '>=';
export type SortDirection = 'asc' | 'desc';

export interface WhereClause {
  field: string;
  op: WhereOperator;
  value: string | number | boolean;
}

export interface OrderClause {
  /** A field path, or DOCUMENT_ID_FIELD for the document id. */
  field: string;
  direction: SortDirection;
}

export interface QuerySpec {
  /** Collection path relative to the database root. */
  collection: string;
  where: readonly WhereClause[];
  orderBy: readonly OrderClause[];
  /** Page size; the security rules reject larger pages. */
  limit: number;
}

const SORT_KEY: Record<DealSort, OrderClause> = {
  newest: { field: 'scraped_at', direction: 'desc' },
  savings_asc: { field: 'savings_value', direction: 'asc' },
  savings_desc: { field: 'savings_value', direction: 'desc' },
};

const VERIFIED_FILTER: Record<DealFilter, WhereClause | null> = {
  all: null,
  verified: { field: 'is_verified', op: '==', value: true },
  unverified: { field: 'is_verified', op: '==', value: false },
};

/**
 * One page of live deals: start_date <= now < end_date (ISO strings compare chronologically in their
 * canonical form), optionally only verified or unverified, sorted as chosen. Tie-breakers after the sort key:
 * end_date, start_date (required in the orderBy by the range filters), then the document id.
 */
export function dealQuerySpec(filter: DealFilter, sort: DealSort, now: Date = new Date()): QuerySpec {
  const nowIso = toIsoTimestamp(now);
  const verified = VERIFIED_FILTER[filter];
  const key = SORT_KEY[sort];
  return {
    collection: COLLECTIONS.deals,
    where: [
      ...(verified ? [verified] : []),
      { field: 'start_date', op: '<=', value: nowIso },
      { field: 'end_date', op: '>', value: nowIso },
    ],
    orderBy: [
      key,
      { field: 'end_date', direction: key.direction },
      { field: 'start_date', direction: key.direction },
      { field: DOCUMENT_ID_FIELD, direction: key.direction },
    ],
    limit: DEAL_PAGE_SIZE,
  };
}

/**
 * Newest posts first; the document id breaks ties between posts published at the same instant. Lists read the
 * small summary documents, never the posts' bodies.
 */
export function blogQuerySpec(): QuerySpec {
  return {
    collection: COLLECTIONS.blogSummaries,
    where: [],
    orderBy: [
      { field: 'publishedAt', direction: 'desc' },
      { field: DOCUMENT_ID_FIELD, direction: 'desc' },
    ],
    limit: BLOG_PAGE_SIZE,
  };
}

/** Every list-query shape the web app issues (the index test covers each one). */
export function allAppQuerySpecs(now: Date = new Date()): QuerySpec[] {
  const deals = DEAL_FILTERS.flatMap((filter) => DEAL_SORTS.map((sort) => dealQuerySpec(filter, sort, now)));
  return [...deals, blogQuerySpec()];
}
