// Pure billing rules: which Stripe statuses are paid up, how a subscription maps onto the user document (whose
// access is model/user.ts hasDealAccess, the one definition), how the account page's status is derived, and when a
// snapshot may overwrite the stored state.
import type { BillingSideEffect, CustomerBillingState } from '@bargains/model/server-docs';
import {
  subscriptionIsPaidUp,
  subscriptionStatusView,
  type SubscriptionStatusResponse,
} from '@bargains/model/subscription-status';
import type { SubscriptionSnapshot } from '../stripe/objects';
import { dealAccessEndMillis, type MirroredSubscription, type UserDoc } from '@bargains/model/user';

// Shared with the web app (the account page compares the live mirror with the status it shows).
export { subscriptionIsPaidUp, subscriptionStatusView } from '@bargains/model/subscription-status';

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
  return subscriptions.find((sub) => subscriptionIsPaidUp(sub.status) && sub.cancelAtPeriodEnd);
}

/** The billing fields of users/{uid} that mirror one subscription (documented on UserDoc). */
export type SubscriptionMirror = MirroredSubscription &
  Pick<UserDoc, 'payment_method_id' | 'card_brand' | 'card_last4'> & {
    /** Always set once a subscription is mirrored (null on UserDoc only before the first one). */
    stripe_customer_id: string;
    stripe_subscription_id: string;
  };

/** The payment method fields of the mirror (users/{uid} and the customer mapping's stored state). */
type CardMirror = Pick<SubscriptionMirror, 'payment_method_id' | 'card_brand' | 'card_last4'>;

/**
 * The card fields for a snapshot: from its expanded payment method; for a bare id (webhook payloads never expand),
 * the stored card when it is the same payment method, else the id alone until a read brings the card (see
 * needsCardRead: a changed card is re-read at once, a new subscription's by the reads its other events make).
 */
export function cardMirrorOf(snapshot: SubscriptionSnapshot, stored: CardMirror | null): CardMirror {
  const method = snapshot.paymentMethod;
  if (method === null) return { payment_method_id: null, card_brand: null, card_last4: null };
  if (!method.expanded && stored !== null && stored.payment_method_id === method.id) {
    return { payment_method_id: method.id, card_brand: stored.card_brand, card_last4: stored.card_last4 };
  }
  return {
    payment_method_id: method.id,
    card_brand: method.card?.brand ?? null,
    card_last4: method.card?.last4 ?? null,
  };
}

/**
 * An event that changes the mirrored subscription's payment method names the new one by id only: its card is
 * unknown without a read. A new subscription's events need none: the invoice and checkout events Stripe sends
 * with it are read from the API anyway, and those reads carry the card.
 */
function needsCardRead(stored: StoredBillingState | null, snapshot: SubscriptionSnapshot): boolean {
  const method = snapshot.paymentMethod;
  if (method === null || method.expanded || stored === null) return false;
  return stored.stripe_subscription_id === snapshot.id && stored.payment_method_id !== method.id;
}

/**
 * When a past_due subscription's grace period ends: `graceSeconds` after its renewal was charged (the current
 * period's start, when Stripe created the renewal invoice and first tried the card). Derived from the snapshot
 * alone, so every copy of every event, in any order, writes the same deadline.
 */
function gracePeriodEnd(snapshot: SubscriptionSnapshot, graceSeconds: number): number | null {
  if (snapshot.status !== 'past_due' || snapshot.currentPeriodStart === null) return null;
  return snapshot.currentPeriodStart + graceSeconds;
}

/** What access is evaluated against: the grace period's length (BILLING_GRACE_DAYS) and the decision's time. */
export interface AccessClock {
  graceSeconds: number;
  nowMillis: number;
}

/** When the access a snapshot would give, mirrored, runs out (model/user.ts dealAccessEndMillis). */
function accessEndOfSnapshot(snapshot: SubscriptionSnapshot, clock: AccessClock): number {
  const graceEnd = gracePeriodEnd(snapshot, clock.graceSeconds);
  return dealAccessEndMillis(
    { subscription_active: accessField(snapshot, graceEnd), grace_period_end: graceEnd },
    clock.nowMillis,
  );
}

