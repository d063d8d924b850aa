// POST resume_subscription (no body) → {status: 'active', current_period_end}. Resubscribing while a canceled
// subscription still runs to its period end resumes it (no new checkout, no second charge). 409 when there is
// nothing to resume: the web app then starts a new checkout.
import * as logger from 'firebase-functions/logger';
import { findCancelable, findResumable, statusViewOf } from '../billing/state';
import { openSubscriptionsOfUser, setCancelAtPeriodEnd } from '../billing/user-subscriptions';
import { requireUser } from '../http/auth';
import { noBodySchema, parseJsonBody } from '../http/body';
import { endpoint } from '../http/endpoint';
import { HttpError } from '../http/errors';
import { stripeClient } from '../stripe/client';

export const NOTHING_TO_RESUME_MESSAGE =
  'There is no canceled subscription to resume; start a new checkout to subscribe again';
export const ALREADY_ACTIVE_MESSAGE = 'Your subscription is already active';
const MAX_BODY_BYTES = 1024;

export const handle = endpoint({ name: 'resume_subscription', method: 'POST', cors: true }, async (req) => {
  const { uid } = await requireUser(req, { checkRevoked: true });
  parseJsonBody(req, noBodySchema, MAX_BODY_BYTES);
  const stripe = await stripeClient();

  const snapshots = await openSubscriptionsOfUser(stripe, uid);
  const target = findResumable(snapshots);
  if (!target) {
    const alreadyActive = findCancelable(snapshots) !== undefined;
    logger.info('resume_subscription.refused', {
      uid,
      reason: alreadyActive ? 'subscription is not canceled' : 'no subscription inside its paid period',
    });
    throw new HttpError(409, alreadyActive ? ALREADY_ACTIVE_MESSAGE : NOTHING_TO_RESUME_MESSAGE);
  }
  const { snapshot, mirror } = await setCancelAtPeriodEnd(stripe, uid, target.id, false);
  logger.info('resume_subscription.resumed', {
    uid,
    subscription: target.id,
    current_period_end: snapshot.currentPeriodEnd,
    mirror,
  });
  return { body: statusViewOf(snapshot) };
});
