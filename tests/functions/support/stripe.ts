// The Stripe stand-in as the tests see it: the official SDK pointed at it (to check what the functions did
// in "Stripe"), the hosted checkout's Pay button, the control API, and signed webhook deliveries.
import Stripe from 'stripe';
import { standinControl, standinState } from '../../support/stripe-standin';
import { STANDIN_URL, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from './env';
import { callFunction, type CallResult } from './http';

const standin = new URL(STANDIN_URL);

export const stripe = new Stripe(STRIPE_SECRET_KEY, {
  host: standin.hostname,
  port: Number(standin.port),
  protocol: 'http',
  maxNetworkRetries: 0,
});

/** Presses Pay on the hosted checkout page (events are delivered before it answers). Returns the redirect. */
export async function payCheckout(checkoutUrl: string): Promise<string | null> {
  const response = await fetch(`${checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
  if (response.status !== 303) throw new Error(`Pay answered ${response.status}: ${await response.text()}`);
  return response.headers.get('location');
}

/** Moves a subscription to the end of its period: renewal (paid or failed) or, after a cancel, its end. */
export async function advanceSubscription(
  subscriptionId: string,
  payment: 'succeeds' | 'fails' = 'succeeds',
) {
  return standinControl(`/_control/subscriptions/${subscriptionId}/advance`, {
    method: 'POST',
    body: JSON.stringify({ payment }),
  }) as Promise<{ outcome: string }>;
}

/** Waits until the stand-in delivered every queued event (those caused by API calls go out afterwards). */
export async function flushDeliveries(): Promise<void> {
  await standinControl('/_control/deliveries/flush', { method: 'POST' });
}

export function sessionIdOf(checkoutUrl: string): string {
  const id = new URL(checkoutUrl).pathname.split('/').pop();
  if (!id) throw new Error(`No session id in ${checkoutUrl}`);
  return id;
}

export interface DeliveryOptions {
  /** Signature timestamp (unix seconds); defaults to now. */
  timestamp?: number;
  secret?: string;
  /** Stripe sends application/json (the default). */
  contentType?: string;
}

/** Sends an event to stripe_webhook signed like Stripe does. */
export async function deliverEvent(event: unknown, options: DeliveryOptions = {}): Promise<CallResult> {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? STRIPE_WEBHOOK_SECRET,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
  });
  return callFunction('stripe_webhook', {
    body: payload,
    headers: { 'Stripe-Signature': signature, 'Content-Type': options.contentType ?? 'application/json' },
  });
}

export async function customersOfUid(uid: string) {
  return Object.values((await standinState()).customers).filter(
    (customer) => customer.metadata.firebase_uid === uid,
  );
}

export async function sessionsOfUid(uid: string) {
  return Object.values((await standinState()).checkoutSessions)
    .map((stored) => stored.session)
    .filter((session) => session.client_reference_id === uid);
}
