import Stripe from 'stripe';
import { paidCheckout, startHarness, subscriptionId, type Harness } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness.close();
});

/** A paid subscription whose checkout events are already delivered; the receiver starts empty. */
async function activeSubscription(
  uid: string,
): Promise<{ subscription: Stripe.Subscription; customerId: string }> {
  const { session, customer } = await paidCheckout(harness, uid);
  const completed = await harness.stripe.checkout.sessions.retrieve(session.id);
  const subscription = await harness.stripe.subscriptions.retrieve(subscriptionId(completed));
  harness.receiver.events.length = 0;
  return { subscription, customerId: customer.id };
}

/** Events delivered since the last reset of the receiver, once every queued delivery finished. */
async function deliveredEvents(): Promise<Stripe.Event[]> {
  await harness.flushDeliveries();
  expect(harness.receiver.rejected).toEqual([]);
  return [...harness.receiver.events];
}

const periodOf = (subscription: Stripe.Subscription) => {
  const [item] = subscription.items.data;
  if (!item) throw new Error('subscription without items');
  return { start: item.current_period_start, end: item.current_period_end };
};

interface AdvanceReply {
  outcome: string;
  subscription: Stripe.Subscription;
  invoice: Stripe.Invoice | null;
  events: { id: string; type: string }[];
}

describe('Stripe API: update and cancel', () => {
  it('sets and clears cancel_at_period_end, each with customer.subscription.updated', async () => {
    const { subscription } = await activeSubscription('uid-toggle');
    const { end } = periodOf(subscription);

    const canceling = await harness.stripe.subscriptions.update(subscription.id, {
      cancel_at_period_end: true,
    });
    expect(canceling).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: end });
    expect(canceling.cancellation_details?.reason).toBe('cancellation_requested');

    const resumed = await harness.stripe.subscriptions.update(subscription.id, {
      cancel_at_period_end: false,
    });
    expect(resumed).toMatchObject({
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
    });

    const events = await deliveredEvents();
    expect(events.map((event) => event.type)).toEqual([
      'customer.subscription.updated',
      'customer.subscription.updated',
    ]);
    const [first, second] = events as Stripe.CustomerSubscriptionUpdatedEvent[];
    expect(first?.data.object.cancel_at_period_end).toBe(true);
    expect(first?.data.previous_attributes).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    expect(second?.data.object.cancel_at_period_end).toBe(false);
    expect(second?.data.previous_attributes).toMatchObject({ cancel_at_period_end: true, cancel_at: end });
    expect(first?.request?.id).toMatch(/^req_/);
    expect(first?.request?.idempotency_key).toEqual(expect.any(String));
  });

  it('updates metadata (merging, with an empty value removing a key) and emits no event for a no-op', async () => {
    const { subscription } = await activeSubscription('uid-metadata');
    const updated = await harness.stripe.subscriptions.update(subscription.id, { metadata: { note: 'vip' } });
    expect(updated.metadata).toEqual({ firebase_uid: 'uid-metadata', note: 'vip' });
    const removed = await harness.stripe.subscriptions.update(subscription.id, { metadata: { note: '' } });
    expect(removed.metadata).toEqual({ firebase_uid: 'uid-metadata' });
    await harness.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });

    const events = await deliveredEvents();
    expect(events.map((event) => event.type)).toEqual([
      'customer.subscription.updated',
      'customer.subscription.updated',
    ]);
  });

  it('cancels immediately with DELETE, emits customer.subscription.deleted, and refuses a second cancel', async () => {
    const { subscription, customerId } = await activeSubscription('uid-delete');
    const canceled = await harness.stripe.subscriptions.cancel(subscription.id, {
      prorate: false,
      invoice_now: false,
    });
    expect(canceled).toMatchObject({ id: subscription.id, status: 'canceled' });
    expect(canceled.ended_at).toEqual(expect.any(Number));
    expect(canceled.canceled_at).toEqual(expect.any(Number));

    const events = await deliveredEvents();
    expect(events.map((event) => event.type)).toEqual(['customer.subscription.deleted']);
    expect((events[0] as Stripe.CustomerSubscriptionDeletedEvent).data.object.status).toBe('canceled');

    const again = harness.stripe.subscriptions.cancel(subscription.id);
    await expect(again).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(again).rejects.toMatchObject({ statusCode: 400 });

    const defaultList = await harness.stripe.subscriptions.list({ customer: customerId });
    expect(defaultList.data).toEqual([]);
    const all = await harness.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 5 });
    expect(all).toMatchObject({ object: 'list', has_more: false, url: '/v1/subscriptions' });
    expect(all.data.map((sub) => sub.id)).toEqual([subscription.id]);
    const canceledOnly = await harness.stripe.subscriptions.list({
      customer: customerId,
      status: 'canceled',
    });
    expect(canceledOnly.data).toHaveLength(1);
  });

  it('answers 404 for an unknown subscription', async () => {
    await expect(harness.stripe.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
  });
});

