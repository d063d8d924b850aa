// POST stripe_webhook: Stripe's events, verified over the raw body with the endpoint's signing secret.
// Handled: checkout.session.completed, customer.subscription.created|updated|deleted, invoice.paid,
// invoice.payment_failed; other types are acknowledged and ignored. Each event is applied to users/{uid} at
// most once (stripe_events/{id}), never over newer state (see decideSnapshot), and logged as one
// `stripe_webhook.decision` line. Internal failures answer 500 so that Stripe retries.
import * as logger from 'firebase-functions/logger';
import type Stripe from 'stripe' with { 'resolution-mode': 'import' };
import { describeState, subscriptionGrantsAccess, subscriptionIsLive } from '../billing/state';
import { listOpenSubscriptions, retrieveSubscription } from '../billing/stripe-reads';
import {
  applySnapshot,
  customerRef,
  eventAlreadyProcessed,
  customerFromSnapshot,
  recordEvent,
  type ApplyOutcome,
} from '../billing/store';
import { stripeWebhookSecret } from '../config';
import { endpoint } from '../http/endpoint';
import { HttpError } from '../http/errors';
import { stripeClient } from '../stripe/client';
import {
  parseStripeEvent,
  StripePayloadError,
  type HandledEvent,
  type SubscriptionSnapshot,
  type UnhandledEvent,
} from '../stripe/objects';

/** Stripe events are a few kB; anything near this is not one. */
export const MAX_WEBHOOK_BODY_BYTES = 512 * 1024;

export type WebhookOutcome =
  | ApplyOutcome['outcome']
  | 'ignored_unhandled_type'
  | 'ignored_no_customer'
  | 'ignored_unknown_customer'
  | 'ignored_account_deleted'
  | 'ignored_uid_mismatch'
  | 'ignored_no_subscription'
  | 'ignored_subscription_missing';

interface Decision {
  outcome: WebhookOutcome;
  uid?: string;
  customerId?: string;
  subscription?: string;
  reason?: string;
  old?: Record<string, unknown> | null;
  new?: Record<string, unknown> | null;
}

function logDecision(event: { id: string; type: string; created: number }, decision: Decision): void {
  logger.info('stripe_webhook.decision', {
    eventId: event.id,
    type: event.type,
    created: event.created,
    ...decision,
  });
}

/**
 * After a new checkout is paid, other open subscriptions of the customer that no longer grant access (an old
 * past_due or unpaid one) are canceled, so Stripe's payment retries cannot charge for a replaced plan.
 */
async function cancelReplacedSubscriptions(stripe: Stripe, current: SubscriptionSnapshot): Promise<string[]> {
  const { snapshots } = await listOpenSubscriptions(stripe, current.customerId);
  const replaced = snapshots.filter(
    (sub) => sub.id !== current.id && subscriptionIsLive(sub.status) && !subscriptionGrantsAccess(sub.status),
  );
  for (const sub of replaced) await stripe.subscriptions.cancel(sub.id);
  return replaced.map((sub) => sub.id);
}

/** Records an event the webhook leaves alone (with the user, when known) and returns that decision. */
async function ignore(event: HandledEvent, decision: Decision): Promise<Decision> {
  await recordEvent(event, decision.uid ?? null, decision.outcome);
  return decision;
}

