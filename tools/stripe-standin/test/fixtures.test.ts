import type Stripe from 'stripe';
import type { SubscriptionFixtureBody } from '../src/control-api';
import type { FixtureChange } from '../src/billing';
import { PRICE_ID, startHarness, type Harness } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness.close();
});

const DAY = 24 * 60 * 60;
const PERIOD_START = 1_780_000_000;
const PERIOD_END = PERIOD_START + 30 * DAY;

/** A fixture whose ids are unique to the calling test (every test shares one stand-in). */
function fixtureBody(name: string, overrides: Partial<SubscriptionFixtureBody['subscription']> = {}) {
  return {
    customer: {
      id: `cus_fixture_${name}`,
      email: `${name}@bargains.test`,
      metadata: { firebase_uid: `uid-${name}` },
    },
    subscription: {
      id: `sub_fixture_${name}`,
      status: 'active',
      current_period_start: PERIOD_START,
      current_period_end: PERIOD_END,
      metadata: { firebase_uid: `uid-${name}` },
      ...overrides,
    },
  } satisfies SubscriptionFixtureBody;
}

interface FixtureReply {
  customer: Stripe.Customer;
  subscription: Stripe.Subscription;
  changes: { customer: FixtureChange; subscription: FixtureChange };
}

interface StateReply {
  customers: Record<string, unknown>;
  subscriptions: Record<string, unknown>;
  events: { id: string }[];
}

async function upsert(body: unknown) {
  return harness.control<FixtureReply>('POST', '/_control/fixtures/subscription', body);
}

async function state(): Promise<StateReply> {
  return (await harness.control<StateReply>('GET', '/_control/state')).body;
}

const periodOf = (subscription: Stripe.Subscription) => {
  const [item] = subscription.items.data;
  if (!item) throw new Error('subscription without items');
  return { start: item.current_period_start, end: item.current_period_end };
};

