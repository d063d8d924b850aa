// users/{uid}/preferences/alerts: who may do what (allow AND deny per role), and the shape attacks the rules
// must refuse. The well-formed document is the one the account page writes (emailPreferencesDoc).
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
  EMAIL_PREFERENCE_LIMITS,
  emailPreferencesDoc,
  type EmailPreferencesInput,
  defaultEmailPreferences,
} from '@bargains/model/email-preferences';
import { DEAL_CATEGORIES } from '@bargains/model/category';
import { emailPreferencesDocPath } from '@bargains/model/paths';
import {
  clientDb,
  dbFor,
  itEnforcesOwnerMatrix,
  type Operation,
  type Role,
  UIDS,
  useSeededRulesEnvironment,
} from './harness';

const PREFERENCES: EmailPreferencesInput = {
  ...defaultEmailPreferences('America/New_York'),
  digest: 'weekly',
  digest_weekday: 5,
  digest_hour: 18,
  instant_alerts: true,
  interest_categories: ['electronics', 'travel'],
  interest_stores: ['acme'],
  alert_threshold: 40,
};

const write = (db: Firestore, uid: string, data: Record<string, unknown>) =>
  setDoc(doc(db, emailPreferencesDocPath(uid)), data);
const wellFormed = (over: Partial<Record<string, unknown>> = {}) => ({
  ...emailPreferencesDoc(PREFERENCES, serverTimestamp()),
  ...over,
});

/** Signed-in owners act on their own document (the subscriber has one, the free user creates one). */
const ownerOf = (role: Role) => (role === 'free' ? UIDS.free : UIDS.subscriber);

const ATTEMPTS: Record<Operation, (db: Firestore, role: Role) => Promise<unknown>> = {
  get: (db, role) => getDoc(doc(db, emailPreferencesDocPath(ownerOf(role)))),
  list: (db, role) => getDocs(query(collection(db, `users/${ownerOf(role)}/preferences`), limit(1))),
  create: (db) => write(db, UIDS.free, wellFormed()),
  update: (db) =>
    updateDoc(doc(db, emailPreferencesDocPath(UIDS.subscriber)), {
      digest: 'off',
      updated_at: serverTimestamp(),
    }),
  delete: (db, role) => deleteDoc(doc(db, emailPreferencesDocPath(ownerOf(role)))),
};

/**
 * create targets the free user's (missing) document and update the subscriber's (existing) one, so each
 * operation has one owner role; a subscription is not needed to choose what to receive.
 */
const ALLOWED: Record<Operation, readonly Role[]> = {
  get: ['subscriber', 'free'],
  list: [],
  create: ['free'],
  update: ['subscriber'],
  delete: [],
};

describe('alert preferences rules', () => {
  const env = useSeededRulesEnvironment((seeded) =>
    seeded.withSecurityRulesDisabled(async (context) => {
      const db = clientDb(context);
      await write(db, UIDS.subscriber, { ...emailPreferencesDoc(PREFERENCES, Timestamp.now()) });
    }),
  );
  const owner = () => dbFor(env(), 'subscriber');
  const uid = UIDS.subscriber;

  itEnforcesOwnerMatrix(env, ALLOWED, ATTEMPTS);

  it('lets each owner write only their own document', async () => {
    await assertSucceeds(write(dbFor(env(), 'free'), UIDS.free, wellFormed()));
    await assertFails(write(dbFor(env(), 'free'), UIDS.subscriber, wellFormed()));
    await assertFails(write(dbFor(env(), 'other'), UIDS.free, wellFormed()));
  });

  describe('shape attacks', () => {
    const stores = (count: number) => Array.from({ length: count }, (_, i) => `shop-${i}`);

    it.each([
      ['an extra field', { email: 'someone@example.com' }],
      ['a missing field', { instant_alerts: undefined }],
      ['an unknown digest', { digest: 'hourly' }],
      ['weekday 0', { digest_weekday: 0 }],
      ['weekday 8', { digest_weekday: 8 }],
      ['a fractional hour', { digest_hour: 7.5 }],
      ['hour 24', { digest_hour: 24 }],
      ['an hour as text', { digest_hour: '8' }],
      ['a zone with spaces', { time_zone: 'New York' }],
      ['an overlong zone', { time_zone: `A/${'b'.repeat(EMAIL_PREFERENCE_LIMITS.timeZoneLength)}` }],
      ['instant alerts as text', { instant_alerts: 'yes' }],
      ['an unknown category', { interest_categories: ['cars'] }],
      ['a repeated category', { interest_categories: ['home', 'home'] }],
      ['categories as a map', { interest_categories: { home: true } }],
      [
        `${EMAIL_PREFERENCE_LIMITS.stores + 1} stores`,
        { interest_stores: stores(EMAIL_PREFERENCE_LIMITS.stores + 1) },
      ],
      ['a repeated store', { interest_stores: ['acme', 'acme'] }],
      ['threshold 0', { alert_threshold: 0 }],
      ['threshold 101', { alert_threshold: 101 }],
      ['a fractional threshold', { alert_threshold: 12.5 }],
      ['a client-chosen time', { updated_at: Timestamp.now() }],
    ] as const)('refuses %s', async (_name, change) => {
      const data = Object.fromEntries(
        Object.entries(wellFormed(change)).filter(([, value]) => value !== undefined),
      );
      await assertFails(write(owner(), uid, data));
    });

    it('accepts the boundaries (the attacks above differ from them in one point)', async () => {
      await assertSucceeds(write(owner(), uid, wellFormed()));
      await assertSucceeds(
        write(
          owner(),
          uid,
          wellFormed({
            digest: 'daily',
            digest_weekday: 7,
            digest_hour: 23,
            time_zone: 'America/Argentina/Buenos_Aires',
            interest_categories: [...DEAL_CATEGORIES],
            interest_stores: stores(EMAIL_PREFERENCE_LIMITS.stores),
            alert_threshold: EMAIL_PREFERENCE_LIMITS.thresholdMax,
          }),
        ),
      );
      await assertSucceeds(
        write(
          owner(),
          uid,
          wellFormed({
            digest: 'off',
            digest_weekday: 1,
            digest_hour: 0,
            time_zone: 'UTC',
            interest_categories: [],
            interest_stores: [],
            alert_threshold: null,
          }),
        ),
      );
      await assertSucceeds(
        write(owner(), uid, wellFormed({ alert_threshold: EMAIL_PREFERENCE_LIMITS.thresholdMin })),
      );
    });

    it('refuses a partial update that drops the shape', async () => {
      await assertFails(updateDoc(doc(owner(), emailPreferencesDocPath(uid)), { digest: 'weekly' }));
      await assertFails(
        updateDoc(doc(owner(), emailPreferencesDocPath(uid)), {
          digest: 'never',
          updated_at: serverTimestamp(),
        }),
      );
    });
  });
});
