import { doc, getDoc } from 'firebase/firestore/lite';
import { STORE_SUMMARY_DOC_PATH } from '@bargains/model/paths';
import { parseStoreSummary, type StoreSummary } from '@bargains/model/store-summary';
import { liteDb } from './firestore-lite';

/**
 * The stores and categories of the live deals with counts: one document read (null when missing or malformed).
 * It takes no `db`: the two Firestore SDKs' types look alike, but Lite's `doc()` throws on the full SDK's
 * instance, so the read uses the one instance it can use.
 */
export async function fetchStoreSummary(): Promise<StoreSummary | null> {
  const snapshot = await getDoc(doc(liteDb, STORE_SUMMARY_DOC_PATH));
  return snapshot.exists() ? parseStoreSummary(snapshot.data()) : null;
}
