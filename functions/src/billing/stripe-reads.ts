// Reading subscriptions from the Stripe API as snapshots stamped with Stripe's clock (the response's Date
// header), so they can be ordered against webhook events (see decideSnapshot).
import type Stripe from 'stripe' with { 'resolution-mode': 'import' };
import { isStripeResourceMissing } from '../stripe/errors';
import { toSubscriptionSnapshot, type SubscriptionSnapshot } from '../stripe/objects';

export interface ReadSnapshot {
  snapshot: SubscriptionSnapshot;
  /** Unix seconds of Stripe's answer, or null when it carried no usable Date header. */
  readAt: number | null;
}

interface WithLastResponse {
  lastResponse?: { headers?: Record<string, string | undefined> };
}

export function readAtOf(response: WithLastResponse): number | null {
  const date = response.lastResponse?.headers?.date;
  const millis = date === undefined ? Number.NaN : Date.parse(date);
  return Number.isFinite(millis) ? Math.floor(millis / 1000) : null;
}

export function toReadSnapshot(subscription: Stripe.Subscription & WithLastResponse): ReadSnapshot {
  return { snapshot: toSubscriptionSnapshot(subscription), readAt: readAtOf(subscription) };
}

/** The customer's subscriptions that are not canceled (Stripe's default list filter), payment methods expanded. */
export async function listOpenSubscriptions(
  stripe: Stripe,
  customerId: string,
): Promise<{ snapshots: SubscriptionSnapshot[]; readAt: number | null }> {
  const list = await stripe.subscriptions.list({
    customer: customerId,
    limit: 100,
    expand: ['data.default_payment_method'],
  });
  return { snapshots: list.data.map((sub) => toSubscriptionSnapshot(sub)), readAt: readAtOf(list) };
}

/** The subscription as Stripe has it now, or null when it does not exist in this account. */
export async function retrieveSubscription(
  stripe: Stripe,
  subscriptionId: string,
): Promise<ReadSnapshot | null> {
  try {
    // Expanded in the same call: the card the account page shows (brand, last 4) costs no extra request.
    const subscription = await stripe.subscriptions.retrieve(subscriptionId, {
      expand: ['default_payment_method'],
    });
    return toReadSnapshot(subscription);
  } catch (error) {
    if (isStripeResourceMissing(error)) return null;
    throw error;
  }
}

/** Stripe's clock has one-second resolution: a read made a second later can be ordered against the stored stamp. */
const STRIPE_SECOND_MS = 1100;

/** Reads the subscription again once Stripe's clock has moved past the second of an unordered read. */
export async function retrieveSubscriptionNextSecond(
  stripe: Stripe,
  subscriptionId: string,
): Promise<ReadSnapshot | null> {
  await new Promise((resolve) => setTimeout(resolve, STRIPE_SECOND_MS));
  return retrieveSubscription(stripe, subscriptionId);
}
