// A test user subscribes the way the web app does: a checkout session, Pay on the stand-in's hosted page, and the
// webhook mirroring the subscription onto users/{uid}.
import { readDoc } from './admin';
import { callFunction } from './http';
import { choosePortalCard, flushDeliveries, payCheckout } from './stripe';
import { createTestUser, type TestUser } from './users';
import { waitUntil } from '../../../tools/wait-until';

/** Subscribes `user` and returns the Stripe ids mirrored onto its user document. */
export async function subscribeThroughCheckout(
  user: TestUser,
): Promise<{ subscriptionId: string; customerId: string }> {
  const checkout = await callFunction('create_checkout_session', { token: user.idToken });
  await payCheckout((checkout.body as { url: string }).url);
  const doc = await waitUntil(
    () => readDoc(`users/${user.uid}`),
    (value) => value?.subscription_active === true,
    { what: 'the subscription' },
  );
  return { subscriptionId: String(doc?.stripe_subscription_id), customerId: String(doc?.stripe_customer_id) };
}

/**
 * A new test user (`label`) subscribed through checkout, with every event of that checkout delivered: a quiet start
 * for tests that then hold back, reorder or replay the events of what happens next.
 */
export async function settledSubscriber(
  label: string,
): Promise<{ user: TestUser; subscriptionId: string; customerId: string }> {
  const user = await createTestUser(label);
  const ids = await subscribeThroughCheckout(user);
  await flushDeliveries();
  return { user, ...ids };
}

/** Switches `user`'s card the way the account page does: a portal session, then a card picked on its page. */
export async function updateCardOnPortal(user: TestUser, card: 'succeeds' | 'declines'): Promise<void> {
  const portal = await callFunction('create_portal_session', { token: user.idToken });
  expect(portal.status).toBe(200);
  const response = await choosePortalCard((portal.body as { url: string }).url, card);
  expect(response.status).toBe(303);
}
