// Bearer Firebase ID tokens, verified with the Admin SDK (which honours the Auth emulator when
// FIREBASE_AUTH_EMULATOR_HOST is set, as the Functions emulator does).
import { adminAuth } from '../admin';
import { AUTH_INVALID_MESSAGE, AUTH_MISSING_MESSAGE, HttpError } from './errors';
import type { HttpRequest } from './types';

export interface AuthenticatedUser {
  uid: string;
  email: string | null;
}

/** The token from `Authorization: Bearer <token>`, or null when the header carries none. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** Admin SDK error codes that mean "this token does not identify a signed-in user" (not an outage). */
export function isRejectedTokenError(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('auth/') && code !== 'auth/internal-error';
}

export interface AuthOptions {
  /** Also reject revoked tokens and deleted or disabled users (one Auth lookup). Used where money moves. */
  checkRevoked: boolean;
  /**
   * Accept a valid token whose Auth user no longer exists (delete_account: a retry after the deletion must
   * still succeed). Needed because the Admin SDK looks the user up whenever it talks to the Auth emulator.
   */
  acceptDeletedUser?: boolean;
}

const codeOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

/** The `sub` claim of a JWT whose signature and claims the Admin SDK has already verified. */
export function verifiedSubject(token: string): string | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    const sub =
      typeof payload === 'object' && payload !== null ? (payload as { sub?: unknown }).sub : undefined;
    return typeof sub === 'string' && sub !== '' ? sub : null;
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
    return { uid: decoded.uid, email: typeof decoded.email === 'string' ? decoded.email : null };
  } catch (error) {
    // The Admin SDK looks the user up only after the token's signature, expiry and audience passed.
    const uid = acceptDeletedUser && codeOf(error) === 'auth/user-not-found' ? verifiedSubject(token) : null;
    if (uid !== null) return { uid, email: null };
    if (isRejectedTokenError(error)) throw new HttpError(401, AUTH_INVALID_MESSAGE);
    throw error;
  }
}