/** `subscription_active`: paid up, or failed with a grace deadline (the deadline itself is checked on read). */
function accessField(snapshot: SubscriptionSnapshot, graceEnd: number | null): boolean {
  return subscriptionIsPaidUp(snapshot.status) || graceEnd !== null;
}

/**
 * The user document's billing fields for a subscription. `subscription_active` with `grace_period_end` is what
 * hasDealAccess reads: paid up (active, trialing) → true and no deadline; past_due → true until the deadline;
 * anything else (unpaid, canceled, incomplete, paused: the final failure included) → false.
 */
export function mirrorOf(
  snapshot: SubscriptionSnapshot,
  graceSeconds: number,
  storedCard: CardMirror | null = null,
): SubscriptionMirror {
  const graceEnd = gracePeriodEnd(snapshot, graceSeconds);
  return {
    ...cardMirrorOf(snapshot, storedCard),
    subscription_active: accessField(snapshot, graceEnd),
    grace_period_end: graceEnd,
    renewal_amount: snapshot.renewal?.amount ?? null,
    renewal_currency: snapshot.renewal?.currency ?? null,
    subscription_status: snapshot.status,
    stripe_customer_id: snapshot.customerId,
    stripe_subscription_id: snapshot.id,
    current_period_end: snapshot.currentPeriodEnd,
    cancel_at_period_end: snapshot.cancelAtPeriodEnd,
  };
}

/** The status answer (get/cancel/resume_subscription) for a subscription Stripe just returned. */
export function statusViewOf(snapshot: SubscriptionSnapshot): SubscriptionStatusResponse {
  return subscriptionStatusView({
    subscription_status: snapshot.status,
    stripe_subscription_id: snapshot.id,
    current_period_end: snapshot.currentPeriodEnd,
    cancel_at_period_end: snapshot.cancelAtPeriodEnd,
  });
}

/** The stored state a snapshot is ordered against (the customer mapping's; users/{uid} has the same fields). */
export type StoredBillingState = CustomerBillingState;

/**
 * Where a subscription snapshot comes from, which decides how it is ordered against the stored state:
 * - `event`: the payload of a customer.subscription.* event, i.e. the state at the event's `created` second;
 * - `read`: a subscription read from the Stripe API (retrieve/update/list), i.e. the state when Stripe
 *   answered; `readAt` is the response's `Date` header in unix seconds (Stripe's clock, like `created`).
 */
export type SnapshotSource = { kind: 'event'; created: number } | { kind: 'read'; readAt: number | null };

export type SkipReason =
  /** Older than the stored state. */
  | 'stale'
  /**
   * Another subscription whose access (hasDealAccess) would end sooner than the stored one's must not replace it:
   * no access over a paid-up or in-grace one, a grace deadline over a paid-up one, an earlier deadline over a
   * later one.
   */
  | 'superseded'
  /** The stored subscription has ended (canceled, incomplete_expired): Stripe never revives it. */
  | 'ended'
  /** A second paid-up subscription of the user: canceled and refunded instead of mirrored. */
  | 'duplicate_subscription'
  /**
   * The snapshot is paid up, but Stripe's current list of the user's subscriptions no longer has it live while
   * another one is paid up (it ended after the event, e.g. canceled as a duplicate, and the event arrived late).
   */
  | 'no_longer_live'
  /** The order stayed unknown after re-reading (same second, or no usable Date header). */
  | 'unordered'
  /** The customer belongs to a deleted account: nothing is mirrored for it again. */
  | 'account_deleted';

export type ApplyDecision =
  /** Write the snapshot; `stamp` becomes last_stripe_event_created. */
  | { action: 'apply'; stamp: number | null }
  /** Keep the stored state. */
  | { action: 'skip'; reason: SkipReason }
  /** Order unknown (same second as the stored state, or no timestamp): read the subscription again, later. */
  | { action: 'reread' };

