// What only the stand-in's own tests cover (the integration suites cover the rest through the functions): webhook
// signatures that the official SDK's `constructEvent` accepts, in-order delivery with retries, idempotency replays,
// Stripe's parameter errors, and the billing calendar.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { addMonthsAnchored } from '../src/billing';
import { startStripeStandin, type RunningStripeStandin } from '../src/server';

const SECRET_KEY = 'sk_test_standin_tests';
const WEBHOOK_SECRET = 'whsec_standin_tests';
const PRICE_ID = 'price_bargains_monthly_local';

/** A webhook endpoint that verifies every delivery with the SDK, and can fail the next few on purpose. */
async function startReceiver() {
  const verifier = new Stripe('sk_test_unused');
  const received = { events: [] as Stripe.Event[], rejected: [] as string[], attempts: 0, failNext: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.attempts += 1;
      if (received.failNext > 0) {
        received.failNext -= 1;
        return void response.writeHead(500).end();
      }
      try {
        const signature = request.headers['stripe-signature'] ?? '';
        received.events.push(
          verifier.webhooks.constructEvent(Buffer.concat(chunks), signature, WEBHOOK_SECRET),
        );
        response.writeHead(200).end('{"received":true}');
      } catch (error) {
        received.rejected.push(String(error));
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stripe_webhook`;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()).closeAllConnections());
  return { received, url, close };
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let standin: RunningStripeStandin;
let stripe: Stripe;

beforeAll(async () => {
  receiver = await startReceiver();
  standin = await startStripeStandin({
    port: 0,
    secretKey: SECRET_KEY,
    webhookUrl: receiver.url,
    webhookSecret: WEBHOOK_SECRET,
    priceId: PRICE_ID,
    webhookRetryDelaysMs: [5, 10, 20],
    log: () => undefined,
  });
  stripe = new Stripe(SECRET_KEY, {
    host: '127.0.0.1',
    port: standin.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
});

afterAll(async () => {
  await standin.close();
  await receiver.close();
});

beforeEach(() => {
  receiver.received.events.length = 0;
  receiver.received.attempts = 0;
});

async function openCheckout(uid: string) {
  const customer = await stripe.customers.create({
    email: `${uid}@example.com`,
    metadata: { firebase_uid: uid },
  });
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: uid,
    line_items: [{ price: PRICE_ID, quantity: 1 }],
    success_url: 'http://127.0.0.1:5000/success?session_id={CHECKOUT_SESSION_ID}',
    subscription_data: { metadata: { firebase_uid: uid } },
  });
}

const pay = (session: Stripe.Checkout.Session) =>
  fetch(`${session.url}/pay`, { method: 'POST', redirect: 'manual' });

describe('hosted checkout and webhook delivery', () => {
  it('delivers Stripe-signed events in order before redirecting to success_url, and pays only once', async () => {
    const session = await openCheckout('pay');
    const paid = await pay(session);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://127.0.0.1:5000/success?session_id=${session.id}`);
    expect(receiver.received.rejected).toEqual([]);
    expect(receiver.received.events.map((event) => event.type)).toEqual([
      'payment_method.attached',
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    const completed = receiver.received.events[3]?.data.object as Stripe.Checkout.Session;
    const subscription = await stripe.subscriptions.retrieve(String(completed.subscription), {
      expand: ['latest_invoice.payments', 'default_payment_method'],
    });
    expect(subscription).toMatchObject({ status: 'active', metadata: { firebase_uid: 'pay' } });
    // The card that paid is the subscription's default payment method, shaped like Stripe's.
    const card = subscription.default_payment_method as Stripe.PaymentMethod;
    expect(card).toMatchObject({
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4: '4242' },
    });
    expect(await stripe.paymentMethods.retrieve(card.id)).toEqual(card);
    // Webhook payloads name it by id only, as Stripe's do.
    const created = receiver.received.events[1]?.data.object as Stripe.Subscription;
    expect(created.default_payment_method).toBe(card.id);
    expect(subscription.latest_invoice).toMatchObject({ status: 'paid', amount_paid: 200 });

    expect((await pay(session)).status).toBe(303);
    const all = await stripe.subscriptions.list({ customer: String(session.customer), status: 'all' });
    expect(all.data.map((listed) => listed.id)).toEqual([subscription.id]);

    await stripe.subscriptions.cancel(subscription.id);
    // The functions recognise a second cancel by Stripe's wording.
    await expect(stripe.subscriptions.cancel(subscription.id)).rejects.toThrow(/already been canceled/);
  });

  it('retries a failed delivery and keeps the order', async () => {
    const session = await openCheckout('retry');
    receiver.received.failNext = 2;
    expect((await pay(session)).status).toBe(303);
    expect(receiver.received.attempts).toBe(6);
    expect(receiver.received.events.map((event) => event.type)).toEqual([
      'payment_method.attached',
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
  });

  it('rejects nothing it signs: a wrong secret fails constructEvent', async () => {
    await openCheckout('signed');
    const events = (await (await fetch(`${standin.url}/_control/events`)).json()) as { data: unknown[] };
    const payload = JSON.stringify(events.data[0]);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(() => stripe.webhooks.constructEvent(payload, header, WEBHOOK_SECRET)).toThrow(/signature/i);
  });
});

describe('API requests', () => {
  it('replays an idempotent request, and refuses the key with other parameters', async () => {
    const options = { idempotencyKey: 'standin-test-key' };
    const first = await stripe.customers.create({ email: 'a@example.com' }, options);
    const again = await stripe.customers.create({ email: 'a@example.com' }, options);
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(stripe.customers.create({ email: 'b@example.com' }, options)).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
  });

  it('answers unknown and missing parameters, unknown ids and a wrong key as Stripe does', async () => {
    const typo = {
      mode: 'subscription',
      line_items: [],
      custmer: 'cus_x',
    } as Stripe.Checkout.SessionCreateParams;
    await expect(stripe.checkout.sessions.create(typo)).rejects.toMatchObject({
      code: 'parameter_unknown',
      param: 'custmer',
    });
    await expect(stripe.refunds.create({})).rejects.toMatchObject({ code: 'parameter_missing' });
    await expect(stripe.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    const stranger = new Stripe('sk_test_wrong', { host: '127.0.0.1', port: standin.port, protocol: 'http' });
    await expect(stranger.subscriptions.list()).rejects.toMatchObject({ statusCode: 401 });
  });
});

describe('addMonthsAnchored', () => {
  const at = (iso: string) => Date.parse(iso) / 1000;

  it('keeps the anchor day, clamped to short months', () => {
    const anchor = at('2026-01-31T10:00:00Z');
    expect(addMonthsAnchored(anchor, anchor)).toBe(at('2026-02-28T10:00:00Z'));
    expect(addMonthsAnchored(at('2026-02-28T10:00:00Z'), anchor)).toBe(at('2026-03-31T10:00:00Z'));
    expect(addMonthsAnchored(at('2026-12-31T10:00:00Z'), anchor)).toBe(at('2027-01-31T10:00:00Z'));
    expect(addMonthsAnchored(at('2026-03-31T10:00:00Z'), anchor, -1)).toBe(at('2026-02-28T10:00:00Z'));
  });
});
