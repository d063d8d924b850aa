// The billing defects an outside attack run found, each reproduced at the level it happens: HTTP
// against the Functions emulator, with the Stripe stand-in as Stripe. Also: revoked sessions on delete_account, a
// customer Stripe no longer has, and a declined first payment.
import { randomUUID } from 'node:crypto';
import { closeAdmin, readDoc, testAuth, testDb } from './support/admin';
import { advanceSubscription } from '../support/stripe-standin';
import { APP_ORIGIN, STRIPE_PRICE_ID } from './support/env';
import { fakeId, linkCustomer, subscriptionEvent } from './support/events';
import { callFunction } from './support/http';
import {
  customersOfUid,
  deliverEvent,
  flushDeliveries,
  liveSubscriptionsOf,
  refundsOfSubscription,
  sessionIdOf,
  setStandinModes,
  standinEvents,
  stripe,
  submitPayment,
} from './support/stripe';
import { subscribeThroughCheckout } from './support/subscribe';
import { createTestUser, type TestUser } from './support/users';
import { waitUntil } from '../../tools/wait-until';

afterAll(closeAdmin);

const nowSeconds = () => Math.floor(Date.now() / 1000);
const userDoc = (uid: string) => readDoc(`users/${uid}`);
const outcomeOf = (result: { body: unknown }) => (result.body as { outcome?: string }).outcome;

async function checkoutUrl(user: TestUser): Promise<string> {
  const result = await callFunction('create_checkout_session', { token: user.idToken });
  expect(result.status).toBe(200);
  return (result.body as { url: string }).url;
}

/** A session opened for the customer outside the app (what a race between two tabs can leave payable). */
async function sessionOutsideTheApp(customerId: string, uid: string): Promise<string> {
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customerId,
    client_reference_id: uid,
    line_items: [{ price: STRIPE_PRICE_ID, quantity: 1 }],
    success_url: `${APP_ORIGIN}/success`,
    cancel_url: `${APP_ORIGIN}/cancel`,
    metadata: { firebase_uid: uid },
    subscription_data: { metadata: { firebase_uid: uid } },
  });
  return String(session.url);
}

const subscriptionOfSession = async (url: string): Promise<string> =>
  String((await stripe.checkout.sessions.retrieve(sessionIdOf(url))).subscription);

const waitForStatus = (subscriptionId: string, status: string) =>
  waitUntil(
    async () => (await stripe.subscriptions.retrieve(subscriptionId)).status,
    (current) => current === status,
    { what: `subscription ${subscriptionId} to be ${status}`, timeoutMs: 20_000 },
  );

describe('defect 1: a deleted account is never billed', () => {
  it('expires the open checkout on delete_account, so the page can no longer be paid', async () => {
    const user = await createTestUser('deleted-billed');
    const url = await checkoutUrl(user);
    const [customer] = await customersOfUid(user.uid);
    const deleted = await callFunction('delete_account', { token: user.idToken, body: { userId: user.uid } });
    expect(deleted.status).toBe(200);

    expect((await submitPayment(url)).status).toBe(410);
    expect(await liveSubscriptionsOf(String(customer?.id))).toEqual([]);
  });

  it('cancels and refunds a subscription that still becomes live for a deleted account', async () => {
    const user = await createTestUser('deleted-paid');
    await checkoutUrl(user);
    const [customer] = await customersOfUid(user.uid);
    const customerId = String(customer?.id);
    expect(
      (await callFunction('delete_account', { token: user.idToken, body: { userId: user.uid } })).status,
    ).toBe(200);

    const url = await sessionOutsideTheApp(customerId, user.uid);
    expect((await submitPayment(url)).status).toBe(303);
    const subscriptionId = await subscriptionOfSession(url);
    await waitForStatus(subscriptionId, 'canceled');
    await flushDeliveries();
    expect(await refundsOfSubscription(subscriptionId)).toEqual([expect.objectContaining({ amount: 200 })]);
    expect(await liveSubscriptionsOf(customerId)).toEqual([]);
    expect(await userDoc(user.uid)).toBeUndefined();
  });
});

