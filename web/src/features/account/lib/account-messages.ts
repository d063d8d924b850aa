// Account page copy (docs/reference.md#messages) and the mapping of delete-account failures to it. No Firebase imports: the
// error is recognised by its `code` field, which the Auth SDK's FirebaseError, the backend's answer (ApiError)
// and the app's own check (RecentLoginRequiredError) all carry.
import { REQUIRES_RECENT_LOGIN } from '@bargains/model/recent-login';

export const ACCOUNT_MESSAGES = {
  loadFailed: 'Failed to load your account information. Please try again later.',
  cancelFailed: 'Failed to cancel subscription. Please try again later.',
  canceled:
    'Your subscription has been canceled. You keep access until the end of the current billing period.',
  resumeFailed: 'Failed to resubscribe. Please try again later.',
  resumed: 'Welcome back! Your subscription is active again.',
  alreadyActive: 'Your subscription is already active.',
  portalFailed: 'Could not open billing. Please try again later.',
  noBilling: 'There is no billing to manage yet. Subscribe first, then your card and invoices appear here.',
  deleteRequiresRecentLogin:
    'For security reasons, please sign out and sign in again before deleting your account.',
  deleteFailed: 'Failed to delete your account. Please try again later or contact support.',
} as const;

export const CANCEL_CONFIRMATION =
  'Are you sure you want to cancel your subscription? You will keep access to your bargains until the end of the current billing period.';

/**
 * 'requires-recent-login' (the Auth SDK's `auth/requires-recent-login`, or that code from the backend or the
 * app's own check) asks the user to sign in again; every other failure gets the general message.
 */
export function deleteAccountErrorMessage(error: unknown): string {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const needsRecentLogin = code === REQUIRES_RECENT_LOGIN || code === `auth/${REQUIRES_RECENT_LOGIN}`;
  return needsRecentLogin ? ACCOUNT_MESSAGES.deleteRequiresRecentLogin : ACCOUNT_MESSAGES.deleteFailed;
}
