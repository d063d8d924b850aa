import { ACCOUNT_MESSAGES, deleteAccountErrorMessage } from './account-messages';

describe('deleteAccountErrorMessage', () => {
  it('asks for a fresh sign-in for the Auth SDK code auth/requires-recent-login', () => {
    const error = Object.assign(new Error('Firebase: Error (auth/requires-recent-login).'), {
      code: 'auth/requires-recent-login',
    });
    expect(deleteAccountErrorMessage(error)).toBe(
      'For security reasons, please sign out and sign in again before deleting your account.',
    );
  });

  it('also recognises a backend error that names requires-recent-login', () => {
    expect(deleteAccountErrorMessage(new Error('requires-recent-login'))).toBe(
      ACCOUNT_MESSAGES.deleteRequiresRecentLogin,
    );
  });

  it.each([
    new Error('API request failed with status 500'),
    { code: 'auth/network-request-failed' },
    'boom',
    null,
  ])('gives the general message for any other failure (%p)', (error) => {
    expect(deleteAccountErrorMessage(error)).toBe(
      'Failed to delete your account. Please try again later or contact support.',
    );
  });
});
