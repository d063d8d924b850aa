import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { Firestore } from 'firebase/firestore/lite';
import { VOTE_CHANGE_MIN_SECONDS } from '@bargains/model/votes';
import { errorText } from '@/lib/error-text';
import { writeDealVote } from '../api/deal-votes';

/** The user's vote on one deal in this session (the app reads no vote documents: a page stays 20 reads). */
export interface SessionVote {
  worked: boolean;
  status: 'saving' | 'saved' | 'failed';
  /** When the last accepted vote was sent: a change before VOTE_CHANGE_MIN_SECONDS is refused by the rules. */
  sentAt: number;
  /** Why the last vote failed, short enough for the card's one line; null otherwise. */
  error: string | null;
  /** The full reason of a failed write, for screen readers and the log. */
  detail?: string;
}

export interface DealVoting {
  voteOf: (dealId: string) => SessionVote | null;
  /** Casts or changes the vote; the card shows it at once and reports a refusal. */
  cast: (deal: { id: string; code: string }, worked: boolean) => void;
}

/** Null where voting is not offered (signed out, the server-drawn first page): cards then only show the counts. */
export const DealVotingContext = createContext<DealVoting | null>(null);

export const useDealVoting = (): DealVoting | null => useContext(DealVotingContext);

export const TOO_SOON_MESSAGE = `Answers change at most every ${VOTE_CHANGE_MIN_SECONDS} s.`;

/** The signed-in subscriber's votes of this session. */
export function useDealVotes(db: Firestore, uid: string | null): DealVoting | null {
  const [votes, setVotes] = useState<ReadonlyMap<string, SessionVote>>(new Map());
  const update = useCallback((dealId: string, vote: SessionVote) => {
    setVotes((current) => new Map(current).set(dealId, vote));
  }, []);

  const cast = useCallback(
    (deal: { id: string; code: string }, worked: boolean) => {
      if (uid === null) return;
      const previous = votes.get(deal.id);
      const now = Date.now();
      if (
        previous &&
        previous.status !== 'failed' &&
        now - previous.sentAt < VOTE_CHANGE_MIN_SECONDS * 1000
      ) {
        update(deal.id, { ...previous, error: TOO_SOON_MESSAGE });
        return;
      }
      update(deal.id, { worked, status: 'saving', sentAt: now, error: null });
      writeDealVote(db, uid, deal, worked).then(
        () => update(deal.id, { worked, status: 'saved', sentAt: now, error: null }),
        (error: unknown) =>
          update(deal.id, {
            worked,
            status: 'failed',
            sentAt: previous?.sentAt ?? 0,
            error: 'Your answer was not recorded.',
            detail: errorText(error),
          }),
      );
    },
    [db, uid, votes, update],
  );

  const voteOf = useCallback((dealId: string) => votes.get(dealId) ?? null, [votes]);
  return useMemo(() => (uid === null ? null : { voteOf, cast }), [uid, voteOf, cast]);
}
