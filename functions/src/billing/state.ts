// Pure billing rules: which Stripe statuses grant access, how a subscription maps onto the user document, how
// the account page's status is derived, and when a snapshot may overwrite the stored state.
import type { UserDoc } from '../model/user';
import type { SubscriptionSnapshot } from '../stripe/objects';

/** Access to the deals: exactly while Stripe says active or trialing (a failed renewal, past_due, locks them). */
export function subscriptionGrantsAccess(status: string): boolean {
  return status === 'active' || status === 'trialing';
}

/** Statuses after which Stripe never bills the subscription again. */
const ENDED_STATUSES: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

/** A subscription that can still bill the customer (what delete_account must cancel). */
export function subscriptionIsLive(status: string): boolean {
  return !ENDED_STATUSES.has(status);
}

/** The subscription cancel_subscription acts on: active and not already ending. */
export function findCancelable(
  subscriptions: readonly SubscriptionSnapshot[],
): SubscriptionSnapshot | undefined {
  return subscriptions.find((sub) => sub.status === 'active' && !sub.cancelAtPeriodEnd);
}

/** The subscription resume_subscription acts on: canceled by the user but still inside its paid period. */
export function findResumable(
  subscriptions: readonly SubscriptionSnapshot[],
): SubscriptionSnapshot | undefined {
  return subscriptions.find((sub) => subscriptionGrantsAccess(sub.status) && sub.cancelAtPeriodEnd);
}

/** The billing fields of users/{uid} that mirror one subscription. */
export interface SubscriptionMirror {
  subscription_active: boolean;
  subscription_status: string;
  stripe_customer_id: string;
  stripe_subscription_id: string;
  current_period_end: number | null;
  cancel_at_period_end: boolean;
}

export function mirrorOf(snapshot: SubscriptionSnapshot): SubscriptionMirror {
  return {
    subscription_active: subscriptionGrantsAccess(snapshot.status),
    subscription_status: snapshot.status,
    stripe_customer_id: snapshot.customerId,
    stripe_subscription_id: snapshot.id,
    current_period_end: snapshot.currentPeriodEnd,
    cancel_at_period_end: snapshot.cancelAtPeriodEnd,
  };
}

/** What get_subscription_status returns (spec §3 "Subscription status response"). */
export interface SubscriptionStatusView {
  /**
   * Stripe's status, except 'canceled' while a canceled subscription still runs to its period end (the
   * account page then shows "Active until {date}"); null for a user who never subscribed.
   */
  status: string | null;
  /** Unix seconds, or null. */
  current_period_end: number | null;
}

export type StoredBillingState = Pick<
  UserDoc,
  | 'subscription_active'
  | 'subscription_status'
  | 'stripe_subscription_id'
  | 'current_period_end'
  | 'cancel_at_period_end'
  | 'last_stripe_event_created'
>;

export function subscriptionStatusView(
  user: Pick<
    StoredBillingState,
    'subscription_status' | 'stripe_subscription_id' | 'current_period_end' | 'cancel_at_period_end'
  > | null,
): SubscriptionStatusView {
  if (user === null || user.stripe_subscription_id === null)
    return { status: null, current_period_end: null };
  const canceledButRunning = subscriptionGrantsAccess(user.subscription_status) && user.cancel_at_period_end;
  return {
    status: canceledButRunning ? 'canceled' : user.subscription_status,
    current_period_end: user.current_period_end,
  };
}

/**
 * Where a subscription snapshot comes from, which decides how it is ordered against the stored state:
 * - `event`: the payload of a customer.subscription.* event, i.e. the state at the event's `created` second;
 * - `read`: a subscription read from the Stripe API (retrieve/update/list), i.e. the state when Stripe
 *   answered; `readAt` is the response's `Date` header in unix seconds (Stripe's clock, like `created`).
 */
export type SnapshotSource = { kind: 'event'; created: number } | { kind: 'read'; readAt: number | null };

export type ApplyDecision =
  /** Write the snapshot; `stamp` becomes last_stripe_event_created. */
  | { action: 'apply'; stamp: number | null }
  /** Keep the stored state. */
  | { action: 'skip'; reason: 'stale' | 'superseded' }
  /** Same second as the stored state: order unknown, read the subscription from Stripe and apply that. */
  | { action: 'reread' };

/**
 * Orders a snapshot against the stored state. Stripe delivers events late, twice and out of order, and its
 * timestamps have one-second resolution, so:
 * - an event older than the stored stamp is stale; one from the same second cannot be ordered and is
 *   replaced by a fresh read; a newer one applies;
 * - a read answered in a second before the stored stamp is stale (a later event is already applied). A read
 *   otherwise applies, but only vouches for events up to the second before it (an event in the same second
 *   may have happened after Stripe read the object), so it stamps `readAt - 1` and later same-second
 *   events are re-read instead of being dropped;
 * - a snapshot of another subscription never takes over from one that grants access unless it grants
 *   access itself (a late event of a replaced subscription must not lock out the current one).
 */
export function decideSnapshot(
  stored: StoredBillingState | null,
  snapshot: SubscriptionSnapshot,
  source: SnapshotSource,
): ApplyDecision {
  const last = stored?.last_stripe_event_created ?? null;
  if (
    stored !== null &&
    stored.stripe_subscription_id !== null &&
    stored.stripe_subscription_id !== snapshot.id &&
    subscriptionGrantsAccess(stored.subscription_status) &&
    !subscriptionGrantsAccess(snapshot.status)
  ) {
    return { action: 'skip', reason: 'superseded' };
  }
  if (source.kind === 'event') {
    if (last !== null && source.created < last) return { action: 'skip', reason: 'stale' };
    if (last !== null && source.created === last) return { action: 'reread' };
    return { action: 'apply', stamp: source.created };
  }
  if (source.readAt === null) return { action: 'apply', stamp: last };
  if (last !== null && source.readAt < last) return { action: 'skip', reason: 'stale' };
  return { action: 'apply', stamp: Math.max(last ?? 0, source.readAt - 1) };
}

/** The state a log line shows for "old → new". */
export function describeState(
  state: StoredBillingState | SubscriptionMirror | null,
): Record<string, unknown> | null {
  if (state === null) return null;
  return {
    subscription: state.stripe_subscription_id,
    status: state.subscription_status,
    active: state.subscription_active,
    cancel_at_period_end: state.cancel_at_period_end,
    current_period_end: state.current_period_end,
  };
}
