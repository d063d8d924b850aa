// What one send_digests run sends each user, decided in memory from the deals read once per run: the digest
// due in the user's local time, and the batch of unusually cheap deals not alerted yet. Neither sends a code
// that subscribers report not working (model/votes.ts). Pure: the run
// (run.ts) reads, claims the ledger entries and sends.
import type { EmailPreferences } from '@bargains/model/email-preferences';
import {
  type CategoryCutoffs,
  digestPeriodDue,
  isUnusuallyCheap,
  matchesInterests,
} from '@bargains/model/alerts';
import { type Deal, isDealLive } from '@bargains/model/deal';
import { type AlertState, alertBatchEntryId, digestEntryId } from './email-ledger';
import { toIsoTimestamp } from '@bargains/model/timestamp';
import { isReportedNotWorking } from '@bargains/model/votes';

/** Deals per email: enough to be worth opening, short enough to read. */
export const MAX_DEALS_PER_EMAIL = 20;
export const DIGEST_LOOKBACK_MS = { daily: 24 * 3600_000, weekly: 7 * 24 * 3600_000 } as const;
/** The longest look-back of any email: the window of the one deal query per run. */
export const NEW_DEALS_WINDOW_MS = DIGEST_LOOKBACK_MS.weekly;
/** Alerts wait this long after a user's last batch (a little under an hour, for the hourly schedule's jitter). */
export const ALERT_BATCH_GAP_MS = 55 * 60_000;
/**
 * A user's first alert batch considers the deals of the batch being sent only (no backlog on opt-in): from the
 * start of the earliest pending hour the run sends, or the last hour when none is given.
 */
export const FIRST_ALERT_LOOKBACK_MS = 3600_000;
/**
 * Deals scraped this recently are left to the next batch: scraped_at is set when the collector queues a write,
 * which may commit a little later, and the alert cursor (alerted_through) must never pass a deal not yet
 * readable. The run keeps an hour's batch pending while such deals exist (run.ts).
 */
export const ALERT_SETTLE_MS = 5 * 60_000;

export interface PlannedEmail {
  uid: string;
  list: 'digest' | 'alerts';
  /** Ledger entry id: one per digest period or alert hour. */
  entryId: string;
  frequency?: 'daily' | 'weekly';
  deals: Deal[];
  /** Alerts: the newest scraped_at considered, stored so these deals never alert again. */
  alertedThrough?: string;
}

const bySavings = (a: Deal, b: Deal) =>
  b.savings_value - a.savings_value ||
  a.end_date.getTime() - b.end_date.getTime() ||
  a.id.localeCompare(b.id);

export function planDigest(
  preferences: EmailPreferences,
  newDeals: readonly Deal[],
  now: Date,
): PlannedEmail | null {
  const period = digestPeriodDue(preferences, now);
  if (period === null || preferences.digest === 'off') return null;
  const since = now.getTime() - DIGEST_LOOKBACK_MS[preferences.digest];
  const deals = newDeals
    .filter(
      (deal) =>
        deal.scraped_at !== null &&
        deal.scraped_at.getTime() >= since &&
        isDealLive(deal, now) &&
        !isReportedNotWorking(deal) &&
        matchesInterests(deal, preferences),
    )
    .sort(bySavings)
    .slice(0, MAX_DEALS_PER_EMAIL);
  return {
    uid: preferences.uid,
    list: 'digest',
    entryId: digestEntryId(period),
    frequency: preferences.digest,
    deals,
  };
}

export function planAlerts(
  preferences: EmailPreferences,
  state: AlertState | null,
  newDeals: readonly Deal[],
  cutoffs: CategoryCutoffs,
  now: Date,
  firstBatchSince: Date = new Date(now.getTime() - FIRST_ALERT_LOOKBACK_MS),
): PlannedEmail | null {
  if (!preferences.instant_alerts) return null;
  if (state && now.getTime() - state.last_batch_at.getTime() < ALERT_BATCH_GAP_MS) return null;
  const since = state
    ? Math.max(Date.parse(state.alerted_through), now.getTime() - NEW_DEALS_WINDOW_MS)
    : firstBatchSince.getTime();
  const considered = newDeals.filter(
    (deal) =>
      deal.scraped_at !== null &&
      deal.scraped_at.getTime() > since &&
      deal.scraped_at.getTime() <= now.getTime() - ALERT_SETTLE_MS,
  );
  const deals = considered
    .filter(
      (deal) =>
        isDealLive(deal, now) && !isReportedNotWorking(deal) && isUnusuallyCheap(deal, preferences, cutoffs),
    )
    .sort(bySavings)
    .slice(0, MAX_DEALS_PER_EMAIL);
  if (deals.length === 0) return null;
  const newest = Math.max(...considered.map((deal) => deal.scraped_at?.getTime() ?? 0));
  return {
    uid: preferences.uid,
    list: 'alerts',
    entryId: alertBatchEntryId(now),
    deals,
    alertedThrough: toIsoTimestamp(new Date(newest)),
  };
}
