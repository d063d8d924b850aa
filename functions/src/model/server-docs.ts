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
  processed_at: Date | null;
}

/** stripe_events/{eventId} as written: `processed_at` is a server timestamp. */
export type StripeEventDoc<ServerTimestamp> = {
  type: string;
  created: number;
  processed_at: ServerTimestamp;
};

const stripeEventSchema = z.object({
  type: z.string(),
  created: z.number().int().nonnegative(),
  processed_at: pendingDateSchema,
});

export function parseStripeEventRecord(
  eventId: string,
  data: unknown,
  report: InvalidDocumentReporter = warnInvalidDocument,
): StripeEventRecord | null {
  const parsed = parseDocument(stripeEventSchema, stripeEventDocPath(eventId), data, report);
  return parsed === null ? null : { id: eventId, ...parsed };
}

/** stripe_customers/{customerId}: which Firebase user a Stripe customer belongs to. */
export interface StripeCustomerRecord {
  customer_id: string;
  uid: string;
  created_at: Date | null;
}

export type StripeCustomerDoc<ServerTimestamp> = {
  uid: string;
  created_at: ServerTimestamp;
};

const stripeCustomerSchema = z.object({
  uid: z.string().min(1),
  created_at: pendingDateSchema,
});

export function parseStripeCustomerRecord(
  customerId: string,
  data: unknown,
  report: InvalidDocumentReporter = warnInvalidDocument,
): StripeCustomerRecord | null {
  const parsed = parseDocument(stripeCustomerSchema, stripeCustomerDocPath(customerId), data, report);
  return parsed === null ? null : { customer_id: customerId, ...parsed };
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
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === day;
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
