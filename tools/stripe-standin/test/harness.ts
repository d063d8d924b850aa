// Test harness: a stand-in on port 0 with its own state file, the official SDK pointed at it, and a webhook receiver
// that verifies every delivery with the SDK's own `constructEvent`.
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { startStripeStandin, type RunningStripeStandin } from '../src/server';

export const SECRET_KEY = 'sk_test_standin_tests';
export const WEBHOOK_SECRET = 'whsec_standin_tests';
export const PRICE_ID = 'price_bargains_monthly_local';

export function stripeClient(port: number, key = SECRET_KEY): Stripe {
  return new Stripe(key, { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
}

export interface WebhookReceiver {
  url: string;
  /** Verified events, in arrival order. */
  events: Stripe.Event[];
  /** Deliveries whose signature did not verify. */
  rejected: string[];
  /** Answers the next `count` deliveries with `status` instead of 200 (to exercise retries). */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(secret = WEBHOOK_SECRET): Promise<WebhookReceiver> {
  const verifier = new Stripe('sk_test_unused');
  const events: Stripe.Event[] = [];
  const rejected: string[] = [];
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (failures.count > 0) {
        failures = { ...failures, count: failures.count - 1 };
        response.writeHead(failures.status).end();
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        events.push(
          verifier.webhooks.constructEvent(body, request.headers['stripe-signature'] ?? '', secret),
        );
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"received":true}');
      } catch (error) {
        rejected.push(error instanceof Error ? error.message : String(error));
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/stripe_webhook`,
    events,
    rejected,
    failNext(count, status = 500) {
      failures = { count, status };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface Harness {
  standin: RunningStripeStandin;
  stripe: Stripe;
  receiver: WebhookReceiver;
  stateFile: string;
  logs: string[];
  /** Calls the control API and returns its JSON. */
  control<T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }>;
  /** Waits until every queued webhook delivery finished. */
  flushDeliveries(): Promise<void>;
  /** Starts a new stand-in on the same state file (after `standin.close()`). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const directory = await mkdtemp(join(tmpdir(), 'stripe-standin-test-'));
  const stateFile = join(directory, 'state.json');
  const receiver = await startWebhookReceiver();
  const logs: string[] = [];
  const start = () =>
    startStripeStandin({
      port: 0,
      stateFile,
      secretKey: SECRET_KEY,
      webhookUrl: receiver.url,
      webhookSecret: WEBHOOK_SECRET,
      priceId: PRICE_ID,
      webhookRetryDelaysMs: [5, 10, 20],
      seed: 20_261_123,
      log: (line) => logs.push(line),
    });
  let standin: RunningStripeStandin;
  try {
    standin = await start();
  } catch (error) {
    await receiver.close();
    throw error;
  }
  const harness: Harness = {
    standin,
    stripe: stripeClient(standin.port),
    receiver,
    stateFile,
    logs,
    async control<T>(method: 'GET' | 'POST', path: string, body?: unknown) {
      const response = await fetch(`${harness.standin.url}${path}`, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as T };
    },
    async flushDeliveries() {
      await harness.control('POST', '/_control/deliveries/flush');
    },
    async restart() {
      harness.standin = await start();
      harness.stripe = stripeClient(harness.standin.port);
    },
    async close() {
      await harness.standin.close();
      await receiver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
  return harness;
}

export interface PaidCheckout {
  customer: Stripe.Customer;
  session: Stripe.Checkout.Session;
  payResponse: Response;
}

export const SUCCESS_URL = 'http://127.0.0.1:5000/success?session_id={CHECKOUT_SESSION_ID}';
export const CANCEL_URL = 'http://127.0.0.1:5000/cancel';

/** What the create_checkout_session function does: a customer tagged with the uid, then a subscription session. */
export async function createCheckout(
  harness: Harness,
  uid: string,
): Promise<{ customer: Stripe.Customer; session: Stripe.Checkout.Session }> {
  const customer = await harness.stripe.customers.create({
    email: `${uid}@example.com`,
    metadata: { firebase_uid: uid },
  });
  const session = await harness.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: uid,
    line_items: [{ price: PRICE_ID, quantity: 1 }],
    success_url: SUCCESS_URL,
    cancel_url: CANCEL_URL,
    metadata: { firebase_uid: uid },
    subscription_data: { metadata: { firebase_uid: uid } },
    allow_promotion_codes: false,
  });
  return { customer, session };
}

/** Submits one of the checkout page's Pay forms, as the browser does. */
export function pay(
  session: Stripe.Checkout.Session,
  card: 'succeeds' | 'declined' = 'succeeds',
): Promise<Response> {
  return fetch(`${session.url}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: card === 'declined' ? 'card=declined' : '',
  });
}

export async function paidCheckout(harness: Harness, uid: string): Promise<PaidCheckout> {
  const { customer, session } = await createCheckout(harness, uid);
  const payResponse = await pay(session);
  if (payResponse.status !== 303) throw new Error(`pay answered ${payResponse.status}`);
  return { customer, session, payResponse };
}

export function subscriptionId(session: Stripe.Checkout.Session): string {
  const { subscription } = session;
  if (typeof subscription !== 'string') throw new Error('session has no subscription id');
  return subscription;
}
