// POST create_checkout_session (no body) → {url} of a Stripe Checkout Session for the $2/month plan.
// 409 when the user already has a paid-up subscription (including one canceled but still running:
// that one is resumed with resume_subscription, never paid for twice). At most one session of the user can be
// paid: a new one is issued only after every other open one was expired. A mapped customer that Stripe no longer
// has is replaced by a new one.
import * as logger from 'firebase-functions/logger';
import type Stripe from 'stripe' with { 'resolution-mode': 'import' };
import {
  expireOpenCheckoutSessions,
  reserveCheckoutAttempt,
  retireCheckoutAttempt,
  withLiveCustomer,
  type ReservedCheckout,
} from '../billing/customers';
import { listOpenSubscriptions } from '../billing/stripe-reads';
import { subscriptionIsPaidUp } from '../billing/state';
import { applySnapshot, readUser } from '../billing/documents';
import { appConfig, type AppConfig } from '../config';
import { requireUser } from '../http/auth';
import { noBodySchema, parseJsonBody } from '../http/body';
import { endpoint } from '../http/endpoint';
import { HttpError } from '../http/errors';
import { isStripeIdempotencyError } from '../stripe/errors';
import { FIREBASE_UID_METADATA_KEY } from '../stripe/objects';
import { stripeClient } from '../stripe/client';

export const ALREADY_SUBSCRIBED_MESSAGE = 'You already have an active subscription';
export const RESUME_INSTEAD_MESSAGE =
  'Your canceled subscription is still active until the end of its period: resume it instead of subscribing again';

const alreadySubscribed = (canceledButRunning: boolean): HttpError =>
  new HttpError(409, canceledButRunning ? RESUME_INSTEAD_MESSAGE : ALREADY_SUBSCRIBED_MESSAGE);
const MAX_BODY_BYTES = 1024;

interface CheckoutInput {
  uid: string;
  customerId: string;
  config: AppConfig;
}

export function checkoutSessionParams(
  { uid, customerId, config }: CheckoutInput,
  expiresAt: number,
): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'subscription',
    customer: customerId,
    client_reference_id: uid,
    line_items: [{ price: config.priceId, quantity: 1 }],
    // Return URLs come from configuration only: a request cannot redirect a paying user elsewhere.
    success_url: `${config.appOrigin}/success`,
    cancel_url: `${config.appOrigin}/cancel`,
    metadata: { [FIREBASE_UID_METADATA_KEY]: uid },
    subscription_data: { metadata: { [FIREBASE_UID_METADATA_KEY]: uid } },
    expires_at: expiresAt,
  };
}

/**
 * Creates the session under the reserved attempt's idempotency key: concurrent calls share the key and get
 * Stripe's replay of the same session. A reused attempt's session is re-read, since a replay shows it as it
 * was created; once it is complete or expired the attempt is retired and a fresh one is made (once).
 */
async function openCheckoutSession(stripe: Stripe, input: CheckoutInput, retries = 1): Promise<string> {
  const attempt: ReservedCheckout = await reserveCheckoutAttempt(
    input.customerId,
    Math.floor(Date.now() / 1000),
  );
  const retryWithFreshAttempt = async (reason: string): Promise<string> => {
    await retireCheckoutAttempt(input.customerId, attempt.idempotency_key);
    if (retries <= 0) throw new Error(`Could not open a Checkout Session: ${reason}`);
    logger.info('create_checkout_session.attempt_retired', {
      uid: input.uid,
      customerId: input.customerId,
      reason,
    });
    return openCheckoutSession(stripe, input, retries - 1);
  };

  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.create(checkoutSessionParams(input, attempt.expires_at), {
      idempotencyKey: attempt.idempotency_key,
    });
  } catch (error) {
    if (isStripeIdempotencyError(error)) return retryWithFreshAttempt('idempotency key rejected');
    // A failed attempt must not be replayed to the next click.
    await retireCheckoutAttempt(input.customerId, attempt.idempotency_key);
    throw error;
  }
  if (attempt.reused) {
    const current = await stripe.checkout.sessions.retrieve(session.id);
    if (current.status !== 'open') return retryWithFreshAttempt(`session ${session.id} is ${current.status}`);
  } else {
    // A new session is handed out only once no other can be paid (two paid sessions = two subscriptions).
    const { expired, completed } = await expireOpenCheckoutSessions(stripe, input.customerId, session.id);
    if (completed.length > 0) {
      // The previous session was paid meanwhile: this one must not be paid too.
      await expireOpenCheckoutSessions(stripe, input.customerId, null);
      await retireCheckoutAttempt(input.customerId, attempt.idempotency_key);
      logger.info('create_checkout_session.refused', {
        uid: input.uid,
        reason: 'a previous session was paid meanwhile',
        sessions: completed,
      });
      throw alreadySubscribed(false);
    }
    if (expired.length > 0) {
      logger.info('create_checkout_session.previous_sessions_expired', { uid: input.uid, expired });
    }
  }
  if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a url`);
  logger.info('create_checkout_session.session_ready', {
    uid: input.uid,
    customerId: input.customerId,
    sessionId: session.id,
    reused: attempt.reused,
  });
  return session.url;
}

export const handle = endpoint(
  { name: 'create_checkout_session', method: 'POST', cors: true },
  async (req) => {
    const user = await requireUser(req, { checkRevoked: true });
    parseJsonBody(req, noBodySchema, MAX_BODY_BYTES);
    const config = appConfig();

    const mirror = await readUser(user.uid);
    // Paid up only: a failed renewal (even inside its grace period) may be replaced by a new checkout, and the
    // webhook then cancels the past-due subscription, so only one is ever live.
    if (mirror !== null && subscriptionIsPaidUp(mirror.subscription_status) && mirror.subscription_active) {
      logger.info('create_checkout_session.refused', {
        uid: user.uid,
        reason: 'mirror shows an active subscription',
      });
      throw alreadySubscribed(mirror.cancel_at_period_end);
    }
    const stripe = await stripeClient();
    const url = await withLiveCustomer(stripe, user, async (customerId) => {
      // The mirror may lag behind Stripe (a webhook still in flight), so Stripe has the last word.
      const { snapshots, readAt } = await listOpenSubscriptions(stripe, customerId);
      const running = snapshots.find((snapshot) => subscriptionIsPaidUp(snapshot.status));
      if (running) {
        const sync = await applySnapshot(user.uid, running, { kind: 'read', readAt });
        logger.info('create_checkout_session.refused', {
          uid: user.uid,
          reason: 'Stripe has an active subscription',
          subscription: running.id,
          mirror: sync.outcome,
        });
        throw alreadySubscribed(running.cancelAtPeriodEnd);
      }
      return openCheckoutSession(stripe, { uid: user.uid, customerId, config });
    });
    return { body: { url } };
  },
);
