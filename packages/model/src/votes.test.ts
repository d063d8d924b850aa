import { parseDeal } from './deal';
import {
  codeTrust,
  dealVoteFields,
  isReportedNotWorking,
  keepVoteFields,
  listedAsVerified,
  MIN_VOTES_SHOWN,
  NOT_WORKING_STREAK,
  summarizeVotes,
  type Vote,
  VOTE_WINDOW_SIZE,
} from './votes';

const T0 = Date.parse('2026-11-20T12:00:00Z');
const MINUTE = 60_000;

/** Vote i is cast i minutes after T0 (higher i = more recent). */
const vote = (i: number, worked: boolean, code = 'SAVE20'): Vote => ({
  uid: `user-${String(i).padStart(3, '0')}`,
  worked,
  code,
  voted_at: new Date(T0 + i * MINUTE),
});

describe('summarizeVotes', () => {
  it('counts the window and the last Yes', () => {
    const summary = summarizeVotes('SAVE20', [vote(1, true), vote(2, false), vote(3, true)]);
    expect(summary).toEqual({
      code: 'SAVE20',
      total: 3,
      worked: 2,
      last_worked_at: new Date(T0 + 3 * MINUTE).toISOString(),
      not_working: false,
    });
  });

  it('ignores votes on another code (a new code starts fresh)', () => {
    const summary = summarizeVotes('NEW10', [vote(1, false, 'SAVE20'), vote(2, false, 'SAVE20')]);
    expect(summary).toMatchObject({ total: 0, worked: 0, last_worked_at: null, not_working: false });
  });

  it('keeps only the most recent votes', () => {
    const votes = Array.from({ length: VOTE_WINDOW_SIZE + 5 }, (_, i) => vote(i, i >= 5));
    // The five oldest (No) fall out of the window.
    expect(summarizeVotes('SAVE20', votes)).toMatchObject({
      total: VOTE_WINDOW_SIZE,
      worked: VOTE_WINDOW_SIZE,
    });
  });

  it('reports a code not working when the latest votes all say No, and recovers on a later Yes', () => {
    const history = [...Array.from({ length: 12 }, (_, i) => vote(i, true))];
    const dead = [...history, vote(20, false), vote(21, false)];
    expect(summarizeVotes('SAVE20', dead).not_working).toBe(true);
    expect(summarizeVotes('SAVE20', dead.slice(0, -1)).not_working).toBe(NOT_WORKING_STREAK <= 1);
    expect(summarizeVotes('SAVE20', [...dead, vote(22, true)]).not_working).toBe(false);
  });

  it('does not depend on the order the votes are read in', () => {
    const votes = [vote(1, true), vote(2, false), vote(3, false), vote(4, true)];
    const same = { ...vote(4, false), uid: 'user-000' };
    const a = summarizeVotes('SAVE20', [...votes, same]);
    const b = summarizeVotes('SAVE20', [same, ...votes].reverse());
    expect(a).toEqual(b);
  });
});

describe('codeTrust (what the card shows)', () => {
  const deal = (votes: Vote[], code: string | null = 'SAVE20') => {
    const summary = summarizeVotes('SAVE20', votes);
    return { code, votes: summary };
  };

  it('says nothing with too few votes', () => {
    expect(codeTrust(deal([vote(1, true)]))).toEqual({ kind: 'none' });
    expect(codeTrust({ code: 'SAVE20' })).toEqual({ kind: 'none' });
  });

  it('shows the record from MIN_VOTES_SHOWN votes', () => {
    const votes = Array.from({ length: MIN_VOTES_SHOWN }, (_, i) => vote(i, i > 0));
    expect(codeTrust(deal(votes))).toEqual({
      kind: 'record',
      worked: MIN_VOTES_SHOWN - 1,
      total: MIN_VOTES_SHOWN,
      lastWorkedAt: new Date(T0 + (MIN_VOTES_SHOWN - 1) * MINUTE),
    });
  });

  it('shows "not working" as soon as the streak says so, even with few votes', () => {
    expect(codeTrust(deal([vote(1, false), vote(2, false)]))).toEqual({
      kind: 'not-working',
      lastWorkedAt: null,
    });
  });

  it('ignores a summary made for another code', () => {
    const trust = codeTrust(deal([vote(1, false), vote(2, false)], 'NEW10'));
    expect(trust).toEqual({ kind: 'none' });
    expect(isReportedNotWorking(deal([vote(1, false), vote(2, false)], 'NEW10'))).toBe(false);
  });
});

describe('listedAsVerified and dealVoteFields', () => {
  const dead = summarizeVotes('SAVE20', [vote(1, false), vote(2, false)]);

  it('a dead code leaves Verified Only; the source verdict comes back with it', () => {
    expect(listedAsVerified(true, dead)).toBe(false);
    expect(
      listedAsVerified(true, summarizeVotes('SAVE20', [vote(1, false), vote(2, false), vote(3, true)])),
    ).toBe(true);
    expect(listedAsVerified(false, null)).toBe(false);
  });

  it('keeps the source verdict in source_verified', () => {
    const fields = dealVoteFields({ code: 'SAVE20', is_verified: true }, [vote(1, false), vote(2, false)]);
    expect(fields).toMatchObject({ source_verified: true, is_verified: false });
    // The next recount reads the source verdict from source_verified, not from the lowered is_verified.
    const again = dealVoteFields({ code: 'SAVE20', ...fields }, [
      vote(1, false),
      vote(2, false),
      vote(3, true),
    ]);
    expect(again).toMatchObject({ source_verified: true, is_verified: true });
    expect(dealVoteFields({ is_verified: true }, [])).toBeNull();
  });
});

describe('parseDeal reads the vote summary', () => {
  const stored = {
    title: 't',
    savings: '10% off',
    code: 'SAVE20',
    start_date: '2026-01-01T00:00:00.000Z',
    end_date: '2027-01-01T00:00:00.000Z',
    shop_name: 'Acme',
    url_home: 'https://acme.example',
  };

  it('absent until someone voted; present as stored', () => {
    expect(parseDeal('d', stored)?.votes).toBeUndefined();
    const votes = summarizeVotes('SAVE20', [vote(1, true)]);
    expect(parseDeal('d', { ...stored, votes })?.votes).toEqual(votes);
  });
});

describe('keepVoteFields (the collector keeps the votes)', () => {
  const dead = summarizeVotes('SAVE20', [vote(1, false), vote(2, false)]);
  const next = { code: 'SAVE20', is_verified: true, title: 'new title' };

  it('carries the votes of the same code, with the feed’s new verdict behind is_verified', () => {
    expect(keepVoteFields(next, { votes: dead })).toEqual({
      ...next,
      votes: dead,
      source_verified: true,
      is_verified: false,
    });
    expect(keepVoteFields({ ...next, is_verified: false }, { votes: dead })).toMatchObject({
      source_verified: false,
      is_verified: false,
    });
  });

  it('starts a new code fresh, and leaves a deal nobody voted on as it is', () => {
    expect(keepVoteFields({ ...next, code: 'NEW10' }, { votes: dead })).toEqual({ ...next, code: 'NEW10' });
    expect(keepVoteFields(next, {})).toEqual(next);
    expect(keepVoteFields(next, undefined)).toEqual(next);
    expect(keepVoteFields({ is_verified: true }, { votes: dead })).toEqual({ is_verified: true });
  });
});
