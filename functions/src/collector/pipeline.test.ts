import { feedRejection } from './pipeline';

const counts = (valid: number, invalid: number, ended = 0) => ({
  fetched: valid + invalid + ended,
  valid,
  invalid,
  ended,
});

describe('feedRejection', () => {
  it('refuses a feed with more than half its records invalid, small feeds included', () => {
    expect(feedRejection(counts(1, 3), 0, false)).toBe('3 of 4 records are invalid (more than 50%)');
    expect(feedRejection(counts(1, 2), 0, false)).toBe('2 of 3 records are invalid (more than 50%)');
    expect(feedRejection(counts(15, 25), 0, false)).toBe('25 of 40 records are invalid (more than 50%)');
  });

  it('accepts a feed with at most half its records invalid; ended deals count for neither side', () => {
    expect(feedRejection(counts(1, 1), 0, false)).toBeNull();
    expect(feedRejection(counts(2, 2, 5), 0, false)).toBeNull();
    expect(feedRejection(counts(2, 3, 5), 0, false)).toBe('3 of 5 records are invalid (more than 50%)');
  });

  it('refuses a feed without a valid deal, or far smaller than the last run unless the cut is intended', () => {
    expect(feedRejection(counts(0, 0, 3), 0, false)).toBe('the feed has no valid deals (3 records read)');
    expect(feedRejection(counts(10, 0), 40, false)).toMatch(/^the feed has 10 valid deals, fewer than 50%/);
    expect(feedRejection(counts(10, 0), 40, true)).toBeNull();
    expect(feedRejection(counts(20, 0), 40, false)).toBeNull();
  });
});
