// users/{uid}/saved/{dealId} from the web app: one read lists every saved deal (the count is capped, see
// model/saved.ts), and a save or unsave is one batch with the counter, as firestore.rules require.
import { doc, getDoc, getDocs, serverTimestamp, writeBatch, type Firestore } from 'firebase/firestore/lite';
import { reminderDocPath, savedCounterDocPath, savedDealDocPath } from '@bargains/model/paths';
import { savedDealsQuerySpec } from '@bargains/model/queries';
import { parseSavedCount, parseSavedDeal, type SavedCounterDoc, type SavedDeal } from '@bargains/model/saved';
import { toFirestoreQuery } from './deal-pages';

export interface SavedDeals {
  /** Most recently saved first. */
  deals: SavedDeal[];
  /** The stored counter (what the next save or unsave moves by one). */
  count: number;
}

export async function fetchSavedDeals(db: Firestore, uid: string): Promise<SavedDeals> {
  const [list, counter] = await Promise.all([
    getDocs(toFirestoreQuery(db, savedDealsQuerySpec(uid), null)),
    getDoc(doc(db, savedCounterDocPath(uid))),
  ]);
  const deals = list.docs.flatMap((snapshot) => parseSavedDeal(uid, snapshot.id, snapshot.data()) ?? []);
  return { deals, count: parseSavedCount(uid, counter.data()) };
}

/** Saves (saved = true) or unsaves a deal; `countBefore` is the counter the change starts from. */
export async function writeSavedDeal(
  db: Firestore,
  uid: string,
  dealId: string,
  saved: boolean,
  countBefore: number,
): Promise<void> {
  const batch = writeBatch(db);
  const savedRef = doc(db, savedDealDocPath(uid, dealId));
  if (saved) batch.set(savedRef, { saved_at: serverTimestamp() });
  else {
    batch.delete(savedRef);
    // A reminder is about a saved deal: it goes with the save (deleting a missing one is allowed).
    batch.delete(doc(db, reminderDocPath(uid, dealId)));
  }
  const counter: SavedCounterDoc = { count: countBefore + (saved ? 1 : -1), deal_id: dealId };
  batch.set(doc(db, savedCounterDocPath(uid)), counter);
  await batch.commit();
}
