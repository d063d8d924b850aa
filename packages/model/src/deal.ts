// sources/wired/coupons/{id}: one deal (docs/reference.md#deal-document). Dates are stored as canonical ISO-8601 strings (see
// toIsoTimestamp) because the dashboard query compares them as text; `savings_value` is the number the
// savings sorts order by (see savings.ts for the ranking) and `category` the category filter's value
// (category.ts). Both are derived here, in buildDealDoc, the one function every writer (demo-data generator,
// deal collector) builds a stored deal with.
//
// Each deal is stored twice: the listing document in `coupons` (what every dashboard page reads) and, in
// `coupon_search`, the same fields plus `search_terms`, the keyword search's prefix index (search.ts), read only
// by keyword searches. The index is most of a deal's size, so keeping it out of the listing pages makes them
// about a third as large (~95 KB → ~30 KB per 20-deal page on the emulator). dealDocuments gives both documents
// of one deal; writers write (and update and delete) both.
// zod/mini, as in fields.ts: the dashboard's first deal page parses with it, and classic zod's tree (and its
// slower schema set-up) stays out of the dashboard's initial JavaScript.
import { array, nullish, number, object, optional, pipe, string, transform, unknown } from 'zod/mini';
import { categoryOf, type DealCategory, isDealCategory } from './category';
import {
  booleanOr,
  httpUrl,
  isHttpUrl,
  optionalHttpUrl,
  optionalNumber,
  optionalText,
  textOrEmpty,
} from './fields';
import { type InvalidDocumentReporter, parseDocument, warnInvalidDocument } from './invalid-document';
import type { StoreLocation } from './near-you';
import { COLLECTIONS, DEAL_SOURCE_ID, dealDocPath, dealSearchDocPath } from './paths';
import type { PopularitySummary } from './popularity';
import { savingsValue } from './savings';
import { searchTermsOf } from './search';
import { dateSchema, pendingDateSchema, toIsoTimestamp } from './timestamp';
import { type VoteSummary, voteSummarySchema } from './votes';

export interface Deal {
  id: string;
  source_id: string;
  /** '' when missing. */
  title: string;
  /** '' when missing. */
  description: string;
  /** The advertised savings text shown on the badge, e.g. "Up to 60% off". */
  savings: string;
  /** Sort key derived from `savings`; see savings.ts. */
  savings_value: number;
  /** Source-specific deal type; the product gives it no meaning (docs/reference.md#deal-document). '' when missing. */
  type: string;
  /** Coupon code; null when the deal needs none. */
  code: string | null;
  start_date: Date;
  end_date: Date;
  shop_id: string;
  shop_name: string;
  /** The shop's site; null when missing or not an http(s) URL (the shop name is then plain text). */
  shop_url: string | null;
  /** The shop's logo image; null when the source has none (the card then shows a monogram). */
  shop_logo_url: string | null;
  /** Where "View Deal" goes: always an http(s) URL, otherwise the deal is rejected. */
  url_home: string;
  scraped_at: Date | null;
  /**
   * What Verified Only queries and the badge shows: the source's verdict, turned false by the votes trigger while
   * recent votes report the code not working (model/votes.ts listedAsVerified). false when missing.
   */
  is_verified: boolean;
  /** Derived at write time; a missing or unknown value is derived again on read. */
  category: DealCategory;
  /** The summary of the subscribers' votes on the code (model/votes.ts); absent until someone voted. */
  votes?: VoteSummary;
  /** ISO 3166 alpha-2 codes of the countries it applies in; absent = everywhere (model/near-you.ts dealAppliesIn). */
  regions?: string[];
  /** The stores of an in-store deal (model/near-you.ts); absent for online-only deals. */
  stores?: StoreLocation[];
  /** Pinned by an editor: the card says "Editor's pick" (model/editor.ts). */
  editor_pick?: true;
}

