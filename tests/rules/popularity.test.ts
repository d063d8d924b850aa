// sources/wired/coupons/{dealId}/activity/{kind}_{day}_{uid} ("Most popular", model/popularity.ts) and the
// popularity counts on the deal: who may do what (allow AND deny per role), and the attacks the rules must refuse:
// another user's open, a forged save, another day, a deal that does not exist, a changed record, a forged count.
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
  setDoc,
  updateDoc,
} from 'firebase/firestore';
import { dealDocPath, dealSearchDocPath } from '@bargains/model/paths';
import {
  activityDoc,
  activityDocPath,
  dealActivityPath,
  dealPopularityFields,
  utcDayOf,
} from '@bargains/model/popularity';
import {
  clientDb,
  dbFor,
  DEAL_SEED,
  itEnforcesOwnerMatrix,
  type Operation,
  type Role,
  ROLES,
  UIDS,
  useSeededRulesEnvironment,
} from './harness';

const OPENED_DEAL = 'deal-1';
const NEW_DEAL = 'deal-2';
const today = () => utcDayOf(new Date());

/** Both users opened deal-1 today (the free user while subscribed); deal-2 has no activity. */
async function seedActivity(env: RulesTestEnvironment) {
  await env.withSecurityRulesDisabled(async (context) => {
    const db = clientDb(context);
    await setDoc(doc(db, dealDocPath(NEW_DEAL)), DEAL_SEED);
    for (const uid of [UIDS.free, UIDS.subscriber]) {
      await setDoc(
        doc(db, activityDocPath(OPENED_DEAL, 'open', today(), uid)),
        activityDoc('open', today(), uid),
      );
    }
  });
}

/** Signed-in owners act on their own records; 'other' and signed-out visitors try the subscriber's. */
const ownerOf = (role: Role) => (role === 'free' ? UIDS.free : UIDS.subscriber);
const openPath = (dealId: string, uid: string, day = today()) => activityDocPath(dealId, 'open', day, uid);

const ATTEMPTS: Record<Operation, (db: Firestore, role: Role) => Promise<unknown>> = {
  get: (db, role) => getDoc(doc(db, openPath(OPENED_DEAL, ownerOf(role)))),
  list: (db) => getDocs(query(collection(db, dealActivityPath(OPENED_DEAL)), limit(1))),
  create: (db, role) =>
    setDoc(doc(db, openPath(NEW_DEAL, ownerOf(role))), activityDoc('open', today(), ownerOf(role))),
  // Recording today's open again, unchanged: what the app does after a reload.
  update: (db, role) =>
    setDoc(doc(db, openPath(OPENED_DEAL, ownerOf(role))), activityDoc('open', today(), ownerOf(role))),
  delete: (db, role) => deleteDoc(doc(db, openPath(OPENED_DEAL, ownerOf(role)))),
};

/** free = an owner whose subscription ended: records nothing any more. Nobody reads or deletes activity. */
const ALLOWED: Record<Operation, readonly Role[]> = {
  get: [],
  list: [],
  create: ['subscriber'],
  update: ['subscriber'],
  delete: [],
};

describe('deal activity rules', () => {
  const env = useSeededRulesEnvironment((seeded) => seedActivity(seeded));
  const subscriber = () => dbFor(env(), 'subscriber');
  const uid = UIDS.subscriber;

  itEnforcesOwnerMatrix(env, ALLOWED, ATTEMPTS);

  describe('the popularity counts on the deal are the triggers’', () => {
    it.each(ROLES.map((role) => [role] as const))('refuses a forged count from %s', async (role) => {
      const db = dbFor(env(), role);
      const forged = dealPopularityFields({ opens: 99, saves: 99, worked: 99 }, new Date());
      await assertFails(updateDoc(doc(db, dealDocPath(OPENED_DEAL)), { ...forged }));
      await assertFails(updateDoc(doc(db, dealSearchDocPath(OPENED_DEAL)), { ...forged }));
    });
  });

  describe('attacks on an activity record', () => {
    const record = (dealId: string, docId: string, data: object) =>
      setDoc(doc(subscriber(), `${dealActivityPath(dealId)}/${docId}`), { ...data });
    const openId = (day: number, who: string) => `open_${day}_${who}`;

    it.each([
      [
        'another user’s record',
        () => openId(today(), UIDS.free),
        () => activityDoc('open', today(), UIDS.free),
      ],
      [
        'another user named in its own record',
        () => openId(today(), uid),
        () => activityDoc('open', today(), UIDS.free),
      ],
      ['a save (the trigger’s)', () => `save_${today()}_${uid}`, () => activityDoc('save', today(), uid)],
      [
        'a second open the same day under another id',
        () => `open_${today()}_${uid}_2`,
        () => activityDoc('open', today(), uid),
      ],
      ['an earlier day', () => openId(today() - 2, uid), () => activityDoc('open', today() - 2, uid)],
      ['a later day', () => openId(today() + 2, uid), () => activityDoc('open', today() + 2, uid)],
      ['an id naming another day', () => openId(today() - 1, uid), () => activityDoc('open', today(), uid)],
      [
        'a day as text',
        () => openId(today(), uid),
        () => ({ ...activityDoc('open', today(), uid), day: `${today()}` }),
      ],
      [
        'an extra field (a count)',
        () => openId(today(), uid),
        () => ({ ...activityDoc('open', today(), uid), count: 50 }),
      ],
      ['a missing field', () => openId(today(), uid), () => ({ uid, day: today() })],
    ] as const)('refuses %s', async (_name, docId, data) => {
      await assertFails(record(NEW_DEAL, docId(), data()));
    });

    it('accepts the well-formed open (the attacks above differ from it in one point)', async () => {
      await assertSucceeds(record(NEW_DEAL, openId(today(), uid), activityDoc('open', today(), uid)));
    });

    it('refuses an open of a deal that does not exist', async () => {
      await assertFails(record('no-such-deal', openId(today(), uid), activityDoc('open', today(), uid)));
    });

    it('refuses any change to a recorded open, and its deletion', async () => {
      const path = openPath(OPENED_DEAL, uid);
      await assertFails(updateDoc(doc(subscriber(), path), { kind: 'save' }));
      await assertFails(updateDoc(doc(subscriber(), path), { uid: UIDS.free }));
      await assertFails(setDoc(doc(subscriber(), path), { ...activityDoc('open', today(), uid), extra: 1 }));
      await assertFails(deleteDoc(doc(subscriber(), path)));
    });

    it('refuses to rewrite another user’s open, even unchanged', async () => {
      const path = openPath(OPENED_DEAL, UIDS.free);
      await assertFails(setDoc(doc(subscriber(), path), activityDoc('open', today(), UIDS.free)));
    });
  });
});
