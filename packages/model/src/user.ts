// users/{uid}: one user's subscription state. The client creates it with the four initial fields only
// (firestore.rules enforces exactly that shape); every other field is written by the billing functions.
// zod/mini, as in fields.ts: the dashboard reads the user document with it (see deal.ts).
import { boolean, nullish, object, pipe, string, transform } from 'zod/mini';
import { booleanOr, optionalNumber, optionalText } from './fields';
import { type InvalidDocumentReporter, parseDocument, warnInvalidDocument } from './invalid-document';
import { userDocPath } from './paths';
import { pendingDateSchema } from './timestamp';

/** 'inactive' is the product's initial value; the others are Stripe's subscription statuses. */
export const SUBSCRIPTION_STATUSES = [
  'inactive',
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const INITIAL_SUBSCRIPTION_STATUS = 'inactive' satisfies SubscriptionStatus;

/** The only fields a client may write, and only when creating its own document. */
export const INITIAL_USER_FIELDS = [
  'subscription_active',
  'subscription_status',
  'created_at',
  'updated_at',
] as const;

/** Server-owned billing fields (never client-writable). */
export const USER_BILLING_FIELDS = [
  'stripe_customer_id',
  'stripe_subscription_id',
  'current_period_end',
  'cancel_at_period_end',
  'last_stripe_event_created',
  'last_stripe_event_id',
  'grace_period_end',
  'renewal_amount',
  'renewal_currency',
  'payment_method_id',
  'card_brand',
  'card_last4',
] as const;

/**
 * The one definition of "has access to the deals", evaluated against the current time. The billing webhook writes
 * both fields (billing/state.ts mirrorOf): `subscription_active` is true while Stripe says active or trialing, and
 * during a failed renewal (past_due) whose grace period has not been used up; `grace_period_end` (unix seconds) is
 * set only during such a failed renewal. So the grace period ends by itself at the deadline, with no job.
 * firestore.rules hasActiveSubscription() is the same expression over `request.time` (tests/rules/grace-access.test.ts
 * checks both against one table of cases).
 */
export function hasDealAccess(
  user: Pick<UserDoc, 'subscription_active' | 'grace_period_end'> | null,
  nowMillis: number,
): boolean {
  return nowMillis < dealAccessEndMillis(user, nowMillis);
}

/**
 * When the access hasDealAccess grants runs out (ms since the epoch): never (Infinity) while paid up, the grace
 * deadline during a failed renewal's grace period, and -Infinity when there is no access now. Ranks two states by
 * the one definition: billing/state.ts lets another subscription take over the mirror only when this does not
 * come sooner for it (a late event of a replaced subscription must not end or shorten the current one's access).
 */
export function dealAccessEndMillis(
  user: Pick<UserDoc, 'subscription_active' | 'grace_period_end'> | null,
  nowMillis: number,
): number {
  if (user === null || !user.subscription_active) return Number.NEGATIVE_INFINITY;
  if (user.grace_period_end === null) return Number.POSITIVE_INFINITY;
  const deadline = user.grace_period_end * 1000;
  return nowMillis < deadline ? deadline : Number.NEGATIVE_INFINITY;
}

/** When a user in a grace period loses access (ms since the epoch), or null when access does not run out by itself. */
export function graceDeadlineMillis(
  user: Pick<UserDoc, 'subscription_active' | 'grace_period_end'>,
): number | null {
  return user.subscription_active && user.grace_period_end !== null ? user.grace_period_end * 1000 : null;
}

export interface UserDoc {
  uid: string;
  /** Half of the access definition (hasDealAccess): never read alone. */
  subscription_active: boolean;
  /** 'inactive' or a Stripe subscription status; kept as text so an unknown future status still reads. */
  subscription_status: string;
  /** Null only while a server-timestamp write is pending in the web SDK's local snapshot. */
  created_at: Date | null;
  updated_at: Date | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  /** End of the paid period, unix seconds. */
  current_period_end: number | null;
  /** True when the subscription is set to end at current_period_end. */
  cancel_at_period_end: boolean;
  /**
   * `created` (unix seconds) of the newest Stripe event applied to this document. The webhook ignores events
   * older than this, since Stripe does not deliver events in order.
   */
  last_stripe_event_created: number | null;
  last_stripe_event_id: string | null;
  /**
   * Set while a renewal payment has failed (past_due): the end of the grace period (unix seconds). See
   * hasDealAccess.
   */
  grace_period_end: number | null;
  /** What each renewal charges (price × quantity, minor units, e.g. 200) and in which currency ('usd'). */
  renewal_amount: number | null;
  renewal_currency: string | null;
  /**
   * The subscription's default payment method (Stripe id) and, for a card, its brand ('visa') and last 4 digits,
   * as the webhook last read them; null when the subscription has none or it is not a card.
   */
  payment_method_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
}

/** The subscription's state as the webhook mirrors it: what access, the next charge and a failed renewal read. */
export type MirroredSubscription = Pick<
  UserDoc,
  | 'subscription_active'
  | 'subscription_status'
  | 'current_period_end'
  | 'cancel_at_period_end'
  | 'grace_period_end'
  | 'renewal_amount'
  | 'renewal_currency'
>;

const userSchema = object({
  subscription_active: boolean(),
  subscription_status: pipe(
    nullish(string()),
    transform((value: string | null | undefined) => value ?? INITIAL_SUBSCRIPTION_STATUS),
  ),
  created_at: pendingDateSchema,
  updated_at: pendingDateSchema,
  stripe_customer_id: optionalText,
  stripe_subscription_id: optionalText,
  current_period_end: optionalNumber,
  cancel_at_period_end: booleanOr(false),
  last_stripe_event_created: optionalNumber,
  last_stripe_event_id: optionalText,
  grace_period_end: optionalNumber,
  renewal_amount: optionalNumber,
  renewal_currency: optionalText,
  payment_method_id: optionalText,
  card_brand: optionalText,
  card_last4: optionalText,
});

export function parseUser(
  uid: string,
  data: unknown,
  report: InvalidDocumentReporter = warnInvalidDocument,
): UserDoc | null {
  const parsed = parseDocument(userSchema, userDocPath(uid), data, report);
  return parsed === null ? null : { uid, ...parsed };
}

/** The document a client creates for a new user. */
export type InitialUserDoc<ServerTimestamp> = {
  subscription_active: false;
  subscription_status: typeof INITIAL_SUBSCRIPTION_STATUS;
  created_at: ServerTimestamp;
  updated_at: ServerTimestamp;
};

/**
 * The initial user document. Pass the SDK's server-timestamp sentinel (`serverTimestamp()` on the web,
 * `FieldValue.serverTimestamp()` in Admin): the rules require both timestamps to equal the request time.
 */
export function newUserDoc<ServerTimestamp>(
  serverTimestamp: ServerTimestamp,
): InitialUserDoc<ServerTimestamp> {
  return {
    subscription_active: false,
    subscription_status: INITIAL_SUBSCRIPTION_STATUS,
    created_at: serverTimestamp,
    updated_at: serverTimestamp,
  };
}

/** The fields the billing functions write (with `updated_at` as a server timestamp). */
export type UserBillingUpdate<ServerTimestamp> = {
  subscription_active: boolean;
  subscription_status: SubscriptionStatus;
  stripe_customer_id: string;
  stripe_subscription_id: string | null;
  current_period_end: number | null;
  cancel_at_period_end: boolean;
  last_stripe_event_created: number | null;
  last_stripe_event_id: string | null;
  // Absent from documents mirrored before grace periods existed (the demo data's): they read as null.
  grace_period_end?: number | null;
  renewal_amount?: number | null;
  renewal_currency?: string | null;
  payment_method_id?: string | null;
  card_brand?: string | null;
  card_last4?: string | null;
  updated_at: ServerTimestamp;
};
