// sources/wired/summaries/shops: the shops and categories of the live deals with their counts, so the
// dashboard fills its Store and Category filters with one document read instead of scanning deals.
//
// Maintained at write time: a writer (deal collector, demo-data generator) calls buildStoreSummaryDoc with the
// live deals after writing a batch (functions/src/deals/summary.ts `refreshStoreSummary` reads them and writes
// the document). Counts are as of `updated_at`: a deal that expires before the next refresh is still counted,
// so the dashboard shows them as approximate ("about") and never relies on them for correctness.
// zod/mini, as in fields.ts: the dashboard reads the summary with it (see deal.ts).
import { array, gte, int, minLength, number, object, pipe, record, string, transform } from 'zod/mini';
import { DEAL_CATEGORIES, type DealCategory } from './category';
import type { DealDoc } from './deal';
import { optionalHttpUrl } from './fields';
import { type InvalidDocumentReporter, parseDocument, warnInvalidDocument } from './invalid-document';
import { STORE_SUMMARY_DOC_PATH } from './paths';
import { dateSchema, toIsoTimestamp } from './timestamp';

export interface StoreSummaryEntry {
  id: string;
  name: string;
  url: string | null;
  /** Live deals of this shop when the summary was built. */
  live: number;
}

export interface StoreSummary {
  updated_at: Date;
  /** Shops with at least one live deal, by name. */
  shops: StoreSummaryEntry[];
  /** Live deals per category (every category present, 0 when none). */
  categories: Record<DealCategory, number>;
}

export interface StoreSummaryDoc {
  updated_at: string;
  shops: Array<{ id: string; name: string; url?: string; live: number }>;
  categories: Record<DealCategory, number>;
}

export type SummarizedDeal = Pick<
  DealDoc,
  'shop_id' | 'shop_name' | 'shop_url' | 'start_date' | 'end_date' | 'category'
>;

const isLiveAt = (deal: SummarizedDeal, nowIso: string) =>
  deal.start_date <= nowIso && nowIso < deal.end_date;

/** The summary of the deals that are live at `now` (others are ignored, so any superset may be passed). */
export function buildStoreSummaryDoc(deals: Iterable<SummarizedDeal>, now: Date): StoreSummaryDoc {
  const nowIso = toIsoTimestamp(now);
  const shops = new Map<string, { id: string; name: string; url?: string; live: number }>();
  const categories = Object.fromEntries(DEAL_CATEGORIES.map((category) => [category, 0])) as Record<
    DealCategory,
    number
  >;
  for (const deal of deals) {
    if (!isLiveAt(deal, nowIso) || deal.shop_id === '') continue;
    const shop = shops.get(deal.shop_id) ?? { id: deal.shop_id, name: deal.shop_name, live: 0 };
    shop.live += 1;
    if (deal.shop_url && !shop.url) shop.url = deal.shop_url;
    shops.set(deal.shop_id, shop);
    categories[deal.category] += 1;
  }
  const byName = [...shops.values()].sort(
    (a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id),
  );
  return { updated_at: nowIso, shops: byName, categories };
}

const countSchema = number().check(int(), gte(0));

const storeSummarySchema = object({
  updated_at: dateSchema,
  shops: array(
    object({
      id: string().check(minLength(1)),
      name: string(),
      url: optionalHttpUrl,
      live: countSchema,
    }),
  ),
  categories: pipe(
    record(string(), countSchema),
    transform(
      (counts: Record<string, number>) =>
        Object.fromEntries(DEAL_CATEGORIES.map((category) => [category, counts[category] ?? 0])) as Record<
          DealCategory,
          number
        >,
    ),
  ),
});

export function parseStoreSummary(
  data: unknown,
  report: InvalidDocumentReporter = warnInvalidDocument,
): StoreSummary | null {
  return parseDocument(storeSummarySchema, STORE_SUMMARY_DOC_PATH, data, report);
}
