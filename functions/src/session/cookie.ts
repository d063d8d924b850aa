// The dashboard's session cookie (model/contracts/dashboard-render.ts SESSION_COOKIE): a Firebase Auth session cookie that
// lets render_dashboard draw a subscriber's first deals into the HTML. Issued and cleared by dashboard_session,
// read only by render_dashboard. HttpOnly (no script reads it), SameSite=Lax (a link from an email still brings the
// drawn page; no other site can make a request that changes anything with it: only GET /dashboard reads it).
import { adminAuth } from '../admin-auth';
import { isRejectedTokenError } from '../http/auth';
import { SESSION_COOKIE, type DashboardSession } from '@bargains/model/contracts/dashboard-render';

/** Firebase's longest session cookie; the app renews one in its second week (web/src/lib/dashboard-session.ts). */
export const SESSION_LIFETIME_MS = 14 * 24 * 3600_000;

/** The Set-Cookie value for `value`, kept `maxAgeSeconds`; Secure whenever the site is served over https. */
export function sessionCookieHeader(value: string, maxAgeSeconds: number, siteOrigin: string): string {
  const secure = siteOrigin.startsWith('https:') ? '; Secure' : '';
  return `${SESSION_COOKIE}=${value}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

/** The Set-Cookie value that removes the cookie. */
export const clearedSessionCookieHeader = (siteOrigin: string): string =>
  sessionCookieHeader('', 0, siteOrigin);

/** The session cookie's value in a Cookie header, or null when it carries none. */
export function sessionCookieOf(cookieHeader: string | undefined): string | null {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === SESSION_COOKIE) {
      const value = pair.slice(separator + 1).trim();
      return value === '' ? null : value;
    }
  }
  return null;
}

/**
 * The user a session cookie names, checked with the Admin SDK including revocation (a signed-out-everywhere,
 * disabled or deleted user is refused); 'rejected' when the cookie names nobody. Other failures (an Auth outage)
 * are thrown.
 */
export async function verifySession(cookie: string): Promise<DashboardSession | 'rejected'> {
  try {
    const decoded = await adminAuth().verifySessionCookie(cookie, true);
    return { uid: decoded.uid, expiresAt: decoded.exp * 1000 };
  } catch (error) {
    if (isRejectedTokenError(error)) return 'rejected';
    throw error;
  }
}

/**
 * The user a session cookie names when its signature and expiry check out, before any revocation check (which costs
 * an Auth round trip); null when they do not. A cookie nobody forged, so its user's reads may start while
 * verifySession checks the rest; nothing read is used unless verifySession then names the same user.
 */
export async function signedSessionUid(cookie: string): Promise<string | null> {
  try {
    return (await adminAuth().verifySessionCookie(cookie, false)).uid;
  } catch (error) {
    if (isRejectedTokenError(error)) return null;
    throw error;
  }
}
