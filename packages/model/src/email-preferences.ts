// users/{uid}/preferences/alerts: what a subscriber wants by email. Written by the owner from the account page
// (firestore.rules checks exactly this shape, the enums and the sizes) and by the unsubscribe function, read by
// send_digests. A user without the document gets no email: digests and alerts are opt-in.
import { z } from 'zod';
import { DEAL_CATEGORIES, type DealCategory } from './category';
import { type InvalidDocumentReporter, parseDocument, warnInvalidDocument } from './invalid-document';
import { emailPreferencesDocPath } from './paths';
import { pendingDateSchema } from './timestamp';

export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type IsoWeekday = (typeof ISO_WEEKDAYS)[number];

/** Sizes the rules enforce too (keep firestore.rules in step). */
export const EMAIL_PREFERENCE_LIMITS = {
  /** IANA names are at most ~32 characters ("America/Argentina/ComodRivadavia"). */
  timeZoneLength: 64,
  stores: 50,
  storeIdLength: 100,
  /** `savings_value` is dollars saved on a notional $100 order (savings.ts); 100 = "free". */
  thresholdMin: 1,
  thresholdMax: 100,
} as const;

/** The stored fields, in the order the rules list them. */
export const EMAIL_PREFERENCE_FIELDS = [
  'digest',
  'digest_weekday',
  'digest_hour',
  'time_zone',
  'instant_alerts',
  'interest_categories',
  'interest_stores',
  'alert_threshold',
  'updated_at',
] as const;

export interface EmailPreferences {
  uid: string;
  digest: DigestFrequency;
  /** The weekly digest's day in the user's time zone (ignored for daily). */
  digest_weekday: IsoWeekday;
  /** The local hour (0–23) the digest goes out, daily or weekly. */
  digest_hour: number;
  /** IANA time zone, e.g. "Europe/Berlin"; the browser's on first save. */
  time_zone: string;
  /** Email about unusually cheap deals as they arrive, batched at most once an hour. */
  instant_alerts: boolean;
  /** Empty categories and empty stores = interested in everything. */
  interest_categories: DealCategory[];
  interest_stores: string[];
  /** Also alert on any matching deal whose savings_value is at least this; null = only the top-5% rule. */
  alert_threshold: number | null;
  /** null while a server-timestamp write is pending. */
  updated_at: Date | null;
}

/** True for a time zone name the runtime's Intl knows ("UTC", "Europe/Berlin", …). */
export function isValidTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > EMAIL_PREFERENCE_LIMITS.timeZoneLength) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const weekdaySchema = z
  .number()
  .int()
  .min(1)
  .max(7)
  .transform((day) => day as IsoWeekday);

/** The fields a client writes (without updated_at), validated the same way at every trust boundary. */
export const emailPreferencesInputSchema = z
  .object({
    digest: z.enum(DIGEST_FREQUENCIES),
    digest_weekday: weekdaySchema,
    digest_hour: z.number().int().min(0).max(23),
    time_zone: z.string().refine(isValidTimeZone, 'expected an IANA time zone such as "Europe/Berlin"'),
    instant_alerts: z.boolean(),
    interest_categories: z
      .array(z.enum(DEAL_CATEGORIES))
      .max(DEAL_CATEGORIES.length)
      .refine((list) => new Set(list).size === list.length, 'categories must not repeat'),
    interest_stores: z
      .array(z.string().min(1).max(EMAIL_PREFERENCE_LIMITS.storeIdLength))
      .max(EMAIL_PREFERENCE_LIMITS.stores)
      .refine((list) => new Set(list).size === list.length, 'stores must not repeat'),
    alert_threshold: z
      .number()
      .int()
      .min(EMAIL_PREFERENCE_LIMITS.thresholdMin)
      .max(EMAIL_PREFERENCE_LIMITS.thresholdMax)
      .nullable(),
  })
  .strict();

export type EmailPreferencesInput = z.output<typeof emailPreferencesInputSchema>;

const emailPreferencesSchema = emailPreferencesInputSchema.extend({ updated_at: pendingDateSchema }).strict();

export function parseEmailPreferences(
  uid: string,
  data: unknown,
  report: InvalidDocumentReporter = warnInvalidDocument,
): EmailPreferences | null {
  const parsed = parseDocument(emailPreferencesSchema, emailPreferencesDocPath(uid), data, report);
  return parsed === null ? null : { uid, ...parsed };
}

/** What the account page shows before the first save: nothing sent until the user opts in. */
export function defaultEmailPreferences(timeZone: string): EmailPreferencesInput {
  return {
    digest: 'off',
    digest_weekday: 1,
    digest_hour: 8,
    time_zone: isValidTimeZone(timeZone) ? timeZone : 'UTC',
    instant_alerts: false,
    interest_categories: [],
    interest_stores: [],
    alert_threshold: null,
  };
}

/** The stored document: the input plus `updated_at` (the SDK's server-timestamp sentinel; rules require it). */
export type EmailPreferencesDoc<ServerTimestamp> = EmailPreferencesInput & { updated_at: ServerTimestamp };

export function emailPreferencesDoc<ServerTimestamp>(
  input: EmailPreferencesInput,
  serverTimestamp: ServerTimestamp,
): EmailPreferencesDoc<ServerTimestamp> {
  return { ...input, updated_at: serverTimestamp };
}
