// users/{uid}/reminders/{dealId}: "Remind me before it ends" on a saved deal. The owner sets it from the Saved
// view (a subscriber, on a deal they saved: firestore.rules checks both); send_digests emails it once, through
// the same ledger as the digests (users/{uid}/email_ledger/reminder_…), and then deletes it. Removing the save
// removes the reminder in the same batch, and delete_account's recursive delete removes them all.
//
// When: LEAD days before the deal's end, on the user's wall clock in the IANA zone stored with the reminder
// (so "1 day before" a 10:00 end is 10:00 the day before, 23 or 25 hours earlier across a DST change). The
// stored `remind_at` is what the client computed from the end it saw; the run only uses it to find reminders
// that may be due, and recomputes from the deal's current end before sending (an end moved later waits).
// zod/mini, as in saved.ts: the dashboard reads reminders with it.
import { literal, object, string, union } from 'zod/mini';
import type { Deal } from './deal';
import { type InvalidDocumentReporter, parseDocument, warnInvalidDocument } from './invalid-document';
import { reminderDocPath, remindersPath } from './paths';
import { MAX_SAVED_DEALS, type QuerySpec } from './queries';
import { dateSchema, pendingDateSchema } from './timestamp';

/** The offered choices, in days before the deal's end (firestore.rules lists the same values). */
export const REMINDER_LEAD_DAYS = [1, 3] as const;
export type ReminderLeadDays = (typeof REMINDER_LEAD_DAYS)[number];

/** IANA names are at most ~32 characters; the rules cap the stored zone at the same size. */
export const REMINDER_TIME_ZONE_MAX_LENGTH = 64;

export interface Reminder {
  dealId: string;
  lead_days: ReminderLeadDays;
  /** The IANA zone the reminder's wall-clock time is computed in (the browser's when it was set). */
  time_zone: string;
  /** When it was due for the deal's end as the client saw it: the run's query key, recomputed before sending. */
  remind_at: Date;
  /** null while the server timestamp of a fresh write is pending. Names the ledger entry: one email per set. */
  set_at: Date | null;
}

/** The stored shape (the rules check exactly these fields). */
export interface ReminderDoc<TimestampValue, DateValue> {
  deal_id: string;
  lead_days: ReminderLeadDays;
  time_zone: string;
  remind_at: DateValue;
  set_at: TimestampValue;
}

/** The document the Saved view writes; `setAt` is the server timestamp sentinel (the rules want request.time). */
export function reminderDoc<TimestampValue, DateValue>(
  dealId: string,
  leadDays: ReminderLeadDays,
  timeZone: string,
  remindAt: DateValue,
  setAt: TimestampValue,
): ReminderDoc<TimestampValue, DateValue> {
  return { deal_id: dealId, lead_days: leadDays, time_zone: timeZone, remind_at: remindAt, set_at: setAt };
}

const reminderSchema = object({
  deal_id: string(),
  lead_days: union([literal(1), literal(3)]),
  time_zone: string(),
  remind_at: dateSchema,
  set_at: pendingDateSchema,
});

export function parseReminder(
  uid: string,
  dealId: string,
  data: unknown,
  report: InvalidDocumentReporter = warnInvalidDocument,
): Reminder | null {
  const parsed = parseDocument(reminderSchema, reminderDocPath(uid, dealId), data, report);
  if (parsed === null) return null;
  if (parsed.deal_id !== dealId || !isKnownTimeZone(parsed.time_zone)) {
    report({
      path: reminderDocPath(uid, dealId),
      problems: ['deal_id or time_zone: not this deal or not a zone'],
    });
    return null;
  }
  const { deal_id: _id, ...rest } = parsed;
  return { dealId, ...rest };
}

/**
 * True for a zone name this runtime's Intl knows: email-preferences.ts isValidTimeZone's check, kept here so the
 * dashboard's reminder code does not load that module's classic-zod schemas (this file uses zod/mini).
 */
export function isKnownTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > REMINDER_TIME_ZONE_MAX_LENGTH) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClockOf(instant: number, timeZone: string): WallClock {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
    millisecond: new Date(instant).getUTCMilliseconds(),
  };
}

/** The wall clock read as if it were UTC (Date.UTC rolls day 0 or -2 into the month before). */
function asUtc(wall: WallClock): number {
  const probe = new Date(0);
  probe.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  probe.setUTCHours(wall.hour, wall.minute, wall.second, wall.millisecond);
  return probe.getTime();
}

/** The zone's offset from UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  return asUtc(wallClockOf(instant, timeZone)) - instant;
}

/**
 * The instant a wall-clock time happens in `timeZone`. A time that happens twice (clocks going back) is the
 * earlier; a time skipped by clocks going forward is moved forward by the gap (02:30 → 03:30), as Temporal's
 * "compatible" disambiguation does.
 */
