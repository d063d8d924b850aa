import { createContext, useContext } from 'react';
import type { UserDoc } from '@bargains/model/user';

/**
 * The signed-in user's subscription, watched live from users/{uid} (docs/reference.md#billing). `active` is hasDealAccess (model/
 * user.ts, the rules' definition): paid up, or a failed renewal inside its grace period; a missing or malformed
 * document reads as not active.
 */
export type SubscriptionState =
  | { status: 'loading'; active: false; user: null; error: null }
  | { status: 'ready'; active: boolean; user: UserDoc | null; error: null }
  | { status: 'error'; active: false; user: null; error: Error };

export const SubscriptionContext = createContext<SubscriptionState | null>(null);

/** Live subscription state; only available under ProtectedRoute, which owns the one listener. */
export function useSubscription(): SubscriptionState {
  const state = useContext(SubscriptionContext);
  if (state === null)
    throw new Error('useSubscription() must be used inside a protected route (ProtectedRoute).');
  return state;
}
