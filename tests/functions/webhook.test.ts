// stripe_webhook with hand-made events: signature checks, duplicates, reordering and a shuffled burst.
import { randomUUID } from 'node:crypto';
import { closeAdmin, readDoc, testDb } from './support/admin';
import { callFunction, errorOf } from './support/http';
import { STRIPE_WEBHOOK_SECRET } from './support/env';
import {
  fakeId,
  linkCustomer,
  newEventId,
  subscriptionEvent,
  type SubscriptionEventInput,
} from './support/events';
import { seededRandom } from '../../tools/seeded-random';
import { deliverEvent, stripe } from './support/stripe';

afterAll(closeAdmin);

const PERIOD_END = 1_900_000_000;
const nowSeconds = () => Math.floor(Date.now() / 1000);

interface Subscriber {
  uid: string;
  customerId: string;
  subscriptionId: string;
}

async function newSubscriber(): Promise<Subscriber> {
  const subscriber = {
    uid: `webhook-${randomUUID()}`,
    customerId: fakeId('cus'),
    subscriptionId: fakeId('sub'),
  };
  await linkCustomer(subscriber.customerId, subscriber.uid);
  return subscriber;
}

function eventFor(
  subscriber: Subscriber,
  input: Partial<SubscriptionEventInput> & Pick<SubscriptionEventInput, 'type' | 'created'>,
) {
  return subscriptionEvent({
    status: 'active',
    cancelAtPeriodEnd: false,
    currentPeriodEnd: PERIOD_END,
    ...subscriber,
    ...input,
  });
}

const userDoc = (uid: string) => readDoc(`users/${uid}`);
const outcomeOf = (result: { body: unknown }) => (result.body as { outcome?: string }).outcome;

describe('stripe_webhook signature', () => {
  it.each([
    ['a wrong secret', { secret: 'whsec_not_the_right_one' }],
    ['a stale timestamp', { timestamp: nowSeconds() - 10 * 60 }],
  ])('answers 400 and changes nothing for %s', async (_label, options) => {
    const subscriber = await newSubscriber();
    const event = eventFor(subscriber, { type: 'customer.subscription.created', created: nowSeconds() });
    const result = await deliverEvent(event, options);
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ error: 'Invalid Stripe signature' });
    expect(await userDoc(subscriber.uid)).toBeUndefined();
    expect(await readDoc(`stripe_events/${event.id}`)).toBeUndefined();
  });

  it('answers 400 for a missing signature and for a body altered after signing', async () => {
    const subscriber = await newSubscriber();
    const event = eventFor(subscriber, { type: 'customer.subscription.created', created: nowSeconds() });
    const unsigned = await callFunction('stripe_webhook', { body: event });
    expect(unsigned.status).toBe(400);
    expect(errorOf(unsigned)).toBe('Missing Stripe-Signature header');

    const signature = stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(event),
      secret: STRIPE_WEBHOOK_SECRET,
    });
    const altered = JSON.stringify({
      ...event,
      data: { object: { ...event.data.object, status: 'trialing' } },
    });
    const tampered = await callFunction('stripe_webhook', {
      body: altered,
      headers: { 'Stripe-Signature': signature },
    });
    expect(tampered.status).toBe(400);
    expect(await userDoc(subscriber.uid)).toBeUndefined();
  });

  it('answers 400 to a correctly signed body that is not JSON', async () => {
    // As text/plain, so that it reaches the function (the runtime rejects malformed application/json itself).
    const result = await deliverEvent('{"id": "evt_1", "type": ', { contentType: 'text/plain' });
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ error: 'Request body must be valid JSON' });
    expect((await deliverEvent('{"id": "evt_1", "type": ')).status).toBe(400);
  });

  it('answers 400 to an oversized body', async () => {
    const subscriber = await newSubscriber();
    const event = eventFor(subscriber, { type: 'customer.subscription.created', created: nowSeconds() });
    const padded = {
      ...event,
      data: { object: { ...event.data.object, description: 'x'.repeat(600 * 1024) } },
    };
    const result = await deliverEvent(padded);
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ error: 'Request body is too large' });
    expect(await userDoc(subscriber.uid)).toBeUndefined();
  });

  it('answers 405 to GET', async () => {
    expect((await callFunction('stripe_webhook', { method: 'GET' })).status).toBe(405);
  });
});

