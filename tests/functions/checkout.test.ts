// create_checkout_session against the Stripe stand-in: the session it opens, double-clicks, and 409s.
import { closeAdmin, readDoc, testDb } from './support/admin';
import { APP_ORIGIN, STANDIN_URL, STRIPE_PRICE_ID } from './support/env';
import { callFunction, errorOf } from './support/http';
import { customersOfUid, payCheckout, sessionIdOf, sessionsOfUid, stripe } from './support/stripe';
import { createTestUser, type TestUser } from './support/users';
import { waitUntil } from '../../tools/wait-until';

afterAll(closeAdmin);

async function checkout(user: TestUser) {
  return callFunction('create_checkout_session', { token: user.idToken });
}

async function checkoutUrl(user: TestUser): Promise<string> {
  const result = await checkout(user);
  expect(result.status).toBe(200);
  return (result.body as { url: string }).url;
}

async function subscribe(user: TestUser): Promise<void> {
  await payCheckout(await checkoutUrl(user));
  await waitUntil(
    () => readDoc(`users/${user.uid}`),
    (doc) => doc?.subscription_active === true,
    {
      what: 'the subscription to be mirrored',
    },
  );
}

describe('create_checkout_session', () => {
  it('opens a subscription session for the configured price, returning to the app origin', async () => {
    const user = await createTestUser('checkout');
    const url = await checkoutUrl(user);
    expect(url.startsWith(`${STANDIN_URL}/checkout/cs_`)).toBe(true);

    const session = await stripe.checkout.sessions.retrieve(sessionIdOf(url), { expand: ['line_items'] });
    expect(session).toMatchObject({
      mode: 'subscription',
      status: 'open',
      client_reference_id: user.uid,
      success_url: `${APP_ORIGIN}/success`,
      cancel_url: `${APP_ORIGIN}/cancel`,
      metadata: { firebase_uid: user.uid },
    });
    expect(session.line_items?.data.map((item) => [item.price?.id, item.quantity])).toEqual([
      [STRIPE_PRICE_ID, 1],
    ]);

    // One customer, carrying the uid, stored on the user and in the server-only mapping.
    const customers = await customersOfUid(user.uid);
    expect(customers.map((customer) => customer.id)).toEqual([session.customer]);
    expect(await readDoc(`users/${user.uid}`)).toMatchObject({
      stripe_customer_id: session.customer,
      subscription_active: false,
      subscription_status: 'inactive',
    });
    expect(await readDoc(`stripe_customers/${String(session.customer)}`)).toMatchObject({ uid: user.uid });
  });

  it('creates one customer and one session for a double-click, and hands the open session out again', async () => {
    const user = await createTestUser('double-click');
    const results = await Promise.all([checkout(user), checkout(user), checkout(user)]);
    expect(results.map((result) => result.status)).toEqual([200, 200, 200]);
    const urls = new Set(results.map((result) => (result.body as { url: string }).url));
    expect(urls.size).toBe(1);

    const again = await checkoutUrl(user);
    expect(urls.has(again)).toBe(true);
    expect(await customersOfUid(user.uid)).toHaveLength(1);
    expect(await sessionsOfUid(user.uid)).toHaveLength(1);
  });

  it('answers 409 to a subscribed user instead of opening a second subscription', async () => {
    const user = await createTestUser('subscribed');
    await subscribe(user);

    const result = await checkout(user);
    expect(result.status).toBe(409);
    expect(errorOf(result)).toBe('You already have an active subscription');
    expect(await sessionsOfUid(user.uid)).toHaveLength(1);
  });

  it('asks Stripe when the mirror lags behind, and repairs the mirror', async () => {
    const user = await createTestUser('lagging');
    await subscribe(user);
    // As if the webhook had not arrived yet.
    await testDb()
      .doc(`users/${user.uid}`)
      .update({ subscription_active: false, subscription_status: 'inactive' });

    const result = await checkout(user);
    expect(result.status).toBe(409);
    expect(await sessionsOfUid(user.uid)).toHaveLength(1);
    expect(await readDoc(`users/${user.uid}`)).toMatchObject({
      subscription_active: true,
      subscription_status: 'active',
    });
  });

  it('answers 409 with a resume hint while a canceled subscription still runs', async () => {
    const user = await createTestUser('canceled-running');
    await subscribe(user);
    expect((await callFunction('cancel_subscription', { token: user.idToken })).status).toBe(200);

    const result = await checkout(user);
    expect(result.status).toBe(409);
    expect(errorOf(result)).toMatch(/resume it instead/);
  });
});
