// vote_on_deal (Firestore trigger on any write of sources/wired/coupons/{dealId}/votes/{uid}): recounts the deal's
// votes and stores the summary (model/votes.ts) on both documents of the deal, in one transaction.
//
// Idempotent by construction: the event only says which deal to recount; the counts come from the votes as they
// are now, never from the event's before/after. A retried, duplicated or late event recounts the same votes and
// writes the same summary (or nothing, when it is already stored), so the counts are exact in any delivery
// order. A deleted vote (delete_account) is recounted the same way. Cost: the deal and at most VOTE_WINDOW_SIZE
// votes read per vote.
import { isDeepStrictEqual } from 'node:util';
import * as logger from 'firebase-functions/logger';
import type { Firestore } from 'firebase-admin/firestore';
import { db } from '../admin';
import { adminQuery } from '../deals/query';
import { dealDocPaths } from '@bargains/model/deal';
import { handleDealActivity } from './popularity';
import { dealVoteFields, dealVotesQuerySpec, parseVote, type Vote } from '@bargains/model/votes';

export type RecountOutcome = 'updated' | 'unchanged' | 'no-deal' | 'no-code';

/**
 * The same stored value, whatever the order of a map's fields: Firestore does not keep the order they were written
 * in (a nested update such as the demo rebase's moves a field), and comparing serialized text then saw a change
 * on every recount and rewrote both documents.
 */
const sameValue = (a: unknown, b: unknown): boolean => isDeepStrictEqual(a, b);

export async function recountDealVotes(firestore: Firestore, dealId: string): Promise<RecountOutcome> {
  const refs = dealDocPaths(dealId).map((path) => firestore.doc(path));
  return firestore.runTransaction(async (tx) => {
    const [listing, search] = await tx.getAll(...refs);
    if (!listing?.exists) return 'no-deal';
    const stored = listing.data() ?? {};
    const code = stored['code'];
    if (typeof code !== 'string' || code === '') return 'no-code';
    const snapshot = await tx.get(adminQuery(firestore, dealVotesQuerySpec(dealId, code)));
    const votes = snapshot.docs
      .map((vote) => parseVote(dealId, vote.id, vote.data()))
      .filter((vote): vote is Vote => vote !== null);
    const fields = dealVoteFields(stored, votes);
    if (fields === null) return 'no-code';
    const unchanged = (Object.keys(fields) as Array<keyof typeof fields>).every((key) =>
      sameValue(stored[key], fields[key]),
    );
    if (unchanged) return 'unchanged';
    tx.update(listing.ref, { ...fields });
    // A deal written before the search documents existed has none: nothing to keep in step there.
    if (search?.exists) tx.update(search.ref, { ...fields });
    return 'updated';
  });
}

export async function handle(dealId: string): Promise<RecountOutcome> {
  const outcome = await recountDealVotes(db(), dealId);
  logger.info('vote_on_deal.recounted', { deal: dealId, outcome });
  // A Yes vote is also a worked-vote of the deal's popularity (model/popularity.ts), recounted the same way.
  await handleDealActivity(dealId);
  return outcome;
}