describe('stripe_webhook events', () => {
  it('mirrors a subscription onto the user document', async () => {
    const subscriber = await newSubscriber();
    const created = nowSeconds();
    const event = eventFor(subscriber, { type: 'customer.subscription.created', created });
    const result = await deliverEvent(event);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ received: true, outcome: 'applied' });
    expect(await userDoc(subscriber.uid)).toMatchObject({
      subscription_active: true,
      subscription_status: 'active',
      stripe_customer_id: subscriber.customerId,
      stripe_subscription_id: subscriber.subscriptionId,
      current_period_end: PERIOD_END,
      cancel_at_period_end: false,
      last_stripe_event_created: created,
      last_stripe_event_id: event.id,
    });
    expect(await readDoc(`stripe_events/${event.id}`)).toMatchObject({
      uid: subscriber.uid,
      outcome: 'applied',
    });
  });

  it('applies a duplicate delivery once, even when copies arrive together', async () => {
    const subscriber = await newSubscriber();
    const first = eventFor(subscriber, {
      type: 'customer.subscription.created',
      created: nowSeconds() - 100,
    });
    expect(outcomeOf(await deliverEvent(first))).toBe('applied');
    const applied = await userDoc(subscriber.uid);

    const again = await deliverEvent(first);
    expect(again.status).toBe(200);
    expect(outcomeOf(again)).toBe('duplicate');
    // A re-application would have moved updated_at.
    expect((await userDoc(subscriber.uid))?.updated_at).toEqual(applied?.updated_at);

    const pastDue = eventFor(subscriber, {
      type: 'customer.subscription.updated',
      created: nowSeconds() - 50,
      status: 'past_due',
    });
    const copies = await Promise.all(Array.from({ length: 4 }, () => deliverEvent(pastDue)));
    expect(copies.map((copy) => copy.status)).toEqual([200, 200, 200, 200]);
    expect(copies.map(outcomeOf).sort()).toEqual(['applied', 'duplicate', 'duplicate', 'duplicate']);
    // A failed renewal keeps the deals for the grace period: 7 days (BILLING_GRACE_DAYS) from the renewal.
    expect(await userDoc(subscriber.uid)).toMatchObject({
      subscription_status: 'past_due',
      subscription_active: true,
      grace_period_end: PERIOD_END - 30 * 24 * 3600 + 7 * 24 * 3600,
    });
  });

  it('keeps the newer state when `updated` arrives before `created`', async () => {
    const subscriber = await newSubscriber();
    const t = nowSeconds() - 100;
    const created = eventFor(subscriber, { type: 'customer.subscription.created', created: t });
    const updated = eventFor(subscriber, {
      type: 'customer.subscription.updated',
      created: t + 5,
      cancelAtPeriodEnd: true,
    });

    expect(outcomeOf(await deliverEvent(updated))).toBe('applied');
    const late = await deliverEvent(created);
    expect(late.status).toBe(200);
    expect(outcomeOf(late)).toBe('skipped');
    expect(await userDoc(subscriber.uid)).toMatchObject({
      subscription_active: true,
      cancel_at_period_end: true,
      last_stripe_event_created: t + 5,
      last_stripe_event_id: updated.id,
    });
  });

  it('keeps the subscription ended when `deleted` arrives before the last `updated`', async () => {
    const subscriber = await newSubscriber();
    const t = nowSeconds() - 100;
    await deliverEvent(eventFor(subscriber, { type: 'customer.subscription.created', created: t }));
    const updated = eventFor(subscriber, {
      type: 'customer.subscription.updated',
      created: t + 10,
      cancelAtPeriodEnd: true,
    });
    const deleted = eventFor(subscriber, {
      type: 'customer.subscription.deleted',
      created: t + 20,
      status: 'canceled',
      cancelAtPeriodEnd: true,
    });

    expect(outcomeOf(await deliverEvent(deleted))).toBe('applied');
    expect(outcomeOf(await deliverEvent(updated))).toBe('skipped');
    expect(await userDoc(subscriber.uid)).toMatchObject({
      subscription_active: false,
      subscription_status: 'canceled',
      last_stripe_event_id: deleted.id,
    });
  });

  it('does not let a late event of a replaced subscription lock out the current one', async () => {
    const subscriber = await newSubscriber();
    const t = nowSeconds() - 100;
    await deliverEvent(eventFor(subscriber, { type: 'customer.subscription.created', created: t }));
    const old = { ...subscriber, subscriptionId: fakeId('sub') };
    const result = await deliverEvent(
      eventFor(old, { type: 'customer.subscription.deleted', created: t + 30, status: 'canceled' }),
    );
    expect(outcomeOf(result)).toBe('skipped');
    expect(await userDoc(subscriber.uid)).toMatchObject({
      subscription_active: true,
      stripe_subscription_id: subscriber.subscriptionId,
    });
  });

  it('acknowledges unknown event types and unknown customers without changing anything', async () => {
    const subscriber = await newSubscriber();
    const unknownType = await deliverEvent({
      id: newEventId(),
      object: 'event',
      type: 'charge.refunded',
      created: nowSeconds(),
      data: { object: { id: 'ch_1', object: 'charge', customer: subscriber.customerId } },
    });
    expect(unknownType.status).toBe(200);
    expect(unknownType.body).toEqual({ received: true, outcome: 'ignored_unhandled_type' });

    const stranger = { uid: 'nobody', customerId: fakeId('cus'), subscriptionId: fakeId('sub') };
    const unknownCustomer = await deliverEvent(
      eventFor(stranger, { type: 'customer.subscription.created', created: nowSeconds() }),
    );
    expect(unknownCustomer.status).toBe(200);
    expect(outcomeOf(unknownCustomer)).toBe('ignored_unknown_customer');

    expect(await userDoc(subscriber.uid)).toBeUndefined();
    expect(await userDoc('nobody')).toBeUndefined();
  });

  it('answers 400 to a signed event of a handled type with an unexpected shape', async () => {
    const subscriber = await newSubscriber();
    const event = eventFor(subscriber, { type: 'customer.subscription.updated', created: nowSeconds() });
    const broken = { ...event, data: { object: { ...event.data.object, items: 'none' } } };
    const result = await deliverEvent(broken);
    expect(result.status).toBe(400);
    expect(result.body).toEqual({ error: 'Unexpected event payload' });
    expect(await userDoc(subscriber.uid)).toBeUndefined();
  });
});

