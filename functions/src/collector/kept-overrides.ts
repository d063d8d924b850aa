// A re-collect keeps the editor's overrides (model/editor.ts): before the collector writes a changed deal it reads
// the deal's override document (one getAll per KEEP_VOTES_READ_BATCH changed deals, alongside the vote summaries),
// and writes applyOverrides(the source's new version) instead of the source's version, or nothing for a hidden
// deal; the override document gets the source's new version and, when the source changed a field the editor had
// edited, the time it did (the desk flags it). New deals have no override to read.
import type { Firestore } from 'firebase-admin/firestore';
import { dealOverrideDocPath, type StoredOverride, storedOverrideOf } from '@bargains/model/editor';

/** deal id → its override, for the deals that have one. */
export async function storedOverrides(
  db: Firestore,
  dealIds: readonly string[],
): Promise<Map<string, StoredOverride>> {
  const found = new Map<string, StoredOverride>();
  if (dealIds.length === 0) return found;
  const snapshots = await db.getAll(...dealIds.map((id) => db.doc(dealOverrideDocPath(id))));
  for (const snapshot of snapshots) {
    const override = storedOverrideOf(snapshot.data());
    if (override !== null) found.set(snapshot.id, override);
  }
  return found;
}