const dealSchema = pipe(
  object({
    source_id: pipe(
      nullish(string()),
      transform((value: string | null | undefined) => value ?? DEAL_SOURCE_ID),
    ),
    title: textOrEmpty,
    description: textOrEmpty,
    savings: string(),
    savings_value: optionalNumber,
    type: textOrEmpty,
    code: optionalText,
    start_date: dateSchema,
    end_date: dateSchema,
    shop_id: textOrEmpty,
    shop_name: string(),
    shop_url: optionalHttpUrl,
    shop_logo_url: optionalHttpUrl,
    url_home: httpUrl,
    scraped_at: pendingDateSchema,
    is_verified: booleanOr(false),
    category: optional(unknown()),
    votes: optional(voteSummarySchema),
    regions: optional(array(string())),
    stores: optional(array(object({ label: string(), lat: number(), lng: number() }))),
    editor_pick: optional(unknown()),
  }),
  transform(({ savings_value, category, votes, regions, stores, editor_pick, ...deal }) => ({
    ...deal,
    ...(regions && regions.length > 0 ? { regions } : {}),
    ...(stores && stores.length > 0 ? { stores } : {}),
    ...(editor_pick === true ? { editor_pick: true as const } : {}),
    ...(votes ? { votes: { ...votes, last_worked_at: votes.last_worked_at ?? null } } : {}),
    // A writer that predates savings_value or category still gets a correct value for display-side use.
    savings_value: savings_value ?? savingsValue(deal.savings),
    category: isDealCategory(category) ? category : categoryOf(deal),
  })),
);

/**
 * A stored deal of either collection: a listing document (`coupons`) or a search document (`coupon_search`,
 * whose `search_terms` is not part of a Deal). `collection` only names the document in a report.
 */
export function parseDeal(
  id: string,
  data: unknown,
  report: InvalidDocumentReporter = warnInvalidDocument,
  collection: string = COLLECTIONS.deals,
): Deal | null {
  const parsed = parseDocument(dealSchema, `${collection}/${id}`, data, report);
  return parsed === null ? null : { id, ...parsed };
}

/** What a writer (scraper, demo-data generator) supplies for a deal. */
export interface DealInput {
  title: string;
  description: string;
  savings: string;
  type: string;
  code?: string | null;
  start_date: Date;
  end_date: Date;
  shop_id: string;
  shop_name: string;
  shop_url?: string | null;
  /** An http(s) image URL of the shop's logo, when the source has one. */
  shop_logo_url?: string | null;
  url_home: string;
  scraped_at: Date;
  is_verified: boolean;
  /** The source's own category or department, if it has one; see categoryOf for how it is used. */
  category_hint?: string | null;
  /** ISO 3166 alpha-2 codes of the countries the offer is valid in, when the source says (networks do). */
  regions?: readonly string[] | null;
  /** The stores of an in-store deal: points with a label (model/near-you.ts). */
  stores?: readonly StoreLocation[] | null;
  /** The affiliate network the deal came from and its id there, for deals collected from a network. */
  origin?: DealOrigin | null;
}

export interface DealOrigin {
  network: string;
  id: string;
}

/** The texts keyword search covers, in priority order (title and shop words are kept before description words). */
export function dealSearchTexts(deal: Pick<DealInput, 'title' | 'shop_name' | 'description'>): string[] {
  return [deal.title, deal.shop_name, deal.description];
}

/** The stored listing document of a deal (`coupons`). Optional fields are absent rather than null when unset. */
export type DealDoc = {
  source_id: typeof DEAL_SOURCE_ID;
  title: string;
  description: string;
  savings: string;
  savings_value: number;
  type: string;
  code?: string;
  start_date: string;
  end_date: string;
  shop_id: string;
  shop_name: string;
  shop_url?: string;
  shop_logo_url?: string;
  url_home: string;
  scraped_at: string;
  is_verified: boolean;
  category: DealCategory;
  regions?: string[];
  stores?: StoreLocation[];
  origin?: DealOrigin;
  /** Pinned by an editor (model/editor.ts applyOverrides); absent otherwise. */
  editor_pick?: true;
  /** What Newest First orders by (newestKeyOf); dealDocuments sets it on every write, so no writer computes it. */
  newest_key?: string;
  /** What the Most popular sort orders by: 0 on a new deal, then the popularity triggers' (model/popularity.ts). */
  popularity_score: number;
  popularity?: PopularitySummary;
};