// ── A burst: 50 users, 4-5 events each, shuffled, with duplicates ───────────────────────────────────────────

type Step = Pick<SubscriptionEventInput, 'type' | 'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd'>;

/** A plausible life of one subscription: created, then updates, sometimes ending with `deleted`. */
function lifeOf(next: () => number, length: number): Step[] {
  const steps: Step[] = [
    {
      type: 'customer.subscription.created',
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: PERIOD_END,
    },
  ];
  let periodEnd = PERIOD_END;
  for (let i = 1; i < length; i += 1) {
    const roll = next();
    if (i === length - 1 && roll < 0.3) {
      steps.push({
        type: 'customer.subscription.deleted',
        status: 'canceled',
        cancelAtPeriodEnd: roll < 0.15,
        currentPeriodEnd: periodEnd,
      });
      break;
    }
    if (roll < 0.3) periodEnd += 30 * 24 * 3600;
    const status = roll < 0.5 ? 'active' : roll < 0.7 ? 'past_due' : roll < 0.8 ? 'unpaid' : 'active';
    steps.push({
      type: 'customer.subscription.updated',
      status,
      cancelAtPeriodEnd: roll > 0.85,
      currentPeriodEnd: periodEnd,
    });
  }
  return steps;
}

async function deliverLikeStripe(event: unknown): Promise<{ status: number; retries: number }> {
  for (let attempt = 0; ; attempt += 1) {
    const result = await deliverEvent(event);
    if (result.status < 500 || attempt === 4) return { status: result.status, retries: attempt };
  }
}

