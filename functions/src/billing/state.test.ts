import type { SubscriptionSnapshot } from '../stripe/objects';
import {
  cardMirrorOf,
  decideBilling,
  decideSnapshot,
  type AccessClock,
  findCancelable,
  findResumable,
  mirrorOf,
  subscriptionIsPaidUp,
  subscriptionIsLive,
  subscriptionStatusView,
  type SnapshotSource,
  type StoredBillingState,
} from './state';
import { dealAccessEndMillis, hasDealAccess } from '@bargains/model/user';

const snapshot = (overrides: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
  id: 'sub_1',
  customerId: 'cus_1',
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: 1_800_000_000,
  currentPeriodStart: 1_797_400_000,
  renewal: { amount: 200, currency: 'usd' },
  firebaseUid: 'uid_1',
  created: 1_700_000_000,
  paymentMethod: null,
  ...overrides,
});

const WEEK = 7 * 24 * 60 * 60;

const stored = (overrides: Partial<StoredBillingState> = {}): StoredBillingState => ({
  subscription_active: true,
  subscription_status: 'active',
  stripe_subscription_id: 'sub_1',
  current_period_end: 1_800_000_000,
  cancel_at_period_end: false,
  last_stripe_event_created: 1000,
  grace_period_end: null,
  payment_method_id: null,
  card_brand: null,
  card_last4: null,
  ...overrides,
});

/** Decisions are taken a day after the fixture's period started, inside a failed renewal's week of grace. */
const CLOCK: AccessClock = { graceSeconds: WEEK, nowMillis: (1_797_400_000 + 24 * 3600) * 1000 };

const decide = (...args: [StoredBillingState | null, SubscriptionSnapshot, SnapshotSource]) =>
  decideSnapshot(...args, CLOCK);

describe('subscriptionIsPaidUp', () => {
  it.each([
    ['active', true],
    ['trialing', true],
    ['past_due', false],
    ['unpaid', false],
    ['canceled', false],
    ['incomplete', false],
    ['incomplete_expired', false],
    ['paused', false],
    ['some_future_status', false],
  ])('%s → %s', (status, expected) => {
    expect(subscriptionIsPaidUp(status)).toBe(expected);
  });
});

describe('subscriptionIsLive', () => {
  it('treats canceled and incomplete_expired as ended, everything else as still billable', () => {
    expect(subscriptionIsLive('canceled')).toBe(false);
    expect(subscriptionIsLive('incomplete_expired')).toBe(false);
    expect(subscriptionIsLive('past_due')).toBe(true);
    expect(subscriptionIsLive('active')).toBe(true);
  });
});

