// docs/reference.md#account-deletion: the client deletes the user's own document first, then asks the backend to delete the account
// (cancel billing, delete the Auth user). Both need a recent sign-in (docs/reference.md#account-deletion, requires-recent-login), checked
// here before anything is deleted. The backend also deletes the document, so a retry after a failure in
// between still completes.
import type { User } from 'firebase/auth';
import { deleteDoc, doc, type Firestore } from 'firebase/firestore';
import { userDocPath } from '@bargains/model/paths';
import { signOutIfSessionEnded } from '@/lib/auth-errors';
import { deleteAccount } from './account-api';
import { RecentLoginRequiredError, signedInRecentlyEnoughToDelete } from '../lib/recent-login';

/** The part of the signed-in Firebase user the deletion uses. */
export type AccountOwner = Pick<User, 'uid' | 'getIdTokenResult'>;

export async function deleteUserAccount(db: Firestore, user: AccountOwner): Promise<void> {
  let token: Awaited<ReturnType<AccountOwner['getIdTokenResult']>>;
  try {
    // Forced refresh: the cached token can be up to an hour old, and a fresh one's issue time is "now".
    token = await user.getIdTokenResult(true);
  } catch (error) {
    await signOutIfSessionEnded(error);
    throw error;
  }
  if (!signedInRecentlyEnoughToDelete(token)) throw new RecentLoginRequiredError();
  await deleteDoc(doc(db, userDocPath(user.uid)));
  await deleteAccount(user.uid);
}
