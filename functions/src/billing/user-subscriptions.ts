// The user's subscriptions as Stripe has them, found through the server-only customer mapping (never through
// ids a client could have written).
import type Stripe from 'stripe' with { 'resolution-mode': 'import' };
import type { SubscriptionSnapshot } from '../stripe/objects';
import { listOpenSubscriptions } from './stripe-reads';
import { customersOfUser } from './store';

export interface UserSubscriptions {
  customerIds: string[];
  snapshots: SubscriptionSnapshot[];
}

/** Open (not canceled) subscriptions of every live customer of the user. */
export async function openSubscriptionsOfUser(stripe: Stripe, uid: string): Promise<UserSubscriptions> {
  const customerIds = (await customersOfUser(uid))
    .filter((record) => !record.deleted)
    .map((record) => record.customerId);
  const lists = await Promise.all(customerIds.map((customerId) => listOpenSubscriptions(stripe, customerId)));
  return { customerIds, snapshots: lists.flatMap((list) => list.snapshots) };
}
