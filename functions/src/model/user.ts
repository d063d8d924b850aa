// users/{uid}: one user's subscription state. The client creates it with the four initial fields only
// (firestore.rules enforces exactly that shape); every other field is written by the billing functions.
import { z } from 'zod';
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
] as const;

export interface UserDoc {
  uid: string;
  /** The one flag that unlocks the deals (dashboard and security rules read it). */
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
}

const userSchema = z.object({
  subscription_active: z.boolean(),
  subscription_status: z
    .string()
    .nullish()
    .transform((value) => value ?? INITIAL_SUBSCRIPTION_STATUS),
  created_at: pendingDateSchema,
  updated_at: pendingDateSchema,
  stripe_customer_id: optionalText,
  stripe_subscription_id: optionalText,
  current_period_end: optionalNumber,
  cancel_at_period_end: booleanOr(false),
  last_stripe_event_created: optionalNumber,
  last_stripe_event_id: optionalText,
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
  updated_at: ServerTimestamp;
};
