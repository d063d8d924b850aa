import { useId, useState } from 'react';
import { codeTrust, type DealVotes } from '@bargains/model/votes';
import { codeTrustText } from '../lib/card-text';
import { useDealVoting } from '../hooks/useDealVotes';

interface CodeVoteProps {
  deal: DealVotes & { id: string; code: string };
  now: Date;
  /** The subscriber copied the code or opened View Deal: the card asks whether the code worked. */
  offered: boolean;
}

/**
 * The code's record ("Worked for 12 of 15 · last worked 2h ago" / "Reported not working") and, once the code was
 * copied or the deal opened, "Did this code work? Yes / No". One row of fixed height, so asking, answering and
 * the record take the same place and the card never jumps; the prompt comes after the code and View Deal in tab
 * order, and a status region announces it and the answer.
 */
export function CodeVote({ deal, now, offered }: CodeVoteProps) {
  const voting = useDealVoting();
  const promptId = useId();
  const [changing, setChanging] = useState(false);
  const mine = voting?.voteOf(deal.id) ?? null;
  const trust = codeTrust(deal);
  const record = codeTrustText(trust, now);
  const asking = voting !== null && offered && (mine === null || changing);

  const answer = (worked: boolean) => {
    setChanging(false);
    voting?.cast(deal, worked);
  };

  let announcement = '';
  if (mine?.error) announcement = [mine.error, mine.detail].filter(Boolean).join(' ');
  else if (mine?.status === 'saved') announcement = 'Thanks, your answer is recorded.';
  else if (asking) announcement = 'Did this code work? Answer with the Yes and No buttons below View Deal.';

  return (
    <div className={`deal-card__trust deal-card__trust--${trust.kind}`}>
      {asking ? (
        <div className="deal-card__vote" role="group" aria-labelledby={promptId}>
          <span id={promptId} className="deal-card__vote-question">
            Did this code work?
          </span>
          <button type="button" className="deal-card__vote-button" onClick={() => answer(true)}>
            Yes
          </button>
          <button type="button" className="deal-card__vote-button" onClick={() => answer(false)}>
            No
          </button>
        </div>
      ) : mine !== null ? (
        <p className={`deal-card__vote-thanks${mine.error ? ' deal-card__vote-thanks--error' : ''}`}>
          {mine.error ?? (mine.worked ? 'Thanks! You said it worked.' : 'Thanks! You said it did not work.')}{' '}
          <button type="button" className="deal-card__vote-change" onClick={() => setChanging(true)}>
            {mine.status === 'failed' ? 'Try again' : 'Change'}
          </button>
        </p>
      ) : (
        record && <p className="deal-card__trust-record">{record}</p>
      )}
      <span className="visually-hidden" role="status">
        {announcement}
      </span>
    </div>
  );
}
