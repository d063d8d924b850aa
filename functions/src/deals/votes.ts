// A user's "Did this code work?" votes across all deals (model/votes.ts), found with one collection-group query
// on `uid` (its single-field index is in firestore.indexes.json).
import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@bargains/model/paths';

/** Deletes every vote of `uid` and returns how many there were; repeating it finds none. */
export async function deleteVotesOf(db: Firestore, uid: string): Promise<number> {
  const votes = await db.collectionGroup(COLLECTIONS.votes).where('uid', '==', uid).get();
  const writer = db.bulkWriter();
  const failures: string[] = [];
  for (const vote of votes.docs) {
    writer.delete(vote.ref).catch((error: unknown) => failures.push(`${vote.ref.path}: ${String(error)}`));
  }
  await writer.close();
  // A retry of delete_account finds the votes left and deletes them.
  if (failures.length > 0) throw new Error(`could not delete ${failures.length} votes (${failures[0]})`);
  return votes.size;
}
