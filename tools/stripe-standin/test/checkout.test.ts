import type Stripe from 'stripe';
import {
  CANCEL_URL,
  PRICE_ID,
  createCheckout,
  pay,
  paidCheckout,
  startHarness,
  subscriptionId,
  type Harness,
} from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness.close();
});

beforeEach(() => {
  harness.receiver.events.length = 0;
});

const eventTypes = (events: Stripe.Event[]) => events.map((event) => event.type);

describe('hosted checkout page', () => {
  it('serves a page with the product, the price, a Pay button, a Cancel link and a test-mode note', async () => {
    const { session } = await createCheckout(harness, 'uid-page');
    const response = await fetch(session.url ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('Bargains Premium Access');
    expect(html).toContain('$2.00 / month');
    expect(html).toMatch(/<button type="submit">Pay \$2\.00<\/button>/);
    expect(html).toContain(`<form method="post" action="/checkout/${session.id}/pay">`);
    expect(html).toContain(`href="/checkout/${session.id}/cancel">Cancel</a>`);
    expect(html).toContain('TEST MODE');
    expect(html).toContain('uid-page@example.com');
  });

  it('answers 404 for an unknown session', async () => {
    const response = await fetch(`${harness.standin.url}/checkout/cs_test_unknown`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Checkout session not found');
  });
});

describe('paying', () => {
  it('creates the subscription, delivers signed events in Stripe order, then redirects to success_url', async () => {
    const { customer, session, payResponse } = await paidCheckout(harness, 'uid-pay');

    expect(payResponse.status).toBe(303);
    expect(payResponse.headers.get('location')).toBe(
      `http://127.0.0.1:5000/success?session_id=${session.id}`,
    );

    // Delivered (and verified by the SDK) before the redirect was sent.
    expect(harness.receiver.rejected).toEqual([]);
    expect(eventTypes(harness.receiver.events)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);

    const completed = await harness.stripe.checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid', customer: customer.id });
    const subscriptionIdFromSession = subscriptionId(completed);
    expect(subscriptionIdFromSession).toMatch(/^sub_/);

    const [created, paid, checkoutCompleted] = harness.receiver.events;
    expect(created?.type === 'customer.subscription.created' && created.data.object).toMatchObject({
      id: subscriptionIdFromSession,
      object: 'subscription',
      status: 'active',
      customer: customer.id,
      cancel_at_period_end: false,
      metadata: { firebase_uid: 'uid-pay' },
    });
    expect(paid?.type === 'invoice.paid' && paid.data.object).toMatchObject({
      object: 'invoice',
      status: 'paid',
      amount_paid: 200,
      billing_reason: 'subscription_create',
      customer: customer.id,
      parent: {
        subscription_details: {
          subscription: subscriptionIdFromSession,
          metadata: { firebase_uid: 'uid-pay' },
        },
      },
    });
    expect(
      checkoutCompleted?.type === 'checkout.session.completed' && checkoutCompleted.data.object,
    ).toMatchObject({
      id: session.id,
      status: 'complete',
      subscription: subscriptionIdFromSession,
      client_reference_id: 'uid-pay',
      metadata: { firebase_uid: 'uid-pay' },
    });
    for (const event of harness.receiver.events) {
      expect(event).toMatchObject({
        object: 'event',
        livemode: false,
        pending_webhooks: 1,
        api_version: expect.any(String),
      });
      expect(event.id).toMatch(/^evt_/);
    }

    const subscription = await harness.stripe.subscriptions.retrieve(subscriptionIdFromSession, {
      expand: ['latest_invoice'],
    });
    const [item] = subscription.items.data;
    expect(item?.id).toMatch(/^si_/);
    expect(item?.price.id).toBe(PRICE_ID);
    expect(item && item.current_period_end > item.current_period_start).toBe(true);
    const latestInvoice = subscription.latest_invoice as Stripe.Invoice;
    expect(latestInvoice.id).toMatch(/^in_/);
    expect(latestInvoice.status).toBe('paid');
  });

  it('does not create a second subscription when a completed session is paid again', async () => {
    const { customer, session } = await paidCheckout(harness, 'uid-twice');
    const eventsAfterFirstPayment = harness.receiver.events.length;

    const again = await pay(session);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`http://127.0.0.1:5000/success?session_id=${session.id}`);

    const subscriptions = await harness.stripe.subscriptions.list({ customer: customer.id, status: 'all' });
    expect(subscriptions.data).toHaveLength(1);
    await harness.flushDeliveries();
    expect(harness.receiver.events).toHaveLength(eventsAfterFirstPayment);
  });

  it('retries a failed delivery and records every attempt in the delivery log', async () => {
    harness.receiver.failNext(2, 503);
    const { session } = await paidCheckout(harness, 'uid-retry');

    expect(eventTypes(harness.receiver.events)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'checkout.session.completed',
    ]);
    const log = await harness.control<{
      data: { eventType: string; status: string; attempts: { statusCode: number }[] }[];
    }>('GET', '/_control/deliveries');
    const lastThree = log.body.data.slice(-3);
    expect(lastThree.map((entry) => entry.status)).toEqual(['delivered', 'delivered', 'delivered']);
    expect(lastThree[0]?.attempts.map((attempt) => attempt.statusCode)).toEqual([503, 503, 200]);
    const completed = await harness.stripe.checkout.sessions.retrieve(session.id);
    expect(completed.status).toBe('complete');
  });
});

describe('cancel link', () => {
  it('redirects to cancel_url and leaves the session open', async () => {
    const { session } = await createCheckout(harness, 'uid-cancel');
    const response = await fetch(`${session.url}/cancel`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(CANCEL_URL);
    const fetched = await harness.stripe.checkout.sessions.retrieve(session.id);
    expect(fetched.status).toBe('open');
    expect(fetched.subscription).toBeNull();
  });
});
