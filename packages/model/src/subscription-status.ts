// The answer of get_subscription_status, cancel_subscription and resume_subscription: the functions build it,
// the web app validates it with this schema and derives the same view from its live users/{uid} mirror.
// zod/mini, as in fields.ts: the dashboard's subscribe screen loads it with the page (see deal.ts).
import { nullable, number, object, string, type infer as Infer } from 'zod/mini';
import type { UserDoc } from './user';

export const subscriptionStatusResponseSchema = object({
  /**
   * Stripe's status, except 'canceled' while a canceled subscription still runs to its period end (the
   * account page then shows "Active until {date}"); null for a user who never subscribed.
   */
  status: nullable(string()),
  /** Unix seconds, or null. */
  current_period_end: nullable(number()),
});
export type SubscriptionStatusResponse = Infer<typeof subscriptionStatusResponseSchema>;

/**
 * Statuses in which Stripe considers the subscription paid up: active or trialing. This is not "has access": a
 * failed renewal (past_due) keeps the deals for the grace period too, and the only access definition is
 * model/user.ts hasDealAccess over the mirror billing/state.ts mirrorOf writes. Paid up decides what billing does
 * (which subscription to keep, whether a new checkout may replace a failing one, what can be resumed).
 */
export function subscriptionIsPaidUp(status: string): boolean {
  return status === 'active' || status === 'trialing';
}

/** The status answer for a stored billing state (users/{uid} or the customer mapping's copy of it). */
export function subscriptionStatusView(
  user: Pick<
    UserDoc,
    'subscription_status' | 'stripe_subscription_id' | 'current_period_end' | 'cancel_at_period_end'
  > | null,
): SubscriptionStatusResponse {
  if (user === null || user.stripe_subscription_id === null)
    return { status: null, current_period_end: null };
  const canceledButRunning = subscriptionIsPaidUp(user.subscription_status) && user.cancel_at_period_end;
  return {
    status: canceledButRunning ? 'canceled' : user.subscription_status,
    current_period_end: user.current_period_end,
  };
}