describe('card mirror', () => {
  const visa = { id: 'pm_1', card: { brand: 'visa', last4: '4242' }, expanded: true };
  const storedVisa = { payment_method_id: 'pm_1', card_brand: 'visa', card_last4: '4242' };

  it('takes brand and last 4 from an expanded payment method', () => {
    expect(cardMirrorOf(snapshot({ paymentMethod: visa }), null)).toEqual(storedVisa);
  });

  it('keeps the stored card for a payload naming the same payment method by id', () => {
    const bare = snapshot({ paymentMethod: { id: 'pm_1', card: null, expanded: false } });
    expect(cardMirrorOf(bare, storedVisa)).toEqual(storedVisa);
    const other = snapshot({ paymentMethod: { id: 'pm_2', card: null, expanded: false } });
    expect(cardMirrorOf(other, storedVisa)).toEqual({
      payment_method_id: 'pm_2',
      card_brand: null,
      card_last4: null,
    });
  });

  it('clears the card when the subscription has no payment method', () => {
    expect(cardMirrorOf(snapshot(), storedVisa)).toEqual({
      payment_method_id: null,
      card_brand: null,
      card_last4: null,
    });
  });

  it('re-reads a newer event naming a new payment method by id, and orders it like any other', () => {
    const bareNew = snapshot({ paymentMethod: { id: 'pm_2', card: null, expanded: false } });
    const current = stored(storedVisa);
    expect(decide(current, bareNew, { kind: 'event', created: 2000 })).toEqual({ action: 'reread' });
    // An older event never replaces the newer card, whatever it names.
    expect(decide(current, bareNew, { kind: 'event', created: 500 })).toEqual({
      action: 'skip',
      reason: 'stale',
    });
    // The same payment method by id: applies, keeping the stored card.
    const bareSame = snapshot({ paymentMethod: { id: 'pm_1', card: null, expanded: false } });
    expect(decide(current, bareSame, { kind: 'event', created: 2000 })).toEqual({
      action: 'apply',
      stamp: 2000,
    });
    // A new subscription's event applies without a read (its invoice and checkout events are read anyway).
    const otherSubscription = snapshot({
      id: 'sub_2',
      paymentMethod: { id: 'pm_2', card: null, expanded: false },
    });
    expect(decide(current, otherSubscription, { kind: 'event', created: 2000 })).toEqual({
      action: 'apply',
      stamp: 2000,
    });
    expect(decide(null, bareNew, { kind: 'event', created: 2000 })).toEqual({
      action: 'apply',
      stamp: 2000,
    });
    // A read that expanded the new card applies.
    const readNew = snapshot({
      paymentMethod: { id: 'pm_2', card: { brand: 'mastercard', last4: '4444' }, expanded: true },
    });
    expect(decide(current, readNew, { kind: 'read', readAt: 2001 })).toEqual({
      action: 'apply',
      stamp: 2000,
    });
  });

  it('does not treat a card change in the same second as the stored state as a duplicate', () => {
    const readNew = snapshot({
      paymentMethod: { id: 'pm_2', card: { brand: 'visa', last4: '0341' }, expanded: true },
    });
    expect(decide(stored(storedVisa), readNew, { kind: 'read', readAt: 1000 })).toEqual({
      action: 'reread',
    });
  });
});

