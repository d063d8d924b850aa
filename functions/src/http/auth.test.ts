import { bearerToken, isRejectedTokenError, verifiedClaims } from './auth';

describe('bearerToken', () => {
  it('extracts the token of a Bearer header', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer abc')).toBe('abc');
  });

  it('is null when the header carries no bearer token', () => {
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken('')).toBeNull();
    expect(bearerToken('Bearer ')).toBeNull();
    expect(bearerToken('Basic dXNlcjpwYXNz')).toBeNull();
    expect(bearerToken('Bearer a b')).toBeNull();
  });
});

describe('isRejectedTokenError', () => {
  it('treats Auth token errors as a rejected token and outages as failures', () => {
    expect(isRejectedTokenError({ code: 'auth/id-token-expired' })).toBe(true);
    expect(isRejectedTokenError({ code: 'auth/argument-error' })).toBe(true);
    expect(isRejectedTokenError({ code: 'auth/user-disabled' })).toBe(true);
    expect(isRejectedTokenError({ code: 'auth/internal-error' })).toBe(false);
    expect(isRejectedTokenError({ code: 'app/network-error' })).toBe(false);
    expect(isRejectedTokenError(new Error('boom'))).toBe(false);
  });
});

describe('verifiedClaims', () => {
  const jwt = (payload: unknown) =>
    `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;

  it('reads the sub and auth_time claims', () => {
    expect(verifiedClaims(jwt({ sub: 'uid_1', aud: 'demo', auth_time: 1_700_000_000 }))).toEqual({
      sub: 'uid_1',
      authTime: 1_700_000_000,
    });
  });

  it('gives a null sign-in time when auth_time is missing or not a number', () => {
    expect(verifiedClaims(jwt({ sub: 'uid_1' }))).toEqual({ sub: 'uid_1', authTime: null });
    expect(verifiedClaims(jwt({ sub: 'uid_1', auth_time: '1700000000' }))).toEqual({
      sub: 'uid_1',
      authTime: null,
    });
  });

  it('is null for tokens without a usable sub', () => {
    expect(verifiedClaims(jwt({ aud: 'demo' }))).toBeNull();
    expect(verifiedClaims(jwt({ sub: '' }))).toBeNull();
    expect(verifiedClaims(jwt(null))).toBeNull();
    expect(verifiedClaims('garbage')).toBeNull();
  });
});
