// Server-only documents (no client access in firestore.rules): Stripe bookkeeping for the billing functions
// and the demo-data anchor.
import { z } from 'zod';
import { type InvalidDocumentReporter, parseDocument, warnInvalidDocument } from './invalid-document';
import { DEMO_META_DOC_PATH, stripeCustomerDocPath, stripeEventDocPath } from './paths';
import { pendingDateSchema } from './timestamp';

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
}

/** stripe_events/{eventId} as written: `processed_at` is a server timestamp, `expires_at` a concrete time. */
export type StripeEventDoc<ServerTimestamp, Time> = {
  type: string;
  created: number;
  uid: string | null;
  outcome: string;
  processed_at: ServerTimestamp;
  expires_at: Time;
};

const stripeEventSchema = z.object({
  type: z.string(),
  created: z.number().int().nonnegative(),
  uid: z.string().min(1).nullable(),
  outcome: z.string(),
  processed_at: pendingDateSchema,
  expires_at: pendingDateSchema,
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

/** stripe_customers/{customerId}: which Firebase user a Stripe customer belongs to (the billing's source of truth). */
export interface StripeCustomerRecord {
  customerId: string;
  uid: string;
  created_at: Date | null;
  /** Set by delete_account: later events for this customer must not recreate the user's data. */
  deleted: boolean;
  checkout: CheckoutAttempt | null;
}

/** stripe_customers/{customerId} as written. */
export type StripeCustomerDoc<ServerTimestamp> = {
  uid: string;
  created_at: ServerTimestamp;
  deleted_at: ServerTimestamp | null;
  checkout: CheckoutAttempt | null;
};

const stripeCustomerSchema = z.object({
  uid: z.string().min(1),
  created_at: pendingDateSchema,
  deleted_at: pendingDateSchema,
  checkout: z
    .object({ idempotency_key: z.string().min(1), expires_at: z.number().int() })
    .nullish()
    .transform((value) => value ?? null),
});

export function parseStripeCustomerRecord(
  customerId: string,
  data: unknown,
  report: InvalidDocumentReporter = warnInvalidDocument,
): StripeCustomerRecord | null {
  const parsed = parseDocument(stripeCustomerSchema, stripeCustomerDocPath(customerId), data, report);
  if (parsed === null) return null;
  const { deleted_at, ...rest } = parsed;
  return { customerId, ...rest, deleted: deleted_at !== null };
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
