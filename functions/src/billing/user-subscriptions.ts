// The user's subscriptions as Stripe has them, found through the server-only customer mapping (never through
// ids a client could have written), and the one change the user makes to them: cancel at period end or resume.
import type Stripe from 'stripe' with { 'resolution-mode': 'import' };
import type { SubscriptionSnapshot } from '../stripe/objects';
import { isStripeResourceMissing } from '../stripe/errors';
import { listOpenSubscriptions, retrieveSubscriptionNextSecond, toReadSnapshot } from './stripe-reads';
import { applySnapshot, customersOfUser, type ApplyOutcome } from './documents';

/**
 * Open (not canceled) subscriptions of every live customer of the user. A customer that no longer exists in
 * Stripe (deleted in the dashboard, or a test-mode id after switching keys) has none.
 */
export async function openSubscriptionsOfUser(stripe: Stripe, uid: string): Promise<SubscriptionSnapshot[]> {
  const customerIds = (await customersOfUser(uid))
    .filter((record) => !record.deleted)
    .map((record) => record.customerId);
  const lists = await Promise.all(
    customerIds.map((customerId) =>
      listOpenSubscriptions(stripe, customerId).catch((error: unknown) => {
        if (isStripeResourceMissing(error)) return { snapshots: [], readAt: null };
        throw error;
      }),
    ),
  );
  return lists.flatMap((list) => list.snapshots);
}

/**
 * Sets the subscription's cancel_at_period_end in Stripe and mirrors Stripe's answer right away, so the
 * account page's refetch shows it; the webhook event confirms it later.
 */
export async function setCancelAtPeriodEnd(
  stripe: Stripe,
  uid: string,
  subscriptionId: string,
  cancelAtPeriodEnd: boolean,
): Promise<{ snapshot: SubscriptionSnapshot; mirror: ApplyOutcome['outcome'] }> {
  const updated = toReadSnapshot(
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancelAtPeriodEnd }),
  );
  let sync = await applySnapshot(uid, updated.snapshot, { kind: 'read', readAt: updated.readAt });
  if (sync.outcome === 'reread') {
    // Answered in the second of the last applied event: read again once that second is over.
    const again = await retrieveSubscriptionNextSecond(stripe, subscriptionId);
    if (again !== null)
      sync = await applySnapshot(uid, again.snapshot, { kind: 'read', readAt: again.readAt });
  }
  return { snapshot: updated.snapshot, mirror: sync.outcome };
}
