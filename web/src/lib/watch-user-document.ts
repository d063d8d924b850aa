// The live users/{uid} listener of SubscriptionProvider and the payment banner, the one piece of the signed-in
// pages that needs the full Firestore SDK. A lazy chunk (both load it after the page's first render), so the
// dashboard's first deals, read with Firestore Lite, never wait for the full SDK to download.
import { doc, onSnapshot, type DocumentSnapshot, type FirestoreError } from 'firebase/firestore';
import { userDocPath } from '@bargains/model/paths';
import { db } from '@/lib/firestore';

export function watchUserDocument(
  uid: string,
  onNext: (snapshot: DocumentSnapshot) => void,
  onError: (error: FirestoreError) => void,
): () => void {
  return onSnapshot(doc(db, userDocPath(uid)), onNext, onError);
}
