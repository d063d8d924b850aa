// The full Firestore SDK (live listeners, offline cache). Import it only from lazily loaded modules
// (protected routes): public pages must not download it. Public reads use ./firestore-lite.
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { env } from '@/config/env';
import { firebaseApp } from './firebase-app';

export const db = getFirestore(firebaseApp);

if (env.useEmulators) {
  connectFirestoreEmulator(db, env.firestoreEmulator.host, env.firestoreEmulator.port);
}