describe('mirrorOf', () => {
  it('maps a subscription onto the user document fields', () => {
    expect(mirrorOf(snapshot({ status: 'unpaid', cancelAtPeriodEnd: true }), WEEK)).toEqual({
      subscription_active: false,
      subscription_status: 'unpaid',
      stripe_customer_id: 'cus_1',
      stripe_subscription_id: 'sub_1',
      current_period_end: 1_800_000_000,
      cancel_at_period_end: true,
      grace_period_end: null,
      renewal_amount: 200,
      renewal_currency: 'usd',
      payment_method_id: null,
      card_brand: null,
      card_last4: null,
    });
    expect(mirrorOf(snapshot({ status: 'trialing' }), WEEK)).toMatchObject({
      subscription_active: true,
      grace_period_end: null,
    });
  });

  it('keeps a failed renewal (past_due) active until the grace period, counted from the renewal, ends', () => {
    const mirror = mirrorOf(snapshot({ status: 'past_due' }), WEEK);
    expect(mirror).toMatchObject({ subscription_active: true, grace_period_end: 1_797_400_000 + WEEK });
    const renewedAt = 1_797_400_000 * 1000;
    expect(hasDealAccess(mirror, renewedAt)).toBe(true);
    expect(hasDealAccess(mirror, renewedAt + WEEK * 1000 - 1)).toBe(true);
    expect(hasDealAccess(mirror, renewedAt + WEEK * 1000)).toBe(false);
    // No grace configured: the deadline is the failure itself.
    expect(hasDealAccess(mirrorOf(snapshot({ status: 'past_due' }), 0), renewedAt)).toBe(false);
    // Without a period start there is no moment to count from: locked rather than open-ended.
    expect(mirrorOf(snapshot({ status: 'past_due', currentPeriodStart: null }), WEEK)).toMatchObject({
      subscription_active: false,
      grace_period_end: null,
    });
  });

  it.each(['unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'paused'])(
    'locks the final failure and every other unpaid state (%s) at once',
    (status) => {
      const mirror = mirrorOf(snapshot({ status }), WEEK);
      expect(hasDealAccess(mirror, 0)).toBe(false);
    },
  );
});

describe('a failed renewal and its recovery, delivered late, shuffled and duplicated', () => {
  // Stripe's events of one subscription: the renewal fails at 100, the card is updated and the invoice paid at 200.
  const failed = { snapshot: snapshot({ status: 'past_due' }), created: 100 };
  const recovered = { snapshot: snapshot({ status: 'active' }), created: 200 };
  const locked = { snapshot: snapshot({ status: 'unpaid' }), created: 200 };

  /** Applies deliveries one by one through the one decision, as applySnapshot does, and returns the mirror. */
  function deliver(
    deliveries: readonly { snapshot: SubscriptionSnapshot; created: number }[],
  ): ReturnType<typeof mirrorOf> | null {
    let state: StoredBillingState = stored({ last_stripe_event_created: 50 });
    let mirror: ReturnType<typeof mirrorOf> | null = null;
    for (const delivery of deliveries) {
      const decision = decideBilling(
        state,
        delivery.snapshot,
        { kind: 'event', created: delivery.created },
        {
          eventType: 'customer.subscription.updated',
          accountDeletedAt: null,
          openSubscriptions: null,
          clock: CLOCK,
        },
      );
      if (decision.mirror.action !== 'apply') continue;
      mirror = mirrorOf(delivery.snapshot, WEEK);
      state = { ...mirror, last_stripe_event_created: decision.mirror.stamp };
    }
    return mirror;
  }

  const orders = <T>(a: T, b: T): T[][] => [
    [a, b],
    [b, a],
    [a, a, b],
    [a, b, a, b],
    [b, a, a],
    [b, b, a],
  ];

  it.each(orders(failed, recovered))(
    'ends paid up with no deadline whatever the order (%#)',
    (...sequence) => {
      const mirror = deliver(sequence);
      expect(mirror).toMatchObject({ subscription_status: 'active', grace_period_end: null });
      expect(hasDealAccess(mirror, Number.MAX_SAFE_INTEGER)).toBe(true);
    },
  );

  it.each(orders(failed, locked))(
    'ends locked after the final failure whatever the order (%#)',
    (...sequence) => {
      const mirror = deliver(sequence);
      expect(mirror).toMatchObject({ subscription_status: 'unpaid', subscription_active: false });
      expect(hasDealAccess(mirror, 0)).toBe(false);
    },
  );

  it('applies a duplicated failure once and keeps the same deadline', () => {
    expect(deliver([failed, failed, failed])).toEqual(deliver([failed]));
  });
});

describe('subscriptionStatusView', () => {
  it('is null for a user who never subscribed or has no document', () => {
    expect(subscriptionStatusView(null)).toEqual({ status: null, current_period_end: null });
    expect(
      subscriptionStatusView(
        stored({ stripe_subscription_id: null, subscription_status: 'inactive', subscription_active: false }),
      ),
    ).toEqual({ status: null, current_period_end: null });
  });

  it("reports 'canceled' while a canceled subscription runs to its period end", () => {
    expect(subscriptionStatusView(stored({ cancel_at_period_end: true }))).toEqual({
      status: 'canceled',
      current_period_end: 1_800_000_000,
    });
  });

  it("reports Stripe's status otherwise", () => {
    expect(subscriptionStatusView(stored()).status).toBe('active');
    expect(
      subscriptionStatusView(stored({ subscription_status: 'past_due', subscription_active: false })).status,
    ).toBe('past_due');
    expect(
      subscriptionStatusView(
        stored({ subscription_status: 'canceled', subscription_active: false, cancel_at_period_end: true }),
      ).status,
    ).toBe('canceled');
  });
});

describe('findCancelable / findResumable', () => {
  const running = snapshot({ id: 'sub_run' });
  const canceling = snapshot({ id: 'sub_end', cancelAtPeriodEnd: true });
  const pastDue = snapshot({ id: 'sub_pd', status: 'past_due' });

  it('cancels only an active subscription that is not already ending', () => {
    expect(findCancelable([pastDue, canceling, running])?.id).toBe('sub_run');
    expect(findCancelable([pastDue, canceling])).toBeUndefined();
  });

  it('resumes only a canceled subscription that is still paid up', () => {
    expect(findResumable([running, pastDue, canceling])?.id).toBe('sub_end');
    expect(findResumable([running, pastDue])).toBeUndefined();
    expect(findResumable([snapshot({ status: 'canceled', cancelAtPeriodEnd: true })])).toBeUndefined();
  });
});

const event = (created: number) => ({ kind: 'event', created }) as const;
const read = (readAt: number | null) => ({ kind: 'read', readAt }) as const;

describe('decideSnapshot', () => {
  it('applies anything to a user without stored state', () => {
    expect(decide(null, snapshot(), event(5))).toEqual({ action: 'apply', stamp: 5 });
    expect(decide(stored({ last_stripe_event_created: null }), snapshot(), event(5))).toEqual({
      action: 'apply',
      stamp: 5,
    });
    expect(decide(null, snapshot(), read(50))).toEqual({ action: 'apply', stamp: 49 });
  });

  const pastDue = snapshot({ status: 'past_due' });

  it('applies newer events, skips older ones and re-reads same-second ones that change something', () => {
    expect(decide(stored(), pastDue, event(1001))).toEqual({ action: 'apply', stamp: 1001 });
    expect(decide(stored(), pastDue, event(999))).toEqual({ action: 'skip', reason: 'stale' });
    expect(decide(stored(), pastDue, event(1000))).toEqual({ action: 'reread' });
    // The same state in the same second changes nothing, whatever the order.
    expect(decide(stored(), snapshot(), event(1000))).toEqual({ action: 'apply', stamp: 1000 });
  });

  it('orders reads like events: later ones apply (stamping the second before), same-second ones are re-read', () => {
    expect(decide(stored(), pastDue, read(1005))).toEqual({ action: 'apply', stamp: 1004 });
    expect(decide(stored(), pastDue, read(999))).toEqual({ action: 'skip', reason: 'stale' });
    // A read in the stamp's own second may have been answered before that event's change: it must not roll back.
    expect(decide(stored(), pastDue, read(1000))).toEqual({ action: 'reread' });
    expect(decide(stored(), snapshot(), read(1000))).toEqual({ action: 'apply', stamp: 1000 });
  });

  it('never skips the ordering check for a read without a usable timestamp', () => {
    expect(decide(stored(), pastDue, read(null))).toEqual({ action: 'reread' });
    expect(decide(stored(), snapshot(), read(null))).toEqual({ action: 'apply', stamp: 1000 });
    expect(decide(null, pastDue, read(null))).toEqual({ action: 'apply', stamp: null });
  });

  it('re-reads an event from the second right after a read (it may have happened after Stripe answered)', () => {
    const afterRead = decide(stored(), snapshot(), read(1005));
    expect(afterRead).toEqual({ action: 'apply', stamp: 1004 });
    const next = stored({ last_stripe_event_created: 1004 });
    expect(decide(next, pastDue, event(1004))).toEqual({ action: 'reread' });
    expect(decide(next, pastDue, event(1003))).toEqual({ action: 'skip', reason: 'stale' });
  });

  it('keeps an ended subscription ended, even for an event that looks newer', () => {
    const ended = stored({ subscription_status: 'canceled', subscription_active: false });
    expect(decide(ended, snapshot(), event(5000))).toEqual({ action: 'skip', reason: 'ended' });
    expect(decide(ended, snapshot({ status: 'canceled' }), event(5000))).toEqual({
      action: 'apply',
      stamp: 5000,
    });
  });

  it('never lets another subscription without access replace a paid-up one', () => {
    const other = snapshot({ id: 'sub_old', status: 'canceled' });
    expect(decide(stored(), other, event(2000))).toEqual({ action: 'skip', reason: 'superseded' });
    expect(decide(stored(), other, read(2000))).toEqual({ action: 'skip', reason: 'superseded' });
    // A new paid-up subscription does take over, and so does anything once access is gone.
    expect(decide(stored(), snapshot({ id: 'sub_new' }), event(2000))).toEqual({
      action: 'apply',
      stamp: 2000,
    });
    const lapsed = stored({ subscription_status: 'past_due', subscription_active: false });
    expect(decide(lapsed, other, event(2000))).toEqual({ action: 'apply', stamp: 2000 });
  });
});

describe('dealAccessEndMillis: hasDealAccess as a deadline', () => {
  it('is never while paid up, the deadline inside a grace period, and -Infinity without access', () => {
    const at = 1_000_000_000_000;
    const deadline = at / 1000 + 60;
    expect(dealAccessEndMillis({ subscription_active: true, grace_period_end: null }, at)).toBe(Infinity);
    expect(dealAccessEndMillis({ subscription_active: true, grace_period_end: deadline }, at)).toBe(
      deadline * 1000,
    );
    for (const now of [deadline * 1000, deadline * 1000 + 1]) {
      expect(dealAccessEndMillis({ subscription_active: true, grace_period_end: deadline }, now)).toBe(
        -Infinity,
      );
    }
    expect(dealAccessEndMillis({ subscription_active: false, grace_period_end: null }, at)).toBe(-Infinity);
    expect(dealAccessEndMillis(null, at)).toBe(-Infinity);
  });
});

describe('decideSnapshot: another subscription never ends or shortens access (hasDealAccess)', () => {
  /** users/{uid} as applySnapshot writes it for `sub`, stamped 1000. */
  const mirrored = (sub: SubscriptionSnapshot): StoredBillingState => ({
    ...mirrorOf(sub, WEEK),
    last_stripe_event_created: 1000,
  });
  const failedA = snapshot({ id: 'sub_a', status: 'past_due' });
  // B replaced A and its own renewal failed an hour later: a later grace deadline.
  const failedB = snapshot({ id: 'sub_b', status: 'past_due', currentPeriodStart: 1_797_400_000 + 3600 });

  it('keeps a past_due subscription inside its grace period over a declined resubscribe (incomplete)', () => {
    const inGrace = mirrored(failedA);
    expect(hasDealAccess(inGrace, CLOCK.nowMillis)).toBe(true);
    const declined = snapshot({ id: 'sub_b', status: 'incomplete', created: 1_797_450_000 });
    expect(decide(inGrace, declined, event(2000))).toEqual({ action: 'skip', reason: 'superseded' });
    expect(decide(inGrace, declined, read(2000))).toEqual({ action: 'skip', reason: 'superseded' });
    expect(decide(inGrace, snapshot({ id: 'sub_b', status: 'incomplete_expired' }), event(2000))).toEqual({
      action: 'skip',
      reason: 'superseded',
    });
    // Paying the new one does replace it; so does anything once the grace period is over.
    expect(decide(inGrace, snapshot({ id: 'sub_b' }), event(2000))).toEqual({ action: 'apply', stamp: 2000 });
    const afterGrace = { ...CLOCK, nowMillis: (1_797_400_000 + WEEK) * 1000 };
    expect(decideSnapshot(inGrace, declined, event(2000), afterGrace)).toEqual({
      action: 'apply',
      stamp: 2000,
    });
  });

  it('keeps the replacing subscription in its grace period over late events of the one it replaced', () => {
    const inGrace = mirrored(failedB);
    // A was canceled when B replaced it: late invoice and checkout events of A read it as canceled.
    const canceledA = snapshot({ id: 'sub_a', status: 'canceled' });
    expect(decide(inGrace, canceledA, read(2000))).toEqual({ action: 'skip', reason: 'superseded' });
    expect(decide(inGrace, canceledA, event(2000))).toEqual({ action: 'skip', reason: 'superseded' });
    // A late payload of A while it was still past_due: its deadline comes before B's.
    expect(decide(inGrace, failedA, event(2000))).toEqual({ action: 'skip', reason: 'superseded' });
    expect(decide(inGrace, failedA, read(2000))).toEqual({ action: 'skip', reason: 'superseded' });
  });

  it('never lets a failing subscription replace a paid-up one, and lets a paid-up one replace a failing one', () => {
    const paidB = mirrored(snapshot({ id: 'sub_b' }));
    expect(decide(paidB, failedA, read(2000))).toEqual({ action: 'skip', reason: 'superseded' });
    expect(decide(mirrored(failedA), snapshot({ id: 'sub_b' }), read(2000))).toEqual({
      action: 'apply',
      stamp: 1999,
    });
    // A later deadline may take over from an earlier one (the newer subscription's renewal failed later).
    expect(decide(mirrored(failedA), failedB, event(2000))).toEqual({ action: 'apply', stamp: 2000 });
  });
});

describe('decideBilling', () => {
  const none = {
    eventType: 'customer.subscription.created',
    accountDeletedAt: null,
    openSubscriptions: null,
    clock: CLOCK,
  };

  it('cancels and refunds (payments since the deletion) a live subscription of a deleted account', () => {
    expect(decideBilling(null, snapshot(), event(2000), { ...none, accountDeletedAt: 1500 })).toEqual({
      mirror: { action: 'skip', reason: 'account_deleted' },
      effects: [
        {
          kind: 'cancel_subscription',
          subscription: 'sub_1',
          reason: 'account_deleted',
          refund: true,
          refund_paid_after: 1500,
        },
      ],
    });
    const canceled = snapshot({ status: 'canceled' });
    expect(decideBilling(null, canceled, event(2000), { ...none, accountDeletedAt: 1500 }).effects).toEqual(
      [],
    );
  });

  it('keeps the mirrored paid-up subscription and cancels and refunds a second one', () => {
    const second = snapshot({ id: 'sub_2', created: 1_700_000_500 });
    const open = [second, snapshot()];
    const decision = decideBilling(stored(), second, event(2000), { ...none, openSubscriptions: open });
    expect(decision.mirror).toEqual({ action: 'skip', reason: 'duplicate_subscription' });
    expect(decision.effects).toEqual([
      expect.objectContaining({ subscription: 'sub_2', reason: 'duplicate_subscription', refund: true }),
    ]);
    // Nothing mirrored yet: the oldest is kept, whichever event comes first.
    expect(decideBilling(null, second, event(2000), { ...none, openSubscriptions: open }).mirror).toEqual({
      action: 'skip',
      reason: 'duplicate_subscription',
    });
    expect(decideBilling(null, snapshot(), event(2000), { ...none, openSubscriptions: open })).toEqual({
      mirror: { action: 'apply', stamp: 2000 },
      effects: [expect.objectContaining({ subscription: 'sub_2', refund: true })],
    });
  });

  it('never mirrors a late event of a subscription that Stripe no longer has live', () => {
    // The second subscription was already canceled as a duplicate when its created event arrives (late): the
    // list read now holds only the first, and the mirror must stay on it.
    const second = snapshot({ id: 'sub_2', created: 1_700_000_500 });
    const decision = decideBilling(stored({ last_stripe_event_created: 1000 }), second, event(2000), {
      ...none,
      openSubscriptions: [snapshot()],
    });
    expect(decision).toEqual({ mirror: { action: 'skip', reason: 'no_longer_live' }, effects: [] });
    // With nothing live to keep, the event is ordered against the stored state as any other.
    expect(decideBilling(null, second, event(2000), { ...none, openSubscriptions: [] }).mirror).toEqual({
      action: 'apply',
      stamp: 2000,
    });
  });

  it('cancels (without refund) the user’s other live subscriptions that grant no access', () => {
    const replaced = snapshot({ id: 'sub_old', status: 'past_due', created: 1 });
    const ended = snapshot({ id: 'sub_gone', status: 'incomplete_expired', created: 2 });
    const current = snapshot({ id: 'sub_new' });
    const decision = decideBilling(
      stored({
        stripe_subscription_id: 'sub_old',
        subscription_status: 'past_due',
        subscription_active: false,
      }),
      current,
      event(2000),
      { ...none, openSubscriptions: [current, replaced, ended] },
    );
    expect(decision).toEqual({
      mirror: { action: 'apply', stamp: 2000 },
      effects: [
        {
          kind: 'cancel_subscription',
          subscription: 'sub_old',
          reason: 'replaced',
          refund: false,
          refund_paid_after: null,
        },
      ],
    });
  });
});
