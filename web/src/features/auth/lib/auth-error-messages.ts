// The one mapping from Firebase Auth failures to words a person understands. Screens never show an SDK message
// ("Firebase: Error (auth/…)"): each action has a general message (the copy of docs/reference.md#messages where it has one), and the
// codes a user can act on get their own sentence. No Firebase import: the code is read from the error's `code`.
import { authErrorCode } from '@/lib/error-code';
import { AUTH_ERROR_MESSAGES } from '../messages';

export type AuthAction =
  'sign-in' | 'sign-up' | 'google' | 'password-reset' | 'change-email' | 'change-password';

/** When nothing more specific applies. */
const GENERAL: Record<AuthAction, string> = {
  'sign-in': AUTH_ERROR_MESSAGES.signIn,
  'sign-up': AUTH_ERROR_MESSAGES.signUp,
  google: AUTH_ERROR_MESSAGES.google,
  'password-reset': 'We couldn’t send the reset email. Please try again.',
  'change-email': 'We couldn’t change your email. Please try again.',
  'change-password': 'We couldn’t change your password. Please try again.',
};

const WRONG_CURRENT_PASSWORD = 'That isn’t your current password. Please check it and try again.';

/** Sentences for codes that mean the same whatever the action. */
const ANY_ACTION: Record<string, string> = {
  'auth/too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'auth/network-request-failed':
    'We couldn’t reach the sign-in service. Check your connection and try again.',
  'auth/user-disabled': 'This account has been disabled. Please contact support.',
  'auth/invalid-email': 'That email address doesn’t look right. Please check it.',
  'auth/missing-email': 'Please enter your email address.',
  'auth/expired-action-code': 'This link has expired. Please ask for a new one.',
  'auth/invalid-action-code': 'This link has expired or was already used. Please ask for a new one.',
  'auth/weak-password': 'That password is too weak. Use at least 6 characters.',
  'auth/password-does-not-meet-requirements':
    'That password doesn’t meet the requirements. Use a longer one with letters and numbers.',
  'auth/user-token-expired': 'Your session has ended. Please sign in again.',
};

/** Sentences for codes whose meaning depends on the action. */
const PER_ACTION: Partial<Record<AuthAction, Record<string, string>>> = {
  'sign-up': {
    'auth/email-already-in-use':
      'An account with this email already exists. Sign in instead, or reset your password.',
  },
  'change-email': {
    'auth/email-already-in-use': 'Another account already uses that email address.',
    'auth/wrong-password': WRONG_CURRENT_PASSWORD,
    'auth/invalid-credential': WRONG_CURRENT_PASSWORD,
    'auth/requires-recent-login': 'For your security, please enter your current password again.',
    'auth/operation-not-allowed': 'Email changes need a verified address: please contact support.',
  },
  'change-password': {
    'auth/wrong-password': WRONG_CURRENT_PASSWORD,
    'auth/invalid-credential': WRONG_CURRENT_PASSWORD,
    'auth/requires-recent-login': 'For your security, please enter your current password again.',
  },
};

export function authErrorMessage(action: AuthAction, error: unknown): string {
  const code = authErrorCode(error);
  if (code === undefined) return GENERAL[action];
  return PER_ACTION[action]?.[code] ?? ANY_ACTION[code] ?? GENERAL[action];
}
