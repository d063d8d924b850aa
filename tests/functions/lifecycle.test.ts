// The whole subscription life through the Stripe stand-in: hosted checkout, cancel, resume, period end,
// renewals and a failed renewal — every state change arriving by signed webhook.
import { hasDealAccess, parseUser } from '@bargains/model/user';
import { advanceSubscription, standinApiCallCount } from '../support/stripe-standin';
import { closeAdmin, readDoc } from './support/admin';
import { APP_ORIGIN } from './support/env';
import { callFunction, errorOf } from './support/http';
import { flushDeliveries, payCheckout, stripe } from './support/stripe';
import { createTestUser, type TestUser } from './support/users';
import { waitUntil } from '../../tools/wait-until';

afterAll(closeAdmin);

const userDoc = (uid: string) => readDoc(`users/${uid}`);

async function status(user: TestUser) {
  const result = await callFunction('get_subscription_status', { method: 'GET', token: user.idToken });
  expect(result.status).toBe(200);
  return result.body as { status: string | null; current_period_end: number | null };
}

/** `replacing`: a subscription still mirrored as active (a past_due one in its grace period) that this one replaces. */
async function subscribe(user: TestUser, replacing?: string): Promise<string> {
  const checkout = await callFunction('create_checkout_session', { token: user.idToken });
  expect(checkout.status).toBe(200);
  const url = (checkout.body as { url: string }).url;
  expect(await payCheckout(url)).toBe(`${APP_ORIGIN}/success`);
  const doc = await waitUntil(
    () => userDoc(user.uid),
    (value) => value?.subscription_active === true && value.stripe_subscription_id !== replacing,
    { what: 'the paid subscription to be mirrored' },
  );
  return String(doc?.stripe_subscription_id);
}

describe('subscription lifecycle', () => {
  it('checkout → active → cancel → resume → cancel → period end → resubscribe', async () => {
    const user = await createTestUser('lifecycle');
    expect(await status(user)).toEqual({ status: null, current_period_end: null });

    const subscriptionId = await subscribe(user);
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const periodEnd = subscription.items.data[0]?.current_period_end;
    expect(subscription.metadata.firebase_uid).toBe(user.uid);
    expect(await userDoc(user.uid)).toMatchObject({
      subscription_active: true,
      subscription_status: 'active',
      current_period_end: periodEnd,
      cancel_at_period_end: false,
    });
    // The status is read from the user's document: asking for it never calls Stripe.
    await flushDeliveries();
    const stripeCallsBefore = await standinApiCallCount();
    expect(await status(user)).toEqual({ status: 'active', current_period_end: periodEnd });
    expect(await standinApiCallCount()).toBe(stripeCallsBefore);

    // Cancel: access lasts to the end of the paid period.
    const canceled = await callFunction('cancel_subscription', { token: user.idToken });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toEqual({ status: 'canceled', current_period_end: periodEnd });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(true);
    expect(await status(user)).toEqual({ status: 'canceled', current_period_end: periodEnd });
    await flushDeliveries();
    expect(await userDoc(user.uid)).toMatchObject({ subscription_active: true, cancel_at_period_end: true });
    const again = await callFunction('cancel_subscription', { token: user.idToken });
    expect(again.status).toBe(409);
    expect(errorOf(again)).toBe('Only an active subscription can be canceled');

    // Resume: the same subscription, no new checkout.
    const resumed = await callFunction('resume_subscription', { token: user.idToken });
    expect(resumed.status).toBe(200);
    expect(resumed.body).toEqual({ status: 'active', current_period_end: periodEnd });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(false);
    await flushDeliveries();
    expect(await status(user)).toEqual({ status: 'active', current_period_end: periodEnd });
    const resumeAgain = await callFunction('resume_subscription', { token: user.idToken });
    expect(resumeAgain.status).toBe(409);
    expect(errorOf(resumeAgain)).toBe('Your subscription is already active');

    // Cancel again and let the period end.
    expect((await callFunction('cancel_subscription', { token: user.idToken })).status).toBe(200);
    expect((await advanceSubscription(subscriptionId)).outcome).toBe('canceled');
    await waitUntil(
      () => userDoc(user.uid),
      (doc) => doc?.subscription_active === false,
      { what: 'the period end' },
    );
    expect(await userDoc(user.uid)).toMatchObject({
      subscription_status: 'canceled',
      stripe_subscription_id: subscriptionId,
    });
    expect(await status(user)).toEqual({ status: 'canceled', current_period_end: periodEnd });

    // Nothing left to resume: the web app starts a new checkout, which works.
    const nothing = await callFunction('resume_subscription', { token: user.idToken });
    expect(nothing.status).toBe(409);
    expect(errorOf(nothing)).toMatch(/start a new checkout/);
    const secondSubscription = await subscribe(user);
    expect(secondSubscription).not.toBe(subscriptionId);
    expect(await status(user)).toMatchObject({ status: 'active' });
  });

  it('renewals move the period end; a failed renewal turns past_due with a grace period, then may be replaced', async () => {
    const user = await createTestUser('renewal');
    const subscriptionId = await subscribe(user);
    const firstEnd = Number((await userDoc(user.uid))?.current_period_end);

    expect((await advanceSubscription(subscriptionId, 'succeeds')).outcome).toBe('renewed');
    const renewed = await waitUntil(
      () => userDoc(user.uid),
      (doc) => Number(doc?.current_period_end) > firstEnd,
      { what: 'the renewal' },
    );
    expect(renewed).toMatchObject({ subscription_active: true, subscription_status: 'active' });

    expect((await advanceSubscription(subscriptionId, 'fails')).outcome).toBe('past_due');
    const pastDue = await waitUntil(
      () => userDoc(user.uid),
      (doc) => doc?.subscription_status === 'past_due',
      { what: 'the failed renewal' },
    );
    // The deals stay for the grace period (7 days from the failed renewal, the new period's start), then lock.
    const renewal = await stripe.subscriptions.retrieve(subscriptionId);
    const graceEnd = Number(renewal.items.data[0]?.current_period_start) + 7 * 24 * 3600;
    expect(pastDue).toMatchObject({ subscription_active: true, grace_period_end: graceEnd });
    expect(hasDealAccess(parseUser(user.uid, pastDue), graceEnd * 1000 - 1)).toBe(true);
    expect(hasDealAccess(parseUser(user.uid, pastDue), graceEnd * 1000)).toBe(false);
    expect(await status(user)).toMatchObject({ status: 'past_due' });
    const cancel = await callFunction('cancel_subscription', { token: user.idToken });
    expect(cancel.status).toBe(409);

    // Subscribing again replaces the unpaid subscription: Stripe must not keep retrying the old one.
    const replacement = await subscribe(user, subscriptionId);
    expect(replacement).not.toBe(subscriptionId);
    // The webhook cancels it after mirroring the replacement; its answer (hence the flush) waits for that.
    await flushDeliveries();
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    expect(await userDoc(user.uid)).toMatchObject({
      subscription_active: true,
      subscription_status: 'active',
      stripe_subscription_id: replacement,
    });
  });
});
