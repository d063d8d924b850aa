// The shape of every list query the web app issues, as plain data. The web app translates a spec into SDK
// calls (where/orderBy/limit, `documentId()` for DOCUMENT_ID_FIELD, startAfter(the last document's sort values)
// for the next page); the index test checks each spec against firestore.indexes.json; the rules cap `limit`.
//
// Ordering follows production Firestore's rules for queries with range filters on several fields: the
// orderBy must mention every range-filtered field (otherwise Firestore appends them itself, in field-name
// order, after the explicit ones). The specs list them explicitly, in one direction, followed by the document
// id, so the order is total and a page cursor never skips or repeats a deal with equal sort values.
import type { DealCategory } from './category';
import { nearbyStoresQuerySpec } from './near-you';
import { COLLECTIONS, DOCUMENT_ID_FIELD, savedDealsPath } from './paths';
import { toIsoTimestamp } from './timestamp';
import {
  ACTIVITY_KINDS,
  activityCountQuerySpec,
  scoredDealsQuerySpec,
  workedVotesCountQuerySpec,
} from './popularity';
import { dealVotesQuerySpec } from './votes';

export const DEAL_PAGE_SIZE = 20;
export const BLOG_PAGE_SIZE = 9;
/** Saved deals per user (the rules enforce it; the Saved view lists them all in one read). */
export const MAX_SAVED_DEALS = 100;
/** Caps of send_digests' reads; reaching one is logged (the run then covers the first ones only). */
export const MAX_DEALS_PER_DIGEST_RUN = 20_000;
export const MAX_DEALS_PER_DISTRIBUTION = 100_000;
export const MAX_SUBSCRIBERS_PER_DIGEST_RUN = 200_000;
/** Two days of hourly alert batches: more pending than that means runs have been failing (logged). */
export const MAX_PENDING_ALERT_BATCHES = 48;

export const DEAL_FILTERS = ['all', 'verified', 'unverified'] as const;
export type DealFilter = (typeof DEAL_FILTERS)[number];
export const DEAL_SORTS = ['newest', 'savings_asc', 'savings_desc', 'ending_soon', 'popular'] as const;
export type DealSort = (typeof DEAL_SORTS)[number];
export const DEFAULT_DEAL_FILTER: DealFilter = 'verified';
export const DEFAULT_DEAL_SORT: DealSort = 'newest';

export type WhereOperator = '==' | '<' | '<=' | '>' | '>=' | 'array-contains' | 'in';
export type SortDirection = 'asc' | 'desc';

export interface WhereClause {
  field: string;
  op: WhereOperator;
  /** An array only with 'in'; a Date only against a stored timestamp. */
  value: string | number | boolean | Date | readonly string[];
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
  // Editor's picks first, then scraped_at (model/deal.ts newestKeyOf).
  newest: { field: 'newest_key', direction: 'desc' },
  savings_asc: { field: 'savings_value', direction: 'asc' },
  savings_desc: { field: 'savings_value', direction: 'desc' },
  ending_soon: { field: 'end_date', direction: 'asc' },
  // model/popularity.ts: the last 7 days' saves, worked-votes and View Deal opens.
  popular: { field: 'popularity_score', direction: 'desc' },
};

const VERIFIED_FILTER: Record<DealFilter, WhereClause | null> = {
  all: null,
  verified: { field: 'is_verified', op: '==', value: true },
  unverified: { field: 'is_verified', op: '==', value: false },
};

/** Narrowing on top of the verified filter: one shop, one category, one search term (see search.ts). */
export interface DealNarrowing {
  shop?: string | null;
  category?: DealCategory | null;
  /**
   * A folded search term (parseSearchText(...).term), matched against the deal's search_terms: the query then
   * reads the search documents (`coupon_search`), the only ones that carry them.
   */
  term?: string | null;
}

/**
 * One page of live deals: start_date <= now < end_date (ISO strings compare chronologically in their
 * canonical form), optionally only verified or unverified, of one shop, of one category and containing one
 * search term, sorted as chosen. Tie-breakers after the sort key: end_date, start_date (required in the
 * orderBy by the range filters), then the document id. Every combination has its composite index. A keyword
 * search reads `coupon_search` (deals with their search_terms), every other listing `coupons` (deals without).
 */
export function dealQuerySpec(
  filter: DealFilter,
  sort: DealSort,
  now: Date = new Date(),
  narrowing: DealNarrowing = {},
): QuerySpec {
  const nowIso = toIsoTimestamp(now);
  const verified = VERIFIED_FILTER[filter];
  const key = SORT_KEY[sort];
  const where: WhereClause[] = verified ? [verified] : [];
  if (narrowing.shop) where.push({ field: 'shop_id', op: '==', value: narrowing.shop });
  if (narrowing.category) where.push({ field: 'category', op: '==', value: narrowing.category });
  if (narrowing.term) where.push({ field: 'search_terms', op: 'array-contains', value: narrowing.term });
  const dateOrder: OrderClause[] = [
    { field: 'end_date', direction: key.direction },
    { field: 'start_date', direction: key.direction },
  ];
  return {
    collection: narrowing.term ? COLLECTIONS.dealSearch : COLLECTIONS.deals,
    where: [
      ...where,
      { field: 'start_date', op: '<=', value: nowIso },
      { field: 'end_date', op: '>', value: nowIso },
    ],
    orderBy: [
      // "Ending Soon" sorts by end_date itself: it is not repeated as a tie-breaker.
      ...(key.field === 'end_date' ? dateOrder : [key, ...dateOrder]),
      { field: DOCUMENT_ID_FIELD, direction: key.direction },
    ],
    limit: DEAL_PAGE_SIZE,
  };
}

