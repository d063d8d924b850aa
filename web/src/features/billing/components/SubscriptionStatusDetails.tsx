import type { SubscriptionStatusResponse } from '@bargains/model/subscription-status';
import { formatUnixSeconds } from '@/lib/format-date';
import { subscriptionStatusLabel } from '@/subscription/lib/subscription-display';

/** Status and period end as returned by get_subscription_status (the subscribe screen's refresh control). */
export function SubscriptionStatusDetails({ subscription }: { subscription: SubscriptionStatusResponse }) {
  const periodEnd = formatUnixSeconds(subscription.current_period_end);
  return (
    <dl className="subscription-facts">
      <div>
        <dt>Status</dt>
        <dd>{subscription.status ? subscriptionStatusLabel(subscription.status) : 'No subscription'}</dd>
      </div>
      <div>
        <dt>Period end</dt>
        <dd>{periodEnd ?? '—'}</dd>
      </div>
    </dl>
  );
}
