// users/{uid}/saved/{dealId}: a deal the user saved for later, and users/{uid}/counters/saved, how many there
// are. The rules cap the count at MAX_SAVED_DEALS: a client adds or removes a saved deal only in a batch that
// also moves the counter by one and names the deal (`deal_id`), so the counter cannot drift from the documents
// (see firestore.rules and savedDealWrites in the web app).
// zod/mini, as in fields.ts: the dashboard reads saved deals with it (see deal.ts).
import { gte, int, number, object, string } from 'zod/mini';
import { type InvalidDocumentReporter, parseDocument, warnInvalidDocument } from './invalid-document';
import { savedCounterDocPath, savedDealDocPath } from './paths';
import { pendingDateSchema } from './timestamp';

export { MAX_SAVED_DEALS } from './queries';

export interface SavedDeal {
  dealId: string;
  /** null while the server timestamp of a fresh save is pending. */
  saved_at: Date | null;
}

/** The stored shape: exactly this one field (the rules check it), written with serverTimestamp(). */
export interface SavedDealDoc<TimestampValue> {
  saved_at: TimestampValue;
}

export interface SavedCounterDoc {
  count: number;
  /** The deal saved or unsaved by the write that set this count. */
  deal_id: string;
}

const savedDealSchema = object({ saved_at: pendingDateSchema });
const savedCounterSchema = object({ count: number().check(int(), gte(0)), deal_id: string() });

export function parseSavedDeal(
  uid: string,
  dealId: string,
  data: unknown,
  report: InvalidDocumentReporter = warnInvalidDocument,
): SavedDeal | null {
  const parsed = parseDocument(savedDealSchema, savedDealDocPath(uid, dealId), data, report);
  return parsed === null ? null : { dealId, saved_at: parsed.saved_at };
}

/** A missing counter reads as 0 saved deals. */
export function parseSavedCount(
  uid: string,
  data: unknown,
  report: InvalidDocumentReporter = warnInvalidDocument,
): number {
  if (data === undefined) return 0;
  return parseDocument(savedCounterSchema, savedCounterDocPath(uid), data, report)?.count ?? 0;
}
