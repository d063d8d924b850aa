import { RECENT_LOGIN_MAX_AGE_SECONDS } from '@bargains/model/recent-login';
import {
  DELETE_FLOW_ALLOWANCE_SECONDS,
  RecentLoginRequiredError,
  signedInRecentlyEnoughToDelete,
} from './recent-login';

/** Token times as the Firebase SDK gives them: UTC date strings. */
const tokenTimes = (signedInSecondsAgo: number, issuedAt = Date.UTC(2026, 0, 5, 12, 0, 0)) => ({
  authTime: new Date(issuedAt - signedInSecondsAgo * 1000).toUTCString(),
  issuedAtTime: new Date(issuedAt).toUTCString(),
});

describe('signedInRecentlyEnoughToDelete', () => {
  const lastAcceptedAge = RECENT_LOGIN_MAX_AGE_SECONDS - DELETE_FLOW_ALLOWANCE_SECONDS;

  it('accepts a sign-in well inside the backend window, leaving time for the rest of the flow', () => {
    expect(lastAcceptedAge).toBe(270);
    expect(signedInRecentlyEnoughToDelete(tokenTimes(5))).toBe(true);
    expect(signedInRecentlyEnoughToDelete(tokenTimes(lastAcceptedAge))).toBe(true);
  });

  it('refuses a sign-in near or past the 5-minute window', () => {
    expect(signedInRecentlyEnoughToDelete(tokenTimes(lastAcceptedAge + 1))).toBe(false);
    expect(signedInRecentlyEnoughToDelete(tokenTimes(RECENT_LOGIN_MAX_AGE_SECONDS + 1))).toBe(false);
    expect(signedInRecentlyEnoughToDelete(tokenTimes(3 * 3600))).toBe(false);
  });

  it("judges on the token's issue time, not the device clock", () => {
    const longAgo = Date.UTC(2001, 0, 1);
    expect(signedInRecentlyEnoughToDelete(tokenTimes(10, longAgo))).toBe(true);
    expect(signedInRecentlyEnoughToDelete(tokenTimes(600, longAgo))).toBe(false);
  });

  it('refuses unreadable times', () => {
    expect(
      signedInRecentlyEnoughToDelete({ authTime: 'garbage', issuedAtTime: tokenTimes(0).issuedAtTime }),
    ).toBe(false);
    expect(signedInRecentlyEnoughToDelete({ authTime: tokenTimes(0).authTime, issuedAtTime: '' })).toBe(
      false,
    );
  });
});

describe('RecentLoginRequiredError', () => {
  it('carries the documented code', () => {
    expect(new RecentLoginRequiredError().code).toBe('requires-recent-login');
  });
});
