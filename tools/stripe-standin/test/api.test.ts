import Stripe from 'stripe';
import { PRICE_ID, SECRET_KEY, startHarness, stripeClient, type Harness } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness.close();
});

describe('customers', () => {
  it('creates, retrieves and updates a customer with metadata', async () => {
    const created = await harness.stripe.customers.create({
      email: 'ada@example.com',
      metadata: { firebase_uid: 'uid-ada' },
    });
    expect(created.id).toMatch(/^cus_[A-Za-z0-9]+$/);
    expect(created).toMatchObject({ object: 'customer', email: 'ada@example.com', livemode: false });
    expect(created.metadata).toEqual({ firebase_uid: 'uid-ada' });

    const updated = await harness.stripe.customers.update(created.id, { metadata: { plan: 'premium' } });
    expect(updated.metadata).toEqual({ firebase_uid: 'uid-ada', plan: 'premium' });

    const cleared = await harness.stripe.customers.update(created.id, { metadata: { plan: '' } });
    expect(cleared.metadata).toEqual({ firebase_uid: 'uid-ada' });

    const fetched = await harness.stripe.customers.retrieve(created.id);
    expect(fetched).toEqual(expect.objectContaining({ id: created.id, email: 'ada@example.com' }));
  });

  it('replays an idempotent request with the stored response and the Idempotent-Replayed header', async () => {
    const params = { email: 'grace@example.com', metadata: { firebase_uid: 'uid-grace' } };
    const first = await harness.stripe.customers.create(params, { idempotencyKey: 'create-grace' });
    const second = await harness.stripe.customers.create(params, { idempotencyKey: 'create-grace' });

    expect(second.id).toBe(first.id);
    expect(first.lastResponse.headers['idempotent-replayed']).toBeUndefined();
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
    const state = await harness.control<{ customers: Record<string, unknown> }>('GET', '/_control/state');
    const graces = Object.values(state.body.customers).filter(
      (customer) => (customer as Stripe.Customer).email === 'grace@example.com',
    );
    expect(graces).toHaveLength(1);
  });

  it('rejects reusing an idempotency key with different parameters', async () => {
    await harness.stripe.customers.create({ email: 'one@example.com' }, { idempotencyKey: 'shared-key' });
    const reuse = harness.stripe.customers.create(
      { email: 'two@example.com' },
      { idempotencyKey: 'shared-key' },
    );
    await expect(reuse).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    await expect(reuse).rejects.toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
  });

  it('answers 404 resource_missing for an unknown customer', async () => {
    await expect(harness.stripe.customers.retrieve('cus_doesnotexist')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such customer: 'cus_doesnotexist'",
    });
  });

  it('rejects unknown parameters and invalid values like Stripe', async () => {
    const unknown = harness.stripe.customers.create({
      email: 'x@example.com',
      colour: 'blue',
    } as Stripe.CustomerCreateParams);
    await expect(unknown).rejects.toMatchObject({
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'colour',
    });
    await expect(harness.stripe.customers.create({ email: 'not-an-email' })).rejects.toMatchObject({
      statusCode: 400,
      param: 'email',
    });
  });
});

describe('authentication', () => {
  it('rejects a wrong secret key with 401 and the SDK authentication error', async () => {
    const wrongKey = stripeClient(harness.standin.port, 'sk_test_wrong_key_123456');
    const attempt = wrongKey.customers.create({ email: 'mallory@example.com' });
    await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(attempt).rejects.toMatchObject({ statusCode: 401 });
  });

  it('rejects a request without an API key', async () => {
    const response = await fetch(`${harness.standin.url}/v1/customers`, { method: 'POST' });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toContain('You did not provide an API key');
  });
});

describe('prices and checkout sessions', () => {
  it('serves the seeded $2.00 monthly price', async () => {
    const price = await harness.stripe.prices.retrieve(PRICE_ID);
    expect(price).toMatchObject({
      id: PRICE_ID,
      object: 'price',
      unit_amount: 200,
      currency: 'usd',
      product: 'prod_bargains_premium',
      recurring: expect.objectContaining({ interval: 'month', interval_count: 1 }),
    });
  });

  it('rejects a checkout session for an unknown price with 400 resource_missing and the param', async () => {
    const attempt = harness.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: 'price_nope', quantity: 1 }],
      success_url: 'http://127.0.0.1:5000/success',
    });
    await expect(attempt).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(attempt).rejects.toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'line_items[0][price]',
    });
  });

  it('rejects modes other than subscription and a missing mode', async () => {
    await expect(
      harness.stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ price: PRICE_ID, quantity: 1 }],
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'mode' });
    await expect(
      harness.stripe.checkout.sessions.create({ line_items: [{ price: PRICE_ID, quantity: 1 }] }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'mode' });
  });

  it('rejects a session for an unknown customer', async () => {
    await expect(
      harness.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: 'cus_missing',
        line_items: [{ price: PRICE_ID, quantity: 1 }],
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });
  });

  it('creates an open session whose url is the hosted checkout page', async () => {
    const session = await harness.stripe.checkout.sessions.create({
      mode: 'subscription',
      client_reference_id: 'uid-linus',
      customer_email: 'linus@example.com',
      line_items: [{ price: PRICE_ID, quantity: 1 }],
      success_url: 'http://127.0.0.1:5000/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://127.0.0.1:5000/cancel',
      metadata: { firebase_uid: 'uid-linus' },
    });
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]+$/);
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 200,
      currency: 'usd',
      subscription: null,
      client_reference_id: 'uid-linus',
      metadata: { firebase_uid: 'uid-linus' },
      url: `${harness.standin.url}/checkout/${session.id}`,
    });
    const fetched = await harness.stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] });
    expect(fetched.line_items?.data[0]).toMatchObject({
      amount_total: 200,
      quantity: 1,
      price: { id: PRICE_ID },
    });
  });
});

describe('routing', () => {
  it('answers unknown routes with a 404 Stripe error envelope', async () => {
    const response = await fetch(`${harness.standin.url}/v1/charges`, {
      headers: { Authorization: `Bearer ${SECRET_KEY}` },
    });
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { type: string; code: string; message: string } };
    expect(body.error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });
    expect(body.error.message).toContain('Unrecognized request URL (GET: /v1/charges)');
  });
});

describe('stats', () => {
  it('counts Stripe API calls per templated endpoint, and never control calls', async () => {
    await harness.control('POST', '/_control/stats/reset');
    const customer = await harness.stripe.customers.create({ email: 'stats@example.com' });
    await harness.stripe.customers.retrieve(customer.id);
    await harness.stripe.customers.retrieve(customer.id);
    await harness.stripe.prices.retrieve(PRICE_ID);
    await harness.control('GET', '/_control/health');
    await harness.control('GET', '/_control/state');

    const stats = await harness.control<{ total: number; endpoints: Record<string, number> }>(
      'GET',
      '/_control/stats',
    );
    expect(stats.body).toMatchObject({
      total: 4,
      endpoints: { 'POST /v1/customers': 1, 'GET /v1/customers/:id': 2, 'GET /v1/prices/:id': 1 },
    });

    await harness.control('POST', '/_control/stats/reset');
    const reset = await harness.control<{ total: number }>('GET', '/_control/stats');
    expect(reset.body.total).toBe(0);
  });
});
