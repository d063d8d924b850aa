import { signOut } from 'firebase/auth';
import { auth } from './auth';
import { authErrorCode } from './error-code';

/** Codes after which the local session is no longer usable (docs/reference.md#signing-in): the user is signed out. */
const SESSION_ENDING_CODES: ReadonlySet<string> = new Set(['auth/user-disabled', 'auth/user-token-expired']);

function endsSession(error: unknown): boolean {
  const code = authErrorCode(error);
  return code !== undefined && SESSION_ENDING_CODES.has(code);
}

/** Signs out when the error says the session is dead (disabled user, expired token); safe with any error. */
export async function signOutIfSessionEnded(error: unknown): Promise<void> {
  if (!endsSession(error) || auth.currentUser === null) return;
  try {
    await signOut(auth);
  } catch (signOutError) {
    console.error('auth.sign_out_failed: could not end an invalidated session', {
      code: authErrorCode(error),
      error: signOutError,
    });
  }
}
