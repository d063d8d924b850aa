// The answer of get_subscription_status, cancel_subscription and resume_subscription: the functions build it,
// the web app validates it with this schema.
// zod/mini, as in fields.ts: the dashboard's subscribe screen loads it with the page (see deal.ts).
import { nullable, number, object, string, type infer as Infer } from 'zod/mini';

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