describe('stripe_webhook burst', () => {
  it('leaves every user exactly right after 200+ shuffled events with duplicates, and late retries after deletes', async () => {
    const next = seededRandom(20_240_611);
    const base = nowSeconds() - 3600;
    const subscribers = await Promise.all(Array.from({ length: 50 }, () => newSubscriber()));

    const events: ReturnType<typeof subscriptionEvent>[] = [];
    const expected = new Map<string, Record<string, unknown>>();
    subscribers.forEach((subscriber, index) => {
      const steps = lifeOf(next, 4 + (index % 2));
      steps.forEach((step, stepIndex) => {
        // Distinct, increasing `created` per user (two seconds apart); users interleave.
        const event = eventFor(subscriber, { ...step, created: base + stepIndex * 2 + (index % 2) });
        events.push(event);
        expected.set(subscriber.uid, {
          // past_due keeps access during its grace period (renewal + 7 days, still ahead for these periods).
          subscription_active: ['active', 'trialing', 'past_due'].includes(step.status),
          subscription_status: step.status,
          stripe_customer_id: subscriber.customerId,
          stripe_subscription_id: subscriber.subscriptionId,
          current_period_end: step.currentPeriodEnd,
          cancel_at_period_end: step.cancelAtPeriodEnd,
          last_stripe_event_created: event.created,
          last_stripe_event_id: event.id,
        });
      });
    });
    expect(events.length).toBeGreaterThanOrEqual(200);

    // Every event, a quarter of them twice, in a random order (sorting by a random key shuffles).
    const deliveries = [...events, ...events.filter(() => next() < 0.25)]
      .map((event) => ({ event, key: next() }))
      .sort((a, b) => a.key - b.key)
      .map(({ event }) => event);
    expect(deliveries.length).toBeGreaterThan(events.length);
    // The order really is scrambled: many events are sent after a newer event of the same user.
    const newestSent = new Map<string, number>();
    let sentAfterNewer = 0;
    for (const event of deliveries) {
      const newest = newestSent.get(event.data.object.customer) ?? -1;
      if (event.created < newest) sentAfterNewer += 1;
      else newestSent.set(event.data.object.customer, event.created);
    }
    expect(sentAfterNewer).toBeGreaterThan(20);

    // A fifth of the events fail their first delivery (every copy): Stripe retries them much later.
    const late = new Set(events.filter(() => next() < 0.2).map((event) => event.id));
    expect(late.size).toBeGreaterThan(20);
    const statuses: number[] = [];
    let retries = 0;
    const deliverAll = async (list: readonly ReturnType<typeof subscriptionEvent>[]) => {
      const queue = [...list];
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          for (let event = queue.shift(); event; event = queue.shift()) {
            const result = await deliverLikeStripe(event);
            statuses.push(result.status);
            retries += result.retries;
          }
        }),
      );
    };
    await deliverAll(deliveries.filter((event) => !late.has(event.id)));

    // Meanwhile every other user deletes users/{uid} (the rules allow it; the delete-account flow starts so).
    const deleters = new Set(subscribers.filter((_, index) => index % 2 === 0).map((s) => s.uid));
    await Promise.all([...deleters].map((uid) => testDb().doc(`users/${uid}`).delete()));
    // Then the late retries arrive, shuffled.
    await deliverAll(
      events
        .filter((event) => late.has(event.id))
        .map((event) => ({ event, key: next() }))
        .sort((a, b) => a.key - b.key)
        .map(({ event }) => event),
    );
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    if (retries > 0) console.info(`burst: ${retries} deliveries were retried after a 5xx, as Stripe would`);

    const docs = await Promise.all(subscribers.map((subscriber) => userDoc(subscriber.uid)));
    let recreated = 0;
    subscribers.forEach((subscriber, index) => {
      const doc = docs[index];
      const want = expected.get(subscriber.uid) ?? {};
      // A deleted document comes back only with the newest state, brought by a late retry of the newest event;
      // an older late event must not recreate it (nor grant access).
      if (deleters.has(subscriber.uid) && !late.has(String(want.last_stripe_event_id))) {
        expect({ uid: subscriber.uid, doc }).toEqual({ uid: subscriber.uid, doc: undefined });
        return;
      }
      if (deleters.has(subscriber.uid)) recreated += 1;
      const fields = Object.fromEntries(Object.keys(want).map((key) => [key, doc?.[key]]));
      expect({ uid: subscriber.uid, ...fields }).toEqual({ uid: subscriber.uid, ...want });
    });
    expect(recreated).toBeGreaterThan(0);
  });
});