function instantOfWallClock(wall: WallClock, timeZone: string): number {
  const local = asUtc(wall);
  const dayMs = 86_400_000;
  const candidates = [offsetAt(local - dayMs, timeZone), offsetAt(local + dayMs, timeZone)].map(
    (offset) => local - offset,
  );
  const exact = candidates.filter((instant) => asUtc(wallClockOf(instant, timeZone)) === local);
  if (exact.length > 0) return Math.min(...exact);
  // In a gap: the offset before the change gives the instant just after it.
  return candidates[0] ?? local;
}

/** `leadDays` days before `end` on the wall clock of `timeZone`; null without a usable end date. */
export function reminderTime(end: Date | null, leadDays: ReminderLeadDays, timeZone: string): Date | null {
  if (end === null || !Number.isFinite(end.getTime())) return null;
  const wall = wallClockOf(end.getTime(), timeZone);
  return new Date(instantOfWallClock({ ...wall, day: wall.day - leadDays }, timeZone));
}

export interface ReminderChoice {
  leadDays: ReminderLeadDays;
  remindAt: Date;
}

/**
 * The choices a saved deal offers at `now`: each lead whose time is still ahead. A deal without an end date, or
 * one that has ended, offers none (an already-past reminder is never set).
 */
export function reminderChoices(
  deal: { end_date: Date | null },
  timeZone: string,
  now: Date,
): ReminderChoice[] {
  return REMINDER_LEAD_DAYS.flatMap((leadDays) => {
    const remindAt = reminderTime(deal.end_date, leadDays, timeZone);
    return remindAt !== null && remindAt.getTime() > now.getTime() ? [{ leadDays, remindAt }] : [];
  });
}

export type ReminderDropReason = 'not_saved' | 'deal_gone' | 'no_end_date' | 'ended';

/**
 * Why a reminder may no longer be sent, or null when it may. The one check for every run: the save was removed,
 * the deal left the catalogue (deleted or withdrawn by its network), it has no end date, or it ended, also
 * early (its end moved before now). A deal hidden by an editor belongs here too.
 */
/** What the decision reads of a deal (the model's Deal always has an end; a feed's record may not). */
type RemindableDeal = Pick<Deal, 'end_date'> | { end_date: Date | null };

export function reminderDropReason(
  deal: RemindableDeal | null,
  saved: boolean,
  now: Date,
): ReminderDropReason | null {
  if (!saved) return 'not_saved';
  if (deal === null) return 'deal_gone';
  if (deal.end_date === null || !Number.isFinite(deal.end_date.getTime())) return 'no_end_date';
  if (deal.end_date.getTime() <= now.getTime()) return 'ended';
  return null;
}

export type ReminderDecision =
  | { action: 'send'; remindAt: Date }
  /** Not due: the deal's end moved later than the client saw; the run stores the new time. */
  | { action: 'wait'; remindAt: Date }
  /** Never to be sent: the run deletes the reminder. */
  | { action: 'drop'; reason: ReminderDropReason };

/** What a run does with a reminder that may be due, from the deal as it is now. Pure. */
export function planReminder(
  reminder: Pick<Reminder, 'lead_days' | 'time_zone'>,
  deal: RemindableDeal | null,
  saved: boolean,
  now: Date,
): ReminderDecision {
  const reason = reminderDropReason(deal, saved, now);
  if (reason !== null) return { action: 'drop', reason };
  if (deal === null) return { action: 'drop', reason: 'deal_gone' };
  const remindAt = reminderTime(deal.end_date, reminder.lead_days, reminder.time_zone);
  if (remindAt === null) return { action: 'drop', reason: 'no_end_date' };
  return remindAt.getTime() <= now.getTime() ? { action: 'send', remindAt } : { action: 'wait', remindAt };
}

/**
 * The ledger entry of one reminder: the deal and when the reminder was set, so a reminder is sent once, and one
 * set again after it was sent (or after the save was removed and made again) is a new email.
 */
export const reminderEntryId = (dealId: string, setAt: Date): string =>
  `reminder_${setAt.getTime()}_${dealId}`;

/** All of a user's reminders in one read: at most one per saved deal, so the saved-deal cap bounds them. */
export function remindersQuerySpec(uid: string): QuerySpec {
  return { collection: remindersPath(uid), where: [], orderBy: [], limit: MAX_SAVED_DEALS };
}

/**
 * Due reminders send_digests reads per run (a collection-group query on remind_at, indexed in
 * firestore.indexes.json's fieldOverrides); more wait for the next hourly run, and the run logs it.
 */
export const MAX_REMINDERS_PER_RUN = 5_000;
