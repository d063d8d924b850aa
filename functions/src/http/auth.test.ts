import { bearerToken, isRejectedTokenError, verifiedSubject } from './auth';

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

describe('verifiedSubject', () => {
  const jwt = (payload: unknown) =>
    `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;

  it('reads the sub claim', () => {
    expect(verifiedSubject(jwt({ sub: 'uid_1', aud: 'demo' }))).toBe('uid_1');
  });

  it('is null for tokens without a usable sub', () => {
    expect(verifiedSubject(jwt({ aud: 'demo' }))).toBeNull();
    expect(verifiedSubject(jwt({ sub: '' }))).toBeNull();
    expect(verifiedSubject('garbage')).toBeNull();
  });
});
