// Every sign-in path of the product (docs/reference.md#signing-in). Failures are logged and re-thrown to the caller, which
// shows the message of docs/reference.md#messages; a successful sign-in makes sure users/{uid} exists before resolving.
import {
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  GoogleAuthProvider,
  OAuthProvider,
  reauthenticateWithCredential,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  updatePassword,
  verifyBeforeUpdateEmail,
  type User,
} from 'firebase/auth';
import { auth } from '@/lib/auth';
import { signOutIfSessionEnded } from '@/lib/auth-errors';
import { authErrorCode } from '@/lib/error-code';
import { createUserDocument, ensureUserDocument } from '@/lib/user-document-lazy';

/** A closed or superseded popup is the user's choice, not a failure worth an error message. */
export function isPopupDismissal(error: unknown): boolean {
  const code = authErrorCode(error);
  return code === 'auth/popup-closed-by-user' || code === 'auth/cancelled-popup-request';
}

async function failWith(event: string, error: unknown): Promise<never> {
  console.error(event, { code: authErrorCode(error), error });
  await signOutIfSessionEnded(error);
  throw error;
}

export async function signInWithPassword(email: string, password: string): Promise<User> {
  try {
    const { user } = await signInWithEmailAndPassword(auth, email, password);
    await ensureUserDocument(user.uid);
    return user;
  } catch (error) {
    return failWith('auth.sign_in_failed: email and password sign-in failed', error);
  }
}

export async function signUpWithPassword(email: string, password: string): Promise<User> {
  try {
    const { user } = await createUserWithEmailAndPassword(auth, email, password);
    await createUserDocument(user.uid);
    return user;
  } catch (error) {
    return failWith('auth.sign_up_failed: email and password sign-up failed', error);
  }
}

async function signInWithProviderPopup(provider: GoogleAuthProvider | OAuthProvider, event: string) {
  try {
    const { browserPopupRedirectResolver } = await import('./popup-resolver');
    const { user } = await signInWithPopup(auth, provider, browserPopupRedirectResolver);
    await ensureUserDocument(user.uid);
    return user;
  } catch (error) {
    return failWith(event, error);
  }
}

export function signInWithGoogle(): Promise<User> {
  return signInWithProviderPopup(
    new GoogleAuthProvider(),
    'auth.google_sign_in_failed: Google sign-in failed',
  );
}

/** Exists in the auth layer only: the product shows no Apple button (docs/reference.md#product). */
export function signInWithApple(): Promise<User> {
  const provider = new OAuthProvider('apple.com');
  provider.addScope('email');
  provider.addScope('name');
  return signInWithProviderPopup(provider, 'auth.apple_sign_in_failed: Apple sign-in failed');
}

/**
 * Sends the password-reset email; the link comes back to /login. An unknown address is not an error the visitor
 * sees (the project's email enumeration protection answers the same for every address), so it resolves too.
 */
export async function sendPasswordReset(email: string): Promise<void> {
  try {
    await sendPasswordResetEmail(auth, email, { url: `${window.location.origin}/login` });
  } catch (error) {
    if (authErrorCode(error) === 'auth/user-not-found') return;
    console.error('auth.password_reset_failed: could not send the reset email', {
      code: authErrorCode(error),
    });
    throw error;
  }
}

/** The signed-in password user, proven again with the current password (Firebase asks for a recent sign-in). */
async function reauthenticated(currentPassword: string): Promise<User> {
  const user = auth.currentUser;
  if (user === null || user.email === null) {
    throw Object.assign(new Error('No signed-in password user'), { code: 'auth/user-token-expired' });
  }
  await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword));
  return user;
}

/**
 * Starts an email change: Firebase mails a link to the new address, and the change takes effect only when it is
 * opened (until then the user signs in with the old one, which is also told about the change).
 */
export async function requestEmailChange(currentPassword: string, newEmail: string): Promise<void> {
  try {
    const user = await reauthenticated(currentPassword);
    await verifyBeforeUpdateEmail(user, newEmail, { url: `${window.location.origin}/account` });
  } catch (error) {
    return failWith('auth.email_change_failed: could not start the email change', error);
  }
}

export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  try {
    const user = await reauthenticated(currentPassword);
    await updatePassword(user, newPassword);
  } catch (error) {
    return failWith('auth.password_change_failed: could not change the password', error);
  }
}