/** The fields that decide what users/{uid} shows; equal ones make the order of two snapshots irrelevant. */
// The grace deadline and renewal amount follow from these (the period start moves with the period end).
function sameMirror(stored: StoredBillingState, snapshot: SubscriptionSnapshot): boolean {
  return (
    stored.stripe_subscription_id === snapshot.id &&
    stored.subscription_status === snapshot.status &&
    stored.current_period_end === snapshot.currentPeriodEnd &&
    stored.cancel_at_period_end === snapshot.cancelAtPeriodEnd &&
    stored.payment_method_id === (snapshot.paymentMethod?.id ?? null)
  );
}

/**
 * Orders a snapshot against the stored state. Stripe delivers events late, twice and out of order, and its
 * timestamps have one-second resolution, so:
 * - an event older than the stored stamp is stale; one from the same second cannot be ordered and is
 *   replaced by a fresh read; a newer one applies;
 * - a read answered in a second before the stored stamp is stale (a later event is already applied); one
 *   answered in the same second, or without a usable Date header, cannot be ordered and is read again later.
 *   A newer read applies, but only vouches for events up to the second before it (an event in the same
 *   second may have happened after Stripe read the object), so it stamps `readAt - 1` and later same-second
 *   events are re-read instead of being dropped;
 * - a snapshot equal to the stored state changes nothing, whatever its order;
 * - an ended subscription stays ended (Stripe never reactivates a canceled one);
 * - a snapshot of another subscription takes over only when its access (hasDealAccess, the one definition, at
 *   `clock`) ends no sooner than the stored one's: a late event of a replaced subscription, or a declined new
 *   one, never locks out the current one, paid up or inside its grace period, nor shortens its access;
 * - an event that would apply but changes the payment method, naming the new one only by id (payloads never
 *   expand it), is replaced by a read that expands it (needsCardRead), so a new card comes with brand and last 4.
 */
export function decideSnapshot(
  stored: StoredBillingState | null,
  snapshot: SubscriptionSnapshot,
  source: SnapshotSource,
  clock: AccessClock,
): ApplyDecision {
  const decision = orderSnapshot(stored, snapshot, source, clock);
  if (decision.action === 'apply' && source.kind === 'event' && needsCardRead(stored, snapshot)) {
    return { action: 'reread' };
  }
  return decision;
}

function orderSnapshot(
  stored: StoredBillingState | null,
  snapshot: SubscriptionSnapshot,
  source: SnapshotSource,
  clock: AccessClock,
): ApplyDecision {
  const last = stored?.last_stripe_event_created ?? null;
  if (stored !== null && stored.stripe_subscription_id !== null) {
    if (stored.stripe_subscription_id !== snapshot.id) {
      if (accessEndOfSnapshot(snapshot, clock) < dealAccessEndMillis(stored, clock.nowMillis)) {
        return { action: 'skip', reason: 'superseded' };
      }
    } else if (!subscriptionIsLive(stored.subscription_status) && subscriptionIsLive(snapshot.status)) {
      return { action: 'skip', reason: 'ended' };
    }
  }
  const at = source.kind === 'event' ? source.created : source.readAt;
  if (stored !== null && last !== null && (at === null || at === last) && sameMirror(stored, snapshot)) {
    return { action: 'apply', stamp: last };
  }
  if (last === null) {
    return { action: 'apply', stamp: source.kind === 'event' || at === null ? at : at - 1 };
  }
  if (at === null || at === last) return { action: 'reread' };
  if (at < last) return { action: 'skip', reason: 'stale' };
  return { action: 'apply', stamp: source.kind === 'event' ? at : Math.max(last, at - 1) };
}

export interface SideEffectContext {
  /** What the mirror's access is evaluated against (decideSnapshot). */
  clock: AccessClock;
  /** The event that led here (checkout.session.completed always reconciles the user's subscriptions). */
  eventType: string | null;
  /** Set when the customer belongs to a deleted account: when delete_account marked it (unix seconds). */
  accountDeletedAt: number | null;
  /**
   * The user's open (not canceled) subscriptions as Stripe has them now, read when the snapshot is paid up
   * (see needsOpenSubscriptions); null when not read.
   */
  openSubscriptions: readonly SubscriptionSnapshot[] | null;
}

