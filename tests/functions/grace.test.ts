// Failed renewals through the Stripe stand-in: the grace period (access kept until the deadline, then lost without
// any job), recovery by a card update on the hosted portal, the final failure, Stripe's late, shuffled and duplicated
// deliveries of each event, and no double charge (resubscribing, updating the card, deleting the account, all
// during the grace period: exactly one live subscription, or none, in the stand-in), and no other subscription's
// events ending a grace period (a declined resubscribe, late events of the subscription a new one replaced).
import type Stripe from 'stripe';
import { hasDealAccess, type UserDoc } from '@bargains/model/user';
import { isHandledEventType } from '../../functions/src/stripe/objects';
import { closeAdmin, readDoc, readUserDoc } from './support/admin';
import { advanceSubscription } from '../support/stripe-standin';
import { callFunction } from './support/http';
import {
  deliverEvent,
  flushDeliveries,
  liveSubscriptionsOf,
  payCheckout,
  heldBack,
  stripe,
  submitPayment,
} from './support/stripe';
import { settledSubscriber, subscribeThroughCheckout, updateCardOnPortal } from './support/subscribe';
import { createTestUser, type TestUser } from './support/users';
import { waitUntil } from '../../tools/wait-until';

afterAll(closeAdmin);

const GRACE_SECONDS = 7 * 24 * 3600; // BILLING_GRACE_DAYS in functions/.env.demo-bargains
const outcomeOf = (result: { body: unknown }) => (result.body as { outcome?: string }).outcome;

const waitForMirror = (uid: string, done: (user: UserDoc | null) => boolean, what: string) =>
  waitUntil(() => readUserDoc(uid), done, { what });

/** When the failed renewal was charged: the start of the period it should have paid for. */
const renewalStart = (subscription: Stripe.Subscription): number =>
  Number(subscription.items.data[0]?.current_period_start);

async function failRenewal(user: TestUser): Promise<{ subscriptionId: string; customerId: string }> {
  const ids = await subscribeThroughCheckout(user);
  expect((await advanceSubscription(ids.subscriptionId, 'fails')).outcome).toBe('past_due');
  await waitForMirror(user.uid, (doc) => doc?.subscription_status === 'past_due', 'the failed renewal');
  await flushDeliveries();
  return ids;
}

describe('a failed renewal: grace period, then recovery or lock', () => {
  it('renewal fails → grace → card updated → paid: access throughout, then no deadline', async () => {
    const user = await createTestUser('grace-recover');
    const { subscriptionId, customerId } = await failRenewal(user);

    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const inGrace = await readUserDoc(user.uid);
    expect(inGrace).toMatchObject({
      subscription_active: true,
      subscription_status: 'past_due',
      grace_period_end: renewalStart(subscription) + GRACE_SECONDS,
      renewal_amount: 200,
      renewal_currency: 'usd',
    });
    expect(hasDealAccess(inGrace, Date.now())).toBe(true);

    // A declining card leaves it failed (same deadline); a working one pays the open invoice.
    await updateCardOnPortal(user, 'declines');
    await flushDeliveries();
    expect(await readUserDoc(user.uid)).toMatchObject({
      subscription_status: 'past_due',
      grace_period_end: inGrace?.grace_period_end,
    });
    await updateCardOnPortal(user, 'succeeds');
    const recovered = await waitForMirror(
      user.uid,
      (doc) => doc?.subscription_status === 'active',
      'the recovery',
    );
    expect(recovered).toMatchObject({ subscription_active: true, grace_period_end: null });
    expect(hasDealAccess(recovered, Number.MAX_SAFE_INTEGER)).toBe(true);

    // Updating the card during grace paid the same subscription: one live subscription, one charge.
    await flushDeliveries();
    expect((await liveSubscriptionsOf(customerId)).map((sub) => [sub.id, sub.status])).toEqual([
      [subscriptionId, 'active'],
    ]);
  });

  it('renewal fails → grace expires → locked, with no job: access ends at the deadline', async () => {
    const user = await createTestUser('grace-expire');
    const { subscriptionId } = await failRenewal(user);
    const deadline = renewalStart(await stripe.subscriptions.retrieve(subscriptionId)) + GRACE_SECONDS;
    const inGrace = await readUserDoc(user.uid);
    expect(inGrace?.grace_period_end).toBe(deadline);
    // The stored document does not change at the deadline; the one definition, evaluated at that time, locks.
    expect(hasDealAccess(inGrace, deadline * 1000 - 1)).toBe(true);
    expect(hasDealAccess(inGrace, deadline * 1000)).toBe(false);
  });

  it('the final failure (Stripe cancels after the last retry) locks at once', async () => {
    const user = await createTestUser('grace-final');
    const { subscriptionId } = await failRenewal(user);
    await stripe.subscriptions.cancel(subscriptionId);
    const locked = await waitForMirror(
      user.uid,
      (doc) => doc?.subscription_status === 'canceled',
      'the final failure',
    );
    expect(locked).toMatchObject({ subscription_active: false, grace_period_end: null });
    expect(hasDealAccess(locked, Date.now())).toBe(false);
  });
});

