// "Most popular" (model/popularity.ts): the triggers and the daily run that keep each deal's popularity counts.
//
// count_deal_activity (any write of sources/wired/coupons/{dealId}/activity/{id}) and vote_on_deal recount the
// deal; record_save_activity turns a new users/{uid}/saved/{dealId} into the deal's save activity of that day;
// refresh_popularity recounts every deal with a score once a day, so opens, saves and votes leave the 7-day
// window as days pass.
//
// Idempotent by construction, like vote_on_deal: an event only says which deal to recount; the counts come from
// the records as they are now (count queries, in one transaction with the write), never from the event's
// before/after. A retried, duplicated or late event recounts the same records and writes the same fields (or
// nothing, when they are already stored), so the counts are exact in any delivery order. A save activity's id is
// fixed by the deal, the day of the save and the user, so a repeated save event writes the same document again.
import { isDeepStrictEqual } from 'node:util';
import * as logger from 'firebase-functions/logger';
import type { DocumentSnapshot, Firestore, Timestamp } from 'firebase-admin/firestore';
import { db } from '../admin';
import { adminQuery } from '../deals/query';
import { dealDocPaths } from '@bargains/model/deal';
import { dealDocPath, deletedUserDocPath } from '@bargains/model/paths';
import {
  activityCountQuerySpec,
  activityDoc,
  activityDocPath,
  dealPopularityFields,
  scoredDealsQuerySpec,
  utcDayOf,
  workedVotesCountQuerySpec,
} from '@bargains/model/popularity';
import type { QuerySpec } from '@bargains/model/queries';

export type PopularityOutcome = 'updated' | 'unchanged' | 'no-deal';

/** Recounts the deal's window as of `now` and stores the counts and score on both of its documents. */
export async function recountDealPopularity(
  firestore: Firestore,
  dealId: string,
  now: Date = new Date(),
): Promise<PopularityOutcome> {
  const refs = dealDocPaths(dealId).map((path) => firestore.doc(path));
  const count = (spec: QuerySpec) => adminQuery(firestore, spec).count();
  return firestore.runTransaction(async (tx) => {
    const [listing, search] = await tx.getAll(...refs);
    if (!listing?.exists) return 'no-deal';
    const [opens, saves, worked] = await Promise.all([
      tx.get(count(activityCountQuerySpec(dealId, 'open', now))),
      tx.get(count(activityCountQuerySpec(dealId, 'save', now))),
      tx.get(count(workedVotesCountQuerySpec(dealId, now))),
    ]);
    const fields = dealPopularityFields(
      { opens: opens.data().count, saves: saves.data().count, worked: worked.data().count },
      now,
    );
    const stored = listing.data() ?? {};
    const unchanged = (Object.keys(fields) as Array<keyof typeof fields>).every((key) =>
      isDeepStrictEqual(stored[key], fields[key]),
    );
    if (unchanged) return 'unchanged';
    tx.update(listing.ref, { ...fields });
    // A deal written before the search documents existed has none: nothing to keep in step there.
    if (search?.exists) tx.update(search.ref, { ...fields });
    return 'updated';
  });
}

/** count_deal_activity and vote_on_deal: one deal to recount. */
export async function handleDealActivity(dealId: string): Promise<PopularityOutcome> {
  const outcome = await recountDealPopularity(db(), dealId);
  logger.info('popularity.recounted', { deal: dealId, outcome });
  return outcome;
}

export type SaveActivityOutcome = 'recorded' | 'no-deal' | 'account-deleted' | 'no-save-time';

/**
 * record_save_activity: the save of `dealId` by `uid` as the deal's save activity of the save's UTC day. Nothing
 * for a deal that is gone or an account being deleted (delete_account removes the user's activity; a late save
 * event must not bring one back).
 */
export async function recordSaveActivity(
  firestore: Firestore,
  uid: string,
  dealId: string,
  savedAt: Date | null,
): Promise<SaveActivityOutcome> {
  if (savedAt === null) return 'no-save-time';
  const day = utcDayOf(savedAt);
  return firestore.runTransaction(async (tx) => {
    const [deal, tombstone] = await tx.getAll(
      firestore.doc(dealDocPath(dealId)),
      firestore.doc(deletedUserDocPath(uid)),
    );
    if (!deal?.exists) return 'no-deal';
    if (tombstone?.exists) return 'account-deleted';
    tx.set(firestore.doc(activityDocPath(dealId, 'save', day, uid)), activityDoc('save', day, uid));
    return 'recorded';
  });
}

export async function handleSave(
  uid: string,
  dealId: string,
  saved: DocumentSnapshot | undefined,
): Promise<SaveActivityOutcome> {
  const savedAt = saved?.get('saved_at') as Timestamp | undefined;
  const outcome = await recordSaveActivity(db(), uid, dealId, savedAt ? savedAt.toDate() : null);
  logger.info('popularity.save_recorded', { deal: dealId, outcome });
  return outcome;
}

/** refresh_popularity: recounts every deal with a score (its window moved); returns how many changed. */
export async function refreshPopularity(
  firestore: Firestore,
  now: Date = new Date(),
): Promise<{ recounted: number; updated: number }> {
  const spec = scoredDealsQuerySpec();
  let recounted = 0;
  let updated = 0;
  let after: DocumentSnapshot | null = null;
  for (;;) {
    let query = adminQuery(firestore, spec);
    if (after !== null) query = query.startAfter(after);
    const page = await query.get();
    for (const deal of page.docs) {
      if ((await recountDealPopularity(firestore, deal.id, now)) === 'updated') updated += 1;
      recounted += 1;
    }
    if (page.size < spec.limit) break;
    after = page.docs[page.docs.length - 1] ?? null;
  }
  return { recounted, updated };
}

export async function handleRefresh(): Promise<void> {
  const summary = await refreshPopularity(db());
  logger.info('refresh_popularity.done', summary);
}
