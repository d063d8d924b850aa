// "Did this code work?": sources/wired/coupons/{dealId}/votes/{uid}, one vote per subscriber per deal (the
// subscriber writes it; firestore.rules check the shape, the owner, the deal and the pace of changes), and
// `votes`, the summary the vote_on_deal trigger keeps on both documents of the deal (listing and search), so a
// dashboard page still reads only its 20 deals.
//
// The one trust rule (the dashboard, the trigger, the collector, the digests and the tests all call these):
//  - Only votes on the deal's current code count: a vote records the code it was cast on, so an offer that
//    comes back with a new code starts fresh.
//  - The window is the VOTE_WINDOW_SIZE most recent votes. A count window, not a time window: codes die
//    suddenly (a usage cap, the shop ends it), so the latest votes are the evidence that matters, and a count
//    window is exact at every vote without a scheduled recount, while a quiet code keeps its last evidence
//    (the card says how old it is: "last worked 2 h ago").
//  - "Reported not working": the NOT_WORKING_STREAK most recent votes all say No. A later Yes ends the streak,
//    so the code comes back. Such a code leaves Verified Only by itself: the trigger stores
//    is_verified = source_verified && !not_working (listedAsVerified), and Verified Only queries is_verified.
//  - "Worked for 12 of 15": shown from MIN_VOTES_SHOWN votes in the window; fewer say nothing.
// zod/mini, as in deal.ts (the dashboard parses deals with it).
import { boolean, int, nullish, number, object, string } from 'zod/mini';
import { type InvalidDocumentReporter, parseDocument, warnInvalidDocument } from './invalid-document';
import { COLLECTIONS, dealDocPath, DOCUMENT_ID_FIELD } from './paths';
import type { QuerySpec } from './queries';
import { dateSchema, toIsoTimestamp } from './timestamp';

export const VOTE_WINDOW_SIZE = 20;
export const MIN_VOTES_SHOWN = 3;
export const NOT_WORKING_STREAK = 2;
/** A subscriber may change a vote at most once per this many seconds (firestore.rules hold the same number). */
export const VOTE_CHANGE_MIN_SECONDS = 30;

export const dealVotesPath = (dealId: string): string => `${dealDocPath(dealId)}/${COLLECTIONS.votes}`;
export const dealVoteDocPath = (dealId: string, uid: string): string => `${dealVotesPath(dealId)}/${uid}`;

/** The stored vote: exactly these fields (the rules check them); voted_at is the server's request time. */
export interface VoteDoc<TimestampValue> {
  worked: boolean;
  /** The deal's code when the vote was cast. */
  code: string;
  /** The voter (the document id too): lets delete_account find a user's votes with one collection-group query. */
  uid: string;
  voted_at: TimestampValue;
}

/** A vote as the trigger reads it. */
export interface Vote {
  uid: string;
  worked: boolean;
  code: string;
  voted_at: Date;
}

const voteSchema = object({ worked: boolean(), code: string(), uid: string(), voted_at: dateSchema });

export function parseVote(
  dealId: string,
  uid: string,
  data: unknown,
  report: InvalidDocumentReporter = warnInvalidDocument,
): Vote | null {
  const parsed = parseDocument(voteSchema, dealVoteDocPath(dealId, uid), data, report);
  return parsed === null ? null : { ...parsed, uid };
}

/** The trigger's read: the window of votes on the deal's current code, newest first (its composite index). */
export function dealVotesQuerySpec(dealId: string, code: string): QuerySpec {
  return {
    collection: dealVotesPath(dealId),
    where: [{ field: 'code', op: '==', value: code }],
    orderBy: [
      { field: 'voted_at', direction: 'desc' },
      { field: DOCUMENT_ID_FIELD, direction: 'desc' },
    ],
    limit: VOTE_WINDOW_SIZE,
  };
}

/** The summary stored on the deal as `votes` (ISO date strings, like the deal's other dates). */
export interface VoteSummary {
  /** The code these votes were cast on; a deal whose code differs has no votes yet. */
  code: string;
  /** Votes in the window, and how many of them said Yes. */
  total: number;
  worked: number;
  /** The most recent Yes in the window. */
  last_worked_at: string | null;
  /** The NOT_WORKING_STREAK most recent votes all said No. */
  not_working: boolean;
}

export const voteSummarySchema = object({
  code: string(),
  total: number().check(int()),
  worked: number().check(int()),
  last_worked_at: nullish(string()),
  not_working: boolean(),
});

/**
 * Newest first; votes cast at the same instant in descending voter id (the document id), the order of
 * dealVotesQuerySpec, so the summary never depends on read order and the query's window is the same window.
 */
