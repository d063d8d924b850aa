// "For you": the dashboard's live deals with the subscriber's interests first (docs/for-you.md). One ranking rule:
//
//   1. deals of a store they follow (their chosen stores, then the stores of their recently saved deals),
//   2. then deals of a category they follow (their chosen categories, then those of their saved deals),
//   3. then every other live deal,
//
// each tier in the list's chosen sort (newest first unless they pick another), with the usual tie-breakers. A deal
// that matches several interests (its store and its category) is listed once, in the first tier it matches.
// Firestore cannot order by "matches an interest", so each tier is its own query: the normal filtered deal query
// (dealQuerySpec, so search, store, category and the verified filter all apply) restricted with `in` to the tier's
// stores or categories (at most FIRESTORE_IN_LIMIT values each: more stores make further store tiers, in the order
// they were chosen), and the last one unrestricted. A later tier's query also returns deals of earlier tiers; the
// pager drops them (they were listed already). The cursor names the tier and the position in its query, so paging
// is as stable as in any other listing: nothing is skipped or repeated.
//
// Reads: one page request reads at most DEAL_PAGE_SIZE deal documents in all, across the tiers it passes through
// (it continues into the next tier only with what is left of the page), plus Firestore's minimum of one read for
// each query that returns nothing: at most FOR_YOU_MAX_READS_PER_PAGE.
import type { DealCategory } from './category';
import type { QueriedDocument } from './contracts/dashboard-render';
import { DOCUMENT_ID_FIELD } from './paths';
import {
  DEAL_PAGE_SIZE,
  dealQuerySpec,
  dealQuerySpecAmong,
  type DealFilter,
  type DealNarrowing,
  type DealSort,
  type QuerySpec,
} from './queries';

/** Firestore's cap on the values of one `in` filter. */
export const FIRESTORE_IN_LIMIT = 30;
/** Stores considered (chosen ones first); the account page allows 50, saved deals may add some. */
export const FOR_YOU_MAX_STORES = 2 * FIRESTORE_IN_LIMIT;
/** The most recently saved deals whose stores and categories count as interests (one query of a page). */
export const FOR_YOU_SAVED_DEALS = DEAL_PAGE_SIZE;
/** Store tiers (FOR_YOU_MAX_STORES in `in` chunks), the category tier and the rest. */
export const FOR_YOU_MAX_TIERS = Math.ceil(FOR_YOU_MAX_STORES / FIRESTORE_IN_LIMIT) + 2;
/** Billed reads of one page request: its documents, plus one for each tier query that returns none. */
export const FOR_YOU_MAX_READS_PER_PAGE = DEAL_PAGE_SIZE + FOR_YOU_MAX_TIERS;

/** What the ranking puts first. Empty stores and categories: no interests (the dashboard asks for some). */
export interface DealInterests {
  stores: readonly string[];
  categories: readonly DealCategory[];
}

/** What a deal is matched on: its store and category (a Deal, or a queried document's data). */
export interface InterestFields {
  shop_id: unknown;
  category: unknown;
}

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

/**
 * The subscriber's interests: the stores and categories of their preferences (users/{uid}/preferences/alerts),
 * then those of their most recently saved deals (most recent first), each without repeats.
 */
export function interestsOf(
  preferences: { interest_stores: readonly string[]; interest_categories: readonly DealCategory[] } | null,
  savedDeals: ReadonlyArray<{ shop_id: string; category: DealCategory }>,
): DealInterests {
  const saved = savedDeals.slice(0, FOR_YOU_SAVED_DEALS);
  return {
    stores: unique([
      ...(preferences?.interest_stores ?? []),
      ...saved.map((deal) => deal.shop_id).filter((shop) => shop !== ''),
    ]).slice(0, FOR_YOU_MAX_STORES),
    categories: unique([...(preferences?.interest_categories ?? []), ...saved.map((deal) => deal.category)]),
  };
}

export function hasInterests(interests: DealInterests): boolean {
  return interests.stores.length > 0 || interests.categories.length > 0;
}

/** One tier: the deals its query lists, and which of them belong to it (the rest belong to an earlier tier). */
export interface ForYouTier {
  spec: QuerySpec;
  /** The stores or categories this tier is about; null for the last tier (every other deal). */
  matches: (deal: InterestFields) => boolean;
}

function chunks<T>(values: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < values.length; start += size) result.push(values.slice(start, start + size));
  return result;
}

/**
 * The tiers of the ranking for one listing, in order. A store or category filter the subscriber also chose
 * narrows every tier already: a tier it contradicts is left out, one it implies needs no `in` of its own and is
 * the last (it lists every deal the filter leaves).
 */
