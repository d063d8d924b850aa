// "Unusually cheap" and "time to send": the two decisions behind alert and digest email, as pure functions so
// send_digests, the tests and docs/alerts.md all mean the same thing.
//
// Unusually cheap (isUnusuallyCheap): a deal the user is interested in (one of their categories or stores; no
// interests = everything) that either
//   - saves more than 95% of the deals of its category that started in the last 30 days (the category needs
//     at least MIN_CATEGORY_SAMPLE such deals, otherwise "unusual" means nothing and only the next rule
//     applies), or
//   - reaches the user's own threshold (alert_threshold, in savings_value units: dollars off a $100 order).
// Unquantified offers (savings_value 0: "Special offer") are never unusually cheap.
//
// Send window (digestPeriodDue): the digest goes out once per period, at the first hourly run at or after the
// chosen local hour: daily on every local day, weekly on the chosen local weekday. Local time comes from Intl
// with the user's IANA zone, so DST is handled by the zone data: on a spring-forward day a send hour that does
// not exist (02:00 in New York) goes out at the next run (03:00); on a fall-back day the repeated hour maps to
// the same period key and the send ledger refuses the second send.
import type { EmailPreferences, DigestFrequency, IsoWeekday } from './email-preferences';
import { DEAL_CATEGORIES, type DealCategory } from './category';
import type { Deal } from './deal';

/** How far back the category distribution looks. */
export const CHEAP_WINDOW_DAYS = 30;
/** The share of a category's deals a deal must beat. */
export const CHEAP_PERCENTILE = 0.95;
/** Below this many recent deals in a category, the percentile rule is off for it. */
export const MIN_CATEGORY_SAMPLE = 20;

const DAY_MS = 24 * 60 * 60 * 1000;

export type DistributionDeal = Pick<Deal, 'category' | 'savings_value' | 'start_date'>;

/** Per category: the savings_value a deal must exceed to be in the top 5%, or null when too few deals. */
export type CategoryCutoffs = Record<DealCategory, number | null>;

/**
 * The 95th percentile (nearest rank) of savings_value per category over deals that started in the last
 * CHEAP_WINDOW_DAYS before `now`. A deal must be strictly above it, so ties at the cutoff never count as top 5%.
 */
export function categoryCutoffs(deals: Iterable<DistributionDeal>, now: Date): CategoryCutoffs {
  const since = now.getTime() - CHEAP_WINDOW_DAYS * DAY_MS;
  const values = new Map<DealCategory, number[]>(DEAL_CATEGORIES.map((category) => [category, []]));
  for (const deal of deals) {
    const start = deal.start_date.getTime();
    if (start >= since && start <= now.getTime()) values.get(deal.category)?.push(deal.savings_value);
  }
  const cutoffs = {} as CategoryCutoffs;
  for (const category of DEAL_CATEGORIES) {
    const sorted = (values.get(category) ?? []).sort((a, b) => a - b);
    cutoffs[category] =
      sorted.length < MIN_CATEGORY_SAMPLE
        ? null
        : (sorted[Math.ceil(CHEAP_PERCENTILE * sorted.length) - 1] ?? null);
  }
  return cutoffs;
}

export type InterestPreferences = Pick<
  EmailPreferences,
  'interest_categories' | 'interest_stores' | 'alert_threshold'
>;
export type MatchedDeal = Pick<Deal, 'category' | 'shop_id' | 'savings_value'>;

/** Interests: one of the chosen categories or stores; nothing chosen = every deal. */
export function matchesInterests(deal: MatchedDeal, preferences: InterestPreferences): boolean {
  const { interest_categories: categories, interest_stores: stores } = preferences;
  if (categories.length === 0 && stores.length === 0) return true;
  return categories.includes(deal.category) || stores.includes(deal.shop_id);
}

/** The alert rule (see the top of this file and docs/alerts.md). */
export function isUnusuallyCheap(
  deal: MatchedDeal,
  preferences: InterestPreferences,
  cutoffs: CategoryCutoffs,
): boolean {
  if (deal.savings_value <= 0 || !matchesInterests(deal, preferences)) return false;
  const cutoff = cutoffs[deal.category];
  const topOfCategory = cutoff !== null && deal.savings_value > cutoff;
  const meetsThreshold =
    preferences.alert_threshold !== null && deal.savings_value >= preferences.alert_threshold;
  return topOfCategory || meetsThreshold;
}

export interface LocalTime {
  /** YYYY-MM-DD in the zone. */
  date: string;
  hour: number;
  weekday: IsoWeekday;
}

const WEEKDAYS: Record<string, IsoWeekday> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const localFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock date, hour and weekday of `instant` in `timeZone` (an IANA name Intl accepts). */
export function localTime(instant: Date, timeZone: string): LocalTime {
  let format = localFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    });
    localFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    weekday: WEEKDAYS[parts.weekday ?? ''] ?? 1,
  };
}

export type DigestSchedule = Pick<
  EmailPreferences,
  'digest' | 'digest_weekday' | 'digest_hour' | 'time_zone'
>;

/**
 * The period whose digest is due at `now` ("daily:2026-03-08", "weekly:2026-03-09": the local date of the
 * send day), or null when none is. Due from the chosen local hour to the end of that local day, so a missed
 * hourly run is caught up by the next one; the send ledger keys on the period, so it goes out once.
 */
export function digestPeriodDue(schedule: DigestSchedule, now: Date): string | null {
  if (schedule.digest === 'off') return null;
  const local = localTime(now, schedule.time_zone);
  if (local.hour < schedule.digest_hour) return null;
  if (schedule.digest === 'weekly' && local.weekday !== schedule.digest_weekday) return null;
  return digestPeriodKey(schedule.digest, local.date);
}

export function digestPeriodKey(frequency: Exclude<DigestFrequency, 'off'>, localDate: string): string {
  return `${frequency}:${localDate}`;
}
