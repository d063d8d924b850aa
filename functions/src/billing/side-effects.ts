// Carries out the Stripe changes a billing decision recorded (see decideBilling). Each one is idempotent, since a
// redelivery of the event, or a concurrent copy of it, runs the same list again: a subscription already canceled
// (or gone) counts as canceled, and a refund uses an idempotency key per invoice and counts "already refunded" as
// done.
import * as logger from 'firebase-functions/logger';
import type Stripe from 'stripe' with { 'resolution-mode': 'import' };
import type { BillingSideEffect } from '@bargains/model/server-docs';
import { isStripeResourceMissing } from '../stripe/errors';

function stripeErrorOf(error: unknown): { code?: unknown; message: string } {
  const message = error instanceof Error ? error.message : '';
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return { code, message };
}

/** Stripe's answer when the subscription was canceled before (by us, a concurrent copy, or the dashboard). */
export function isAlreadyCanceled(error: unknown): boolean {
  return isStripeResourceMissing(error) || /already been canceled/i.test(stripeErrorOf(error).message);
}

/** Cancels a subscription now; true when this call canceled it, false when it had ended already. */
export async function cancelSubscriptionNow(stripe: Stripe, subscriptionId: string): Promise<boolean> {
  try {
    await stripe.subscriptions.cancel(subscriptionId);
    return true;
  } catch (error) {
    if (isAlreadyCanceled(error)) return false;
    throw error;
  }
}

/**
 * Refunds the payment of the subscription's latest invoice when it was paid (at or after `paidAfter`, when set).
 * Returns the refunded payment intents.
 */
async function refundLatestPayment(
  stripe: Stripe,
  subscriptionId: string,
  paidAfter: number | null,
  reason: BillingSideEffect['reason'],
): Promise<string[]> {
  const subscription = await stripe.subscriptions.retrieve(subscriptionId, {
    expand: ['latest_invoice.payments'],
  });
  const invoice = subscription.latest_invoice;
  if (invoice === null || typeof invoice === 'string' || invoice.status !== 'paid') return [];
  const paidAt = invoice.status_transitions.paid_at;
  if (paidAfter !== null && (paidAt === null || paidAt < paidAfter)) return [];
  const refunded: string[] = [];
  for (const payment of invoice.payments?.data ?? []) {
    const intent = payment.payment.payment_intent;
    const paymentIntent = typeof intent === 'string' ? intent : intent?.id;
    if (payment.status !== 'paid' || paymentIntent === undefined) continue;
    try {
      await stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          reason: reason === 'duplicate_subscription' ? 'duplicate' : 'requested_by_customer',
          metadata: { subscription: subscriptionId, invoice: invoice.id ?? '', bargains_reason: reason },
        },
        { idempotencyKey: `bargains-refund-${paymentIntent}` },
      );
      refunded.push(paymentIntent);
    } catch (error) {
      if (stripeErrorOf(error).code !== 'charge_already_refunded') throw error;
    }
  }
  return refunded;
}

/** Runs every recorded side effect; throws (so Stripe redelivers and they run again) if one fails. */
export async function runSideEffects(
  stripe: Stripe,
  effects: readonly BillingSideEffect[],
  log: Record<string, unknown>,
): Promise<void> {
  for (const effect of effects) {
    const canceled = await cancelSubscriptionNow(stripe, effect.subscription);
    const refunded = effect.refund
      ? await refundLatestPayment(stripe, effect.subscription, effect.refund_paid_after, effect.reason)
      : [];
    logger.info('billing.side_effect', { ...log, ...effect, canceled, refunded });
  }
}
