// The real flow of a deleted account's leftover ID token: an ID token stays valid for up to an hour whatever
// happens to its account, and security rules cannot ask Auth whether the user still exists. Before
// delete_account wrote its tombstone (deleted_users/{uid}), that token recreated users/{uid} and
// users/{uid}/preferences/alerts right after the deletion. The writes go through the web SDK with the
// emulator-issued token, so the emulator evaluates firestore.rules as for the app.
import { deleteApp, initializeApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  type Firestore,
  getFirestore,
  serverTimestamp,
  setDoc,
  setLogLevel,
  terminate,
} from 'firebase/firestore';
import { emailPreferencesDoc, defaultEmailPreferences } from '@bargains/model/email-preferences';
import { emailPreferencesDocPath, deletedUserDocPath, userDocPath } from '@bargains/model/paths';
import { DELETED_USER_TOMBSTONE_MS } from '@bargains/model/server-docs';
import { newUserDoc } from '@bargains/model/user';
import { closeAdmin, readDoc } from './support/admin';
import { FIRESTORE_EMULATOR, PROJECT_ID } from './support/env';
import { callFunction } from './support/http';
import { createTestUser } from './support/users';

const clients: Array<{ db: Firestore; close: () => Promise<void> }> = [];

/** The web SDK as the signed-in app uses it, authenticated by `idToken`. */
function clientWithToken(idToken: string): Firestore {
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo-api-key' }, `token-${clients.length}`);
  const db = getFirestore(app);
  const [host = '127.0.0.1', port = '8080'] = FIRESTORE_EMULATOR.split(':');
  connectFirestoreEmulator(db, host, Number(port), { mockUserToken: idToken });
  clients.push({ db, close: () => terminate(db).then(() => deleteApp(app)) });
  return db;
}

const createUserDoc = (db: Firestore, uid: string) =>
  setDoc(doc(db, userDocPath(uid)), newUserDoc(serverTimestamp()));
const writePreferences = (db: Firestore, uid: string) =>
  setDoc(
    doc(db, emailPreferencesDocPath(uid)),
    emailPreferencesDoc(defaultEmailPreferences('Europe/Berlin'), serverTimestamp()),
  );

beforeAll(() => setLogLevel('error'));
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await closeAdmin();
});

test("after delete_account the user's still-valid ID token can no longer recreate the user's documents", async () => {
  const user = await createTestUser('delete-token');
  const db = clientWithToken(user.idToken);

  // Before the deletion the same token writes both documents (what the app does on sign-up and on /account).
  await createUserDoc(db, user.uid);
  await writePreferences(db, user.uid);

  // The app's deletion: its own user document first, then delete_account.
  await deleteDoc(doc(db, userDocPath(user.uid)));
  const deleted = await callFunction('delete_account', { token: user.idToken, body: { userId: user.uid } });
  expect(deleted.status).toBe(200);
  const tombstone = await readDoc(deletedUserDocPath(user.uid));
  const deletedAt = (tombstone?.deleted_at as { toMillis(): number } | undefined)?.toMillis() ?? 0;
  const expiresAt = (tombstone?.expires_at as { toMillis(): number } | undefined)?.toMillis() ?? 0;
  expect(expiresAt - deletedAt).toBe(DELETED_USER_TOMBSTONE_MS);

  // The token has not expired (it was issued seconds ago), yet nothing comes back.
  await expect(createUserDoc(db, user.uid)).rejects.toMatchObject({ code: 'permission-denied' });
  await expect(writePreferences(db, user.uid)).rejects.toMatchObject({ code: 'permission-denied' });
  expect(await readDoc(userDocPath(user.uid))).toBeUndefined();
  expect(await readDoc(emailPreferencesDocPath(user.uid))).toBeUndefined();

  // A second call (a retry) still succeeds and keeps the tombstone.
  const repeated = await callFunction('delete_account', { token: user.idToken, body: { userId: user.uid } });
  expect(repeated.status).toBe(200);
  expect(await readDoc(deletedUserDocPath(user.uid))).toBeDefined();
});

test("another account's sign-up and preferences are unaffected", async () => {
  const user = await createTestUser('delete-token-live');
  const db = clientWithToken(user.idToken);
  await createUserDoc(db, user.uid);
  await writePreferences(db, user.uid);
  expect(await readDoc(userDocPath(user.uid))).toMatchObject({ subscription_active: false });
});