/** When the webhook must look at all of the user's subscriptions before deciding (one Stripe list call). */
export function needsOpenSubscriptions(
  stored: StoredBillingState | null,
  snapshot: SubscriptionSnapshot,
  eventType: string,
): boolean {
  if (!subscriptionIsPaidUp(snapshot.status)) return false;
  return (
    eventType === 'checkout.session.completed' ||
    stored === null ||
    stored.stripe_subscription_id !== snapshot.id ||
    !subscriptionIsPaidUp(stored.subscription_status)
  );
}

/** Oldest first (Stripe's `created`, then id), so that concurrent decisions pick the same keeper. */
const byAge = (a: SubscriptionSnapshot, b: SubscriptionSnapshot): number =>
  (a.created ?? 0) - (b.created ?? 0) || (a.id < b.id ? -1 : 1);

export interface BillingDecision {
  mirror: ApplyDecision;
  effects: BillingSideEffect[];
}

/**
 * The one billing decision for a subscription snapshot: what users/{uid} shows (decideSnapshot) and what must
 * change in Stripe so that a user is billed for at most one subscription, and a deleted account for none:
 * - a deleted account's live subscription is canceled, and a payment taken since the deletion refunded;
 * - of several paid-up subscriptions, the one already mirrored (else the oldest) is kept; the others
 *   are canceled and refunded, and never mirrored, even when their events arrive after the cancellation;
 * - once one is paid up, the user's other live subscriptions that are not (an unpaid one replaced by a new
 *   checkout, a declined attempt left incomplete) are canceled, so Stripe cannot charge for them later.
 */
export function decideBilling(
  stored: StoredBillingState | null,
  snapshot: SubscriptionSnapshot,
  source: SnapshotSource,
  context: SideEffectContext,
): BillingDecision {
  if (context.accountDeletedAt !== null) {
    const effects: BillingSideEffect[] = subscriptionIsLive(snapshot.status)
      ? [
          {
            kind: 'cancel_subscription',
            subscription: snapshot.id,
            reason: 'account_deleted',
            refund: true,
            refund_paid_after: context.accountDeletedAt,
          },
        ]
      : [];
    return { mirror: { action: 'skip', reason: 'account_deleted' }, effects };
  }
  const open = context.openSubscriptions;
  if (open === null) return { mirror: decideSnapshot(stored, snapshot, source, context.clock), effects: [] };
  const live = open.filter((sub) => subscriptionIsLive(sub.status));
  const paidUp = live.filter((sub) => subscriptionIsPaidUp(sub.status)).sort(byAge);
  const keeper = paidUp.find((sub) => sub.id === stored?.stripe_subscription_id) ?? paidUp[0] ?? undefined;
  if (keeper === undefined)
    return { mirror: decideSnapshot(stored, snapshot, source, context.clock), effects: [] };
  // Stripe's list is read after the event was sent, so it outranks the event's payload: while the keeper is paid
  // up, another paid-up subscription is never mirrored, whether that one is a live duplicate or has ended since
  // (canceled as a duplicate, its event delivered late). One that is not paid up is ordered by decideSnapshot.
  const mirror: ApplyDecision =
    !subscriptionIsPaidUp(snapshot.status) || snapshot.id === keeper.id
      ? decideSnapshot(stored, snapshot, source, context.clock)
      : live.some((sub) => sub.id === snapshot.id)
        ? { action: 'skip', reason: 'duplicate_subscription' }
        : { action: 'skip', reason: 'no_longer_live' };
  const effects: BillingSideEffect[] = live
    .filter((sub) => sub.id !== keeper.id)
    .map((sub) => {
      const duplicate = subscriptionIsPaidUp(sub.status);
      return {
        kind: 'cancel_subscription',
        subscription: sub.id,
        reason: duplicate ? 'duplicate_subscription' : 'replaced',
        refund: duplicate,
        refund_paid_after: null,
      };
    });
  return { mirror, effects };
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
    ...('grace_period_end' in state ? { grace_period_end: state.grace_period_end } : {}),
  };
}
