// The collector rewrites a changed deal whole; before it does, it reads the vote summary the deal carries (one
// getAll of the listing documents per KEEP_VOTES_READ_BATCH changed deals, the `votes` field only), so
// model/votes.ts keepVoteFields can carry it over on the same code. New deals have nothing to read.
//
// A vote recounted between this read and the write is overwritten by the summary read here; the next vote on
// the deal recounts from the votes themselves (handlers/vote-on-deal.ts), so no vote is lost, only shown late.
import type { Firestore } from 'firebase-admin/firestore';
import { dealDocPath } from '../model/paths';

export const KEEP_VOTES_READ_BATCH = 100;

/** deal id → its stored `votes` field (absent for deals nobody voted on, or that are not stored). */
export async function storedVoteSummaries(
  db: Firestore,
  dealIds: readonly string[],
): Promise<Map<string, { votes?: unknown }>> {
  const found = new Map<string, { votes?: unknown }>();
  if (dealIds.length === 0) return found;
  const snapshots = await db.getAll(...dealIds.map((id) => db.doc(dealDocPath(id))), {
    fieldMask: ['votes'],
  });
  for (const snapshot of snapshots) {
    const votes: unknown = snapshot.get('votes');
    if (votes !== undefined) found.set(snapshot.id, { votes });
  }
  return found;
}