async function processEvent(stripe: Stripe, event: HandledEvent): Promise<Decision> {
  if (await eventAlreadyProcessed(event.id)) return { outcome: 'duplicate' };

  const customerId = event.kind === 'subscription' ? event.subscription.customerId : event.customerId;
  if (customerId === null) return ignore(event, { outcome: 'ignored_no_customer' });
  const mapping = customerFromSnapshot(await customerRef(customerId).get());
  if (mapping === null) {
    return ignore(event, {
      outcome: 'ignored_unknown_customer',
      customerId,
      reason: 'customer not created by this app',
    });
  }
  const { uid } = mapping;
  if (mapping.deleted) return ignore(event, { outcome: 'ignored_account_deleted', uid, customerId });
  if (event.kind === 'pointer' && event.clientReferenceId !== null && event.clientReferenceId !== uid) {
    logger.error('stripe_webhook.uid_mismatch', {
      eventId: event.id,
      customerId,
      uid,
      clientReferenceId: event.clientReferenceId,
    });
    return ignore(event, {
      outcome: 'ignored_uid_mismatch',
      uid,
      customerId,
      reason: 'client_reference_id is another user',
    });
  }

  let result: ApplyOutcome;
  let snapshot: SubscriptionSnapshot;
  if (event.kind === 'subscription') {
    snapshot = event.subscription;
    result = await applySnapshot(uid, snapshot, { kind: 'event', created: event.created }, event);
  } else {
    if (event.subscriptionId === null) {
      return ignore(event, { outcome: 'ignored_no_subscription', uid, customerId });
    }
    // Checkout and invoice events carry no subscription state: read it.
    const read = await retrieveSubscription(stripe, event.subscriptionId);
    if (read === null) {
      return ignore(event, {
        outcome: 'ignored_subscription_missing',
        uid,
        customerId,
        subscription: event.subscriptionId,
      });
    }
    snapshot = read.snapshot;
    if (snapshot.customerId !== customerId) {
      return ignore(event, {
        outcome: 'ignored_uid_mismatch',
        uid,
        customerId,
        reason: 'subscription belongs to another customer',
      });
    }
    let replaced: string[] = [];
    if (event.type === 'checkout.session.completed' && subscriptionGrantsAccess(snapshot.status)) {
      replaced = await cancelReplacedSubscriptions(stripe, snapshot);
    }
    result = await applySnapshot(uid, snapshot, { kind: 'read', readAt: read.readAt }, event);
    if (replaced.length > 0) logger.info('stripe_webhook.replaced_subscriptions_canceled', { uid, replaced });
  }

  if (result.outcome === 'reread') {
    // Same second as the stored state: the order is unknown, so Stripe's current state decides.
    const read = await retrieveSubscription(stripe, snapshot.id);
    if (read === null) {
      return ignore(event, {
        outcome: 'ignored_subscription_missing',
        uid,
        customerId,
        subscription: snapshot.id,
      });
    }
    snapshot = read.snapshot;
    result = await applySnapshot(uid, snapshot, { kind: 'read', readAt: read.readAt }, event);
  }

  const decision: Decision = { outcome: result.outcome, uid, customerId, subscription: snapshot.id };
  switch (result.outcome) {
    case 'applied':
      return {
        ...decision,
        old: describeState(result.before),
        new: describeState(result.after),
        reason: `stamp ${result.stamp}`,
      };
    case 'skipped':
      return {
        ...decision,
        reason:
          result.reason === 'stale' ? 'older than the stored state' : 'belongs to a replaced subscription',
        old: describeState(result.before),
      };
    case 'unlinked':
      return { ...decision, reason: result.reason };
    default:
      return decision;
  }
}

export const handle = endpoint({ name: 'stripe_webhook', method: 'POST', cors: false }, async (req) => {
  const raw = req.rawBody;
  if (raw === undefined || raw.length === 0) throw new HttpError(400, 'Missing request body');
  if (raw.length > MAX_WEBHOOK_BODY_BYTES) throw new HttpError(400, 'Request body is too large');
  const signature = req.get('stripe-signature');
  if (!signature) throw new HttpError(400, 'Missing Stripe-Signature header');

  const secret = stripeWebhookSecret();
  const stripe = await stripeClient();
  let verified: unknown;
  try {
    verified = stripe.webhooks.constructEvent(raw, signature, secret);
  } catch (error) {
    const badSignature = (error as { type?: unknown }).type === 'StripeSignatureVerificationError';
    logger.warn('stripe_webhook.rejected', {
      reason: error instanceof Error ? error.message : String(error),
    });
    // The SDK parses the body only after the signature matched.
    throw new HttpError(400, badSignature ? 'Invalid Stripe signature' : 'Request body must be valid JSON');
  }

  let event: HandledEvent | UnhandledEvent;
  try {
    event = parseStripeEvent(verified);
  } catch (error) {
    if (!(error instanceof StripePayloadError)) throw error;
    logger.error('stripe_webhook.invalid_payload', { reason: error.message });
    throw new HttpError(400, 'Unexpected event payload');
  }
  if (event.kind === 'unhandled') {
    logDecision(event, { outcome: 'ignored_unhandled_type' });
    return { body: { received: true, outcome: 'ignored_unhandled_type' } };
  }

  const decision = await processEvent(stripe, event);
  logDecision(event, decision);
  return { body: { received: true, outcome: decision.outcome } };
});
