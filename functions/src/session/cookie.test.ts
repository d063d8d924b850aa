import { clearedSessionCookieHeader, sessionCookieHeader, sessionCookieOf } from './cookie';

describe('the session cookie header', () => {
  it('is HttpOnly, Lax, site-wide and Secure on an https site', () => {
    expect(sessionCookieHeader('abc.def', 1_209_600, 'https://bargains.example')).toBe(
      '__session=abc.def; Max-Age=1209600; Path=/; HttpOnly; SameSite=Lax; Secure',
    );
  });

  it('leaves out Secure on the plain-http emulator site, where a browser would drop a Secure cookie', () => {
    expect(sessionCookieHeader('abc', 60, 'http://127.0.0.1:5000')).not.toContain('Secure');
  });

  it('is cleared with an empty value that expires at once', () => {
    expect(clearedSessionCookieHeader('https://bargains.example')).toBe(
      '__session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Secure',
    );
  });
});

describe('sessionCookieOf', () => {
  it('finds the session cookie among others, whatever the spacing', () => {
    expect(sessionCookieOf('a=1; __session=tok.en.x;b=2')).toBe('tok.en.x');
    expect(sessionCookieOf('__session=only')).toBe('only');
  });

  it('ignores look-alike names, empty values and a missing header', () => {
    expect(sessionCookieOf('x__session=1; __session_old=2')).toBeNull();
    expect(sessionCookieOf('__session=')).toBeNull();
    expect(sessionCookieOf('')).toBeNull();
    expect(sessionCookieOf(undefined)).toBeNull();
  });
});
