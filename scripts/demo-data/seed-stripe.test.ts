import Stripe from 'stripe';
import { findCancelable, findResumable, mirrorOf } from '../../functions/src/billing/state';
import { parseStripeCustomerRecord } from '@bargains/model/server-docs';
import { parseUser, type UserDoc } from '@bargains/model/user';
import { toSubscriptionSnapshot } from '../../functions/src/stripe/objects';
import { startStripeStandin, type RunningStripeStandin } from '../../tools/stripe-standin/src/server';
import { DEMO_ACCOUNTS, DEMO_STRIPE_CUSTOMER_ID, DEMO_STRIPE_SUBSCRIPTION_ID } from './constants';
import { buildDemoDataset } from './dataset';
import { type DemoBillingDocs, periodStartBefore, planStripeFixture, postFixture } from './seed-stripe';

const { subscriber } = DEMO_ACCOUNTS;
const at = (iso: string) => Date.parse(iso) / 1000;

/** The demo subscriber's documents exactly as the generated dataset writes them. */
function demoDocs(): DemoBillingDocs {
  const dataset = buildDemoDataset();
  const userEntry = dataset.users.find((entry) => entry.uid === subscriber.uid);
  const mappingEntry = dataset.stripeCustomers.find((entry) => entry.customerId === DEMO_STRIPE_CUSTOMER_ID);
  if (!userEntry || !mappingEntry) throw new Error('the dataset lost the demo subscriber');
  return {
    user: parseUser(subscriber.uid, userEntry.doc),
    mapping: parseStripeCustomerRecord(mappingEntry.customerId, mappingEntry.doc),
  };
}

function withUser(overrides: Partial<UserDoc>): DemoBillingDocs {
  const docs = demoDocs();
  if (!docs.user) throw new Error('demo user does not parse');
  return { ...docs, user: { ...docs.user, ...overrides } };
}

describe('periodStartBefore', () => {
  it('goes back one calendar month on the same day and time, clamped to shorter months', () => {
    expect(periodStartBefore(at('2025-07-16T00:00:00Z'))).toBe(at('2025-06-16T00:00:00Z'));
    expect(periodStartBefore(at('2025-01-10T08:30:00Z'))).toBe(at('2024-12-10T08:30:00Z'));
    expect(periodStartBefore(at('2025-03-31T12:00:00Z'))).toBe(at('2025-02-28T12:00:00Z'));
  });
});

describe('planStripeFixture', () => {
  it('describes the demo subscriber with the ids and period of its documents', () => {
    const docs = demoDocs();
    const periodEnd = docs.user?.current_period_end;
    expect(periodEnd).toEqual(expect.any(Number));
    expect(planStripeFixture(docs)).toEqual({
      action: 'seed',
      fixture: {
        customer: {
          id: DEMO_STRIPE_CUSTOMER_ID,
          email: subscriber.email,
          metadata: { firebase_uid: subscriber.uid },
        },
        subscription: {
          id: DEMO_STRIPE_SUBSCRIPTION_ID,
          status: 'active',
          current_period_start: periodStartBefore(periodEnd as number),
          current_period_end: periodEnd,
          cancel_at_period_end: false,
          metadata: { firebase_uid: subscriber.uid },
        },
      },
    });
  });

  it('follows the stored period end (moved by the rebase) and a pending cancellation', () => {
    const periodEnd = at('2030-05-20T00:00:00Z');
    const plan = planStripeFixture(withUser({ current_period_end: periodEnd, cancel_at_period_end: true }));
    expect(plan.action === 'seed' && plan.fixture.subscription).toMatchObject({
      current_period_start: at('2030-04-20T00:00:00Z'),
      current_period_end: periodEnd,
      cancel_at_period_end: true,
    });
  });

  it.each<[string, DemoBillingDocs]>([
    ['no user document', { ...demoDocs(), user: null }],
    ['an inactive user', withUser({ subscription_active: false, subscription_status: 'canceled' })],
    ['a past_due user', withUser({ subscription_active: false, subscription_status: 'past_due' })],
    ['a user without a subscription id', withUser({ stripe_subscription_id: null })],
    ['a user without a period end', withUser({ current_period_end: null })],
    ['no customer mapping', { ...demoDocs(), mapping: null }],
  ])('skips %s', (_what, docs) => {
    expect(planStripeFixture(docs)).toMatchObject({ action: 'skip', reason: expect.any(String) });
  });

  it('skips a mapping of a deleted account, of another customer or of another user', () => {
    const docs = demoDocs();
    if (!docs.mapping) throw new Error('demo mapping does not parse');
    const skipped = (mapping: DemoBillingDocs['mapping']) => planStripeFixture({ ...docs, mapping });
    expect(skipped({ ...docs.mapping, deleted: true })).toMatchObject({ reason: /deleted account/ });
    expect(skipped({ ...docs.mapping, customerId: 'cus_other' })).toMatchObject({ action: 'skip' });
    expect(skipped({ ...docs.mapping, uid: 'someone-else' })).toMatchObject({ reason: /someone-else/ });
  });
});

