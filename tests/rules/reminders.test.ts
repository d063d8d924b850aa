// users/{uid}/reminders/{dealId}: who may do what (allow AND deny per role), and the shape attacks the rules
// must refuse. Owner only; setting one needs a subscription and the deal saved; removing one only ownership (an
// unsave removes the reminder in the same batch, as the app does, also without a subscription).
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
  writeBatch,
} from 'firebase/firestore';
import { dealDocPath, reminderDocPath, savedCounterDocPath, savedDealDocPath } from '@bargains/model/paths';
import { reminderDoc, remindersQuerySpec } from '@bargains/model/reminder';
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

/** Saved, with a reminder. */
const REMINDED = 'deal-1';
/** Saved, no reminder yet. */
const SAVED = 'deal-2';
/** In the catalogue, not saved. */
const UNSAVED = 'deal-3';

const REMIND_AT = Timestamp.fromDate(new Date('2030-01-01T09:00:00Z'));
const wellFormed = (dealId: string, over: Record<string, unknown> = {}) => ({
  ...reminderDoc(dealId, 1, 'Europe/Berlin', REMIND_AT, serverTimestamp()),
  ...over,
});

/** Both owners saved two deals and set a reminder on one (the free user while subscribed). */
async function seedReminders(env: RulesTestEnvironment): Promise<void> {
  await env.withSecurityRulesDisabled(async (context) => {
    const db = clientDb(context);
    for (const dealId of [SAVED, UNSAVED]) await setDoc(doc(db, dealDocPath(dealId)), DEAL_SEED);
    for (const uid of [UIDS.free, UIDS.subscriber]) {
      for (const dealId of [REMINDED, SAVED])
        await setDoc(doc(db, savedDealDocPath(uid, dealId)), { saved_at: Timestamp.now() });
      await setDoc(doc(db, savedCounterDocPath(uid)), { count: 2, deal_id: SAVED });
      await setDoc(
        doc(db, reminderDocPath(uid, REMINDED)),
        reminderDoc(REMINDED, 3, 'UTC', REMIND_AT, Timestamp.now()),
      );
    }
  });
}

/** Signed-in owners act on their own reminders; 'other' and signed-out visitors try the subscriber's. */
const ownerOf = (role: Role) => (role === 'free' ? UIDS.free : UIDS.subscriber);

const ATTEMPTS: Record<Operation, (db: Firestore, role: Role) => Promise<unknown>> = {
  get: (db, role) => getDoc(doc(db, reminderDocPath(ownerOf(role), REMINDED))),
  list: (db, role) => getDocs(queryFromSpec(db, remindersQuerySpec(ownerOf(role)))),
  create: (db, role) => setDoc(doc(db, reminderDocPath(ownerOf(role), SAVED)), wellFormed(SAVED)),
  update: (db, role) => setDoc(doc(db, reminderDocPath(ownerOf(role), REMINDED)), wellFormed(REMINDED)),
  delete: (db, role) => deleteDoc(doc(db, reminderDocPath(ownerOf(role), REMINDED))),
};

/** free = the owner without a subscription: may read and remove its reminders, may not set one. */
const ALLOWED: Record<Operation, readonly Role[]> = {
  get: ['subscriber', 'free'],
  list: ['subscriber', 'free'],
  create: ['subscriber'],
  update: ['subscriber'],
  delete: ['subscriber', 'free'],
};

describe('reminder rules', () => {
  const env = useSeededRulesEnvironment((seeded) => seedReminders(seeded));
  const owner = () => dbFor(env(), 'subscriber');
  const uid = UIDS.subscriber;
  const set = (dealId: string, data: Record<string, unknown>) =>
    setDoc(doc(owner(), reminderDocPath(uid, dealId)), data);

  itEnforcesOwnerMatrix(env, ALLOWED, ATTEMPTS);

  it('refuses a reminder on a deal the owner has not saved', async () => {
    await assertFails(set(UNSAVED, wellFormed(UNSAVED)));
  });

  it.each([
    ['an extra field', { note: 'x' }],
    ['a lead the app does not offer', { lead_days: 2 }],
    ['a lead that is not a number', { lead_days: '1' }],
    ['another deal’s id', { deal_id: REMINDED }],
    ['a client-chosen set_at', { set_at: Timestamp.now() }],
    ['a remind_at that is not a timestamp', { remind_at: '2030-01-01T09:00:00Z' }],
    ['a zone that is not a zone name', { time_zone: '../../etc' }],
    ['a zone too long', { time_zone: `Europe/${'A'.repeat(64)}` }],
  ] as const)('refuses a reminder with %s', async (_name, over) => {
    await assertFails(set(SAVED, wellFormed(SAVED, over)));
  });

  it('refuses a reminder missing a field', async () => {
    const { time_zone: _zone, ...withoutZone } = wellFormed(SAVED);
    await assertFails(set(SAVED, withoutZone));
  });

  it('accepts the well-formed reminder (the attacks above differ from it in one point)', async () => {
    await assertSucceeds(set(SAVED, wellFormed(SAVED)));
  });

  it('lets the unsave batch remove the reminder, also for an owner without a subscription', async () => {
    for (const role of ['subscriber', 'free'] as const) {
      const db = dbFor(env(), role);
      const batch = writeBatch(db);
      batch.delete(doc(db, savedDealDocPath(UIDS[role], REMINDED)));
      batch.delete(doc(db, reminderDocPath(UIDS[role], REMINDED)));
      batch.set(doc(db, savedCounterDocPath(UIDS[role])), { count: 1, deal_id: REMINDED });
      await assertSucceeds(batch.commit());
    }
  });

  it('refuses a list of more than 100 and reading another user’s reminders', async () => {
    await assertFails(getDocs(query(collection(owner(), `users/${uid}/reminders`), limit(101))));
    await assertFails(getDocs(queryFromSpec(dbFor(env(), 'other'), remindersQuerySpec(uid))));
  });
});
