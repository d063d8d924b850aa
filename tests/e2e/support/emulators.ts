// Admin access to the emulators for end-to-end setup and assertions (emulators:exec sets the *_EMULATOR_HOST vars).
import { deleteApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { userDocPath } from '@bargains/model/paths';
import { waitUntil } from '../../../tools/wait-until';

export const PROJECT_ID = 'demo-bargains';

export function adminApp(): App {
  return getApps()[0] ?? initializeApp({ projectId: PROJECT_ID });
}
export const adminAuth = () => getAuth(adminApp());
export const adminDb = () => getFirestore(adminApp());

/** Call from afterAll: the Admin SDK keeps the process alive otherwise. */
export async function closeAdmin(): Promise<void> {
  await Promise.all(getApps().map((app) => deleteApp(app)));
}

let counter = 0;
/** A unique, valid email for a test user. */
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@bargains.test`;
}

/** Polls users/{uid} (as the Admin SDK reads it) until `done` holds, and returns that data. */
export function waitForUserDoc(
  uid: string,
  done: (data: Record<string, unknown> | undefined) => boolean,
): Promise<Record<string, unknown> | undefined> {
  return waitUntil(async () => (await adminDb().doc(userDocPath(uid)).get()).data(), done, {
    what: `users/${uid} in the expected state`,
    timeoutMs: 20_000,
  });
}