describe('defect 2: at most one live subscription per user', () => {
  it('expires the previous session before issuing a new one near the end of the reuse window', async () => {
    const user = await createTestUser('two-tabs');
    const first = await checkoutUrl(user);
    const [customer] = await customersOfUid(user.uid);
    const customerId = String(customer?.id);
    // The app re-uses a session until 5 minutes before it expires: move the first one into that last stretch.
    await testDb()
      .doc(`stripe_customers/${customerId}`)
      .update({ 'checkout.expires_at': nowSeconds() + 4 * 60 });
    const second = await checkoutUrl(user);
    expect(second).not.toBe(first);

    expect((await submitPayment(first)).status).toBe(410);
    expect((await submitPayment(second)).status).toBe(303);
    await waitUntil(
      () => userDoc(user.uid),
      (doc) => doc?.subscription_active === true,
      { what: 'the subscription' },
    );
    await flushDeliveries();
    expect((await liveSubscriptionsOf(customerId)).map((sub) => sub.id)).toEqual([
      await subscriptionOfSession(second),
    ]);
  });

  it('cancels and refunds a second access-granting subscription, keeping the first one mirrored', async () => {
    const user = await createTestUser('second-sub');
    const { subscriptionId, customerId } = await subscribeThroughCheckout(user);

    const url = await sessionOutsideTheApp(customerId, user.uid);
    expect((await submitPayment(url)).status).toBe(303);
    const second = await subscriptionOfSession(url);
    await waitForStatus(second, 'canceled');
    await flushDeliveries();
    expect(await refundsOfSubscription(second)).toEqual([expect.objectContaining({ amount: 200 })]);
    expect((await liveSubscriptionsOf(customerId)).map((sub) => sub.id)).toEqual([subscriptionId]);
    expect(await userDoc(user.uid)).toMatchObject({
      subscription_active: true,
      stripe_subscription_id: subscriptionId,
    });

    // Cancel in the app now stops the only subscription there is.
    expect((await callFunction('cancel_subscription', { token: user.idToken })).status).toBe(200);
    const [remaining] = await liveSubscriptionsOf(customerId);
    expect(remaining).toMatchObject({ id: subscriptionId, cancel_at_period_end: true });
  });
});

describe('defect 3: a late event never brings back access Stripe does not give', () => {
  it('keeps the ordering guard after the user deleted users/{uid}', async () => {
    const uid = `late-${randomUUID()}`;
    const ids = { uid, customerId: fakeId('cus'), subscriptionId: fakeId('sub') };
    await linkCustomer(ids.customerId, uid);
    const t = nowSeconds() - 100;
    const base = { ...ids, cancelAtPeriodEnd: false, currentPeriodEnd: t + 30 * 24 * 3600 };
    // The first delivery of `created` failed; the subscription then ended.
    const created = subscriptionEvent({
      ...base,
      type: 'customer.subscription.created',
      status: 'active',
      created: t,
    });
    const deleted = subscriptionEvent({
      ...base,
      type: 'customer.subscription.deleted',
      status: 'canceled',
      created: t + 10,
    });
    expect(outcomeOf(await deliverEvent(deleted))).toBe('applied');
    // Firestore rules let the user delete their own document (the delete-account flow does it first).
    await testDb().doc(`users/${uid}`).delete();

    const late = await deliverEvent(created);
    expect(late.status).toBe(200);
    expect(outcomeOf(late)).toBe('skipped');
    expect(await userDoc(uid)).toBeUndefined();
  });
});

