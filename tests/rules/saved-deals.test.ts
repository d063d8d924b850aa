// users/{uid}/saved/{dealId} and users/{uid}/counters/saved: who may do what (allow AND deny per role), and the
// shape and count attacks the rules must refuse. A save or unsave is one batch with the counter, as the app does.
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  limit,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  writeBatch,
} from 'firebase/firestore';
import { dealDocPath, savedCounterDocPath, savedDealDocPath } from '@bargains/model/paths';
import { savedDealsQuerySpec } from '@bargains/model/queries';
import { MAX_SAVED_DEALS } from '@bargains/model/saved';
import {
  clientDb,
  dbFor,
  DEAL_SEED,
  itEnforcesOwnerMatrix,
  type Operation,
  queryFromSpec,
  type Role,
  UIDS,
  useSeededRulesEnvironment,
} from './harness';

const SAVED_DEAL = 'deal-1';
const NEW_DEAL = 'deal-2';

/** The app's save: the saved document and the counter, moved by one and naming the deal, in one batch. */
function save(db: Firestore, uid: string, dealId: string, countBefore: number) {
  const batch = writeBatch(db);
  batch.set(doc(db, savedDealDocPath(uid, dealId)), { saved_at: serverTimestamp() });
  batch.set(doc(db, savedCounterDocPath(uid)), { count: countBefore + 1, deal_id: dealId });
  return batch.commit();
}

function unsave(db: Firestore, uid: string, dealId: string, countBefore: number) {
  const batch = writeBatch(db);
  batch.delete(doc(db, savedDealDocPath(uid, dealId)));
  batch.set(doc(db, savedCounterDocPath(uid)), { count: countBefore - 1, deal_id: dealId });
  return batch.commit();
}

/** Both users own one saved deal (the free user saved it while subscribed) and a second deal exists. */
async function seedSaved(env: RulesTestEnvironment, count = 1): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    const db = clientDb(context);
    await setDoc(doc(db, dealDocPath(NEW_DEAL)), DEAL_SEED);
    for (const uid of [UIDS.free, UIDS.subscriber]) {
      await setDoc(doc(db, savedDealDocPath(uid, SAVED_DEAL)), { saved_at: Timestamp.now() });
      await setDoc(doc(db, savedCounterDocPath(uid)), { count, deal_id: SAVED_DEAL });
    }
  });
}

/** Signed-in owners act on their own saved deals; 'other' and signed-out visitors try the subscriber's. */
const ownerOf = (role: Role) => (role === 'free' ? UIDS.free : UIDS.subscriber);

const ATTEMPTS: Record<Operation, (db: Firestore, role: Role) => Promise<unknown>> = {
  get: (db, role) => getDoc(doc(db, savedDealDocPath(ownerOf(role), SAVED_DEAL))),
  list: (db, role) => getDocs(queryFromSpec(db, savedDealsQuerySpec(ownerOf(role)))),
  create: (db, role) => save(db, ownerOf(role), NEW_DEAL, 1),
  update: (db, role) =>
    updateDoc(doc(db, savedDealDocPath(ownerOf(role), SAVED_DEAL)), { saved_at: serverTimestamp() }),
  delete: (db, role) => unsave(db, ownerOf(role), SAVED_DEAL, 1),
};

/** free = the owner without a subscription: may read and unsave what it has, may not save more. */
const ALLOWED: Record<Operation, readonly Role[]> = {
  get: ['subscriber', 'free'],
  list: ['subscriber', 'free'],
  create: ['subscriber'],
  update: [],
  delete: ['subscriber', 'free'],
};

