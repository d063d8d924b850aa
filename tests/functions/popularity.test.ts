// The "Most popular" counts against the emulator (handlers/popularity.ts, model/popularity.ts): the recount stores
// exact counts on both documents of the deal however its events arrive (the same event three times, at once and
// one after the other, late and out of order), a save event delivered three times records one save, records
// older than the window drop out (the daily refresh), delete_account's removal of a user's activity is
// recounted, and the triggers in the Functions emulator fire on an open, a save and a vote. Deals are written to
// the demo project (triggers fire only there) and removed after.
import { randomBytes } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { deleteActivityOf } from '../../functions/src/deals/activity';
import {
  recordSaveActivity,
  recountDealPopularity,
  refreshPopularity,
} from '../../functions/src/handlers/popularity';
import { dealDocPaths } from '@bargains/model/deal';
import { deletedUserDocPath, savedDealDocPath } from '@bargains/model/paths';
import {
  activityDoc,
  activityDocPath,
  dealActivityPath,
  dealPopularityFields,
  POPULARITY_WINDOW_DAYS,
  utcDayOf,
} from '@bargains/model/popularity';
import { dealVoteDocPath } from '@bargains/model/votes';
import { waitUntil } from '../../tools/wait-until';
import { deleteDeals, liveCodeDeal, writeDeals } from '../support/deals';
import { closeAdmin, readDoc, testDb } from './support/admin';

const suffix = randomBytes(4).toString('hex');
const ids = {
  events: `pop-events-${suffix}`,
  saves: `pop-saves-${suffix}`,
  refresh: `pop-refresh-${suffix}`,
  deleted: `pop-deleted-${suffix}`,
  fired: `pop-fired-${suffix}`,
};
const user = (name: string) => `${name}-${suffix}`;
const today = () => utcDayOf(new Date());

const deal = () =>
  liveCodeDeal({
    title: '20% off shoes',
    savings: '20% off',
    code: 'SHOE20',
    shop_id: 'acme',
    shop_name: 'Acme',
    url_home: 'https://acme.example/shoes',
  });

async function putOpen(dealId: string, uid: string, day = today()): Promise<void> {
  await testDb()
    .doc(activityDocPath(dealId, 'open', day, uid))
    .set(activityDoc('open', day, uid));
}

async function putVote(dealId: string, uid: string, worked: boolean, votedAt = new Date()): Promise<void> {
  await testDb()
    .doc(dealVoteDocPath(dealId, uid))
    .set({ worked, code: 'SHOE20', uid, voted_at: Timestamp.fromDate(votedAt) });
}

async function storedPopularity(dealId: string) {
  const [listing, search] = await Promise.all(dealDocPaths(dealId).map((path) => readDoc(path)));
  const pick = (data: Record<string, unknown> | undefined) => ({
    popularity: data?.['popularity'],
    popularity_score: data?.['popularity_score'],
  });
  return { listing: pick(listing), search: pick(search) };
}

const expected = (opens: number, saves: number, worked: number) => {
  const fields = dealPopularityFields({ opens, saves, worked }, new Date());
  return { listing: fields, search: fields };
};

afterAll(async () => {
  const db = testDb();
  for (const id of Object.values(ids)) {
    await db.recursiveDelete(db.collection(dealActivityPath(id)));
  }
  await deleteDeals(db, Object.values(ids));
  await closeAdmin();
});