describe('the planned fixture in a real stand-in', () => {
  let standin: RunningStripeStandin;
  const secretKey = 'sk_test_seed_stripe';

  beforeAll(async () => {
    standin = await startStripeStandin({
      port: 0,
      secretKey,
      webhookUrl: '',
      log: () => undefined,
    });
  });

  afterAll(async () => {
    await standin.close();
  });

  it('is what the billing functions then read: an open, cancelable subscription of the demo user', async () => {
    const plan = planStripeFixture(demoDocs());
    if (plan.action !== 'seed') throw new Error(`not seeded: ${plan.reason}`);

    expect((await postFixture(standin.url, plan.fixture)).changes).toEqual({
      customer: 'created',
      subscription: 'created',
    });
    expect((await postFixture(standin.url, plan.fixture)).changes).toEqual({
      customer: 'unchanged',
      subscription: 'unchanged',
    });

    const stripe = new Stripe(secretKey, {
      host: '127.0.0.1',
      port: standin.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    // What cancel_subscription and resume_subscription list and act on (functions/src/billing).
    const open = await stripe.subscriptions.list({
      customer: DEMO_STRIPE_CUSTOMER_ID,
      expand: ['data.default_payment_method'],
    });
    const snapshots = open.data.map(toSubscriptionSnapshot);
    expect(snapshots).toEqual([
      {
        id: DEMO_STRIPE_SUBSCRIPTION_ID,
        customerId: DEMO_STRIPE_CUSTOMER_ID,
        status: 'active',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: plan.fixture.subscription.current_period_end,
        currentPeriodStart: plan.fixture.subscription.current_period_start,
        renewal: { amount: 200, currency: 'usd' },
        firebaseUid: subscriber.uid,
        created: plan.fixture.subscription.current_period_start,
        paymentMethod: {
          id: `pm_fixture_${DEMO_STRIPE_CUSTOMER_ID}`,
          card: { brand: 'visa', last4: '4242' },
          expanded: true,
        },
      },
    ]);
    expect(findCancelable(snapshots)?.id).toBe(DEMO_STRIPE_SUBSCRIPTION_ID);
    // The demo mirror is what the webhook would write for this subscription (card and next charge included);
    // grace periods apply to past_due subscriptions only.
    const [snapshot] = snapshots;
    if (!snapshot) throw new Error('the stand-in lists no subscription');
    expect(demoDocs().user).toMatchObject(mirrorOf(snapshot, 0));

    const canceled = await stripe.subscriptions.update(DEMO_STRIPE_SUBSCRIPTION_ID, {
      cancel_at_period_end: true,
    });
    expect(findResumable([toSubscriptionSnapshot(canceled)])?.id).toBe(DEMO_STRIPE_SUBSCRIPTION_ID);
  });

  it('reports a refusal of the stand-in as an error with its message', async () => {
    const plan = planStripeFixture(demoDocs());
    if (plan.action !== 'seed') throw new Error(`not seeded: ${plan.reason}`);
    const broken = { ...plan.fixture, customer: { ...plan.fixture.customer, id: 'not-a-customer-id' } };
    await expect(postFixture(standin.url, broken)).rejects.toThrow(/answered 400.*customer\.id/);
  });
});
