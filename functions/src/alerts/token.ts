// Signed unsubscribe tokens: `<uid>.<list>.<expires>.<signature>`, HMAC-SHA256 over the first three parts with
// EMAIL_TOKEN_SECRET. The link works without signing in (RFC 8058 one-click) and only for the user and the
// list (digest, alerts or reminders) it was made for; it expires, so a leaked old email cannot toggle preferences forever.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isDocumentId } from '@bargains/model/document-id';

export const EMAIL_LISTS = ['digest', 'alerts', 'reminders'] as const;
export type EmailList = (typeof EMAIL_LISTS)[number];

/** Long enough for an email read weeks later; short enough that old mail stops working. */
export const UNSUBSCRIBE_TOKEN_TTL_SECONDS = 60 * 24 * 60 * 60;

export interface UnsubscribeClaims {
  uid: string;
  list: EmailList;
  /** Unix seconds. */
  expires: number;
}

const SEPARATOR = '.';
/** Firebase uids are at most 128 characters of [A-Za-z0-9]; emulator and custom uids may use - and _. */
const UID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** The uid names the user's preferences document, so it must also be an id Firestore accepts (not `__x__`). */
const isTokenUid = (uid: string): boolean => UID_PATTERN.test(uid) && isDocumentId(uid);

function signature(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function signUnsubscribeToken(claims: UnsubscribeClaims, secret: string): string {
  if (!isTokenUid(claims.uid)) throw new RangeError(`uid not signable: ${claims.uid}`);
  const payload = [claims.uid, claims.list, String(claims.expires)].join(SEPARATOR);
  return `${payload}${SEPARATOR}${signature(payload, secret)}`;
}

export type TokenCheck =
  { ok: true; claims: UnsubscribeClaims } | { ok: false; reason: 'malformed' | 'forged' | 'expired' };

/** Verifies signature first (constant time), then expiry against `now`. */
export function verifyUnsubscribeToken(token: string, secret: string, now: Date): TokenCheck {
  const parts = token.split(SEPARATOR);
  if (parts.length !== 4) return { ok: false, reason: 'malformed' };
  const [uid = '', list = '', expiresText = '', given = ''] = parts;
  const expires = Number(expiresText);
  if (
    !isTokenUid(uid) ||
    !(EMAIL_LISTS as readonly string[]).includes(list) ||
    !/^\d{1,12}$/.test(expiresText)
  ) {
    return { ok: false, reason: 'malformed' };
  }
  const expected = Buffer.from(signature(parts.slice(0, 3).join(SEPARATOR), secret));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected))
    return { ok: false, reason: 'forged' };
  if (expires * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { uid, list: list as EmailList, expires } };
}

export function unsubscribeExpiry(now: Date): number {
  return Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_TOKEN_TTL_SECONDS;
}