describe('late, shuffled and duplicated deliveries of each event', () => {
  it('ends paid up whatever the order of the failure’s and the recovery’s events, each delivered twice', async () => {
    const { user, subscriptionId } = await settledSubscriber('grace-shuffled');
    const failure = await heldBack(() => advanceSubscription(subscriptionId, 'fails'));
    const recovery = await heldBack(() => updateCardOnPortal(user, 'succeeds'));
    expect(failure.map((event) => event.type)).toEqual([
      'invoice.payment_failed',
      'customer.subscription.updated',
    ]);
    expect(recovery.map((event) => event.type)).toEqual(
      expect.arrayContaining(['invoice.paid', 'customer.subscription.updated']),
    );

    // Recovery first, then the failure, then every event again in reverse.
    const order = [...recovery, ...failure, ...[...failure, ...recovery].reverse()];
    const outcomes = [];
    for (const event of order) {
      const result = await deliverEvent(event);
      expect(result.status).toBe(200);
      outcomes.push(outcomeOf(result));
    }
    // Every second copy was decided before (customer.updated and the like are not events the webhook handles).
    expect(outcomes.slice(order.length / 2)).toEqual(
      order
        .slice(order.length / 2)
        .map((event) => (isHandledEventType(event.type) ? 'duplicate' : 'ignored_unhandled_type')),
    );
    expect(await readUserDoc(user.uid)).toMatchObject({
      subscription_active: true,
      subscription_status: 'active',
      grace_period_end: null,
    });
  });

  it('writes the same deadline for every copy of the failure, in any order', async () => {
    const { user, subscriptionId } = await settledSubscriber('grace-dup-failure');
    const failure = await heldBack(() => advanceSubscription(subscriptionId, 'fails'));
    const deadline = renewalStart(await stripe.subscriptions.retrieve(subscriptionId)) + GRACE_SECONDS;

    for (const event of [...failure].reverse()) expect((await deliverEvent(event)).status).toBe(200);
    const first = await readUserDoc(user.uid);
    expect(first).toMatchObject({ subscription_status: 'past_due', grace_period_end: deadline });
    for (const event of [...failure, ...failure])
      expect(outcomeOf(await deliverEvent(event))).toBe('duplicate');
    expect(await readUserDoc(user.uid)).toEqual(first);
  });

  it('keeps the lock when the failure’s events arrive after the final cancellation', async () => {
    const { user, subscriptionId } = await settledSubscriber('grace-late-failure');
    const failure = await heldBack(() => advanceSubscription(subscriptionId, 'fails'));
    const final = await heldBack(() => stripe.subscriptions.cancel(subscriptionId));
    expect(final.map((event) => event.type)).toContain('customer.subscription.deleted');

    for (const event of [...final, ...failure, ...final])
      expect((await deliverEvent(event)).status).toBe(200);
    const locked = await readUserDoc(user.uid);
    expect(locked).toMatchObject({ subscription_status: 'canceled', subscription_active: false });
    expect(hasDealAccess(locked, Date.now())).toBe(false);
  });
});

describe('no double charge during a grace period', () => {
  it('resubscribing while a past_due subscription exists leaves only the new one live', async () => {
    const user = await createTestUser('grace-resubscribe');
    const { subscriptionId: failed, customerId } = await failRenewal(user);

    const checkout = await callFunction('create_checkout_session', { token: user.idToken });
    expect(checkout.status).toBe(200);
    await payCheckout((checkout.body as { url: string }).url);
    const replaced = await waitForMirror(
      user.uid,
      (doc) => doc?.stripe_subscription_id !== failed && doc?.subscription_status === 'active',
      'the new subscription',
    );
    await flushDeliveries();
    const live = await liveSubscriptionsOf(customerId);
    expect(live.map((sub) => [sub.id, sub.status])).toEqual([[replaced?.stripe_subscription_id, 'active']]);
    expect((await stripe.subscriptions.retrieve(failed)).status).toBe('canceled');
    expect(await readUserDoc(user.uid)).toMatchObject({ subscription_active: true, grace_period_end: null });
  });

  it('deleting the account during the grace period leaves no live subscription', async () => {
    const user = await createTestUser('grace-delete');
    const { customerId } = await failRenewal(user);
    const result = await callFunction('delete_account', { token: user.idToken, body: { userId: user.uid } });
    expect(result.status).toBe(200);
    await flushDeliveries();
    expect(await liveSubscriptionsOf(customerId)).toEqual([]);
    expect(await readDoc(`users/${user.uid}`)).toBeUndefined();
  });
});

