// Near you's documents (model/near-you.ts): the subscriber's location (users/{uid}/preferences/location, owner
// only, coarse) and the stores of in-store deals (sources/wired/deal_stores, subscribers only, read by geohash
// range queries). Allow AND deny for every role, as in access-matrix.test.ts, and the shape attacks.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
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
} from 'firebase/firestore';
import {
  coarsePoint,
  nearbyStoresQuerySpecs,
  storeLocationDocPath,
  storeLocationDocuments,
} from '@bargains/model/near-you';
import { COLLECTIONS, locationDocPath } from '@bargains/model/paths';
import {
  clientDb,
  DEAL_SEED,
  dbFor,
  itEnforcesOwnerMatrix,
  type Operation,
  queryFromSpec,
  type Role,
  UIDS,
  useSeededRulesEnvironment,
} from './harness';

const PORTLAND = { lat: 45.5152, lng: -122.6784 };

const location = (over: Record<string, unknown> = {}) => ({
  label: 'Portland, Oregon, US',
  country: 'US',
  ...coarsePoint(PORTLAND),
  source: 'typed',
  updated_at: serverTimestamp(),
  ...over,
});

const write = (db: Firestore, uid: string, data: Record<string, unknown>) =>
  setDoc(doc(db, locationDocPath(uid)), data);

/** The subscriber has a location; the free user creates one. */
const ownerOf = (role: Role) => (role === 'free' ? UIDS.free : UIDS.subscriber);

const LOCATION_ATTEMPTS: Record<Operation, (db: Firestore, role: Role) => Promise<unknown>> = {
  get: (db, role) => getDoc(doc(db, locationDocPath(ownerOf(role)))),
  list: (db, role) => getDocs(query(collection(db, `users/${ownerOf(role)}/preferences`), limit(1))),
  create: (db) => write(db, UIDS.free, location()),
  update: (db) =>
    updateDoc(doc(db, locationDocPath(UIDS.subscriber)), {
      label: 'Beaverton, Oregon, US',
      updated_at: serverTimestamp(),
    }),
  delete: (db, role) => deleteDoc(doc(db, locationDocPath(ownerOf(role)))),
};

/** create targets the free user's missing document, update and delete the subscriber's: one owner each. */
const LOCATION_ALLOWED: Record<Operation, readonly Role[]> = {
  get: ['subscriber', 'free'],
  list: [],
  create: ['free'],
  update: ['subscriber'],
  delete: ['subscriber', 'free'],
};

const [STORE] = storeLocationDocuments('deal-1', {
  ...DEAL_SEED,
  stores: [{ label: 'Acme, Pearl District', lat: 45.529, lng: -122.684 }],
});
if (!STORE) throw new Error('the seeded deal has a store');

const STORE_ATTEMPTS: Record<Operation, (db: Firestore, role: Role) => Promise<unknown>> = {
  get: (db) => getDoc(doc(db, STORE.path)),
  list: (db) =>
    Promise.all(nearbyStoresQuerySpecs(PORTLAND, 25).map((spec) => getDocs(queryFromSpec(db, spec)))),
  create: (db) => setDoc(doc(db, storeLocationDocPath('deal-new', 0)), STORE.data),
  update: (db) => updateDoc(doc(db, STORE.path), { lat: 0 }),
  delete: (db) => deleteDoc(doc(db, STORE.path)),
};

const STORE_ALLOWED: Record<Operation, readonly Role[]> = {
  get: ['subscriber'],
  list: ['subscriber'],
  create: [],
  update: [],
  delete: [],
};

describe('near you rules', () => {
  const env = useSeededRulesEnvironment((seeded) =>
    seeded.withSecurityRulesDisabled(async (context) => {
      const db = clientDb(context);
      await write(db, UIDS.subscriber, location({ updated_at: Timestamp.now() }));
      await write(db, UIDS.free, location({ updated_at: Timestamp.now() }));
      await setDoc(doc(db, STORE.path), STORE.data);
    }),
  );
  const owner = () => dbFor(env(), 'subscriber');

  describe('the location document', () => {
    beforeEach(async () => {
      // create must target a missing document: the free user starts without one here.
      await env().withSecurityRulesDisabled(async (context) => {
        await deleteDoc(doc(clientDb(context), locationDocPath(UIDS.free)));
      });
    });

    itEnforcesOwnerMatrix(env, LOCATION_ALLOWED, LOCATION_ATTEMPTS);

    it("refuses another user's location, read or written", async () => {
      await assertFails(getDoc(doc(dbFor(env(), 'free'), locationDocPath(UIDS.subscriber))));
      await assertFails(write(dbFor(env(), 'other'), UIDS.subscriber, location()));
      await assertFails(deleteDoc(doc(dbFor(env(), 'other'), locationDocPath(UIDS.subscriber))));
      await assertSucceeds(write(dbFor(env(), 'other'), UIDS.other, location()));
    });

    it.each([
      ['an exact fix instead of the 5 km grid', { lat: 45.5152, lng: -122.6784 }],
      ['a latitude off the globe', { lat: 90.05 }],
      ['longitude 180 (stored as -180)', { lng: 180 }],
      ['a precise geohash', { geohash: 'c20fbrtv' }],
      ['a geohash with letters geohashes never use', { geohash: 'c20fa' }],
      ['a lowercase country', { country: 'us' }],
      ['an empty label', { label: '' }],
      ['an overlong label', { label: 'x'.repeat(101) }],
      ['an unknown source', { source: 'ip' }],
      ['an extra field', { accuracy_m: 12 }],
      ['a client-chosen time', { updated_at: Timestamp.now() }],
      ['coordinates as text', { lat: '45.5' }],
    ] as const)('refuses %s', async (_name, change) => {
      await assertFails(write(owner(), UIDS.subscriber, location(change)));
    });

    it('accepts the boundaries (the attacks above differ from them in one point)', async () => {
      await assertSucceeds(write(owner(), UIDS.subscriber, location()));
      await assertSucceeds(
        write(owner(), UIDS.subscriber, location({ ...coarsePoint({ lat: 90, lng: 179.99 }) })),
      );
      await assertSucceeds(
        write(owner(), UIDS.subscriber, location({ label: 'x'.repeat(100), source: 'device' })),
      );
    });
  });

  describe('the stores of in-store deals', () => {
    itEnforcesOwnerMatrix(env, STORE_ALLOWED, STORE_ATTEMPTS);

    it('lets a subscriber read a bound in pages of at most 20 stores, and nobody else at all', async () => {
      const [spec] = nearbyStoresQuerySpecs(PORTLAND, 25);
      if (!spec) throw new Error('a radius has at least one geohash bound');
      await assertSucceeds(getDocs(queryFromSpec(owner(), spec)));
      await assertFails(getDocs(queryFromSpec(owner(), spec, 21)));
      await assertFails(getDocs(queryFromSpec(dbFor(env(), 'free'), spec)));
      await assertFails(
        getDocs(query(collection(dbFor(env(), 'signedOut'), COLLECTIONS.dealStores), limit(1))),
      );
    });
  });
});
