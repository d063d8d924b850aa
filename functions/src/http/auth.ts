// Bearer Firebase ID tokens, verified with the Admin SDK (which honours the Auth emulator when
// FIREBASE_AUTH_EMULATOR_HOST is set, as the Functions emulator does).
import { adminAuth } from '../admin-auth';
import { AUTH_INVALID_MESSAGE, AUTH_MISSING_MESSAGE, HttpError } from './errors';
import type { HttpRequest } from './types';

export interface AuthenticatedUser {
  uid: string;
  email: string | null;
  /** When the user last signed in (the token's `auth_time`, Unix seconds); null if the token has none. */
  authTime: number | null;
}

/** The token from `Authorization: Bearer <token>`, or null when the header carries none. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

const codeOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

/** Admin SDK error codes that mean "this token does not identify a signed-in user" (not an outage). */
export function isRejectedTokenError(error: unknown): boolean {
  const code = codeOf(error);
  return typeof code === 'string' && code.startsWith('auth/') && code !== 'auth/internal-error';
}

/** The Admin SDK found no Auth user for the uid (deleted, or never existed). */
export const isUserNotFoundError = (error: unknown): boolean => codeOf(error) === 'auth/user-not-found';

export interface AuthOptions {
  /** Also reject revoked tokens and deleted or disabled users (one Auth lookup). Used where money moves. */
  checkRevoked: boolean;
  /**
   * Accept a valid token whose Auth user no longer exists (delete_account: a retry after the deletion must
   * still succeed). Needed because the Admin SDK looks the user up whenever it talks to the Auth emulator.
   */
  acceptDeletedUser?: boolean;
}

const numberOrNull = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** `sub` and `auth_time` of a JWT whose signature and claims the Admin SDK has already verified. */
export function verifiedClaims(token: string): { sub: string; authTime: number | null } | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    if (typeof payload !== 'object' || payload === null) return null;
    const { sub, auth_time: authTime } = payload as { sub?: unknown; auth_time?: unknown };
    return typeof sub === 'string' && sub !== '' ? { sub, authTime: numberOrNull(authTime) } : null;
  } catch {
    return null;
  }
}

export async function requireUser(
  req: HttpRequest,
  { checkRevoked, acceptDeletedUser = false }: AuthOptions,
): Promise<AuthenticatedUser> {
  const token = bearerToken(req.get('authorization'));
  if (token === null) throw new HttpError(401, AUTH_MISSING_MESSAGE);
  try {
    const decoded = await adminAuth().verifyIdToken(token, checkRevoked);
    return {
      uid: decoded.uid,
      email: typeof decoded.email === 'string' ? decoded.email : null,
      authTime: numberOrNull(decoded.auth_time),
    };
  } catch (error) {
    // The Admin SDK looks the user up only after the token's signature, expiry and audience passed.
    const claims = acceptDeletedUser && isUserNotFoundError(error) ? verifiedClaims(token) : null;
    if (claims !== null) return { uid: claims.sub, email: null, authTime: claims.authTime };
    if (isRejectedTokenError(error)) throw new HttpError(401, AUTH_INVALID_MESSAGE);
    throw error;
  }
}
