// Server-only documents (no client access in firestore.rules): Stripe bookkeeping for the billing functions
// and the demo-data anchor.
import { z } from 'zod';
import { type InvalidDocumentReporter, parseDocument, warnInvalidDocument } from './invalid-document';
import { DEMO_META_DOC_PATH, stripeCustomerDocPath, stripeEventDocPath } from './paths';
import { optionalNumber, optionalText } from './fields';
import { pendingDateSchema } from './timestamp';

/**
 * A Stripe change the webhook decided to make because of an event, recorded with the decision and carried out
 * after it (again on a redelivery until done): cancel a subscription that must not bill, and refund its latest
 * payment when `refund` says so (only a payment made at or after `refund_paid_after`, unix seconds, when set).
 */
export interface BillingSideEffect {
  kind: 'cancel_subscription';
  subscription: string;
  reason: 'account_deleted' | 'duplicate_subscription' | 'replaced';
  refund: boolean;
  refund_paid_after: number | null;
}

const sideEffectSchema = z.object({
  kind: z.literal('cancel_subscription'),
  subscription: z.string().min(1),
  reason: z.enum(['account_deleted', 'duplicate_subscription', 'replaced']),
  refund: z.boolean(),
  refund_paid_after: z.number().int().nullable(),
});

/** stripe_events/{eventId}: a Stripe event the webhook has processed; its existence makes redelivery a no-op. */
export interface StripeEventRecord {
  id: string;
  type: string;
  /** The event's `created`, unix seconds. */
  created: number;
  /** The user the event was about, when it could be linked to one. */
  uid: string | null;
  /** What the webhook decided (applied, skipped reason, …), for audits. */
  outcome: string;
  processed_at: Date | null;
  /** TTL field: Firestore deletes the record after this (Stripe stops redelivering after 3 days). */
  expires_at: Date | null;
  /** What the decision asked Stripe to do; `effects_done` once all of it succeeded. */
  effects: BillingSideEffect[];
  effects_done: boolean;
}

/** stripe_events/{eventId} as written: `processed_at` is a server timestamp, `expires_at` a concrete time. */
export type StripeEventDoc<ServerTimestamp, Time> = {
  type: string;
  created: number;
  uid: string | null;
  outcome: string;
  processed_at: ServerTimestamp;
  expires_at: Time;
  effects: BillingSideEffect[];
  effects_done: boolean;
};

const stripeEventSchema = z.object({
  type: z.string(),
  created: z.number().int().nonnegative(),
  uid: z.string().min(1).nullable(),
  outcome: z.string(),
  processed_at: pendingDateSchema,
  expires_at: pendingDateSchema,
  // Records written before side effects were recorded had none pending.
  effects: z.array(sideEffectSchema).default([]),
  effects_done: z.boolean().default(true),
});

export function parseStripeEventRecord(
  eventId: string,
  data: unknown,
  report: InvalidDocumentReporter = warnInvalidDocument,
): StripeEventRecord | null {
  const parsed = parseDocument(stripeEventSchema, stripeEventDocPath(eventId), data, report);
  return parsed === null ? null : { id: eventId, ...parsed };
}

/** The checkout attempt whose idempotency key concurrent create_checkout_session calls share. */
export interface CheckoutAttempt {
  idempotency_key: string;
  /** Unix seconds; also the session's `expires_at`, so one attempt is one Checkout Session. */
  expires_at: number;
}

/**
 * The subscription state last applied for a customer, with the `created` stamp that orders later events against
 * it. Kept server-side with the mapping (users/{uid} only mirrors it), so the ordering guard survives a user
 * deleting their own document.
 */
export interface CustomerBillingState {
  subscription_active: boolean;
  subscription_status: string;
  stripe_subscription_id: string | null;
  current_period_end: number | null;
  cancel_at_period_end: boolean;
  last_stripe_event_created: number | null;
  /** See UserDoc.grace_period_end: with subscription_active, what hasDealAccess reads. */
  grace_period_end: number | null;
  /** The subscription's default payment method as last applied (see UserDoc.payment_method_id). */
  payment_method_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
}

