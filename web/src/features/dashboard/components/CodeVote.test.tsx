// "Did this code work?" on the card: the record the votes give, the question after copying the code or opening
// the deal, the answer (keyboard and screen reader), and the card's fixed row (no jump).
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { summarizeVotes, type Vote } from '@bargains/model/votes';
import { makeDeal } from '../test/deal-fixture';
import { DealVotingContext, type DealVoting, type SessionVote } from '../hooks/useDealVotes';
import { DealCard } from './DealCard';

const NOW = new Date('2025-01-20T12:00:00.000Z');
const HOUR = 3_600_000;

const votesOf = (answers: boolean[], code = 'SAVE20') =>
  summarizeVotes(
    code,
    answers.map((worked, i): Vote => ({
      uid: `u${i}`,
      worked,
      code,
      // The last answer is the most recent, two hours before NOW.
      voted_at: new Date(NOW.getTime() - (answers.length - i + 1) * HOUR),
    })),
  );

function renderWithVoting(deal = makeDeal(), initial: SessionVote | null = null) {
  const cast = jest.fn();
  let mine = initial;
  const voting: DealVoting = { voteOf: () => mine, cast };
  const view = render(
    <DealVotingContext.Provider value={voting}>
      <DealCard now={NOW} deal={deal} />
    </DealVotingContext.Provider>,
  );
  const answerWith = (vote: SessionVote) => {
    mine = vote;
    view.rerender(
      <DealVotingContext.Provider value={{ voteOf: () => mine, cast }}>
        <DealCard now={NOW} deal={deal} />
      </DealVotingContext.Provider>,
    );
  };
  return { ...view, cast, answerWith };
}

describe('the code record on the card', () => {
  it('says nothing with too few votes', () => {
    const { container } = render(<DealCard now={NOW} deal={makeDeal({ votes: votesOf([true]) })} />);
    expect(container.querySelector('.deal-card__trust')).toHaveTextContent('');
  });

  it('shows "Worked for N of M · last worked 2h ago"', () => {
    const votes = votesOf([false, true, true, true, false, true, true]);
    render(<DealCard now={NOW} deal={makeDeal({ votes })} />);
    expect(screen.getByText('Worked for 5 of 7 · last worked 2h ago')).toBeInTheDocument();
  });

  it('shows "Reported not working" (and no Verified badge: the trigger lowered is_verified)', () => {
    const votes = votesOf([true, true, true, false, false]);
    render(<DealCard now={NOW} deal={makeDeal({ votes, is_verified: false })} />);
    expect(screen.getByText('Reported not working')).toBeInTheDocument();
    expect(screen.queryByText('Verified')).not.toBeInTheDocument();
  });

  it('comes back when a later Yes ends the streak', () => {
    const votes = votesOf([true, false, false, true]);
    render(<DealCard now={NOW} deal={makeDeal({ votes })} />);
    expect(screen.queryByText('Reported not working')).not.toBeInTheDocument();
    expect(screen.getByText(/^Worked for 2 of 4/)).toBeInTheDocument();
  });

  it('ignores votes on an earlier code: a new code starts fresh', () => {
    const votes = votesOf([false, false], 'OLD10');
    render(<DealCard now={NOW} deal={makeDeal({ code: 'NEW10', votes })} />);
    expect(screen.queryByText('Reported not working')).not.toBeInTheDocument();
  });

  it('has no vote row on a deal without a code', () => {
    const { container } = render(<DealCard now={NOW} deal={makeDeal({ code: null })} />);
    expect(container.querySelector('.deal-card__trust')).toBeNull();
  });
});

describe('"Did this code work?"', () => {
  beforeEach(() => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: jest.fn(async () => undefined) },
      configurable: true,
    });
  });

  it('is asked only after the code is copied, keeps the same row, and is announced', async () => {
    const user = userEvent.setup();
    const { container, cast } = renderWithVoting(makeDeal({ votes: votesOf([true, true, true]) }));
    const row = container.querySelector('.deal-card__trust');
    expect(screen.queryByRole('group', { name: 'Did this code work?' })).not.toBeInTheDocument();
    expect(row).toHaveTextContent(/^Worked for 3 of 3/);

    await user.click(screen.getByRole('button', { name: 'Copy code SAVE20' }));
    const group = screen.getByRole('group', { name: 'Did this code work?' });
    // The question takes the record's place: the same element, the card keeps its height.
    expect(container.querySelector('.deal-card__trust')).toBe(row);
    expect(row).toContainElement(group);
    expect(within(row as HTMLElement).getByRole('status')).toHaveTextContent(/Did this code work\?/);

    // Keyboard: Tab from Copy reaches View Deal, then Yes; Enter answers.
    await user.tab();
    expect(screen.getByRole('link', { name: /View Deal/ })).toHaveFocus();
    await user.tab();
    expect(within(group).getByRole('button', { name: 'Yes' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(cast).toHaveBeenCalledWith(expect.objectContaining({ id: 'deal-1', code: 'SAVE20' }), true);
  });

  it('is asked after View Deal is opened', async () => {
    const user = userEvent.setup();
    const { cast } = renderWithVoting();
    const link = screen.getByRole('link', { name: /View Deal/ });
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(cast).toHaveBeenCalledWith(expect.objectContaining({ id: 'deal-1' }), false);
  });

  it('thanks for the answer and lets the subscriber change it', async () => {
    const user = userEvent.setup();
    const { answerWith } = renderWithVoting();
    await user.click(screen.getByRole('button', { name: 'Copy code SAVE20' }));
    answerWith({ worked: false, status: 'saved', sentAt: Date.now(), error: null });
    expect(screen.getByText(/Thanks! You said it did not work\./, { selector: 'p' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect(screen.getByRole('group', { name: 'Did this code work?' })).toBeInTheDocument();
  });

  it('says so when the answer was not recorded, with a way to try again', async () => {
    const user = userEvent.setup();
    const { answerWith } = renderWithVoting();
    await user.click(screen.getByRole('button', { name: 'Copy code SAVE20' }));
    answerWith({
      worked: true,
      status: 'failed',
      sentAt: 0,
      error: 'Your answer was not recorded.',
      detail: 'Missing or insufficient permissions.',
    });
    expect(screen.getByText(/Your answer was not recorded\./, { selector: 'p' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('button', { name: 'Yes' })).toBeInTheDocument();
  });

  it('is not offered where voting is not (signed out, the server-drawn page)', async () => {
    const user = userEvent.setup();
    render(<DealCard now={NOW} deal={makeDeal()} />);
    await user.click(screen.getByRole('button', { name: 'Copy code SAVE20' }));
    expect(screen.queryByRole('group', { name: 'Did this code work?' })).not.toBeInTheDocument();
  });
});
