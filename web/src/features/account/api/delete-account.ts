// Spec §7: the client deletes its own user document first, then asks the backend to delete the account
// (cancel billing, delete the Auth user). The backend also deletes the document, so a retry after a failure
// in between still completes.
import { deleteDoc, doc, type Firestore } from 'firebase/firestore';
import { userDocPath } from '@model/paths';
import { deleteAccount } from '@/features/billing/api/billing-api';

export async function deleteUserAccount(db: Firestore, uid: string): Promise<void> {
  await deleteDoc(doc(db, userDocPath(uid)));
  await deleteAccount(uid);
}
