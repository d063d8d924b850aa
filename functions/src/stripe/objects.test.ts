import { parseStripeEvent, StripePayloadError, toSubscriptionSnapshot } from './objects';

const subscription = (overrides: Record<string, unknown> = {}) => ({
  object: 'subscription',
  id: 'sub_1',
  customer: 'cus_1',
  status: 'active',
  cancel_at_period_end: false,
  items: { object: 'list', data: [{ current_period_end: 1_800_000_000 }] },
  metadata: { firebase_uid: 'uid_1' },
  ...overrides,
});

const event = (type: string, object: unknown) => ({
  id: 'evt_1',
  object: 'event',
  type,
  created: 1700,
  data: { object },
});

describe('toSubscriptionSnapshot', () => {
  it('reads the default payment method: a bare id, or the expanded card', () => {
    expect(toSubscriptionSnapshot(subscription({ default_payment_method: 'pm_1' })).paymentMethod).toEqual({
      id: 'pm_1',
      card: null,
      expanded: false,
    });
    const expanded = {
      object: 'payment_method',
      id: 'pm_1',
      type: 'card',
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
    };
    expect(toSubscriptionSnapshot(subscription({ default_payment_method: expanded })).paymentMethod).toEqual({
      id: 'pm_1',
      card: { brand: 'visa', last4: '4242' },
      expanded: true,
    });
    const sepa = { object: 'payment_method', id: 'pm_2', type: 'sepa_debit', card: null };
    expect(toSubscriptionSnapshot(subscription({ default_payment_method: sepa })).paymentMethod).toEqual({
      id: 'pm_2',
      card: null,
      expanded: true,
    });
  });

  it('rejects a card whose last 4 are not 4 digits', () => {
    const bad = { object: 'payment_method', id: 'pm_1', card: { brand: 'visa', last4: '42' } };
    expect(() => toSubscriptionSnapshot(subscription({ default_payment_method: bad }))).toThrow(
      StripePayloadError,
    );
  });

  it('reads the period end from the items and the uid from metadata', () => {
    expect(
      toSubscriptionSnapshot(
        subscription({
          items: { data: [{ current_period_end: 10 }, { current_period_end: 30 }] },
          customer: { id: 'cus_x' },
        }),
      ),
    ).toEqual({
      id: 'sub_1',
      customerId: 'cus_x',
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: 30,
      currentPeriodStart: null,
      renewal: null,
      firebaseUid: 'uid_1',
      created: null,
      paymentMethod: null,
    });
    expect(toSubscriptionSnapshot(subscription({ items: { data: [] }, metadata: null }))).toMatchObject({
      currentPeriodEnd: null,
      firebaseUid: null,
    });
  });

  it('reads the period start and what a renewal charges (price × quantity) from the items', () => {
    const price = { unit_amount: 200, currency: 'usd' };
    expect(
      toSubscriptionSnapshot(
        subscription({
          items: {
            data: [
              { current_period_start: 5, current_period_end: 10, quantity: 2, price },
              { current_period_start: 7, current_period_end: 12, price },
            ],
          },
        }),
      ),
    ).toMatchObject({ currentPeriodStart: 7, renewal: { amount: 600, currency: 'usd' } });
    const mixed = [
      { current_period_end: 10, price },
      { current_period_end: 10, price: { unit_amount: 100, currency: 'eur' } },
    ];
    expect(toSubscriptionSnapshot(subscription({ items: { data: mixed } })).renewal).toBeNull();
    const metered = [{ current_period_end: 10, price: { unit_amount: null, currency: 'usd' } }];
    expect(toSubscriptionSnapshot(subscription({ items: { data: metered } })).renewal).toBeNull();
    const bare = [{ current_period_end: 10, price: { id: 'price_1', object: 'price' } }];
    expect(toSubscriptionSnapshot(subscription({ items: { data: bare } })).renewal).toBeNull();
  });

  it('rejects objects that are not subscriptions', () => {
    expect(() => toSubscriptionSnapshot({ object: 'invoice', id: 'in_1' })).toThrow(StripePayloadError);
    expect(() => toSubscriptionSnapshot(subscription({ cancel_at_period_end: 'yes' }))).toThrow(
      /cancel_at_period_end/,
    );
  });
});

describe('parseStripeEvent', () => {
  it('carries subscription events with their state', () => {
    const parsed = parseStripeEvent(
      event('customer.subscription.updated', subscription({ status: 'past_due' })),
    );
    expect(parsed).toMatchObject({
      kind: 'subscription',
      id: 'evt_1',
      created: 1700,
      subscription: { status: 'past_due' },
    });
  });

  it('points invoice events at their subscription (parent.subscription_details)', () => {
    const invoice = {
      object: 'invoice',
      id: 'in_1',
      customer: 'cus_1',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_9', metadata: {} } },
    };
    expect(parseStripeEvent(event('invoice.payment_failed', invoice))).toMatchObject({
      kind: 'pointer',
      type: 'invoice.payment_failed',
      customerId: 'cus_1',
      subscriptionId: 'sub_9',
    });
    expect(parseStripeEvent(event('invoice.paid', { ...invoice, parent: null }))).toMatchObject({
      subscriptionId: null,
    });
  });

  it('points checkout.session.completed at the subscription and keeps client_reference_id', () => {
    const session = {
      object: 'checkout.session',
      id: 'cs_1',
      mode: 'subscription',
      customer: 'cus_1',
      subscription: 'sub_2',
      client_reference_id: 'uid_1',
    };
    expect(parseStripeEvent(event('checkout.session.completed', session))).toMatchObject({
      kind: 'pointer',
      subscriptionId: 'sub_2',
      clientReferenceId: 'uid_1',
    });
    expect(
      parseStripeEvent(event('checkout.session.completed', { ...session, mode: 'payment' })),
    ).toMatchObject({
      subscriptionId: null,
    });
  });

  it('marks other types as unhandled and rejects malformed handled events', () => {
    expect(parseStripeEvent(event('charge.refunded', { anything: true }))).toEqual({
      kind: 'unhandled',
      id: 'evt_1',
      type: 'charge.refunded',
      created: 1700,
    });
    expect(() =>
      parseStripeEvent(event('customer.subscription.deleted', { object: 'subscription' })),
    ).toThrow(StripePayloadError);
    expect(() => parseStripeEvent({ type: 'invoice.paid' })).toThrow(StripePayloadError);
  });

  it('rejects event and customer ids Firestore could not store (they become document ids)', () => {
    const invoice = { object: 'invoice', id: 'in_1', customer: 'cus_1', parent: null };
    expect(() => parseStripeEvent({ ...event('invoice.paid', invoice), id: '__x__' })).toThrow(
      StripePayloadError,
    );
    expect(() => parseStripeEvent({ ...event('charge.refunded', {}), id: 'evt/1' })).toThrow(
      StripePayloadError,
    );
    expect(() => parseStripeEvent(event('invoice.paid', { ...invoice, customer: '__x__' }))).toThrow(
      StripePayloadError,
    );
    expect(() =>
      parseStripeEvent(event('customer.subscription.updated', subscription({ customer: { id: '..' } }))),
    ).toThrow(StripePayloadError);
  });
});
