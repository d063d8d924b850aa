import { AUTH_ERROR_MESSAGES } from '../messages';
import { authErrorMessage, type AuthAction } from './auth-error-messages';

const failure = (code: string) => Object.assign(new Error(`Firebase: Error (${code}).`), { code });
const ACTIONS: AuthAction[] = [
  'sign-in',
  'sign-up',
  'google',
  'password-reset',
  'change-email',
  'change-password',
];

describe('authErrorMessage', () => {
  it('keeps the documented messages for a failed sign-in, sign-up and Google sign-in', () => {
    expect(authErrorMessage('sign-in', failure('auth/invalid-credential'))).toBe(AUTH_ERROR_MESSAGES.signIn);
    expect(authErrorMessage('sign-up', failure('auth/internal-error'))).toBe(AUTH_ERROR_MESSAGES.signUp);
    expect(authErrorMessage('google', new Error('boom'))).toBe(AUTH_ERROR_MESSAGES.google);
  });

  it('says what to do for the codes a person can act on', () => {
    expect(authErrorMessage('sign-up', failure('auth/email-already-in-use'))).toBe(
      'An account with this email already exists. Sign in instead, or reset your password.',
    );
    expect(authErrorMessage('sign-in', failure('auth/too-many-requests'))).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
    expect(authErrorMessage('change-password', failure('auth/invalid-credential'))).toBe(
      'That isn’t your current password. Please check it and try again.',
    );
    expect(authErrorMessage('change-email', failure('auth/email-already-in-use'))).toBe(
      'Another account already uses that email address.',
    );
    expect(authErrorMessage('password-reset', failure('auth/network-request-failed'))).toBe(
      'We couldn’t reach the sign-in service. Check your connection and try again.',
    );
  });

  it.each(ACTIONS)('never shows the SDK’s own text (%s)', (action) => {
    for (const code of ['auth/internal-error', 'auth/wrong-password', 'auth/quota-exceeded', 'weird']) {
      const message = authErrorMessage(action, failure(code));
      expect(message).not.toMatch(/Firebase|auth\//);
      expect(message.length).toBeGreaterThan(10);
    }
    expect(authErrorMessage(action, 'not an error')).not.toMatch(/Firebase|auth\//);
  });
});
