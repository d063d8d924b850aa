// The writer's side of sources/wired/summaries/shops (model/store-summary.ts): a deal writer (the collector,
// after each batch of buildDealDoc writes) calls refreshStoreSummary once; it reads the deals that have not
// ended yet (only the fields the summary needs) and rewrites the summary document. Cost: one read per
// unexpired deal per refresh, paid by the writer, never by a dashboard visit.
import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { isDealCategory } from '@bargains/model/category';
import { COLLECTIONS, STORE_SUMMARY_DOC_PATH } from '@bargains/model/paths';
import {
  buildStoreSummaryDoc,
  type StoreSummaryDoc,
  type SummarizedDeal,
} from '@bargains/model/store-summary';
import { toIsoTimestamp } from '@bargains/model/timestamp';

const SUMMARY_FIELDS = ['shop_id', 'shop_name', 'shop_url', 'start_date', 'end_date', 'category'] as const;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Lenient: a deal written before `category` existed counts as 'other'; unreadable dates are never live. */
function summarized(data: DocumentData): SummarizedDeal {
  const shopUrl = text(data.shop_url);
  return {
    shop_id: text(data.shop_id),
    shop_name: text(data.shop_name),
    ...(shopUrl ? { shop_url: shopUrl } : {}),
    start_date: text(data.start_date),
    end_date: text(data.end_date),
    category: isDealCategory(data.category) ? data.category : 'other',
  };
}

export async function refreshStoreSummary(db: Firestore, now: Date = new Date()): Promise<StoreSummaryDoc> {
  // One range filter (served by the automatic single-field index); deals not started yet are skipped by the builder.
  const unexpired = await db
    .collection(COLLECTIONS.deals)
    .where('end_date', '>', toIsoTimestamp(now))
    .select(...SUMMARY_FIELDS)
    .get();
  const summary = buildStoreSummaryDoc(
    unexpired.docs.map((snapshot) => summarized(snapshot.data())),
    now,
  );
  await db.doc(STORE_SUMMARY_DOC_PATH).set(summary);
  return summary;
}