describe('popularity recount (emulator)', () => {
  it('keeps exact counts when each event arrives three times, late and out of order', async () => {
    const db = testDb();
    const dealId = ids.events;
    await writeDeals(db, [{ id: dealId, doc: deal() }]);
    // What happens, in order: opens by ann (today and yesterday), bob and cy, a save by ann, Yes votes by dee
    // and eve, and eve changing her Yes to No; each step's event is delivered three times at once, then every
    // earlier step's event again (late, out of order).
    const steps: Array<() => Promise<unknown>> = [
      () => putOpen(dealId, user('ann')),
      () => putOpen(dealId, user('ann'), today() - 1),
      () => putOpen(dealId, user('bob')),
      () => recordSaveActivity(db, user('ann'), dealId, new Date()),
      () => putVote(dealId, user('dee'), true),
      () => putOpen(dealId, user('cy')),
      () => putVote(dealId, user('eve'), true),
      () => putVote(dealId, user('eve'), false),
      // The same open again: one per subscriber per deal per day.
      () => putOpen(dealId, user('bob')),
    ];
    for (const step of steps) {
      await step();
      await Promise.all([1, 2, 3].map(() => recountDealPopularity(db, dealId)));
      for (let late = 0; late < 3; late++) await recountDealPopularity(db, dealId);
    }
    expect(await storedPopularity(dealId)).toEqual(expected(4, 1, 1));
    expect(await recountDealPopularity(db, dealId)).toBe('unchanged');
    expect(await recountDealPopularity(db, `no-such-deal-${suffix}`)).toBe('no-deal');
  });

  it('records one save per user, deal and day however often its event arrives', async () => {
    const db = testDb();
    const dealId = ids.saves;
    await writeDeals(db, [{ id: dealId, doc: deal() }]);
    const savedAt = new Date();
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => recordSaveActivity(db, user('ann'), dealId, savedAt)),
    );
    expect(outcomes).toEqual(['recorded', 'recorded', 'recorded']);
    await recordSaveActivity(db, user('ann'), dealId, new Date(savedAt.getTime() + 1000));
    const records = await db.collection(dealActivityPath(dealId)).get();
    expect(records.docs.map((record) => record.id)).toEqual([`save_${utcDayOf(savedAt)}_${user('ann')}`]);
    expect(await recordSaveActivity(db, user('ann'), `no-such-deal-${suffix}`, savedAt)).toBe('no-deal');
    expect(await recordSaveActivity(db, user('ann'), dealId, null)).toBe('no-save-time');
    // A save event arriving after delete_account wrote the tombstone records nothing.
    await db.doc(deletedUserDocPath(user('gone'))).set({ deleted_at: Timestamp.now() });
    expect(await recordSaveActivity(db, user('gone'), dealId, savedAt)).toBe('account-deleted');
    await db.doc(deletedUserDocPath(user('gone'))).delete();
  });

  it('leaves out what is older than the window, and the daily refresh moves a stale score', async () => {
    const db = testDb();
    const dealId = ids.refresh;
    const staleScore = { ...dealPopularityFields({ opens: 3, saves: 0, worked: 0 }, new Date(0)) };
    await writeDeals(db, [{ id: dealId, doc: { ...deal(), ...staleScore } }]);
    const oldest = today() - (POPULARITY_WINDOW_DAYS - 1);
    await putOpen(dealId, user('ann'), oldest);
    await putOpen(dealId, user('bob'), oldest - 1);
    await putVote(dealId, user('cy'), true, new Date(Date.now() - (POPULARITY_WINDOW_DAYS + 1) * 86_400_000));
    // No event: only the daily run sees that the window moved.
    const summary = await refreshPopularity(db);
    expect(summary.recounted).toBeGreaterThanOrEqual(1);
    expect(await storedPopularity(dealId)).toEqual(expected(1, 0, 0));
  });

  it('recounts a deal without the activity delete_account removes', async () => {
    const db = testDb();
    const dealId = ids.deleted;
    await writeDeals(db, [{ id: dealId, doc: deal() }]);
    await putOpen(dealId, user('leaver'));
    await recordSaveActivity(db, user('leaver'), dealId, new Date());
    await putOpen(dealId, user('stayer'));
    await recountDealPopularity(db, dealId);
    expect(await storedPopularity(dealId)).toEqual(expected(2, 1, 0));
    expect(await deleteActivityOf(db, user('leaver'))).toBe(2);
    expect(await deleteActivityOf(db, user('leaver'))).toBe(0);
    await recountDealPopularity(db, dealId);
    expect(await storedPopularity(dealId)).toEqual(expected(1, 0, 0));
  });

  it('fires in the Functions emulator on an open, a save and a Yes vote', async () => {
    const db = testDb();
    const dealId = ids.fired;
    await writeDeals(db, [{ id: dealId, doc: deal() }]);
    const popularityOf = (counts: { opens: number; saves: number; worked: number }) =>
      waitUntil(
        () => readDoc(dealDocPaths(dealId)[0]),
        (data) =>
          JSON.stringify(data?.['popularity_score']) ===
          JSON.stringify(dealPopularityFields(counts, new Date()).popularity_score),
        { what: `popularity ${JSON.stringify(counts)} written by the triggers`, timeoutMs: 30_000 },
      );
    await putOpen(dealId, user('ann'));
    await popularityOf({ opens: 1, saves: 0, worked: 0 });
    const saver = user('saver');
    await db.doc(savedDealDocPath(saver, dealId)).set({ saved_at: Timestamp.now() });
    await popularityOf({ opens: 1, saves: 1, worked: 0 });
    await putVote(dealId, user('voter'), true);
    const stored = await popularityOf({ opens: 1, saves: 1, worked: 1 });
    expect(stored?.['popularity']).toMatchObject({ opens: 1, saves: 1, worked: 1 });
    await db.recursiveDelete(db.doc(`users/${saver}`));
  });
});