describe('defect 4: concurrent duplicates of checkout.session.completed', () => {
  it('answers 200 to every copy and cancels the replaced unpaid subscription once', async () => {
    const user = await createTestUser('dup-completed');
    const { subscriptionId: unpaid, customerId } = await subscribeThroughCheckout(user);
    expect((await advanceSubscription(unpaid, 'fails')).outcome).toBe('past_due');
    await waitUntil(
      () => userDoc(user.uid),
      (doc) => doc?.subscription_status === 'past_due',
      { what: 'the failed renewal' },
    );
    await flushDeliveries();

    // Hold the new checkout's events back, to deliver them here as copies racing each other.
    const previousModes = await setStandinModes({ delivery: 'manual' });
    let fresh: Awaited<ReturnType<typeof standinEvents>>;
    try {
      const url = await checkoutUrl(user);
      const known = new Set((await standinEvents()).map((event) => event.id));
      expect((await submitPayment(url)).status).toBe(303);
      fresh = (await standinEvents()).filter((event) => !known.has(event.id));
    } finally {
      await setStandinModes({ delivery: previousModes.delivery });
    }
    const completed = fresh.find((event) => event.type === 'checkout.session.completed');
    const others = fresh.filter((event) => event !== completed);
    expect(completed).toBeDefined();

    // Stripe's API latency (here 1 s per call) keeps the copies in flight together, as in production.
    await setStandinModes({ api_latency_ms: 1000 });
    let copies: Awaited<ReturnType<typeof deliverEvent>>[];
    try {
      copies = await Promise.all(Array.from({ length: 6 }, () => deliverEvent(completed)));
    } finally {
      await setStandinModes({ api_latency_ms: previousModes.api_latency_ms });
    }
    expect(copies.map((copy) => copy.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(copies.map(outcomeOf).filter((outcome) => outcome === 'applied')).toHaveLength(1);
    for (const event of others) expect((await deliverEvent(event)).status).toBe(200);

    expect((await stripe.subscriptions.retrieve(unpaid)).status).toBe('canceled');
    expect((await liveSubscriptionsOf(customerId)).map((sub) => sub.status)).toEqual(['active']);
    expect(await userDoc(user.uid)).toMatchObject({
      subscription_active: true,
      subscription_status: 'active',
    });
  });
});

describe('also fixed', () => {
  it('delete_account refuses a revoked session and changes nothing', async () => {
    const user = await createTestUser('revoked');
    // Revocation is recorded in whole seconds: revoke in a later second than the token was issued.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await testAuth().revokeRefreshTokens(user.uid);
    const result = await callFunction('delete_account', { token: user.idToken, body: { userId: user.uid } });
    expect(result.status).toBe(401);
    expect((await testAuth().getUser(user.uid)).uid).toBe(user.uid);
  });

  it('replaces a mapped customer that Stripe no longer has, instead of answering 500', async () => {
    const user = await createTestUser('gone-customer');
    const gone = fakeId('cus');
    await linkCustomer(gone, user.uid);
    await testDb()
      .doc(`users/${user.uid}`)
      .set({ subscription_active: false, subscription_status: 'inactive', stripe_customer_id: gone });

    const url = await checkoutUrl(user);
    const session = await stripe.checkout.sessions.retrieve(sessionIdOf(url));
    const customers = await customersOfUid(user.uid);
    expect(customers.map((customer) => customer.id)).toEqual([session.customer]);
    expect(session.customer).not.toBe(gone);
    expect(await readDoc(`stripe_customers/${gone}`)).toBeUndefined();
    expect(await readDoc(`stripe_customers/${String(session.customer)}`)).toMatchObject({ uid: user.uid });
  });

  it('mirrors a declined first payment as incomplete (no access), then the paid retry as active', async () => {
    const user = await createTestUser('declined');
    const url = await checkoutUrl(user);
    expect((await submitPayment(url, 'declined')).status).toBe(402);
    await waitUntil(
      () => userDoc(user.uid),
      (doc) => doc?.subscription_status === 'incomplete',
      { what: 'the incomplete subscription' },
    );
    expect(await userDoc(user.uid)).toMatchObject({ subscription_active: false });
    expect((await submitPayment(url)).status).toBe(303);
    await waitUntil(
      () => userDoc(user.uid),
      (doc) => doc?.subscription_active === true,
      { what: 'the paid retry' },
    );
  });
});
