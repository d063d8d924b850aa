import { readAtOf } from './stripe-reads';

describe('readAtOf', () => {
  it("turns the response's Date header into unix seconds", () => {
    expect(readAtOf({ lastResponse: { headers: { date: 'Tue, 14 Nov 2023 22:13:20 GMT' } } })).toBe(
      1_700_000_000,
    );
  });

  it('is null without a usable Date header', () => {
    expect(readAtOf({})).toBeNull();
    expect(readAtOf({ lastResponse: { headers: {} } })).toBeNull();
    expect(readAtOf({ lastResponse: { headers: { date: 'yesterday-ish' } } })).toBeNull();
  });
});
