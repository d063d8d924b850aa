// Admin SDK pointed at the emulators, for arranging and checking Firestore and Auth state. Call
// `closeAdmin()` in afterAll: an open Firestore client keeps Jest from exiting.
import { deleteApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type DocumentData } from 'firebase-admin/firestore';
import { parseUser, type UserDoc } from '@bargains/model/user';
import { AUTH_EMULATOR, FIRESTORE_EMULATOR, PROJECT_ID } from './env';

process.env.FIRESTORE_EMULATOR_HOST ??= FIRESTORE_EMULATOR;
process.env.FIREBASE_AUTH_EMULATOR_HOST ??= AUTH_EMULATOR;

const APP_NAME = 'billing-tests';

function app(): App {
  return (
    getApps().find((existing) => existing.name === APP_NAME) ??
    initializeApp({ projectId: PROJECT_ID }, APP_NAME)
  );
}

export const testDb = () => getFirestore(app());
export const testAuth = () => getAuth(app());

export async function readDoc(path: string): Promise<DocumentData | undefined> {
  return (await testDb().doc(path).get()).data();
}

export async function closeAdmin(): Promise<void> {
  const existing = getApps().find((candidate) => candidate.name === APP_NAME);
  if (existing) await deleteApp(existing);
}

/** users/{uid} as the webhook mirrored it, or null when there is none. */
export async function readUserDoc(uid: string): Promise<UserDoc | null> {
  const data = await readDoc(`users/${uid}`);
  return data === undefined ? null : parseUser(uid, data);
}