describe('control API: simulated time', () => {
  it('renews: a new period one month on, invoice.paid then customer.subscription.updated', async () => {
    const { subscription } = await activeSubscription('uid-renew');
    const before = periodOf(subscription);

    const { status, body } = await harness.control<AdvanceReply>(
      'POST',
      `/_control/subscriptions/${subscription.id}/advance`,
      { payment: 'succeeds' },
    );
    expect(status).toBe(200);
    expect(body.outcome).toBe('renewed');

    const renewed = await harness.stripe.subscriptions.retrieve(subscription.id);
    const after = periodOf(renewed);
    expect(after.start).toBe(before.end);
    const start = new Date(before.end * 1000);
    const end = new Date(after.end * 1000);
    expect(
      (end.getUTCFullYear() - start.getUTCFullYear()) * 12 + end.getUTCMonth() - start.getUTCMonth(),
    ).toBe(1);
    expect(renewed.status).toBe('active');

    // The control call answers after its events were delivered.
    const events = harness.receiver.events;
    expect(events.map((event) => event.type)).toEqual(['invoice.paid', 'customer.subscription.updated']);
    const invoice = (events[0] as Stripe.InvoicePaidEvent).data.object;
    expect(invoice).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid', amount_paid: 200 });
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    const updated = events[1] as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(updated.data.object.items.data[0]?.current_period_end).toBe(after.end);
    expect(updated.data.previous_attributes).toHaveProperty('items');
    expect(renewed.latest_invoice).toBe(invoice.id);
  });

  it('ends a subscription set to cancel at period end: canceled, customer.subscription.deleted', async () => {
    const { subscription } = await activeSubscription('uid-period-end');
    await harness.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    await harness.flushDeliveries();
    harness.receiver.events.length = 0;

    const { body } = await harness.control<AdvanceReply>(
      'POST',
      `/_control/subscriptions/${subscription.id}/advance`,
    );
    expect(body.outcome).toBe('canceled');
    expect(harness.receiver.events.map((event) => event.type)).toEqual(['customer.subscription.deleted']);
    const ended = await harness.stripe.subscriptions.retrieve(subscription.id);
    expect(ended.status).toBe('canceled');
    expect(ended.ended_at).toBe(periodOf(subscription).end);

    const again = await harness.control('POST', `/_control/subscriptions/${subscription.id}/advance`);
    expect(again.status).toBe(400);
  });

  it('fails a renewal: past_due, invoice.payment_failed then customer.subscription.updated', async () => {
    const { subscription } = await activeSubscription('uid-fail');
    const { body } = await harness.control<AdvanceReply>(
      'POST',
      `/_control/subscriptions/${subscription.id}/advance`,
      {
        payment: 'fails',
      },
    );
    expect(body.outcome).toBe('past_due');
    expect(body.subscription.status).toBe('past_due');
    expect(harness.receiver.events.map((event) => event.type)).toEqual([
      'invoice.payment_failed',
      'customer.subscription.updated',
    ]);
    const failedInvoice = (harness.receiver.events[0] as Stripe.InvoicePaymentFailedEvent).data.object;
    expect(failedInvoice).toMatchObject({ status: 'open', amount_paid: 0, amount_remaining: 200 });
    const updated = harness.receiver.events[1] as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(updated.data.object.status).toBe('past_due');
    expect(updated.data.previous_attributes).toMatchObject({ status: 'active' });
    const pastDue = await harness.stripe.subscriptions.list({ status: 'past_due' });
    expect(pastDue.data.map((sub) => sub.id)).toContain(subscription.id);
  });

  it('rejects a bad advance body and an unknown subscription', async () => {
    const { subscription } = await activeSubscription('uid-bad-advance');
    const bad = await harness.control('POST', `/_control/subscriptions/${subscription.id}/advance`, {
      payment: 'maybe',
    });
    expect(bad.status).toBe(400);
    const missing = await harness.control('POST', '/_control/subscriptions/sub_missing/advance');
    expect(missing.status).toBe(404);
    const unchanged = await harness.stripe.subscriptions.retrieve(subscription.id);
    expect(periodOf(unchanged)).toEqual(periodOf(subscription));
  });
});