/** The stored search document of a deal (`coupon_search`): the listing document plus its keyword index. */
export type DealSearchDoc = DealDoc & { search_terms: string[] };

/** Builds the listing document: canonical ISO dates and the derived savings_value and category. */
export function buildDealDoc(input: DealInput): DealDoc {
  const doc: DealDoc = {
    source_id: DEAL_SOURCE_ID,
    title: input.title,
    description: input.description,
    savings: input.savings,
    savings_value: savingsValue(input.savings),
    type: input.type,
    start_date: toIsoTimestamp(input.start_date),
    end_date: toIsoTimestamp(input.end_date),
    shop_id: input.shop_id,
    shop_name: input.shop_name,
    url_home: input.url_home,
    scraped_at: toIsoTimestamp(input.scraped_at),
    is_verified: input.is_verified,
    category: categoryOf({ ...input, hint: input.category_hint }),
    popularity_score: 0,
  };
  if (input.code) doc.code = input.code;
  if (input.shop_url) doc.shop_url = input.shop_url;
  if (input.shop_logo_url && isHttpUrl(input.shop_logo_url)) doc.shop_logo_url = input.shop_logo_url;
  if (input.regions && input.regions.length > 0) doc.regions = [...input.regions];
  if (input.stores && input.stores.length > 0)
    doc.stores = input.stores.map(({ label, lat, lng }) => ({ label, lat, lng }));
  if (input.origin) doc.origin = { network: input.origin.network, id: input.origin.id };
  return doc;
}

/** The search document of a listing document: the same fields plus the `search_terms` of its texts. */
export function buildDealSearchDoc(doc: DealDoc): DealSearchDoc {
  return { ...doc, search_terms: searchTermsOf(dealSearchTexts(doc)) };
}

/** One stored document of a deal: where it goes and what it holds. */
export interface DealDocument {
  path: string;
  data: DealDoc | DealSearchDoc;
}

/**
 * Both documents of one deal, listing first: what every writer sets. A deal is stored only when both writes
 * succeeded (the collector records it as written only then, so a failed half is written again next run).
 */
export function dealDocuments(dealId: string, doc: DealDoc): [DealDocument, DealDocument] {
  const [listingPath, searchPath] = dealDocPaths(dealId);
  const stored: DealDoc = { ...doc, newest_key: newestKeyOf(doc) };
  return [
    { path: listingPath, data: stored },
    { path: searchPath, data: buildDealSearchDoc(stored) },
  ];
}

/**
 * Newest First's sort key: an editor's pick before every other deal, then the newest write first. A string
 * (`1|` or `0|`, then the canonical ISO scraped_at, which compares chronologically) so one descending orderBy
 * gives both, and the page cursor stays the usual total order (key, end date, start date, id).
 */
export function newestKeyOf(doc: Pick<DealDoc, 'editor_pick' | 'scraped_at'>): string {
  return `${doc.editor_pick === true ? '1' : '0'}|${doc.scraped_at}`;
}

/**
 * The backfill of a stored deal document (scripts/backfill-newest-key.ts): the newest_key it lacks or has wrong,
 * or null when it is right already or the document has no scraped_at to derive it from.
 */
export function missingNewestKey(stored: Record<string, unknown>): string | null {
  const scrapedAt = stored['scraped_at'];
  if (typeof scrapedAt !== 'string') return null;
  const key = newestKeyOf({
    scraped_at: scrapedAt,
    ...(stored['editor_pick'] === true ? { editor_pick: true } : {}),
  });
  return stored['newest_key'] === key ? null : key;
}

/** The paths of both documents of one deal (listing, search): what an update of its dates or a delete touches. */
export function dealDocPaths(dealId: string): [string, string] {
  return [dealDocPath(dealId), dealSearchDocPath(dealId)];
}

/** True when the deal runs at `now`: start_date <= now < end_date (the dashboard query's window). */
export function isDealLive(deal: Pick<Deal, 'start_date' | 'end_date'>, now: Date): boolean {
  return deal.start_date.getTime() <= now.getTime() && now.getTime() < deal.end_date.getTime();
}
