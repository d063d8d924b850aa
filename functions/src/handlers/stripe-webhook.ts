// POST stripe_webhook: Stripe's events, verified over the raw body with the endpoint's signing secret.
// Handled: checkout.session.completed, customer.subscription.created|updated|deleted, invoice.paid,
// invoice.payment_failed; other types are acknowledged and ignored. Each event runs one pipeline:
//   1. verify the signature and the payload (handle, below);
//   2. settle duplicates and the customer from server-side state only (stripe_events/{id},
//      stripe_customers/{customerId}), never from users/{uid}, which the user may have deleted;
//   3. resolve the subscription snapshot (the payload, or a Stripe read for events that only point at one) and,
//      when it is paid up, the user's other open subscriptions;
//   4. decide and write in one transaction (applySnapshot → decideBilling): the mirror, the ordering stamp and
//      the event record with the side effects the decision requires;
//   5. run those side effects (cancel, refund) idempotently from the recorded decision; a redelivery of an
//      event whose side effects did not finish runs them again.
// Logged as one `stripe_webhook.decision` line. Internal failures answer 500 so that Stripe retries.
import * as logger from 'firebase-functions/logger';
import type Stripe from 'stripe' with { 'resolution-mode': 'import' };
import { runSideEffects } from '../billing/side-effects';
import { describeState, needsOpenSubscriptions } from '../billing/state';
import {
  retrieveSubscription,
  retrieveSubscriptionNextSecond,
  type ReadSnapshot,
} from '../billing/stripe-reads';
import {
  applySnapshot,
  customerRef,
  customerFromSnapshot,
  markEffectsDone,
  readEventRecord,
  recordEvent,
  storedStateOf,
  readUser,
  type ApplyOutcome,
} from '../billing/documents';
import { openSubscriptionsOfUser } from '../billing/user-subscriptions';
import { stripeWebhookSecret } from '../config';
import { endpoint } from '../http/endpoint';
import { HttpError } from '../http/errors';
import type { BillingSideEffect, StripeCustomerRecord } from '@bargains/model/server-docs';
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

/** Reads of a subscription whose order stays unknown (same second as the stored stamp) before giving up. */
const MAX_READS = 3;

export type WebhookOutcome =
  | ApplyOutcome['outcome']
  | 'ignored_unhandled_type'
  | 'ignored_no_customer'
  | 'ignored_unknown_customer'
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
  effects?: BillingSideEffect[];
}

function logDecision(event: { id: string; type: string; created: number }, decision: Decision): void {
  logger.info('stripe_webhook.decision', {
    eventId: event.id,
    type: event.type,
    created: event.created,
    ...decision,
  });
}

/** Records an event the webhook leaves alone (with the user, when known) and returns that decision. */
async function ignore(event: HandledEvent, decision: Decision): Promise<Decision> {
  await recordEvent(event, decision.uid ?? null, decision.outcome);
  return decision;
}

// ── 2. Settle: duplicates and the customer, from server-side state only ─────────────────────────────────────

type Settled =
  { done: Decision } | { done: null; uid: string; customerId: string; mapping: StripeCustomerRecord };

async function settle(stripe: Stripe, event: HandledEvent): Promise<Settled> {
  const record = await readEventRecord(event.id);
  if (record !== null) {
    if (!record.effects_done) {
      await runSideEffects(stripe, record.effects, { eventId: event.id, redelivery: true });
      await markEffectsDone(event.id);
    }
    return { done: { outcome: 'duplicate', reason: `decided before: ${record.outcome}` } };
  }
  const customerId = event.kind === 'subscription' ? event.subscription.customerId : event.customerId;
  if (customerId === null) return { done: await ignore(event, { outcome: 'ignored_no_customer' }) };
  const mapping = customerFromSnapshot(await customerRef(customerId).get());
  if (mapping === null) {
    return {
      done: await ignore(event, {
        outcome: 'ignored_unknown_customer',
        customerId,
        reason: 'customer not created by this app',
      }),
    };
  }
  const { uid } = mapping;
  if (event.kind === 'pointer' && event.clientReferenceId !== null && event.clientReferenceId !== uid) {
    logger.error('stripe_webhook.uid_mismatch', {
      eventId: event.id,
      customerId,
      uid,
      clientReferenceId: event.clientReferenceId,
    });
    return {
      done: await ignore(event, {
        outcome: 'ignored_uid_mismatch',
        uid,
        customerId,
        reason: 'client_reference_id is another user',
      }),
    };
  }
  return { done: null, uid, customerId, mapping };
}

// ── 3. Resolve the snapshot (and the user's open subscriptions when it is paid up) ──────────────────────────

type Resolved =
  | { done: Decision }
  | {
      done: null;
      snapshot: SubscriptionSnapshot;
      source: { kind: 'event'; created: number } | { kind: 'read'; readAt: number | null };
    };

