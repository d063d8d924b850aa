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
  // The realistic stage turns on the stand-in's fault mode: retry its transient answers, as the functions do.
  maxNetworkRetries: 4,
});

/**
 * Submits one of the hosted checkout page's Pay forms: 303 when paid, 402 when the card was declined, 410 when the
 * session expired.
 */
export async function submitPayment(
  checkoutUrl: string,
  card: 'succeeds' | 'declined' = 'succeeds',
): Promise<Response> {
  return fetch(`${checkoutUrl}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: card === 'declined' ? 'card=declined' : '',
  });
}

/** Presses Pay on the hosted checkout page (events are delivered before it answers). Returns the redirect. */
export async function payCheckout(checkoutUrl: string): Promise<string | null> {
  const response = await submitPayment(checkoutUrl);
  if (response.status !== 303) throw new Error(`Pay answered ${response.status}: ${await response.text()}`);
  return response.headers.get('location');
}

export type DeliveryMode = 'immediate' | 'realistic' | 'manual';

export interface StandinModes {
  delivery: DeliveryMode;
  api_latency_ms: number;
}

/** Changes the stand-in's modes (docs/stripe-standin.md); returns the previous ones, to restore them. */
export async function setStandinModes(modes: Partial<StandinModes>): Promise<StandinModes> {
  const before = (await standinControl('/_control/modes')) as StandinModes;
  await standinControl('/_control/modes', { method: 'POST', body: JSON.stringify(modes) });
  return { delivery: before.delivery, api_latency_ms: before.api_latency_ms };
}

/** Events the stand-in recorded (oldest first). */
export async function standinEvents(): Promise<
  { id: string; type: string; data: { object: { id: string } } }[]
> {
  return ((await standinControl('/_control/events')) as { data: [] }).data;
}

/** Refunds the stand-in made for the subscription's invoices. */
export async function refundsOfSubscription(subscriptionId: string): Promise<{ amount: number }[]> {
  const state = (await standinControl('/_control/state')) as {
    invoices: Record<
      string,
      {
        payments?: { data: { payment: { payment_intent?: string } }[] };
        parent: { subscription_details: { subscription: string } | null };
      }
    >;
    refunds: Record<string, { amount: number; payment_intent: string }>;
  };
  const intents = new Set(
    Object.values(state.invoices)
      .filter((invoice) => invoice.parent.subscription_details?.subscription === subscriptionId)
      .flatMap((invoice) => invoice.payments?.data.map((payment) => payment.payment.payment_intent) ?? []),
  );
  return Object.values(state.refunds).filter((refund) => intents.has(refund.payment_intent));
}

/** The customer's subscriptions that can still bill (not canceled or expired). */
export async function liveSubscriptionsOf(customerId: string): Promise<Stripe.Subscription[]> {
  const all = await stripe.subscriptions.list({ customer: customerId, status: 'all' });
  return all.data.filter((sub) => sub.status !== 'canceled' && sub.status !== 'incomplete_expired');
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

/** Runs `act` with deliveries held back, and returns the events it caused (in Stripe's order). */
export async function heldBack(
  act: () => Promise<unknown>,
): Promise<Awaited<ReturnType<typeof standinEvents>>> {
  const previous = await setStandinModes({ delivery: 'manual' });
  try {
    const known = new Set((await standinEvents()).map((event) => event.id));
    await act();
    return (await standinEvents()).filter((event) => !known.has(event.id));
  } finally {
    await setStandinModes({ delivery: previous.delivery });
  }
}

/** Picks a working or a declining test card on the stand-in's hosted portal page at `portalUrl`. */
export function choosePortalCard(portalUrl: string, card: 'succeeds' | 'declines'): Promise<Response> {
  return fetch(`${portalUrl}/payment-method`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card }).toString(),
    redirect: 'manual',
  });
}