describe('POST /_control/fixtures/subscription', () => {
  it('creates the customer and an active subscription with exactly the given ids, visible through the API', async () => {
    const body = fixtureBody('create');
    const { status, body: reply } = await upsert(body);
    expect(status).toBe(200);
    expect(reply.changes).toEqual({ customer: 'created', subscription: 'created' });

    const customer = await harness.stripe.customers.retrieve(body.customer.id);
    expect(customer).toMatchObject({
      id: 'cus_fixture_create',
      object: 'customer',
      email: 'create@bargains.test',
      metadata: { firebase_uid: 'uid-create' },
    });

    const subscription = await harness.stripe.subscriptions.retrieve(body.subscription.id);
    expect(subscription).toMatchObject({
      id: 'sub_fixture_create',
      object: 'subscription',
      customer: 'cus_fixture_create',
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      ended_at: null,
      start_date: PERIOD_START,
      billing_cycle_anchor: PERIOD_START,
      metadata: { firebase_uid: 'uid-create' },
    });
    expect(periodOf(subscription)).toEqual({ start: PERIOD_START, end: PERIOD_END });
    const [item] = subscription.items.data;
    expect(item).toMatchObject({ subscription: subscription.id, quantity: 1 });
    expect(item?.price).toMatchObject({ id: PRICE_ID, unit_amount: 200, currency: 'usd' });

    // The billing functions find it the way they do: open subscriptions of the customer.
    const listed = await harness.stripe.subscriptions.list({ customer: body.customer.id });
    expect(listed.data.map((sub) => sub.id)).toEqual([body.subscription.id]);
  });

  it('emits no event and is not counted as an API call', async () => {
    await harness.control('POST', '/_control/stats/reset');
    const eventsBefore = (await state()).events.length;

    expect((await upsert(fixtureBody('quiet'))).status).toBe(200);

    await harness.flushDeliveries();
    expect((await state()).events).toHaveLength(eventsBefore);
    expect(harness.receiver.events.map((event) => event.data.object)).not.toContainEqual(
      expect.objectContaining({ id: 'sub_fixture_quiet' }),
    );
    const stats = await harness.control<{ total: number }>('GET', '/_control/stats');
    expect(stats.body.total).toBe(0);
  });

  it('changes nothing when called again with the same body, and moves the period when it changed', async () => {
    const body = fixtureBody('repeat');
    await upsert(body);
    const first = await state();

    const again = await upsert(body);
    expect(again.status).toBe(200);
    expect(again.body.changes).toEqual({ customer: 'unchanged', subscription: 'unchanged' });
    const second = await state();
    expect(second.customers[body.customer.id]).toEqual(first.customers[body.customer.id]);
    expect(second.subscriptions[body.subscription.id]).toEqual(first.subscriptions[body.subscription.id]);

    const later = fixtureBody('repeat', {
      current_period_start: PERIOD_START + 2 * DAY,
      current_period_end: PERIOD_END + 2 * DAY,
    });
    const moved = await upsert(later);
    expect(moved.body.changes).toEqual({ customer: 'unchanged', subscription: 'updated' });
    const subscription = await harness.stripe.subscriptions.retrieve(body.subscription.id);
    expect(periodOf(subscription)).toEqual({ start: PERIOD_START + 2 * DAY, end: PERIOD_END + 2 * DAY });
    expect(subscription.billing_cycle_anchor).toBe(PERIOD_START + 2 * DAY);
    // Still one subscription item, not a second one.
    expect(subscription.items.data).toHaveLength(1);
  });

  it('restores the described state over whatever the API did to the subscription since', async () => {
    const body = fixtureBody('restore');
    await upsert(body);

    await harness.stripe.subscriptions.update(body.subscription.id, { cancel_at_period_end: true });
    await harness.stripe.customers.update(body.customer.id, { email: 'changed@bargains.test' });
    const reset = await upsert(body);
    expect(reset.body.changes).toEqual({ customer: 'updated', subscription: 'updated' });
    expect(reset.body.subscription).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
    });
    expect(reset.body.customer.email).toBe('restore@bargains.test');

    await harness.stripe.subscriptions.cancel(body.subscription.id);
    const revived = await upsert(body);
    expect(revived.body.subscription).toMatchObject({ status: 'active', ended_at: null, canceled_at: null });
    expect(await harness.stripe.subscriptions.retrieve(body.subscription.id)).toMatchObject({
      status: 'active',
    });
  });

  it('can describe a subscription set to cancel at its period end, which the API can then resume', async () => {
    const body = fixtureBody('canceling', { cancel_at_period_end: true });
    const { body: reply } = await upsert(body);
    expect(reply.subscription).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: PERIOD_END,
    });
    expect(reply.subscription.cancellation_details?.reason).toBe('cancellation_requested');
    expect((await upsert(body)).body.changes.subscription).toBe('unchanged');

    const resumed = await harness.stripe.subscriptions.update(body.subscription.id, {
      cancel_at_period_end: false,
    });
    expect(resumed).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
  });

  it('renews like any other subscription when time advances', async () => {
    const body = fixtureBody('advance');
    await upsert(body);
    const { status, body: reply } = await harness.control<{
      outcome: string;
      subscription: Stripe.Subscription;
    }>('POST', `/_control/subscriptions/${body.subscription.id}/advance`);
    expect(status).toBe(200);
    expect(reply.outcome).toBe('renewed');
    expect(periodOf(reply.subscription).start).toBe(PERIOD_END);
  });

  const valid = fixtureBody('invalid');
  it.each([
    ['an empty body', undefined],
    ['a non-object', ['cus_x']],
    ['a missing subscription', { customer: valid.customer }],
    ['an unknown field', { ...valid, price: 'price_other' }],
    ['a customer id without the cus_ prefix', { ...valid, customer: { ...valid.customer, id: 'demo' } }],
    ['a malformed email', { ...valid, customer: { ...valid.customer, email: 'not-an-email' } }],
    ['a status other than active', { ...valid, subscription: { ...valid.subscription, status: 'canceled' } }],
    [
      'a fractional period end',
      { ...valid, subscription: { ...valid.subscription, current_period_end: PERIOD_END + 0.5 } },
    ],
    [
      'a period end before its start',
      { ...valid, subscription: { ...valid.subscription, current_period_end: PERIOD_START } },
    ],
    ['a non-string metadata value', { ...valid, customer: { ...valid.customer, metadata: { n: 1 } } }],
  ])('answers 400 for %s and changes nothing', async (_what, body) => {
    const before = await state();
    const { status, body: reply } = await upsert(body);
    expect(status).toBe(400);
    expect(reply).toMatchObject({
      error: {
        type: 'invalid_request_error',
        message: expect.stringContaining('Invalid subscription fixture'),
      },
    });
    expect(await state()).toEqual(before);
  });

  it('rejects a body that is not JSON', async () => {
    const response = await fetch(`${harness.standin.url}/_control/fixtures/subscription`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{customer:',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/JSON/);
  });
});
