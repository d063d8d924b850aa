// Stripe-shaped events for webhook tests that need exact control over ids, order and timestamps.
import { randomUUID } from 'node:crypto';
import { STRIPE_PRICE_ID } from './env';
import { testDb } from './admin';

interface SubscriptionState {
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: number;
}

export interface SubscriptionEventInput extends SubscriptionState {
  type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted';
  subscriptionId: string;
  customerId: string;
  uid: string;
  created: number;
  eventId?: string;
}

export const newEventId = (): string => `evt_test_${randomUUID().replace(/-/g, '')}`;

export function subscriptionEvent(input: SubscriptionEventInput) {
  return {
    id: input.eventId ?? newEventId(),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: input.created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: input.type,
    data: {
      object: {
        id: input.subscriptionId,
        object: 'subscription',
        customer: input.customerId,
        status: input.status,
        cancel_at_period_end: input.cancelAtPeriodEnd,
        cancel_at: input.cancelAtPeriodEnd ? input.currentPeriodEnd : null,
        created: input.created,
        livemode: false,
        metadata: { firebase_uid: input.uid },
        items: {
          object: 'list',
          data: [
            {
              id: `si_${input.subscriptionId}`,
              object: 'subscription_item',
              current_period_start: input.currentPeriodEnd - 30 * 24 * 3600,
              current_period_end: input.currentPeriodEnd,
              price: { id: STRIPE_PRICE_ID, object: 'price' },
              quantity: 1,
            },
          ],
        },
      },
    },
  };
}

export const fakeId = (prefix: string): string =>
  `${prefix}_test${randomUUID().replace(/-/g, '').slice(0, 20)}`;

/**
 * Links a Stripe customer id to a uid the way create_checkout_session does (stripe_customers/{id}), for events
 * about customers that exist only in the test.
 */
export async function linkCustomer(customerId: string, uid: string): Promise<void> {
  await testDb().doc(`stripe_customers/${customerId}`).set({ uid, deleted_at: null, checkout: null });
}
