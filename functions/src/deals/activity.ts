// A user's popularity activity across all deals (model/popularity.ts: View Deal opens and saves), found with one
// collection-group query on `uid` (its single-field index is in firestore.indexes.json).
import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '@bargains/model/paths';

/** Deletes every activity document of `uid` and returns how many there were; repeating it finds none. */
export async function deleteActivityOf(db: Firestore, uid: string): Promise<number> {
  const activity = await db.collectionGroup(COLLECTIONS.activity).where('uid', '==', uid).get();
  const writer = db.bulkWriter();
  const failures: string[] = [];
  for (const record of activity.docs) {
    writer
      .delete(record.ref)
      .catch((error: unknown) => failures.push(`${record.ref.path}: ${String(error)}`));
  }
  await writer.close();
  // A retry of delete_account finds the records left and deletes them.
  if (failures.length > 0)
    throw new Error(`could not delete ${failures.length} activity records (${failures[0]})`);
  return activity.size;
}
