// The pieces that make the stand-in behave like Stripe's network and API under load: session expiry, declined
// first payments, refunds, realistic webhook delivery and the API fault mode.
import Stripe from 'stripe';
import { resolveConfig } from '../src/config';
import { createCheckout, pay, paidCheckout, startHarness, subscriptionId, type Harness } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness.close();
});

beforeEach(async () => {
  await harness.control('POST', '/_control/modes', { delivery: 'immediate', api_fault_rate: 0 });
  harness.receiver.events.length = 0;
});

describe('checkout.sessions list and expire', () => {
  it('lists a customer’s open sessions and expires one, which can then not be paid', async () => {
    const { customer, session } = await createCheckout(harness, 'uid-expire');
    const open = await harness.stripe.checkout.sessions.list({ customer: customer.id, status: 'open' });
    expect(open.data.map((listed) => listed.id)).toEqual([session.id]);

    const expired = await harness.stripe.checkout.sessions.expire(session.id);
    expect(expired.status).toBe('expired');
    await harness.flushDeliveries();
    expect(harness.receiver.events.map((event) => event.type)).toEqual(['checkout.session.expired']);
    expect((await pay(session)).status).toBe(410);
    await expect(harness.stripe.checkout.sessions.expire(session.id)).rejects.toThrow(
      /Only Checkout Sessions with a status in \["open"\] can be expired/,
    );
    expect(
      (await harness.stripe.checkout.sessions.list({ customer: customer.id, status: 'open' })).data,
    ).toEqual([]);
  });
});

describe('declined card', () => {
  it('leaves an incomplete subscription and an open session; a good card then activates that subscription', async () => {
    const { customer, session } = await createCheckout(harness, 'uid-declined');
    const declined = await pay(session, 'declined');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    const [incomplete] = (await harness.stripe.subscriptions.list({ customer: customer.id })).data;
    expect(incomplete?.status).toBe('incomplete');
    expect((await harness.stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    expect((await pay(session)).status).toBe(303);
    const paid = await harness.stripe.checkout.sessions.retrieve(session.id);
    expect(subscriptionId(paid)).toBe(incomplete?.id);
    expect((await harness.stripe.subscriptions.retrieve(subscriptionId(paid))).status).toBe('active');
    expect(harness.receiver.events.map((event) => event.type)).toEqual([
      'customer.subscription.created',
      'invoice.payment_failed',
      'customer.subscription.updated',
      'invoice.paid',
      'checkout.session.completed',
    ]);
  });

  it('expires an incomplete subscription when its time runs out', async () => {
    const { customer, session } = await createCheckout(harness, 'uid-declined-expire');
    await pay(session, 'declined');
    const [incomplete] = (await harness.stripe.subscriptions.list({ customer: customer.id })).data;
    const advanced = await harness.control<{ outcome: string }>(
      'POST',
      `/_control/subscriptions/${incomplete?.id ?? ''}/advance`,
    );
    expect(advanced.body.outcome).toBe('incomplete_expired');
  });
});

describe('refunds', () => {
  it('refunds the payment of a paid invoice once', async () => {
    const { session } = await paidCheckout(harness, 'uid-refund');
    const paid = await harness.stripe.checkout.sessions.retrieve(session.id);
    const subscription = await harness.stripe.subscriptions.retrieve(subscriptionId(paid), {
      expand: ['latest_invoice.payments'],
    });
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    const paymentIntent = invoice.payments?.data[0]?.payment.payment_intent;
    expect(typeof paymentIntent).toBe('string');
    const refund = await harness.stripe.refunds.create({ payment_intent: String(paymentIntent) });
    expect(refund).toMatchObject({ object: 'refund', amount: 200, status: 'succeeded' });
    await expect(
      harness.stripe.refunds.create({ payment_intent: String(paymentIntent) }),
    ).rejects.toMatchObject({ code: 'charge_already_refunded' });
  });

  it('answers 404-style errors for unknown customers in lists', async () => {
    await expect(harness.stripe.subscriptions.list({ customer: 'cus_never_created' })).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'customer',
    });
  });
});

describe('realistic delivery mode', () => {
  it('delivers every event at least once, late, shuffled and sometimes twice; flush waits for all of it', async () => {
    await harness.control('POST', '/_control/modes', { delivery: 'realistic' });
    const sessions = await Promise.all(
      Array.from({ length: 12 }, (_, index) => createCheckout(harness, `uid-realistic-${index}`)),
    );
    for (const { session } of sessions) expect((await pay(session)).status).toBe(303);
    const sent = (await harness.control<{ data: { id: string }[] }>('GET', '/_control/events')).body.data;
    await harness.flushDeliveries();

    const received = harness.receiver.events.map((event) => event.id);
    const expected = sent.slice(-36).map((event) => event.id);
    expect(new Set(received)).toEqual(new Set(expected));
    expect(received.length).toBeGreaterThan(expected.length);
    expect(received).not.toEqual(expected);
    const deliveries = (
      await harness.control<{ data: { attempts: { error: string | null }[] }[] }>(
        'GET',
        '/_control/deliveries',
      )
    ).body.data;
    expect(deliveries.some((delivery) => delivery.attempts[0]?.error?.includes('simulated'))).toBe(true);
  });

  it('records events without sending them in manual mode', async () => {
    await harness.control('POST', '/_control/modes', { delivery: 'manual' });
    await paidCheckout(harness, 'uid-manual');
    await harness.flushDeliveries();
    expect(harness.receiver.events).toEqual([]);
  });
});

describe('API fault mode', () => {
  it('answers transient faults that the SDK retries, with the idempotency key keeping one customer', async () => {
    await harness.control('POST', '/_control/modes', { api_fault_rate: 0.5 });
    const bare = new Stripe('sk_test_standin_tests', {
      host: '127.0.0.1',
      port: harness.standin.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => bare.prices.retrieve('price_bargains_monthly_local')),
    );
    const failures = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) {
      expect([409, 429, 500]).toContain((failure.reason as { statusCode?: number }).statusCode);
    }

    const retrying = new Stripe('sk_test_standin_tests', {
      host: '127.0.0.1',
      port: harness.standin.port,
      protocol: 'http',
      maxNetworkRetries: 8,
    });
    const created = await Promise.all(
      Array.from({ length: 3 }, () =>
        retrying.customers.create(
          { metadata: { firebase_uid: 'uid-faults' } },
          { idempotencyKey: 'faults-1' },
        ),
      ),
    );
    expect(new Set(created.map((customer) => customer.id)).size).toBe(1);
  });
});

describe('configuration from the environment (npm start passes it through)', () => {
  it('reads the delivery mode, fault rate and seed, and rejects bad values', () => {
    const env = {
      STRIPE_STANDIN_DELIVERY: 'realistic',
      STRIPE_STANDIN_API_FAULT_RATE: '0.05',
      STRIPE_STANDIN_SEED: '7',
    };
    expect(resolveConfig({}, env)).toMatchObject({ deliveryMode: 'realistic', apiFaultRate: 0.05, seed: 7 });
    expect(resolveConfig({}, {})).toMatchObject({ deliveryMode: 'immediate', apiFaultRate: 0 });
    expect(() => resolveConfig({}, { STRIPE_STANDIN_DELIVERY: 'shuffled' })).toThrow(
      /STRIPE_STANDIN_DELIVERY/,
    );
    expect(() => resolveConfig({}, { STRIPE_STANDIN_API_FAULT_RATE: '2' })).toThrow(
      /STRIPE_STANDIN_API_FAULT_RATE/,
    );
  });
});