describe('another subscription never ends a grace period', () => {
  async function checkoutUrl(user: TestUser): Promise<string> {
    const checkout = await callFunction('create_checkout_session', { token: user.idToken });
    expect(checkout.status).toBe(200);
    return (checkout.body as { url: string }).url;
  }

  it('keeps the deals when a resubscribe during the grace period is declined (new subscription incomplete)', async () => {
    const user = await createTestUser('grace-declined-resubscribe');
    const { subscriptionId: failed, customerId } = await failRenewal(user);
    const inGrace = await readUserDoc(user.uid);

    const url = await checkoutUrl(user);
    expect((await submitPayment(url, 'declined')).status).toBe(402);
    await flushDeliveries();
    // The declined attempt is a second live subscription, left incomplete (its events were delivered).
    const attempts = (await liveSubscriptionsOf(customerId)).filter((sub) => sub.id !== failed);
    expect(attempts.map((sub) => sub.status)).toEqual(['incomplete']);
    const attempt = attempts[0]?.id;

    const after = await readUserDoc(user.uid);
    expect(after).toMatchObject({
      stripe_subscription_id: failed,
      subscription_status: 'past_due',
      subscription_active: true,
      grace_period_end: inGrace?.grace_period_end,
    });
    expect(hasDealAccess(after, Date.now())).toBe(true);

    // Paying the attempt then replaces the failed subscription, as any paid resubscribe does.
    expect((await submitPayment(url)).status).toBe(303);
    await waitForMirror(
      user.uid,
      (doc) => doc?.stripe_subscription_id === attempt && doc?.subscription_status === 'active',
      'the paid attempt',
    );
  });

  it('keeps the replacing subscription’s grace period when the replaced one’s events arrive late', async () => {
    const user = await createTestUser('grace-late-replaced');
    // A: its checkout's invoice and checkout events are held back, its subscription events delivered.
    const paidA = await heldBack(async () => payCheckout(await checkoutUrl(user)));
    const lateA = paidA.filter((event) =>
      ['invoice.paid', 'checkout.session.completed'].includes(event.type),
    );
    expect(lateA.map((event) => event.type).sort()).toEqual(['checkout.session.completed', 'invoice.paid']);
    for (const event of paidA.filter((each) => !lateA.includes(each))) {
      expect((await deliverEvent(event)).status).toBe(200);
    }
    const a = (await waitForMirror(user.uid, (doc) => doc?.subscription_active === true, 'A'))
      ?.stripe_subscription_id;
    if (!a) throw new Error('A was not mirrored');
    // A's renewal fails; its invoice.payment_failed is held back too.
    const failedA = await heldBack(() => advanceSubscription(a, 'fails'));
    const lateFailure = failedA.filter((event) => event.type === 'invoice.payment_failed');
    expect(lateFailure).toHaveLength(1);
    for (const event of failedA.filter((each) => !lateFailure.includes(each))) {
      expect((await deliverEvent(event)).status).toBe(200);
    }
    await waitForMirror(user.uid, (doc) => doc?.subscription_status === 'past_due', 'A past_due');

    // B replaces A (A is canceled), then B's own renewal fails: B is inside its grace period.
    await payCheckout(await checkoutUrl(user));
    const b = (
      await waitForMirror(
        user.uid,
        (doc) => doc?.stripe_subscription_id !== a && doc?.subscription_status === 'active',
        'B',
      )
    )?.stripe_subscription_id;
    if (!b) throw new Error('B was not mirrored');
    await flushDeliveries();
    expect((await stripe.subscriptions.retrieve(a)).status).toBe('canceled');
    expect((await advanceSubscription(b, 'fails')).outcome).toBe('past_due');
    const inGrace = await waitForMirror(
      user.uid,
      (doc) => doc?.subscription_status === 'past_due',
      'B past_due',
    );
    await flushDeliveries();
    expect(inGrace).toMatchObject({
      stripe_subscription_id: b,
      subscription_active: true,
      grace_period_end: renewalStart(await stripe.subscriptions.retrieve(b)) + GRACE_SECONDS,
    });

    // A's late invoice.paid, checkout.session.completed and invoice.payment_failed arrive now.
    for (const event of [...lateA, ...lateFailure]) {
      const result = await deliverEvent(event);
      expect({ type: event.type, status: result.status, outcome: outcomeOf(result) }).toEqual({
        type: event.type,
        status: 200,
        outcome: 'skipped',
      });
    }
    const after = await readUserDoc(user.uid);
    expect(after).toMatchObject({
      stripe_subscription_id: b,
      subscription_status: 'past_due',
      subscription_active: true,
      grace_period_end: inGrace?.grace_period_end,
    });
    expect(hasDealAccess(after, Date.now())).toBe(true);
  });
});
