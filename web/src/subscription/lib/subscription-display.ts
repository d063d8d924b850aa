// What the Account page shows for a subscription status (docs/reference.md#billing).
import { formatUnixSeconds } from '@/lib/format-date';

export type SubscriptionAction = 'cancel' | 'resubscribe' | null;

export interface SubscriptionDisplay {
  /** Human-readable status, or null when there is no status at all. */
  statusLabel: string | null;
  /** The period-end line, or null when there is nothing to show. */
  periodText: string | null;
  /** The one button offered. */
  action: SubscriptionAction;
}

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  canceled: 'Canceled',
  inactive: 'Inactive',
  trialing: 'Trial',
  past_due: 'Past due',
  unpaid: 'Unpaid',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  paused: 'Paused',
};

/** Readable label for a status; unknown statuses are shown as sent, with underscores as spaces. */
export function subscriptionStatusLabel(status: string): string {
  return STATUS_LABELS[status] ?? status.replace(/_/g, ' ');
}

/**
 * - 'active': Cancel Subscription is offered (the renewal date is shown as the current period's end).
 * - 'canceled': 'Active until {date}' and Resubscribe.
 * - no status: Resubscribe.
 * - any other status: 'Current Period Ends: {date}'.
 * A missing or invalid period end drops the date line rather than printing a placeholder.
 */
export function subscriptionDisplay(
  status: string | null | undefined,
  currentPeriodEnd: number | null | undefined,
): SubscriptionDisplay {
  const periodEnd = formatUnixSeconds(currentPeriodEnd);
  const trimmed = status?.trim() ?? '';
  if (trimmed === '') return { statusLabel: null, periodText: null, action: 'resubscribe' };
  const statusLabel = subscriptionStatusLabel(trimmed);
  if (trimmed === 'canceled') {
    return { statusLabel, periodText: periodEnd ? `Active until ${periodEnd}` : null, action: 'resubscribe' };
  }
  const periodText = periodEnd ? `Current Period Ends: ${periodEnd}` : null;
  return { statusLabel, periodText, action: trimmed === 'active' ? 'cancel' : null };
}
