// Date handling shared by every converter. The model imports no Firebase SDK, so Firestore Timestamps (web and
// Admin SDK alike) are recognised by their `toDate()` method instead of by class.
// zod/mini, as in fields.ts (render_blog's bundle).
import { NEVER, optional, pipe, transform, unknown } from 'zod/mini';
import type { ParsePayload } from 'zod/v4/core';

/** Anything with a `toDate()` method: both SDKs' Timestamp classes. */
export interface TimestampLike {
  toDate(): Date;
}

export function isTimestampLike(value: unknown): value is TimestampLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { toDate?: unknown }).toDate === 'function'
  );
}

/** Strict ISO-8601 date-time with an explicit zone (Z or ±hh:mm); bare dates and local times are ambiguous. */
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/**
 * The ISO string as a Date when every calendar field exists. `new Date()` rolls impossible fields over
 * (2027-02-30 becomes March 2, 2027-04-31 May 1, 24:00 the next day), so the fields are built into a date and
 * must come back unchanged; zone offsets are at most 23:59.
 */
function isoDateTime(text: string): Date | null {
  const fields = ISO_DATE_TIME.exec(text);
  if (!fields) return null;
  const field = (index: number): number => Number(fields[index] ?? 0);
  const probe = new Date(0);
  // setUTCFullYear, unlike Date.UTC, does not read years 0–99 as 1900–1999.
  probe.setUTCFullYear(field(1), field(2) - 1, field(3));
  probe.setUTCHours(field(4), field(5), field(6));
  // Year, month, day, hours, minutes, seconds: capture groups 1–6.
  const roundTrip = [
    probe.getUTCFullYear(),
    probe.getUTCMonth() + 1,
    probe.getUTCDate(),
    probe.getUTCHours(),
    probe.getUTCMinutes(),
    probe.getUTCSeconds(),
  ];
  const exists = roundTrip.every((value, i) => value === field(i + 1));
  return exists && field(7) <= 23 && field(8) <= 59 ? new Date(text) : null;
}

/** Converts a Timestamp, Date or ISO-8601 date-time string to a valid Date; anything else gives null. */
export function toDateOrNull(value: unknown): Date | null {
  let date: Date | null = null;
  if (value instanceof Date) date = new Date(value.getTime());
  else if (isTimestampLike(value)) {
    const converted: unknown = value.toDate();
    date = converted instanceof Date ? converted : null;
  } else if (typeof value === 'string') date = isoDateTime(value);
  return date !== null && Number.isFinite(date.getTime()) ? date : null;
}

/**
 * The canonical stored form of deal dates: `Date.prototype.toISOString()` (UTC, milliseconds, `Z`). Deal
 * queries compare these strings, which only orders them chronologically when every document uses this form.
 */
export function toIsoTimestamp(date: Date): string {
  return date.toISOString();
}

/** `value` as a Date (toDateOrNull), or NEVER with an issue saying what was `expected`. */
function dateOrIssue(value: unknown, ctx: ParsePayload, expected: string): Date {
  const date = toDateOrNull(value);
  if (date !== null) return date;
  ctx.issues.push({ code: 'custom', message: `expected ${expected}`, input: value });
  return NEVER;
}

/** zod schema: a Timestamp, Date or ISO string in, a Date out. */
export const dateSchema = pipe(
  unknown(),
  transform((value: unknown, ctx): Date =>
    dateOrIssue(value, ctx, 'a Timestamp, Date or ISO-8601 date-time string'),
  ),
);

/**
 * zod schema for server-set timestamps: a date, or null while a server-timestamp write is still pending in the
 * web SDK's local snapshot (it reads pending server timestamps as null).
 */
export const pendingDateSchema = pipe(
  optional(unknown()),
  transform((value: unknown, ctx): Date | null =>
    value === null || value === undefined
      ? null
      : dateOrIssue(value, ctx, 'a Timestamp, Date, ISO-8601 string or null'),
  ),
);
