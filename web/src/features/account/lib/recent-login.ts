// The web app's own recent-sign-in check before it deletes an account. The client deletes users/{uid} before it
// calls delete_account (docs/reference.md#account-deletion), so a refusal by the backend after that would leave a live account without its
// billing mirror: the app must not start unless the backend will accept. Same rule as the backend
// (@bargains/model/recent-login), judged on the server's clock: a token refreshed just now carries the server's time as
// its issue time, so a wrong device clock cannot pass or fail the check.
import {
  isRecentLogin,
  RECENT_LOGIN_MAX_AGE_SECONDS,
  REQUIRES_RECENT_LOGIN,
} from '@bargains/model/recent-login';

/** Time left for the rest of the flow (document deletion, a cold function start) before the backend checks. */
export const DELETE_FLOW_ALLOWANCE_SECONDS = 30;

/** The two times of a Firebase `IdTokenResult` (UTC date strings) the check needs. */
export interface TokenTimes {
  authTime: string;
  issuedAtTime: string;
}

const unixSeconds = (utcDate: string): number | null => {
  const millis = Date.parse(utcDate);
  return Number.isNaN(millis) ? null : millis / 1000;
};

/** Whether the sign-in behind a just-refreshed token is recent enough to start deleting the account. */
export function signedInRecentlyEnoughToDelete(token: TokenTimes): boolean {
  const issuedAt = unixSeconds(token.issuedAtTime);
  return (
    issuedAt !== null &&
    isRecentLogin(
      unixSeconds(token.authTime),
      issuedAt,
      RECENT_LOGIN_MAX_AGE_SECONDS - DELETE_FLOW_ALLOWANCE_SECONDS,
    )
  );
}

/** Thrown before anything is deleted; carries the code the account page maps to the documented message. */
export class RecentLoginRequiredError extends Error {
  override readonly name = 'RecentLoginRequiredError';
  readonly code = REQUIRES_RECENT_LOGIN;
  constructor() {
    super('The last sign-in is too long ago to delete the account');
  }
}
