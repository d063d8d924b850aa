// The one server-side check of every editor HTTPS function: a verified, unrevoked Firebase ID token whose custom
// claim `editor` is true (granted by ops with `npm run editor`, docs/editor.md). Revocation is checked on every
// call, so an editor whose role was revoked is refused at once, even with an ID token minted before the revoke.
import { adminAuth } from '../admin-auth';
import { hasEditorClaim } from '@bargains/model/editor-role';
import { bearerToken, isRejectedTokenError } from './auth';
import { AUTH_INVALID_MESSAGE, AUTH_MISSING_MESSAGE, HttpError } from './errors';
import type { HttpRequest } from './types';

export const EDITOR_REQUIRED_MESSAGE = 'Editor access required';

export interface EditorUser {
  uid: string;
  email: string | null;
}

/**
 * The editor making the request. 401 without a valid, unrevoked token (signed out, expired, revoked, disabled);
 * 403 for a signed-in user who is not an editor.
 */
export async function requireEditor(req: HttpRequest): Promise<EditorUser> {
  const token = bearerToken(req.get('authorization'));
  if (token === null) throw new HttpError(401, AUTH_MISSING_MESSAGE);
  let claims: Record<string, unknown> & { uid: string };
  try {
    claims = await adminAuth().verifyIdToken(token, true);
  } catch (error) {
    if (isRejectedTokenError(error)) throw new HttpError(401, AUTH_INVALID_MESSAGE);
    throw error;
  }
  if (!hasEditorClaim(claims)) throw new HttpError(403, EDITOR_REQUIRED_MESSAGE);
  return { uid: claims.uid, email: typeof claims['email'] === 'string' ? claims['email'] : null };
}
