import { isRecentLogin, RECENT_LOGIN_MAX_AGE_SECONDS } from './recent-login';

describe('isRecentLogin', () => {
  const now = 1_750_000_000;

  it('is five minutes', () => {
    expect(RECENT_LOGIN_MAX_AGE_SECONDS).toBe(300);
  });

  it('accepts a sign-in up to the window, and refuses an older one', () => {
    expect(isRecentLogin(now - 10, now)).toBe(true);
    expect(isRecentLogin(now - 300, now)).toBe(true);
    expect(isRecentLogin(now - 301, now)).toBe(false);
    expect(isRecentLogin(now - 3600, now)).toBe(false);
  });

  it('accepts a sign-in a little in the future (clock skew)', () => {
    expect(isRecentLogin(now + 5, now)).toBe(true);
  });

  it('takes a narrower window when asked', () => {
    expect(isRecentLogin(now - 280, now, 270)).toBe(false);
    expect(isRecentLogin(now - 260, now, 270)).toBe(true);
  });

  it('refuses a missing or unreadable sign-in time', () => {
    expect(isRecentLogin(null, now)).toBe(false);
    expect(isRecentLogin(Number.NaN, now)).toBe(false);
    expect(isRecentLogin(now, Number.NaN)).toBe(false);
  });
});
