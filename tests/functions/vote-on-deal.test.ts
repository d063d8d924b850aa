// vote_on_deal against the emulator: the recount stores exact counts on both documents of the deal however its
// events arrive (the same event three times, at once and one after the other, late and out of order), ignores
// votes on an earlier code, keeps the source's verdict, and the trigger in the Functions emulator fires on a
// vote. Deals are written to the demo project (triggers fire only there) and removed after.
import { randomBytes } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { recountDealVotes } from '../../functions/src/handlers/vote-on-deal';
import { dealDocPaths } from '@bargains/model/deal';
import { dealVoteDocPath, summarizeVotes, type Vote } from '@bargains/model/votes';
import { waitUntil } from '../../tools/wait-until';
import { deleteDeals, liveCodeDeal, writeDeals } from '../support/deals';
import { closeAdmin, readDoc, testDb } from './support/admin';

const suffix = randomBytes(4).toString('hex');
const ids = {
  events: `votes-events-${suffix}`,
  code: `votes-code-${suffix}`,
  fired: `votes-fired-${suffix}`,
};
const T0 = Date.now() - 3_600_000;

const deal = (code: string) =>
  liveCodeDeal({
    title: '20% off shoes',
    savings: '20% off',
    code,
    shop_id: 'acme',
    shop_name: 'Acme',
    url_home: 'https://acme.example/shoes',
  });

async function putVote(dealId: string, vote: Vote): Promise<void> {
  await testDb()
    .doc(dealVoteDocPath(dealId, vote.uid))
    .set({ ...vote, voted_at: Timestamp.fromDate(vote.voted_at) });
}

const vote = (uid: string, worked: boolean, minute: number, code = 'SHOE20'): Vote => ({
  uid: `${uid}-${suffix}`,
  worked,
  code,
  voted_at: new Date(T0 + minute * 60_000),
});

async function storedVoteFields(dealId: string) {
  const [listing, search] = await Promise.all(dealDocPaths(dealId).map((path) => readDoc(path)));
  const pick = (data: Record<string, unknown> | undefined) => ({
    votes: data?.['votes'],
    source_verified: data?.['source_verified'],
    is_verified: data?.['is_verified'],
  });
  return { listing: pick(listing), search: pick(search) };
}

afterAll(async () => {
  await deleteDeals(testDb(), Object.values(ids));
  await closeAdmin();
});

describe('vote_on_deal recount (emulator)', () => {
  it('keeps exact counts when each event arrives three times, late and out of order', async () => {
    const db = testDb();
    const dealId = ids.events;
    await writeDeals(db, [{ id: dealId, doc: deal('SHOE20') }]);
    // The votes as they end up: ann changed her Yes to No, bob and cy said No, dee said Yes first.
    const history = [
      vote('dee', true, 1),
      vote('ann', true, 2),
      vote('bob', false, 3),
      vote('ann', false, 4),
      vote('cy', false, 5),
    ];
    const delivered: Array<Promise<unknown>> = [];
    for (const next of history) {
      await putVote(dealId, next);
      // This vote's event three times at once, and the events of every earlier vote again (late, reversed).
      delivered.push(...[1, 2, 3].map(() => recountDealVotes(db, dealId)));
      await Promise.all(delivered.splice(0));
      for (let late = 0; late < 3; late++) await recountDealVotes(db, dealId);
    }
    const finalVotes = [history[0], history[2], history[3], history[4]].filter(
      (v): v is Vote => v !== undefined,
    );
    const expected = summarizeVotes('SHOE20', finalVotes);
    expect(expected).toMatchObject({ total: 4, worked: 1, not_working: true });
    const stored = await storedVoteFields(dealId);
    const fields = { votes: expected, source_verified: true, is_verified: false };
    expect(stored).toEqual({ listing: fields, search: fields });
    expect(await recountDealVotes(db, dealId)).toBe('unchanged');
    // A nested update (the demo rebase moves votes.last_worked_at) stores the summary's fields in another order:
    // still the same summary, so a recount writes nothing.
    const lastWorked = stored.listing.votes as { last_worked_at: string | null };
    for (const path of dealDocPaths(dealId)) {
      await db.doc(path).update({ 'votes.last_worked_at': null });
      await db.doc(path).update({ 'votes.last_worked_at': lastWorked.last_worked_at });
    }
    expect(await recountDealVotes(db, dealId)).toBe('unchanged');

    // A later Yes brings the code back into Verified Only.
    await putVote(dealId, vote('eve', true, 6));
    await Promise.all([1, 2, 3].map(() => recountDealVotes(db, dealId)));
    expect((await storedVoteFields(dealId)).listing).toMatchObject({
      votes: { total: 5, worked: 2, not_working: false },
      is_verified: true,
    });
  });

  it('counts only the votes on the current code; a deleted vote leaves the counts', async () => {
    const db = testDb();
    const dealId = ids.code;
    await writeDeals(db, [{ id: dealId, doc: deal('NEW10') }]);
    await putVote(dealId, vote('ann', false, 1, 'OLD10'));
    await putVote(dealId, vote('bob', false, 2, 'OLD10'));
    await putVote(dealId, vote('cy', true, 3, 'NEW10'));
    await recountDealVotes(db, dealId);
    expect((await storedVoteFields(dealId)).listing).toMatchObject({
      votes: { code: 'NEW10', total: 1, worked: 1, not_working: false },
      is_verified: true,
    });
    await db.doc(dealVoteDocPath(dealId, `cy-${suffix}`)).delete();
    await recountDealVotes(db, dealId);
    expect((await storedVoteFields(dealId)).listing).toMatchObject({
      votes: { code: 'NEW10', total: 0, worked: 0, last_worked_at: null },
    });
    expect(await recountDealVotes(db, 'no-such-deal-' + suffix)).toBe('no-deal');
  });

  it('fires in the Functions emulator when a vote is written', async () => {
    const db = testDb();
    const dealId = ids.fired;
    await writeDeals(db, [{ id: dealId, doc: deal('SHOE20') }]);
    await putVote(dealId, vote('ann', true, 1));
    const stored = await waitUntil(
      () => readDoc(dealDocPaths(dealId)[0]),
      (data) => (data?.['votes'] as { total?: number } | undefined)?.total === 1,
      { what: 'the vote summary written by vote_on_deal', timeoutMs: 30_000 },
    );
    expect(stored?.['votes']).toMatchObject({ code: 'SHOE20', total: 1, worked: 1 });
  });
});
