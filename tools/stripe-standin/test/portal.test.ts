// The customer portal: sessions through the official SDK, the hosted page, and what a card update does to a
// past-due renewal (the webhooks a real portal causes).
import Stripe from 'stripe';
import { paidCheckout, startHarness, subscriptionId, type Harness } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness.close();
});

async function pastDueSubscription(uid: string): Promise<{ subscription: string; customer: string }> {
  const { session, customer } = await paidCheckout(harness, uid);
  const completed = await harness.stripe.checkout.sessions.retrieve(session.id);
  const subscription = subscriptionId(completed);
  const advanced = await harness.control<{ outcome: string }>(
    'POST',
    `/_control/subscriptions/${subscription}/advance`,
    { payment: 'fails' },
  );
  expect(advanced.body.outcome).toBe('past_due');
  await harness.flushDeliveries();
  harness.receiver.events.length = 0;
  return { subscription, customer: customer.id };
}

async function postCard(url: string, card: string): Promise<Response> {
  return fetch(`${url}/payment-method`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card }).toString(),
    redirect: 'manual',
  });
}

const typesOf = (events: Stripe.Event[]) => events.map((event) => event.type);

describe('POST /v1/billing_portal/sessions', () => {
  it('creates a session with a hosted url for a known customer', async () => {
    const { customer } = await paidCheckout(harness, 'uid-portal-session');
    const session = await harness.stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://127.0.0.1:5000/account',
    });
    expect(session).toMatchObject({
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: 'http://127.0.0.1:5000/account',
      livemode: false,
    });
    expect(session.url).toBe(`${harness.standin.url}/portal/${session.id}`);
  });

  it('shows the checkout card for a fixture subscriber and none for a customer who never paid', async () => {
    const fixture = await harness.control('POST', '/_control/fixtures/subscription', {
      customer: { id: 'cus_portal_fixture', email: 'fixture@bargains.test', metadata: {} },
      subscription: {
        id: 'sub_portal_fixture',
        status: 'active',
        current_period_start: 1_780_000_000,
        current_period_end: 1_782_592_000,
      },
    });
    expect(fixture.status).toBe(200);
    const { url } = await harness.stripe.billingPortal.sessions.create({ customer: 'cus_portal_fixture' });
    expect(await (await fetch(url)).text()).toContain('VISA •••• 4242');

    const unpaid = await harness.stripe.customers.create({ email: 'new@bargains.test' });
    const page = await fetch(
      (await harness.stripe.billingPortal.sessions.create({ customer: unpaid.id })).url,
    );
    const html = await page.text();
    expect(html).toContain('No payment method on file.');
    expect(html).toContain('No invoices yet.');
  });

  it('rejects an unknown customer and a missing one like Stripe', async () => {
    await expect(
      harness.stripe.billingPortal.sessions.create({ customer: 'cus_nobody' }),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'customer',
    });
    await expect(
      harness.stripe.billingPortal.sessions.create({} as Stripe.BillingPortal.SessionCreateParams),
    ).rejects.toMatchObject({ statusCode: 400, param: 'customer' });
  });
});

describe('hosted portal page', () => {
  it('a declining card fails the open renewal again; a working card pays it and reactivates', async () => {
    const { subscription, customer } = await pastDueSubscription('uid-portal-card');
    const { url } = await harness.stripe.billingPortal.sessions.create({ customer });

    const declined = await postCard(url, 'declines');
    expect(declined.status).toBe(303);
    await harness.flushDeliveries();
    expect(typesOf(harness.receiver.events)).toEqual(['customer.updated', 'invoice.payment_failed']);
    expect((await harness.stripe.subscriptions.retrieve(subscription)).status).toBe('past_due');
    harness.receiver.events.length = 0;

    const paid = await postCard(url, 'succeeds');
    expect(paid.status).toBe(303);
    await harness.flushDeliveries();
    expect(typesOf(harness.receiver.events)).toEqual([
      'customer.updated',
      'invoice.paid',
      'customer.subscription.updated',
    ]);
    const updated = harness.receiver.events[2]?.data;
    expect(updated?.object).toMatchObject({ id: subscription, status: 'active' });
    expect(updated?.previous_attributes).toEqual({ status: 'past_due' });

    const page = await (await fetch(url)).text();
    expect(page).toContain('VISA •••• 4242');
    expect(page).toMatch(/class="status active">active</);
  });

  it('a card update with nothing past due only changes the default card', async () => {
    const { customer } = await paidCheckout(harness, 'uid-portal-plain');
    await harness.flushDeliveries();
    harness.receiver.events.length = 0;
    const { url } = await harness.stripe.billingPortal.sessions.create({ customer: customer.id });
    expect((await postCard(url, 'declines')).headers.get('location')).toMatch(/notice=card-updated$/);
    await harness.flushDeliveries();
    expect(typesOf(harness.receiver.events)).toEqual(['customer.updated']);
    const stored = await harness.stripe.customers.retrieve(customer.id);
    expect((stored as Stripe.Customer).invoice_settings.default_payment_method).toMatch(/^pm_/);
  });

  it('lists the customer’s invoices with a page each, and refuses other customers’ invoices', async () => {
    const mine = await pastDueSubscription('uid-portal-invoices');
    const theirs = await paidCheckout(harness, 'uid-portal-other');
    const { url } = await harness.stripe.billingPortal.sessions.create({ customer: mine.customer });
    const page = await (await fetch(url)).text();
    const links = [...page.matchAll(/href="(\/portal\/[^"]+\/invoices\/(in_\w+))"/g)];
    expect(links).toHaveLength(2);
    const invoice = await fetch(`${harness.standin.url}${links[0]?.[1] ?? ''}`);
    expect(invoice.status).toBe(200);
    expect(await invoice.text()).toContain('$2.00');

    const theirSubscription = await harness.stripe.subscriptions.retrieve(
      subscriptionId(await harness.stripe.checkout.sessions.retrieve(theirs.session.id)),
    );
    expect((await fetch(`${url}/invoices/${String(theirSubscription.latest_invoice)}`)).status).toBe(404);
    expect((await fetch(`${harness.standin.url}/portal/bps_missing`)).status).toBe(404);
    expect((await fetch(`${url}/payment-method`)).status).toBe(405);
  });
});
