// The collector rewrites a changed deal whole; before it does, it reads the vote summary the deal carries (one
// getAll of the listing documents per KEEP_VOTES_READ_BATCH changed deals, the `votes` and popularity fields only),
// so model/votes.ts keepVoteFields can carry it over on the same code and model/popularity.ts keepPopularityFields
// the popularity counts. New deals have nothing to read.
//
// A vote recounted between this read and the write is overwritten by the summary read here; the next vote on
// the deal recounts from the votes themselves (handlers/vote-on-deal.ts), so no vote is lost, only shown late.
import type { Firestore } from 'firebase-admin/firestore';
import { dealDocPath } from '@bargains/model/paths';

export const KEEP_VOTES_READ_BATCH = 100;

/** What a rewrite carries over: the vote summary and the popularity (model/popularity.ts keepPopularityFields). */
export interface StoredDealCounts {
  votes?: unknown;
  popularity?: unknown;
  popularity_score?: unknown;
}

/** deal id → its stored `votes` and popularity fields (absent for deals nobody acted on, or that are not stored). */
export async function storedVoteSummaries(
  db: Firestore,
  dealIds: readonly string[],
): Promise<Map<string, StoredDealCounts>> {
  const found = new Map<string, StoredDealCounts>();
  if (dealIds.length === 0) return found;
  const snapshots = await db.getAll(...dealIds.map((id) => db.doc(dealDocPath(id))), {
    fieldMask: ['votes', 'popularity', 'popularity_score'],
  });
  for (const snapshot of snapshots) {
    const kept: StoredDealCounts = {};
    for (const field of ['votes', 'popularity', 'popularity_score'] as const) {
      const value: unknown = snapshot.get(field);
      if (value !== undefined) kept[field] = value;
    }
    if (Object.keys(kept).length > 0) found.set(snapshot.id, kept);
  }
  return found;
}