describe('saved deals rules', () => {
  const env = useSeededRulesEnvironment((seeded) => seedSaved(seeded));
  const owner = () => dbFor(env(), 'subscriber');
  const uid = UIDS.subscriber;

  itEnforcesOwnerMatrix(env, ALLOWED, ATTEMPTS);

  describe('shape and count attacks on a save', () => {
    const batchWith = (
      savedData: Record<string, unknown> | null,
      counter: Record<string, unknown> | null,
      dealId = NEW_DEAL,
    ) => {
      const db = owner();
      const batch = writeBatch(db);
      if (savedData) batch.set(doc(db, savedDealDocPath(uid, dealId)), savedData);
      if (counter) batch.set(doc(db, savedCounterDocPath(uid)), counter);
      return batch.commit();
    };

    it.each([
      ['an extra field', { saved_at: serverTimestamp(), title: 'x' }, { count: 2, deal_id: NEW_DEAL }],
      ['a client-chosen time', { saved_at: Timestamp.now() }, { count: 2, deal_id: NEW_DEAL }],
      ['no saved_at', {}, { count: 2, deal_id: NEW_DEAL }],
      ['no counter update', { saved_at: serverTimestamp() }, null],
      ['a counter moved by two', { saved_at: serverTimestamp() }, { count: 3, deal_id: NEW_DEAL }],
      ['a counter left as is', { saved_at: serverTimestamp() }, { count: 1, deal_id: NEW_DEAL }],
      ['a counter naming another deal', { saved_at: serverTimestamp() }, { count: 2, deal_id: SAVED_DEAL }],
      [
        'an extra counter field',
        { saved_at: serverTimestamp() },
        { count: 2, deal_id: NEW_DEAL, bonus: true },
      ],
      ['a non-integer count', { saved_at: serverTimestamp() }, { count: 2.5, deal_id: NEW_DEAL }],
    ] as const)('refuses a save with %s', async (_name, savedData, counter) => {
      await assertFails(batchWith({ ...savedData }, counter && { ...counter }));
    });

    it('accepts the well-formed save (the attacks above differ from it in one point)', async () => {
      await assertSucceeds(batchWith({ saved_at: serverTimestamp() }, { count: 2, deal_id: NEW_DEAL }));
    });

    it('refuses saving a deal that does not exist', async () => {
      await assertFails(save(owner(), uid, 'no-such-deal', 1));
    });

    it('refuses saving a deal that is already saved (that would be an update)', async () => {
      await assertFails(save(owner(), uid, SAVED_DEAL, 1));
    });

    it(`refuses more than ${MAX_SAVED_DEALS} saved deals`, async () => {
      await seedSaved(env(), MAX_SAVED_DEALS);
      await assertFails(save(owner(), uid, NEW_DEAL, MAX_SAVED_DEALS));
      await seedSaved(env(), MAX_SAVED_DEALS - 1);
      await assertSucceeds(save(owner(), uid, NEW_DEAL, MAX_SAVED_DEALS - 1));
    });

    it('refuses moving the counter without the saved document, up or down', async () => {
      await assertFails(batchWith(null, { count: 2, deal_id: NEW_DEAL }));
      await assertFails(batchWith(null, { count: 0, deal_id: NEW_DEAL }));
      await assertFails(batchWith(null, { count: 0, deal_id: SAVED_DEAL }));
      await assertFails(setDoc(doc(owner(), savedCounterDocPath(uid)), { count: 0, deal_id: 'x' }));
    });

    it('refuses an unsave that leaves the counter alone, and a bare delete', async () => {
      await assertFails(deleteDoc(doc(owner(), savedDealDocPath(uid, SAVED_DEAL))));
      await assertFails(unsave(owner(), uid, SAVED_DEAL, 2));
      await assertSucceeds(unsave(owner(), uid, SAVED_DEAL, 1));
    });

    it('refuses a first save that starts the counter anywhere but 1', async () => {
      await env().withSecurityRulesDisabled(async (context) => {
        await deleteDoc(doc(clientDb(context), savedCounterDocPath(uid)));
        await deleteDoc(doc(clientDb(context), savedDealDocPath(uid, SAVED_DEAL)));
      });
      await assertFails(save(owner(), uid, NEW_DEAL, 5));
      await assertSucceeds(save(owner(), uid, NEW_DEAL, 0));
    });

    it('refuses a list of more than 100 and reading another user’s counter', async () => {
      await assertFails(getDocs(query(collection(owner(), `users/${uid}/saved`), limit(101))));
      await assertFails(getDoc(doc(dbFor(env(), 'other'), savedCounterDocPath(uid))));
      await assertSucceeds(getDoc(doc(owner(), savedCounterDocPath(uid))));
    });
  });
});
