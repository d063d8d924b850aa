// Deleting an account needs a recent sign-in (docs/reference.md#account-deletion, code 'requires-recent-login'): an ID token that is still
// valid (tokens refresh for as long as a session lives) is not proof enough that the account owner is at the
// keyboard. delete_account enforces the rule; the web app checks it first as well, because it deletes
// users/{uid} before it calls delete_account (docs/reference.md#account-deletion) and a refusal after that would leave the account
// without its billing mirror.

/** How long after signing in (the ID token's `auth_time`) the account may be deleted. */
export const RECENT_LOGIN_MAX_AGE_SECONDS = 5 * 60;

/** The `code` of delete_account's refusal, and of the web app's own check (docs/reference.md#account-deletion). */
export const REQUIRES_RECENT_LOGIN = 'requires-recent-login';

/**
 * Whether a sign-in at `authTimeSeconds` counts as recent at `nowSeconds` (Unix seconds both). A missing or
 * unreadable sign-in time never does. A sign-in time slightly in the future (clock skew) does.
 */
export function isRecentLogin(
  authTimeSeconds: number | null,
  nowSeconds: number,
  maxAgeSeconds: number = RECENT_LOGIN_MAX_AGE_SECONDS,
): boolean {
  if (authTimeSeconds === null || !Number.isFinite(authTimeSeconds) || !Number.isFinite(nowSeconds)) {
    return false;
  }
  return nowSeconds - authTimeSeconds <= maxAgeSeconds;
}
