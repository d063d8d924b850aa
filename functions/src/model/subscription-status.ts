// The answer of get_subscription_status, cancel_subscription and resume_subscription: the functions build it,
// the web app validates it with this schema.
import { z } from 'zod';

export const subscriptionStatusResponseSchema = z.object({
  /**
   * Stripe's status, except 'canceled' while a canceled subscription still runs to its period end (the
   * account page then shows "Active until {date}"); null for a user who never subscribed.
   */
  status: z.string().nullable(),
  /** Unix seconds, or null. */
  current_period_end: z.number().nullable(),
});
export type SubscriptionStatusResponse = z.infer<typeof subscriptionStatusResponseSchema>;