async function readSnapshot(
  stripe: Stripe,
  event: HandledEvent,
  ids: { uid: string; customerId: string },
  subscriptionId: string,
  nextSecond = false,
): Promise<Resolved> {
  const read: ReadSnapshot | null = nextSecond
    ? await retrieveSubscriptionNextSecond(stripe, subscriptionId)
    : await retrieveSubscription(stripe, subscriptionId);
  if (read === null) {
    return {
      done: await ignore(event, {
        outcome: 'ignored_subscription_missing',
        ...ids,
        subscription: subscriptionId,
      }),
    };
  }
  if (read.snapshot.customerId !== ids.customerId) {
    return {
      done: await ignore(event, {
        outcome: 'ignored_uid_mismatch',
        ...ids,
        reason: 'subscription belongs to another customer',
      }),
    };
  }
  return { done: null, snapshot: read.snapshot, source: { kind: 'read', readAt: read.readAt } };
}

async function resolveSnapshot(
  stripe: Stripe,
  event: HandledEvent,
  ids: { uid: string; customerId: string },
): Promise<Resolved> {
  if (event.kind === 'subscription') {
    return { done: null, snapshot: event.subscription, source: { kind: 'event', created: event.created } };
  }
  if (event.subscriptionId === null) {
    return { done: await ignore(event, { outcome: 'ignored_no_subscription', ...ids }) };
  }
  // Checkout and invoice events carry no subscription state: read it.
  return readSnapshot(stripe, event, ids, event.subscriptionId);
}

/** The user's open subscriptions when the decision needs them (see needsOpenSubscriptions), else null. */
async function openSubscriptionsFor(
  stripe: Stripe,
  event: HandledEvent,
  mapping: StripeCustomerRecord,
  snapshot: SubscriptionSnapshot,
): Promise<SubscriptionSnapshot[] | null> {
  if (mapping.deleted) return null;
  const stored = storedStateOf(mapping, mapping.billing === null ? await readUser(mapping.uid) : null);
  return needsOpenSubscriptions(stored, snapshot, event.type)
    ? openSubscriptionsOfUser(stripe, mapping.uid)
    : null;
}

// ── The pipeline ─────────────────────────────────────────────────────────────────────────────────────────────

async function processEvent(stripe: Stripe, event: HandledEvent): Promise<Decision> {
  const settled = await settle(stripe, event);
  if (settled.done !== null) return settled.done;
  const { uid, customerId, mapping } = settled;

  let resolved = await resolveSnapshot(stripe, event, { uid, customerId });
  let result: ApplyOutcome | null = null;
  for (let reads = 0; resolved.done === null; reads += 1) {
    const { snapshot, source } = resolved;
    const openSubscriptions = await openSubscriptionsFor(stripe, event, mapping, snapshot);
    result = await applySnapshot(uid, snapshot, source, { event, openSubscriptions });
    if (result.outcome !== 'reread') break;
    if (reads + 1 >= MAX_READS) {
      return ignore(event, {
        outcome: 'skipped',
        uid,
        customerId,
        subscription: snapshot.id,
        reason: 'unordered',
      });
    }
    // Same second as the stored state (or no timestamp): the order is unknown, so Stripe's current state
    // decides (a read in that same second again, once its clock has moved on).
    resolved = await readSnapshot(stripe, event, { uid, customerId }, snapshot.id, source.kind === 'read');
  }
  if (resolved.done !== null) return resolved.done;
  if (result === null) throw new Error('unreachable: no decision');
  const subscription = resolved.snapshot.id;
  const decision: Decision = { outcome: result.outcome, uid, customerId, subscription };
  if (result.outcome === 'duplicate') {
    // A concurrent copy recorded the decision first; its side effects are run (idempotently) here too.
    const record = result.record ?? (await readEventRecord(event.id));
    if (record !== null && !record.effects_done) {
      await runSideEffects(stripe, record.effects, { eventId: event.id, uid, concurrentCopy: true });
      await markEffectsDone(event.id);
    }
    return decision;
  }
  if (result.outcome === 'reread') return decision;
  if (result.effects.length > 0) {
    await runSideEffects(stripe, result.effects, { eventId: event.id, uid, customerId });
    await markEffectsDone(event.id);
  }
  const effects = result.effects.length > 0 ? { effects: result.effects } : {};
  switch (result.outcome) {
    case 'applied':
      return {
        ...decision,
        ...effects,
        old: describeState(result.before),
        new: describeState(result.after),
        reason: `stamp ${result.stamp}`,
      };
    case 'skipped':
      return { ...decision, ...effects, reason: result.reason, old: describeState(result.before) };
    case 'unlinked':
      return { ...decision, ...effects, reason: result.reason };
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
