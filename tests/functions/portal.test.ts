// create_portal_session against the Stripe stand-in: the portal session of the caller's own customer, the 409 for a
// user who never subscribed, and what the hosted portal page does (card update pays a past-due renewal).
import { closeAdmin, readDoc } from './support/admin';
import { advanceSubscription } from '../support/stripe-standin';
import { APP_ORIGIN, STANDIN_URL } from './support/env';
import { callFunction, errorOf } from './support/http';
import { choosePortalCard, customersOfUid, flushDeliveries, stripe } from './support/stripe';
import { subscribeThroughCheckout } from './support/subscribe';
import { createTestUser, type TestUser } from './support/users';
import { waitUntil } from '../../tools/wait-until';

afterAll(closeAdmin);

const NO_BILLING =
  'There is no billing to manage yet: subscribe first, then your card and invoices appear here';

async function portalUrl(user: TestUser): Promise<string> {
  const result = await callFunction('create_portal_session', { token: user.idToken });
  expect(result.status).toBe(200);
  return (result.body as { url: string }).url;
}

/** The portal session behind a portal URL, as the stand-in stored it. */
async function portalSessionOf(url: string): Promise<{ customer: string; return_url: string | null }> {
  const id = new URL(url).pathname.split('/')[2] ?? '';
  const state = (await (await fetch(`${STANDIN_URL}/_control/state`)).json()) as {
    portalSessions: Record<string, { customer: string; return_url: string | null }>;
  };
  const session = state.portalSessions[id];
  if (!session) throw new Error(`no portal session ${id}`);
  return session;
}

describe('create_portal_session', () => {
  it('opens the portal for the caller’s own customer, returning to the account page', async () => {
    const user = await createTestUser('portal');
    const { customerId } = await subscribeThroughCheckout(user);

    const url = await portalUrl(user);
    expect(url.startsWith(`${STANDIN_URL}/portal/bps_`)).toBe(true);
    expect(await portalSessionOf(url)).toMatchObject({
      customer: customerId,
      return_url: `${APP_ORIGIN}/account`,
    });

    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('VISA •••• 4242');
    expect(html).toMatch(/<a href="\/portal\/bps_\w+\/invoices\/in_\w+">/);
    expect(html).toContain(`href="${APP_ORIGIN}/account"`);
  });

  it('answers 409 with a clear message for a user who never subscribed, and creates no customer', async () => {
    const user = await createTestUser('portal-none');
    const result = await callFunction('create_portal_session', { token: user.idToken });
    expect(result.status).toBe(409);
    expect(errorOf(result)).toBe(NO_BILLING);
    expect(await customersOfUid(user.uid)).toEqual([]);
  });

  it('never opens another user’s customer: the request cannot name one', async () => {
    const owner = await createTestUser('portal-owner');
    const { customerId } = await subscribeThroughCheckout(owner);
    const intruder = await createTestUser('portal-intruder');

    const named = await callFunction('create_portal_session', {
      token: intruder.idToken,
      body: { customer: customerId },
    });
    expect(named.status).toBe(400);
    const plain = await callFunction('create_portal_session', { token: intruder.idToken });
    expect(plain.status).toBe(409);

    // The intruder's own portal, once subscribed, is a different customer's.
    const { customerId: intruderCustomer } = await subscribeThroughCheckout(intruder);
    expect((await portalSessionOf(await portalUrl(intruder))).customer).toBe(intruderCustomer);
    expect(intruderCustomer).not.toBe(customerId);
  });
});

describe('hosted portal page', () => {
  it('a failed renewal is paid by a working card, and a declining card leaves it past due', async () => {
    const user = await createTestUser('portal-card');
    const { subscriptionId } = await subscribeThroughCheckout(user);
    await advanceSubscription(subscriptionId, 'fails');
    await waitUntil(
      () => readDoc(`users/${user.uid}`),
      (doc) => doc?.subscription_status === 'past_due',
      { what: 'the past_due renewal to be mirrored' },
    );
    const url = await portalUrl(user);

    const declined = await choosePortalCard(url, 'declines');
    expect(declined.status).toBe(303);
    expect(declined.headers.get('location')).toMatch(/\?notice=card-declined$/);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('past_due');
    expect(await (await fetch(url)).text()).toContain('VISA •••• 0341');

    const paid = await choosePortalCard(url, 'succeeds');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(/\?notice=card-updated$/);
    const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
    expect(subscription.status).toBe('active');
    expect(subscription.latest_invoice).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_cycle',
    });
    await flushDeliveries();
    expect(await readDoc(`users/${user.uid}`)).toMatchObject({
      subscription_status: 'active',
      subscription_active: true,
    });
  });

  it('shows only the session customer’s invoices and 404s for unknown sessions', async () => {
    const first = await createTestUser('portal-inv-a');
    const second = await createTestUser('portal-inv-b');
    await subscribeThroughCheckout(first);
    const { subscriptionId } = await subscribeThroughCheckout(second);
    const other = await stripe.subscriptions.retrieve(subscriptionId);
    const url = await portalUrl(first);

    expect((await fetch(`${url}/invoices/${String(other.latest_invoice)}`)).status).toBe(404);
    expect((await fetch(`${STANDIN_URL}/portal/bps_unknown`)).status).toBe(404);
  });
});
