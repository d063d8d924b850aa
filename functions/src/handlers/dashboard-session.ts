// POST dashboard_session → {expiresAt}: a session cookie for the signed-in user (session/cookie.ts), so their
// next /dashboard arrives with the first deals drawn (render_dashboard). DELETE clears it (sign-out). The cookie
// grants nothing else: every other endpoint takes the ID token, and it never reaches a script (HttpOnly).
import { adminAuth } from '../admin-auth';
import { siteOrigin } from '../config';
import { bearerToken, isRejectedTokenError, requireUser } from '../http/auth';
import { endpoint, type EndpointHandler } from '../http/endpoint';
import { AUTH_INVALID_MESSAGE, HttpError } from '../http/errors';
import { clearedSessionCookieHeader, SESSION_LIFETIME_MS, sessionCookieHeader } from '../session/cookie';

const NAME = 'dashboard_session';
/** Hosting (and its emulator) drop Set-Cookie from any answer not marked private. */
const PRIVATE = 'private, no-store';

const open = endpoint({ name: NAME, method: 'POST', cors: true }, async (req) => {
  // Revoked tokens and disabled or deleted users get no cookie (401).
  await requireUser(req, { checkRevoked: true });
  // requireUser has verified this very token.
  const idToken = bearerToken(req.get('authorization')) ?? '';
  let cookie: string;
  try {
    cookie = await adminAuth().createSessionCookie(idToken, { expiresIn: SESSION_LIFETIME_MS });
  } catch (error) {
    if (isRejectedTokenError(error)) throw new HttpError(401, AUTH_INVALID_MESSAGE);
    throw error;
  }
  return {
    body: { expiresAt: Date.now() + SESSION_LIFETIME_MS },
    headers: {
      'Cache-Control': PRIVATE,
      'Set-Cookie': sessionCookieHeader(cookie, SESSION_LIFETIME_MS / 1000, siteOrigin()),
    },
  };
});

// No token needed: clearing a cookie reveals and changes nothing but this browser's own cookie.
const close = endpoint({ name: NAME, method: 'DELETE', cors: true }, async () => ({
  body: {},
  headers: { 'Cache-Control': PRIVATE, 'Set-Cookie': clearedSessionCookieHeader(siteOrigin()) },
}));

export const handle: EndpointHandler = (req, res) => (req.method === 'DELETE' ? close : open)(req, res);
