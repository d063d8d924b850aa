// "Most popular": what subscribers did with a deal over the last POPULARITY_WINDOW_DAYS days, counted server-side
// from first-party records only (no third-party tracking), one per subscriber per deal per UTC day per kind.
//
// The one popularity rule (the sort, the triggers, the daily refresh, the demo data and the tests all call these):
//  - Three kinds of activity count. A View Deal open: the subscriber's own activity document
//    sources/wired/coupons/{dealId}/activity/open_{day}_{uid}, created by the web app (firestore.rules allow it
//    only for its owner, a subscriber, on an existing deal, for the current UTC day, and never change it). A save:
//    activity/save_{day}_{uid}, written by the record_save_activity trigger when users/{uid}/saved/{dealId} is
//    created. A worked-vote: a Yes vote (model/votes.ts) cast in the window, read from the votes themselves, so a
//    Yes changed to No stops counting. The day is part of the document id, so a subscriber counts once per deal,
//    day and kind however often they click.
//  - The window is the current UTC day and the POPULARITY_WINDOW_DAYS - 1 days before it. Days are whole UTC
//    days (days since the Unix epoch), so the daily refresh_popularity run right after midnight moves every
//    deal's window at once and a count never depends on the hour it was taken.
//  - The score weighs what each kind says about a deal: a Yes vote means the subscriber used the deal and it
//    worked, a save that they mean to, an open only that they looked (POPULARITY_WEIGHTS).
//  - Counts are recounted from the records, never incremented (handlers/popularity.ts), so a retried,
//    duplicated or late trigger event leaves exact counts.
//  - Every deal carries `popularity_score` (0 until anyone acts on it): Firestore leaves a document without the
//    ordered field out of an ordered query, so the Most popular sort would otherwise hide quiet deals.
import { int, number, object, string } from 'zod/mini';
import { COLLECTIONS, dealDocPath, DOCUMENT_ID_FIELD } from './paths';
import type { QuerySpec } from './queries';
import { dealVotesPath } from './votes';

export const POPULARITY_WINDOW_DAYS = 7;
export const POPULARITY_WEIGHTS = { worked: 3, save: 2, open: 1 } as const;
/** A count stops at this many records of one kind in the window (a count query reads an index entry each). */
export const MAX_COUNTED_ACTIVITY = 100_000;
/** The daily refresh pages through the deals with a score in pages of this size. */
export const POPULARITY_REFRESH_PAGE = 300;
/** A client clock may be this far from the server's at a day boundary and still name the right day (the rules). */
export const ACTIVITY_DAY_SKEW_MINUTES = 10;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The kinds stored as activity documents (worked-votes are the votes themselves). */
export const ACTIVITY_KINDS = ['open', 'save'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** The UTC day of an instant, as days since the Unix epoch (what `day` and the document id hold). */
export const utcDayOf = (at: Date): number => Math.floor(at.getTime() / DAY_MS);
export const startOfUtcDay = (day: number): Date => new Date(day * DAY_MS);
/** The first day of the window that ends on the day of `now`. */
export const windowStartDay = (now: Date): number => utcDayOf(now) - (POPULARITY_WINDOW_DAYS - 1);

export const dealActivityPath = (dealId: string): string => `${dealDocPath(dealId)}/${COLLECTIONS.activity}`;
export const activityDocId = (kind: ActivityKind, day: number, uid: string): string =>
  `${kind}_${day}_${uid}`;
export const activityDocPath = (dealId: string, kind: ActivityKind, day: number, uid: string): string =>
  `${dealActivityPath(dealId)}/${activityDocId(kind, day, uid)}`;

/** The stored activity document: exactly these fields (the rules check them for opens). */
export interface ActivityDoc {
  uid: string;
  kind: ActivityKind;
  day: number;
}

export const activityDoc = (kind: ActivityKind, day: number, uid: string): ActivityDoc => ({
  uid,
  kind,
  day,
});

/** The counts of one deal's window. */
export interface PopularityCounts {
  opens: number;
  saves: number;
  worked: number;
}

/** Stored on both documents of a deal as `popularity`, next to `popularity_score` (what the sort orders by). */
export interface PopularitySummary extends PopularityCounts {
  /** The window's first UTC day, YYYY-MM-DD. */
  window_start: string;
}

export interface DealPopularityFields {
  popularity: PopularitySummary;
  popularity_score: number;
}

export const popularitySummarySchema = object({
  opens: number().check(int()),
  saves: number().check(int()),
  worked: number().check(int()),
  window_start: string(),
});

export function popularityScore(counts: PopularityCounts): number {
  return (
    counts.worked * POPULARITY_WEIGHTS.worked +
    counts.saves * POPULARITY_WEIGHTS.save +
    counts.opens * POPULARITY_WEIGHTS.open
  );
}

export function dealPopularityFields(counts: PopularityCounts, now: Date): DealPopularityFields {
  const window_start = startOfUtcDay(windowStartDay(now)).toISOString().slice(0, 10);
  return {
    popularity: { opens: counts.opens, saves: counts.saves, worked: counts.worked, window_start },
    popularity_score: popularityScore(counts),
  };
}

/** The count of one kind of activity on a deal in the window (its composite index: kind, day). */
export function activityCountQuerySpec(dealId: string, kind: ActivityKind, now: Date): QuerySpec {
  return {
    collection: dealActivityPath(dealId),
    where: [
      { field: 'kind', op: '==', value: kind },
      { field: 'day', op: '>=', value: windowStartDay(now) },
    ],
    orderBy: [],
    limit: MAX_COUNTED_ACTIVITY,
  };
}

/** The count of Yes votes cast in the window (its composite index: worked, voted_at). */
export function workedVotesCountQuerySpec(dealId: string, now: Date): QuerySpec {
  return {
    collection: dealVotesPath(dealId),
    where: [
      { field: 'worked', op: '==', value: true },
      { field: 'voted_at', op: '>=', value: startOfUtcDay(windowStartDay(now)) },
    ],
    orderBy: [],
    limit: MAX_COUNTED_ACTIVITY,
  };
}

/** refresh_popularity: the deals with a score, whose window moves each day (single-field index). */
export function scoredDealsQuerySpec(): QuerySpec {
  return {
    collection: COLLECTIONS.deals,
    where: [{ field: 'popularity_score', op: '>', value: 0 }],
    orderBy: [
      { field: 'popularity_score', direction: 'asc' },
      { field: DOCUMENT_ID_FIELD, direction: 'asc' },
    ],
    limit: POPULARITY_REFRESH_PAGE,
  };
}

/**
 * A re-collected deal keeps its popularity: the collector rewrites a changed deal whole (with a score of 0 from
 * buildDealDoc), so it carries over the stored fields; the next recount or daily refresh corrects them.
 */
export function keepPopularityFields<Doc extends { popularity_score: number }>(
  next: Doc,
  stored: { popularity?: unknown; popularity_score?: unknown } | undefined,
): Doc | (Doc & DealPopularityFields) {
  const summary = popularitySummarySchema.safeParse(stored?.popularity);
  const score = stored?.popularity_score;
  if (!summary.success || typeof score !== 'number' || !Number.isFinite(score)) return next;
  return { ...next, popularity: summary.data, popularity_score: score };
}
