import {
  signUnsubscribeToken,
  UNSUBSCRIBE_TOKEN_TTL_SECONDS,
  unsubscribeExpiry,
  verifyUnsubscribeToken,
} from './token';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const NOW = new Date('2026-11-23T12:00:00Z');
const token = (uid = 'user-a', list: 'digest' | 'alerts' = 'digest') =>
  signUnsubscribeToken({ uid, list, expires: unsubscribeExpiry(NOW) }, SECRET);

describe('unsubscribe tokens', () => {
  it('verifies its own token and returns the user and list', () => {
    expect(verifyUnsubscribeToken(token(), SECRET, NOW)).toEqual({
      ok: true,
      claims: {
        uid: 'user-a',
        list: 'digest',
        expires: NOW.getTime() / 1000 + UNSUBSCRIBE_TOKEN_TTL_SECONDS,
      },
    });
  });

  it('refuses a token for another user or list made by editing a valid one', () => {
    const [, list, expires, signature] = token().split('.');
    expect(verifyUnsubscribeToken(['user-b', list, expires, signature].join('.'), SECRET, NOW)).toEqual({
      ok: false,
      reason: 'forged',
    });
    expect(
      verifyUnsubscribeToken(['user-a', 'alerts', expires, signature].join('.'), SECRET, NOW),
    ).toMatchObject({
      reason: 'forged',
    });
    expect(
      verifyUnsubscribeToken(['user-a', list, '99999999999', signature].join('.'), SECRET, NOW),
    ).toMatchObject({
      reason: 'forged',
    });
  });

  it('refuses a token signed with another key', () => {
    const other = signUnsubscribeToken(
      { uid: 'user-a', list: 'digest', expires: unsubscribeExpiry(NOW) },
      'x'.repeat(40),
    );
    expect(verifyUnsubscribeToken(other, SECRET, NOW)).toMatchObject({ ok: false, reason: 'forged' });
  });

  it('signs no token for a uid that is no document id', () => {
    expect(() => token('__x__')).toThrow(RangeError);
  });

  it('refuses an expired token, even a genuine one', () => {
    const later = new Date(NOW.getTime() + UNSUBSCRIBE_TOKEN_TTL_SECONDS * 1000);
    expect(verifyUnsubscribeToken(token(), SECRET, later)).toMatchObject({ ok: false, reason: 'expired' });
  });

  it.each([
    '',
    'abc',
    'a.b.c',
    'user-a.digest.123.sig.extra',
    'user-a.weekly.123.sig',
    'us/er.digest.123.sig',
    // Firestore reserves `__…__` ids: the uid could never name a preferences document.
    '__x__.digest.123.sig',
  ])('refuses the malformed token %j', (value) => {
    expect(verifyUnsubscribeToken(value, SECRET, NOW)).toMatchObject({ ok: false, reason: 'malformed' });
  });
});