const customerBillingStateSchema = z.object({
  subscription_active: z.boolean(),
  subscription_status: z.string().min(1),
  stripe_subscription_id: z.string().min(1).nullable(),
  current_period_end: z.number().nullable(),
  cancel_at_period_end: z.boolean(),
  last_stripe_event_created: z.number().nullable(),
  // Absent from states stored before the deadline was kept here: read as none, so such a past_due state ranks
  // as paid up in the ordering guard until its own next event is applied (those always apply).
  grace_period_end: optionalNumber,
  // Absent from states stored before cards were mirrored: read as unknown.
  payment_method_id: optionalText,
  card_brand: optionalText,
  card_last4: optionalText,
});

/** stripe_customers/{customerId}: which Firebase user a Stripe customer belongs to (the billing's source of truth). */
export interface StripeCustomerRecord {
  customerId: string;
  uid: string;
  created_at: Date | null;
  /** Set by delete_account: later events for this customer must not recreate the user's data. */
  deleted: boolean;
  /** When delete_account marked it (unix seconds), null while the account exists. */
  deletedAtSeconds: number | null;
  checkout: CheckoutAttempt | null;
  /** Null until the webhook (or an API read) applied a subscription of this customer. */
  billing: CustomerBillingState | null;
}

/** stripe_customers/{customerId} as written. */
export type StripeCustomerDoc<ServerTimestamp> = {
  uid: string;
  created_at: ServerTimestamp;
  deleted_at: ServerTimestamp | null;
  checkout: CheckoutAttempt | null;
  billing?: CustomerBillingState | null;
};

const stripeCustomerSchema = z.object({
  uid: z.string().min(1),
  created_at: pendingDateSchema,
  deleted_at: pendingDateSchema,
  checkout: z
    .object({ idempotency_key: z.string().min(1), expires_at: z.number().int() })
    .nullish()
    .transform((value) => value ?? null),
  billing: customerBillingStateSchema.nullish().transform((value) => value ?? null),
});

export function parseStripeCustomerRecord(
  customerId: string,
  data: unknown,
  report: InvalidDocumentReporter = warnInvalidDocument,
): StripeCustomerRecord | null {
  const parsed = parseDocument(stripeCustomerSchema, stripeCustomerDocPath(customerId), data, report);
  if (parsed === null) return null;
  const { deleted_at, ...rest } = parsed;
  return {
    customerId,
    ...rest,
    deleted: deleted_at !== null,
    deletedAtSeconds: deleted_at === null ? null : Math.floor(deleted_at.getTime() / 1000),
  };
}

/** _meta/demo: the UTC day the demo deals' dates are currently relative to. */
export type DemoMetaDoc = {
  /** 'YYYY-MM-DD' (UTC). */
  anchor: string;
};

export const UTC_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Rejects days such as 2025-02-30, which Date.parse silently rolls over into March. */
function isRealUtcDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(time) && utcDay(new Date(time)) === day;
}

const demoMetaSchema = z.object({
  anchor: z
    .string()
    .regex(UTC_DAY, 'expected YYYY-MM-DD')
    .refine((day) => isRealUtcDay(day), 'expected a real calendar date'),
});

export function parseDemoMeta(
  data: unknown,
  report: InvalidDocumentReporter = warnInvalidDocument,
): DemoMetaDoc | null {
  return parseDocument(demoMetaSchema, DEMO_META_DOC_PATH, data, report);
}

/** The UTC calendar day of `date`, as 'YYYY-MM-DD'. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * How long a deleted user's tombstone must outlive the deletion: a Firebase ID token is valid for one hour after it
 * was issued, and deleting the Auth user stops any refresh, so after an hour no token of the user is left. A day
 * leaves room for clock skew and for a retried delete_account.
 */
export const DELETED_USER_TOMBSTONE_MS = 24 * 60 * 60 * 1000;

/**
 * deleted_users/{uid}: written by delete_account right before it deletes the user's documents. Rules cannot check
 * whether a token was revoked or its user deleted, so without it the deleted user's still-valid ID token could
 * recreate users/{uid} and its preferences; the rules refuse those creates (and preference writes) while it
 * exists. `expires_at` is the TTL field (firestore.indexes.json): Firestore removes it once no token can remain.
 */
export interface DeletedUserDoc {
  deleted_at: Date;
  expires_at: Date;
}

export function deletedUserDoc(now: Date): DeletedUserDoc {
  return { deleted_at: now, expires_at: new Date(now.getTime() + DELETED_USER_TOMBSTONE_MS) };
}
