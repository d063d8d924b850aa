// Firestore Lite: one-shot REST reads and writes without the listener machinery, small enough for public
// pages (blog) and for creating the user document right after sign-in.
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore/lite';
import { env } from '@/config/env';
import { firebaseApp } from './firebase-app';

export const liteDb = getFirestore(firebaseApp);

if (env.useEmulators) {
  connectFirestoreEmulator(liteDb, env.firestoreEmulator.host, env.firestoreEmulator.port);
}