export function forYouTiers(
  filter: DealFilter,
  sort: DealSort,
  now: Date,
  narrowing: DealNarrowing,
  interests: DealInterests,
): ForYouTier[] {
  const base = dealQuerySpec(filter, sort, now, narrowing);
  const restricted = (field: 'shop_id' | 'category', values: readonly string[]): QuerySpec =>
    dealQuerySpecAmong(filter, sort, now, narrowing, { field, values });
  const tiers: ForYouTier[] = [];
  const stores = narrowing.shop
    ? interests.stores.includes(narrowing.shop)
      ? [null]
      : []
    : chunks(interests.stores, FIRESTORE_IN_LIMIT);
  for (const chunk of stores) {
    tiers.push({
      spec: chunk ? restricted('shop_id', chunk) : base,
      matches: (deal) =>
        chunk ? chunk.includes(String(deal.shop_id)) : String(deal.shop_id) === narrowing.shop,
    });
  }
  const categories = narrowing.category
    ? interests.categories.includes(narrowing.category)
      ? [narrowing.category]
      : []
    : interests.categories;
  // A followed store the filter chose makes its tier the whole list: nothing is left for later tiers.
  if (tiers.some((tier) => tier.spec === base)) return tiers;
  if (categories.length > 0) {
    tiers.push({
      spec: narrowing.category ? base : restricted('category', categories),
      matches: (deal) => (categories as readonly unknown[]).includes(deal.category),
    });
  }
  // Likewise a followed category the filter chose: every listed deal is in it.
  if (!narrowing.category || categories.length === 0) tiers.push({ spec: base, matches: () => true });
  return tiers;
}

/** The tier a deal is listed in: the first whose interests it matches. */
export function forYouTierOf(tiers: readonly ForYouTier[], deal: InterestFields): number {
  const index = tiers.findIndex((tier) => tier.matches(deal));
  return index === -1 ? tiers.length - 1 : index;
}

type CursorValue = string | number | boolean;
/**
 * Where the next page starts: the tier's index, then the last document's sort values in that tier's query (its
 * id last), or the index alone for the start of a tier. Plain JSON like every deal cursor.
 */
export type ForYouCursor = readonly CursorValue[];

/** Reads one query's documents after `after` (startAfter the values), at most `spec.limit` of them. */
export type ReadQuery = (
  spec: QuerySpec,
  after: readonly CursorValue[] | null,
) => Promise<readonly QueriedDocument[]>;

export interface ForYouPage {
  /** The documents listed on this page, in order (documents of an earlier tier are left out). */
  documents: QueriedDocument[];
  /** Documents read: DEAL_PAGE_SIZE means more may follow. */
  size: number;
  /** Where the next page starts; null when nothing was read at all. */
  cursor: ForYouCursor | null;
  /** Queries issued (each costs at least one read). */
  queries: number;
}

const isCursorValue = (value: unknown): value is CursorValue =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

function positionAfter(spec: QuerySpec, document: QueriedDocument): CursorValue[] | null {
  const data = document.data() ?? {};
  const values = spec.orderBy.map((clause) =>
    clause.field === DOCUMENT_ID_FIELD ? document.id : data[clause.field],
  );
  return values.every(isCursorValue) ? values : null;
}

function parseCursor(
  cursor: ForYouCursor | null,
  tierCount: number,
): { tier: number; after: CursorValue[] | null } {
  if (cursor === null || cursor.length === 0) return { tier: 0, after: null };
  const [tier, ...after] = cursor;
  if (typeof tier !== 'number' || !Number.isInteger(tier) || tier < 0 || tier >= tierCount) {
    throw new RangeError(`not a For you cursor: ${JSON.stringify(cursor)}`);
  }
  return { tier, after: after.length > 0 ? after : null };
}

/**
 * One page of For you from `cursor`: reads the current tier's query for what is left of the page, and goes on
 * into the next tier when a tier runs out before the page is full. At most DEAL_PAGE_SIZE documents in all.
 */
export async function readForYouPage(
  tiers: readonly ForYouTier[],
  cursor: ForYouCursor | null,
  read: ReadQuery,
): Promise<ForYouPage> {
  let { tier, after } = parseCursor(cursor, tiers.length);
  const documents: QueriedDocument[] = [];
  let size = 0;
  let queries = 0;
  let next: ForYouCursor | null = null;
  while (tier < tiers.length && size < DEAL_PAGE_SIZE) {
    const current = tiers[tier];
    if (!current) break;
    const spec = { ...current.spec, limit: DEAL_PAGE_SIZE - size };
    const batch = await read(spec, after);
    queries += 1;
    size += batch.length;
    for (const document of batch) {
      if (forYouTierOf(tiers, fieldsOf(document)) === tier) documents.push(document);
    }
    const last = batch[batch.length - 1];
    const position = last ? positionAfter(spec, last) : null;
    if (position) next = [tier, ...position];
    if (batch.length < spec.limit) {
      // The tier has run out: the next page (or the rest of this one) starts at the next tier.
      tier += 1;
      after = null;
      if (tier < tiers.length) next = [tier];
    } else {
      after = position;
    }
  }
  return { documents, size, cursor: next, queries };
}

function fieldsOf(document: QueriedDocument): InterestFields {
  const data = document.data() ?? {};
  return { shop_id: data.shop_id, category: data.category };
}
