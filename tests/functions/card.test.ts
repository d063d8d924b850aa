// The card on the account page through the Stripe stand-in: the webhook mirrors the subscription's default payment
// method (brand, last 4) onto users/{uid} from the reads it already makes, a card switch on the hosted portal is
// followed (one subscription read, expanded), and late or duplicated copies never bring back an older card.
import type Stripe from 'stripe';
import { closeAdmin, readUserDoc } from './support/admin';
import { deliverEvent, flushDeliveries, heldBack, stripe } from './support/stripe';
import { settledSubscriber, subscribeThroughCheckout, updateCardOnPortal } from './support/subscribe';
import { createTestUser } from './support/users';
import { waitUntil } from '../../tools/wait-until';
import { standinControl } from '../support/stripe-standin';

afterAll(closeAdmin);

/** Stripe API calls per endpoint since the last reset (the stand-in's counts; integration runs in band). */
async function stripeCalls(reset = false): Promise<Record<string, number>> {
  const path = reset ? '/_control/stats/reset' : '/_control/stats';
  const body = (await standinControl(path, { method: reset ? 'POST' : 'GET' })) as {
    endpoints: Record<string, number>;
  };
  return body.endpoints;
}

/** The subscription's default payment method as Stripe has it now. */
async function defaultCard(subscriptionId: string): Promise<Stripe.PaymentMethod> {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId, {
    expand: ['default_payment_method'],
  });
  return subscription.default_payment_method as Stripe.PaymentMethod;
}

describe('the card on the account page, from the webhook mirror', () => {
  it('subscribing mirrors "Visa ending in 4242" without any extra Stripe call', async () => {
    const user = await createTestUser('card-subscribe');
    await stripeCalls(true);
    const { subscriptionId } = await subscribeThroughCheckout(user);
    await flushDeliveries();
    const calls = await stripeCalls();
    const card = await defaultCard(subscriptionId);
    expect(card.card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(await readUserDoc(user.uid)).toMatchObject({
      payment_method_id: card.id,
      card_brand: 'visa',
      card_last4: '4242',
    });
    // The card came with the subscription reads the invoice and checkout events make anyway (expanded).
    expect(calls['GET /v1/payment_methods/:id']).toBeUndefined();
  });

  it('a card switch on the portal is mirrored (new last 4) with one subscription read', async () => {
    const { user, subscriptionId } = await settledSubscriber('card-switch');

    // Stripe's clock has one-second resolution: a switch in the checkout's second would be re-read for its order.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await stripeCalls(true);
    await updateCardOnPortal(user, 'declines');
    await flushDeliveries();
    // The webhook's one read for the new card: the subscription, expanded.
    const calls = await stripeCalls();
    expect(calls['GET /v1/subscriptions/:id']).toBe(1);
    expect(calls['GET /v1/payment_methods/:id']).toBeUndefined();
    const switched = await defaultCard(subscriptionId);
    expect(switched.card?.last4).toBe('0341');
    expect(await readUserDoc(user.uid)).toMatchObject({
      payment_method_id: switched.id,
      card_brand: 'visa',
      card_last4: '0341',
      subscription_status: 'active',
    });

    await updateCardOnPortal(user, 'succeeds');
    const back = await waitUntil(
      () => readUserDoc(user.uid),
      (doc) => doc?.card_last4 === '4242',
      { what: 'the card switched back' },
    );
    expect(back?.payment_method_id).toBe((await defaultCard(subscriptionId)).id);
  });

  it('late and duplicated copies of an older card switch never bring back the older card', async () => {
    const { user, subscriptionId } = await settledSubscriber('card-order');
    const older = await heldBack(() => updateCardOnPortal(user, 'declines'));
    const newer = await heldBack(() => updateCardOnPortal(user, 'succeeds'));
    expect(newer.map((event) => event.type)).toEqual([
      'payment_method.attached',
      'customer.updated',
      'customer.subscription.updated',
    ]);
    const latest = await defaultCard(subscriptionId);

    // The newer switch first, then the older one, then every event again.
    for (const event of [...newer, ...older, ...older, ...newer]) {
      expect((await deliverEvent(event)).status).toBe(200);
    }
    expect(await readUserDoc(user.uid)).toMatchObject({
      payment_method_id: latest.id,
      card_brand: 'visa',
      card_last4: '4242',
      subscription_status: 'active',
    });
  });
});
