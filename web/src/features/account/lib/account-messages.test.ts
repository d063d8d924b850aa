import { ApiError } from '@/lib/api-client';
import { ACCOUNT_MESSAGES, deleteAccountErrorMessage } from './account-messages';
import { RecentLoginRequiredError } from './recent-login';

// ApiError's module loads the Auth SDK (not loadable in jsdom); these tests only build errors.
jest.mock('@/lib/auth', () => ({ auth: {} }));
jest.mock('@/lib/auth-errors', () => ({ signOutIfSessionEnded: jest.fn() }));

describe('deleteAccountErrorMessage', () => {
  it('asks for a fresh sign-in for the Auth SDK code auth/requires-recent-login', () => {
    const error = Object.assign(new Error('Firebase: Error (auth/requires-recent-login).'), {
      code: 'auth/requires-recent-login',
    });
    expect(deleteAccountErrorMessage(error)).toBe(
      'For security reasons, please sign out and sign in again before deleting your account.',
    );
  });

  it("also recognises the backend's answer and the app's own check by their code", () => {
    const backendRefusal = new ApiError('For security reasons, …', 403, 'requires-recent-login');
    expect(deleteAccountErrorMessage(backendRefusal)).toBe(ACCOUNT_MESSAGES.deleteRequiresRecentLogin);
    expect(deleteAccountErrorMessage(new RecentLoginRequiredError())).toBe(
      ACCOUNT_MESSAGES.deleteRequiresRecentLogin,
    );
  });

  it.each([
    new Error('API request failed with status 500'),
    new ApiError('Forbidden', 403),
    { code: 'auth/network-request-failed' },
    'boom',
    null,
  ])('gives the general message for any other failure (%p)', (error) => {
    expect(deleteAccountErrorMessage(error)).toBe(
      'Failed to delete your account. Please try again later or contact support.',
    );
  });
});
