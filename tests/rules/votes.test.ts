// sources/wired/coupons/{dealId}/votes/{uid} ("Did this code work?") and the vote summary on the deal: who may do
// what (allow AND deny per role), and the attacks the rules must refuse: another user's vote, a vote on a
// missing deal or another code, a forged count, a burst of toggles.
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
} from 'firebase/firestore';
import { dealDocPath, dealSearchDocPath } from '@bargains/model/paths';
import {
  dealVotesPath,
  dealVoteDocPath,
  summarizeVotes,
  VOTE_CHANGE_MIN_SECONDS,
} from '@bargains/model/votes';
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

const VOTED_DEAL = 'deal-1';
const NEW_DEAL = 'deal-2';
const CODE = DEAL_SEED.code;

/** Both users voted on deal-1 long ago (the free user while subscribed); deal-2 has no votes. */
async function seedVotes(env: RulesTestEnvironment, votedAt = Timestamp.fromMillis(Date.now() - 3_600_000)) {
  await env.withSecurityRulesDisabled(async (context) => {
    const db = clientDb(context);
    await setDoc(doc(db, dealDocPath(NEW_DEAL)), DEAL_SEED);
    for (const uid of [UIDS.free, UIDS.subscriber]) {
      await setDoc(doc(db, dealVoteDocPath(VOTED_DEAL, uid)), {
        worked: true,
        code: CODE,
        uid,
        voted_at: votedAt,
      });
    }
  });
}

/** Signed-in owners act on their own votes; 'other' and signed-out visitors try the subscriber's. */
const ownerOf = (role: Role) => (role === 'free' ? UIDS.free : UIDS.subscriber);

const voteData = (uid: string, worked = true, code: unknown = CODE) => ({
  worked,
  code,
  uid,
  voted_at: serverTimestamp(),
});

const ATTEMPTS: Record<Operation, (db: Firestore, role: Role) => Promise<unknown>> = {
  get: (db, role) => getDoc(doc(db, dealVoteDocPath(VOTED_DEAL, ownerOf(role)))),
  list: (db) => getDocs(query(collection(db, dealVotesPath(VOTED_DEAL)), limit(1))),
  create: (db, role) => setDoc(doc(db, dealVoteDocPath(NEW_DEAL, ownerOf(role))), voteData(ownerOf(role))),
  update: (db, role) =>
    setDoc(doc(db, dealVoteDocPath(VOTED_DEAL, ownerOf(role))), voteData(ownerOf(role), false)),
  delete: (db, role) => deleteDoc(doc(db, dealVoteDocPath(VOTED_DEAL, ownerOf(role)))),
};

/** free = an owner whose subscription ended: may read its vote, may not vote or change it. */
const ALLOWED: Record<Operation, readonly Role[]> = {
  get: ['subscriber', 'free'],
  list: [],
  create: ['subscriber'],
  update: ['subscriber'],
  delete: [],
};

describe('deal votes rules', () => {
  const env = useSeededRulesEnvironment((seeded) => seedVotes(seeded));
  const subscriber = () => dbFor(env(), 'subscriber');
  const uid = UIDS.subscriber;

  itEnforcesOwnerMatrix(env, ALLOWED, ATTEMPTS);

  describe('the vote summary on the deal is the trigger’s', () => {
    const forged = summarizeVotes(CODE ?? '', []);
    it.each(ROLES.map((role) => [role] as const))('refuses a forged count from %s', async (role) => {
      const db = dbFor(env(), role);
      const counts = { votes: { ...forged, total: 99, worked: 99 }, is_verified: true };
      await assertFails(updateDoc(doc(db, dealDocPath(VOTED_DEAL)), counts));
      await assertFails(updateDoc(doc(db, dealSearchDocPath(VOTED_DEAL)), counts));
    });
  });

  describe('attacks on a vote', () => {
    const cast = (dealId: string, voterDocId: string, data: Record<string, unknown>) =>
      setDoc(doc(subscriber(), dealVoteDocPath(dealId, voterDocId)), data);

    it.each([
      ['another user’s vote document', UIDS.free, voteData(UIDS.free)],
      ['another user named in its own document', uid, voteData(UIDS.free)],
      ['an extra field (a count)', uid, { ...voteData(uid), count: 50 }],
      ['a non-boolean vote', uid, { ...voteData(uid), worked: 'yes' }],
      ['a client-chosen time', uid, { ...voteData(uid), voted_at: Timestamp.now() }],
      ['another code', uid, voteData(uid, true, 'OTHER')],
      ['no code', uid, { worked: true, uid, voted_at: serverTimestamp() }],
      ['a null code', uid, voteData(uid, true, null)],
    ] as const)('refuses %s', async (_name, voterDocId, data) => {
      await assertFails(cast(NEW_DEAL, voterDocId, { ...data }));
    });

    it('accepts the well-formed vote (the attacks above differ from it in one point)', async () => {
      await assertSucceeds(cast(NEW_DEAL, uid, voteData(uid)));
    });

    it('refuses a vote on a deal that does not exist', async () => {
      await assertFails(cast('no-such-deal', uid, voteData(uid)));
    });

    it('refuses a vote on a deal without a code', async () => {
      const { code: _code, ...noCode } = DEAL_SEED;
      await env().withSecurityRulesDisabled(async (context) => {
        await setDoc(doc(clientDb(context), dealDocPath('no-code')), noCode);
      });
      await assertFails(cast('no-code', uid, voteData(uid, true, null)));
      await assertFails(cast('no-code', uid, voteData(uid, true, '')));
    });

    it(`refuses a burst of toggles: one change per ${VOTE_CHANGE_MIN_SECONDS} s`, async () => {
      await assertSucceeds(cast(NEW_DEAL, uid, voteData(uid, true)));
      await assertFails(cast(NEW_DEAL, uid, voteData(uid, false)));
      await assertFails(cast(NEW_DEAL, uid, voteData(uid, true)));
      // A vote cast just over the limit ago may change.
      await seedVotes(env(), Timestamp.fromMillis(Date.now() - (VOTE_CHANGE_MIN_SECONDS + 2) * 1000));
      await assertSucceeds(cast(VOTED_DEAL, uid, voteData(uid, false)));
      await seedVotes(env(), Timestamp.fromMillis(Date.now() - (VOTE_CHANGE_MIN_SECONDS - 10) * 1000));
      await assertFails(cast(VOTED_DEAL, uid, voteData(uid, false)));
    });

    it('refuses an update that changes the voter', async () => {
      await assertFails(
        updateDoc(doc(subscriber(), dealVoteDocPath(VOTED_DEAL, uid)), {
          uid: UIDS.free,
          worked: false,
          voted_at: serverTimestamp(),
        }),
      );
    });
  });
});
