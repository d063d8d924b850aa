// Every sign-in path of the product (docs/reference.md#signing-in). Failures are logged and re-thrown to the caller, which
// shows the message of docs/reference.md#messages; a successful sign-in makes sure users/{uid} exists before resolving.
import {
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  OAuthProvider,
  signInWithEmailAndPassword,
  signInWithPopup,
  type User,
} from 'firebase/auth';
import { auth } from '@/lib/auth';
import { authErrorCode, signOutIfSessionEnded } from '@/lib/auth-errors';
import { createUserDocument, ensureUserDocument } from './user-document-lazy';

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
