import {
  activityCountQuerySpec,
  activityDocId,
  dealPopularityFields,
  keepPopularityFields,
  POPULARITY_WEIGHTS,
  popularityScore,
  startOfUtcDay,
  utcDayOf,
  windowStartDay,
  workedVotesCountQuerySpec,
} from './popularity';

const NOW = new Date('2026-03-10T23:59:59.999Z');

describe('the popularity window', () => {
  it('counts whole UTC days: today and the six before it', () => {
    expect(utcDayOf(NOW)).toBe(utcDayOf(new Date('2026-03-10T00:00:00.000Z')));
    expect(utcDayOf(new Date('2026-03-11T00:00:00.000Z'))).toBe(utcDayOf(NOW) + 1);
    expect(startOfUtcDay(windowStartDay(NOW)).toISOString()).toBe('2026-03-04T00:00:00.000Z');
    expect(dealPopularityFields({ opens: 0, saves: 0, worked: 0 }, NOW).popularity.window_start).toBe(
      '2026-03-04',
    );
  });

  it('counts activity and Yes votes from the window’s first day on', () => {
    const day = windowStartDay(NOW);
    expect(activityCountQuerySpec('d1', 'open', NOW).where).toEqual([
      { field: 'kind', op: '==', value: 'open' },
      { field: 'day', op: '>=', value: day },
    ]);
    expect(workedVotesCountQuerySpec('d1', NOW).where).toEqual([
      { field: 'worked', op: '==', value: true },
      { field: 'voted_at', op: '>=', value: startOfUtcDay(day) },
    ]);
  });

  it('fixes one record per kind, day and subscriber in the document id', () => {
    expect(activityDocId('open', 20_000, 'u1')).toBe('open_20000_u1');
    expect(activityDocId('save', 20_000, 'u1')).not.toBe(activityDocId('open', 20_000, 'u1'));
  });
});

describe('the popularity score', () => {
  it('weighs a Yes vote over a save over an open', () => {
    expect(POPULARITY_WEIGHTS.worked).toBeGreaterThan(POPULARITY_WEIGHTS.save);
    expect(POPULARITY_WEIGHTS.save).toBeGreaterThan(POPULARITY_WEIGHTS.open);
    expect(popularityScore({ opens: 2, saves: 1, worked: 1 })).toBe(
      2 * POPULARITY_WEIGHTS.open + POPULARITY_WEIGHTS.save + POPULARITY_WEIGHTS.worked,
    );
    expect(dealPopularityFields({ opens: 0, saves: 0, worked: 0 }, NOW).popularity_score).toBe(0);
  });
});

describe('keepPopularityFields', () => {
  const next = { title: 'T', popularity_score: 0 };
  const stored = {
    popularity: { opens: 3, saves: 1, worked: 2, window_start: '2026-03-04' },
    popularity_score: 11,
  };

  it('carries the stored counts over a rewritten deal', () => {
    expect(keepPopularityFields(next, stored)).toEqual({ ...next, ...stored });
  });

  it('leaves a new deal, or malformed stored counts, at 0', () => {
    expect(keepPopularityFields(next, undefined)).toEqual(next);
    expect(keepPopularityFields(next, { popularity: { opens: 'x' }, popularity_score: 11 })).toEqual(next);
    expect(keepPopularityFields(next, { ...stored, popularity_score: Number.NaN })).toEqual(next);
  });
});