function newestFirst(a: Vote, b: Vote): number {
  return b.voted_at.getTime() - a.voted_at.getTime() || (a.uid < b.uid ? 1 : a.uid > b.uid ? -1 : 0);
}

/** The summary of the votes on `code` (votes on other codes are ignored), over the most recent window. */
export function summarizeVotes(code: string, votes: readonly Vote[]): VoteSummary {
  const window = votes
    .filter((vote) => vote.code === code)
    .sort(newestFirst)
    .slice(0, VOTE_WINDOW_SIZE);
  const lastWorked = window.find((vote) => vote.worked);
  const streak = window.slice(0, NOT_WORKING_STREAK);
  return {
    code,
    total: window.length,
    worked: window.filter((vote) => vote.worked).length,
    last_worked_at: lastWorked ? toIsoTimestamp(lastWorked.voted_at) : null,
    not_working: streak.length === NOT_WORKING_STREAK && streak.every((vote) => !vote.worked),
  };
}

/** What the trust rule reads of a deal (a parsed Deal fits). */
export interface DealVotes {
  code: string | null;
  /** Absent until someone votes on the deal. */
  votes?: VoteSummary;
}

/** The votes that count for a deal right now: its summary, if it was made for the deal's current code. */
export function currentVotes(deal: DealVotes): VoteSummary | null {
  const { code, votes } = deal;
  return code !== null && votes !== undefined && votes.code === code ? votes : null;
}

/** True when recent votes say the deal's current code is dead (digests, alerts and the Saved view use it). */
export function isReportedNotWorking(deal: DealVotes): boolean {
  return currentVotes(deal)?.not_working ?? false;
}

/** What the card shows about a code's votes. */
export type CodeTrust =
  | { kind: 'none' }
  | { kind: 'record'; worked: number; total: number; lastWorkedAt: Date | null }
  | { kind: 'not-working'; lastWorkedAt: Date | null };

export function codeTrust(deal: DealVotes): CodeTrust {
  const votes = currentVotes(deal);
  if (votes === null) return { kind: 'none' };
  const lastWorkedAt = votes.last_worked_at ? new Date(votes.last_worked_at) : null;
  if (votes.not_working) return { kind: 'not-working', lastWorkedAt };
  if (votes.total < MIN_VOTES_SHOWN) return { kind: 'none' };
  return { kind: 'record', worked: votes.worked, total: votes.total, lastWorkedAt };
}

/** The stored is_verified (what Verified Only queries): the source's verdict, unless votes report the code dead. */
export function listedAsVerified(sourceVerified: boolean, votes: VoteSummary | null): boolean {
  return sourceVerified && !(votes?.not_working ?? false);
}

/** The vote fields the trigger writes on both documents of a deal. */
export interface DealVoteFields {
  votes: VoteSummary;
  /** What the source said (is_verified before the votes were applied); absent on deals nobody voted on yet. */
  source_verified: boolean;
  is_verified: boolean;
}

/**
 * The vote fields of a deal from its stored document and the votes on it. `source_verified` reads as the stored
 * is_verified on a deal without it (the collector's own value, not yet changed by votes).
 */
export function dealVoteFields(
  stored: { code?: unknown; is_verified?: unknown; source_verified?: unknown },
  votes: readonly Vote[],
): DealVoteFields | null {
  if (typeof stored.code !== 'string' || stored.code === '') return null;
  const sourceVerified =
    typeof stored.source_verified === 'boolean' ? stored.source_verified : stored.is_verified === true;
  const summary = summarizeVotes(stored.code, votes);
  return {
    votes: summary,
    source_verified: sourceVerified,
    is_verified: listedAsVerified(sourceVerified, summary),
  };
}

/**
 * A re-collected deal keeps its votes: the collector rewrites a changed deal whole, so it carries the vote fields
 * of the stored deal when they were counted on the same code (is_verified again from the feed's new verdict). A
 * new code starts fresh: the deal is written without them (the votes on the old code no longer count).
 */
export function keepVoteFields<Doc extends { code?: string; is_verified: boolean }>(
  next: Doc,
  stored: { votes?: unknown } | undefined,
): Doc | (Doc & DealVoteFields) {
  const parsed = voteSummarySchema.safeParse(stored?.votes);
  if (!parsed.success || next.code === undefined || parsed.data.code !== next.code) return next;
  const votes: VoteSummary = { ...parsed.data, last_worked_at: parsed.data.last_worked_at ?? null };
  return {
    ...next,
    votes,
    source_verified: next.is_verified,
    is_verified: listedAsVerified(next.is_verified, votes),
  };
}
