// A deleted account's ID token stays valid for up to an hour after delete_account, and rules cannot see that its
// user is gone. delete_account's tombstone (deleted_users/{uid}) closes that hour: every write that could bring
// the account's documents back is refused while it exists (deny), and the same writes by a live account — and
// the deleted account's harmless reads and deletes — still work (allow).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  deleteDoc,
  doc,
  type Firestore,
  getDoc,
  serverTimestamp,
  setDoc,
  writeBatch,
} from 'firebase/firestore';
import { emailPreferencesDoc, defaultEmailPreferences } from '@bargains/model/email-preferences';
import {
  emailPreferencesDocPath,
  reminderDocPath,
  savedCounterDocPath,
  savedDealDocPath,
  userDocPath,
} from '@bargains/model/paths';
import { reminderDoc } from '@bargains/model/reminder';
import { newUserDoc } from '@bargains/model/user';
import { clientDb, SEEDED, UIDS, useSeededRulesEnvironment, userSeed } from './harness';

/** The uid of the harness's tombstone (SEEDED.deletedUser). */
const DELETED = SEEDED.deletedUser.split('/')[1] ?? '';
const DEAL_ID = SEEDED.deal.split('/').pop() ?? '';

const preferences = () => emailPreferencesDoc(defaultEmailPreferences('Europe/Berlin'), serverTimestamp());

/** The app's save of one deal: the saved document and the counter in one batch. */
function save(db: Firestore, uid: string) {
  const batch = writeBatch(db);
  batch.set(doc(db, savedDealDocPath(uid, DEAL_ID)), { saved_at: serverTimestamp() });
  batch.set(doc(db, savedCounterDocPath(uid)), { count: 1, deal_id: DEAL_ID });
  return batch.commit();
}

type Attempt = (db: Firestore, uid: string) => Promise<unknown>;

/** Writes that recreate an account's documents: refused for the deleted account, allowed for a live one. */
const RECREATING_WRITES: Array<[string, Attempt]> = [
  ['create users/{uid}', (db, uid) => setDoc(doc(db, userDocPath(uid)), newUserDoc(serverTimestamp()))],
  ['create preferences/alerts', (db, uid) => setDoc(doc(db, emailPreferencesDocPath(uid)), preferences())],
];

describe('a deleted account (tombstone in deleted_users)', () => {
  const env = useSeededRulesEnvironment();
  const as = (uid: string) => clientDb(env().authenticatedContext(uid));
  const arrange = (write: (db: Firestore) => Promise<unknown>) =>
    env().withSecurityRulesDisabled((context) => write(clientDb(context)).then(() => undefined));

  it.each(RECREATING_WRITES)('%s is denied to the deleted account', async (_name, attempt) => {
    await assertFails(attempt(as(DELETED), DELETED));
  });

  it.each(RECREATING_WRITES)('%s is allowed to a live account without a document', async (_name, attempt) => {
    // 'other' has no user document and no tombstone: a new sign-up.
    await assertSucceeds(attempt(as(UIDS.other), UIDS.other));
  });

  describe('while delete_account is still deleting (tombstone written, documents not yet deleted)', () => {
    const seedLeftovers = (uid: string) =>
      arrange(async (db) => {
        await setDoc(doc(db, userDocPath(uid)), userSeed(true));
        await setDoc(
          doc(db, emailPreferencesDocPath(uid)),
          emailPreferencesDoc(defaultEmailPreferences('Europe/Berlin'), new Date()),
        );
      });

    it('an update of the preferences is denied to the deleted account, allowed to a live one', async () => {
      await seedLeftovers(DELETED);
      await assertFails(setDoc(doc(as(DELETED), emailPreferencesDocPath(DELETED)), preferences()));
      await seedLeftovers(UIDS.other);
      await assertSucceeds(setDoc(doc(as(UIDS.other), emailPreferencesDocPath(UIDS.other)), preferences()));
    });

    it('saving a deal is denied to the deleted account, allowed to a live subscriber', async () => {
      await seedLeftovers(DELETED);
      await assertFails(save(as(DELETED), DELETED));
      await seedLeftovers(UIDS.other);
      await assertSucceeds(save(as(UIDS.other), UIDS.other));
    });

    it('setting a reminder on a saved deal is denied to the deleted account, allowed to a live subscriber', async () => {
      const remind = (uid: string) =>
        setDoc(
          doc(as(uid), reminderDocPath(uid, DEAL_ID)),
          reminderDoc(DEAL_ID, 1, 'UTC', new Date('2030-01-01T00:00:00Z'), serverTimestamp()),
        );
      for (const uid of [DELETED, UIDS.other]) {
        await seedLeftovers(uid);
        await arrange((db) => setDoc(doc(db, savedDealDocPath(uid, DEAL_ID)), { saved_at: new Date() }));
      }
      await assertFails(remind(DELETED));
      await assertSucceeds(remind(UIDS.other));
    });

    it('reads and deletes of its own documents are still allowed (nothing comes back through them)', async () => {
      await seedLeftovers(DELETED);
      await assertSucceeds(getDoc(doc(as(DELETED), userDocPath(DELETED))));
      await assertSucceeds(getDoc(doc(as(DELETED), emailPreferencesDocPath(DELETED))));
      await assertSucceeds(deleteDoc(doc(as(DELETED), userDocPath(DELETED))));
    });
  });

  it('the tombstone itself is server only: the deleted account can neither read nor remove it', async () => {
    await assertFails(getDoc(doc(as(DELETED), SEEDED.deletedUser)));
    await assertFails(deleteDoc(doc(as(DELETED), SEEDED.deletedUser)));
  });
});