/**
 * The deal query of dealQuerySpec restricted to some stores or categories (an `in` filter, at most 30 values):
 * a tier of the For you ranking (model/for-you.ts). `in` is an equality for the indexes: the query needs the
 * index of the same listing narrowed to one store or category.
 */
export function dealQuerySpecAmong(
  filter: DealFilter,
  sort: DealSort,
  now: Date,
  narrowing: DealNarrowing,
  among: { field: 'shop_id' | 'category'; values: readonly string[] },
): QuerySpec {
  const spec = dealQuerySpec(filter, sort, now, narrowing);
  return { ...spec, where: [{ field: among.field, op: 'in', value: among.values }, ...spec.where] };
}

/** The Saved view's deals by id (at most a page; documentId() 'in' needs no composite index). */
export function dealsByIdQuerySpec(dealIds: readonly string[]): QuerySpec {
  if (dealIds.length === 0 || dealIds.length > DEAL_PAGE_SIZE) {
    throw new RangeError(`dealsByIdQuerySpec takes 1 to ${DEAL_PAGE_SIZE} ids, got ${dealIds.length}`);
  }
  return {
    collection: COLLECTIONS.deals,
    where: [{ field: DOCUMENT_ID_FIELD, op: 'in', value: dealIds }],
    orderBy: [],
    limit: DEAL_PAGE_SIZE,
  };
}

/** All of a user's saved deals, most recently saved first (the count is capped, so one read lists them). */
export function savedDealsQuerySpec(uid: string): QuerySpec {
  return {
    collection: savedDealsPath(uid),
    where: [],
    orderBy: [
      { field: 'saved_at', direction: 'desc' },
      { field: DOCUMENT_ID_FIELD, direction: 'desc' },
    ],
    limit: MAX_SAVED_DEALS,
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

/** send_digests: the deals scraped since `since` (one read per run, matched in memory; no composite index). */
export function newDealsQuerySpec(since: Date): QuerySpec {
  return {
    collection: COLLECTIONS.deals,
    where: [{ field: 'scraped_at', op: '>=', value: toIsoTimestamp(since) }],
    orderBy: [],
    limit: MAX_DEALS_PER_DIGEST_RUN,
  };
}

/** send_digests (once a day): the deals that started since `since`, for the category distributions. */
export function recentDealsQuerySpec(since: Date): QuerySpec {
  return {
    collection: COLLECTIONS.deals,
    where: [{ field: 'start_date', op: '>=', value: toIsoTimestamp(since) }],
    orderBy: [],
    limit: MAX_DEALS_PER_DISTRIBUTION,
  };
}

/** send_digests: the users whose subscription is active (only they get email). */
export function activeSubscribersQuerySpec(): QuerySpec {
  return {
    collection: COLLECTIONS.users,
    where: [{ field: 'subscription_active', op: '==', value: true }],
    orderBy: [],
    limit: MAX_SUBSCRIBERS_PER_DIGEST_RUN,
  };
}

/** send_digests: the hours with an alert batch still to send (functions/src/alerts/alert-batch.ts; single field, no index). */
export function pendingAlertBatchesQuerySpec(): QuerySpec {
  return {
    collection: COLLECTIONS.alertBatches,
    where: [{ field: 'status', op: '==', value: 'pending' }],
    orderBy: [],
    limit: MAX_PENDING_ALERT_BATCHES,
  };
}

/** Every combination of the optional narrowings (values are placeholders: indexes depend on the fields only). */
function allNarrowings(): DealNarrowing[] {
  const narrowings: DealNarrowing[] = [];
  for (const shop of [null, 'shop-id'])
    for (const category of [null, 'electronics'] as const)
      for (const term of [null, 'term']) narrowings.push({ shop, category, term });
  return narrowings;
}

/** Every list-query shape the web app issues (the index test covers each one). */
export function allAppQuerySpecs(now: Date = new Date()): QuerySpec[] {
  const deals = DEAL_FILTERS.flatMap((filter) =>
    DEAL_SORTS.flatMap((sort) =>
      allNarrowings().map((narrowing) => dealQuerySpec(filter, sort, now, narrowing)),
    ),
  );
  // For you's tiers: a store tier never has a store narrowing, a category tier never a category one.
  const forYouTiers = DEAL_FILTERS.flatMap((filter) =>
    DEAL_SORTS.flatMap((sort) =>
      allNarrowings().flatMap((narrowing) => [
        ...(narrowing.shop
          ? []
          : [dealQuerySpecAmong(filter, sort, now, narrowing, { field: 'shop_id', values: ['shop-id'] })]),
        ...(narrowing.category
          ? []
          : [dealQuerySpecAmong(filter, sort, now, narrowing, { field: 'category', values: ['home'] })]),
      ]),
    ),
  );
  return [
    ...deals,
    ...forYouTiers,
    dealsByIdQuerySpec(['deal-1']),
    savedDealsQuerySpec('uid'),
    blogQuerySpec(),
    newDealsQuerySpec(now),
    recentDealsQuerySpec(now),
    activeSubscribersQuerySpec(),
    pendingAlertBatchesQuerySpec(),
    dealVotesQuerySpec('deal-1', 'CODE'),
    nearbyStoresQuerySpec('c20f', 'c20g'),
    ...ACTIVITY_KINDS.map((kind) => activityCountQuerySpec('deal-1', kind, now)),
    workedVotesCountQuerySpec('deal-1', now),
    scoredDealsQuerySpec(),
  ];
}
