// POST cancel_subscription (no body) → {status: 'canceled', current_period_end}. Only an active subscription
// can be canceled (docs/reference.md#billing); it is canceled at period end, so access lasts until the paid period ends (no
// refunds, per the return policy).
import * as logger from 'firebase-functions/logger';
import { findCancelable, statusViewOf } from '../billing/state';
import { openSubscriptionsOfUser, setCancelAtPeriodEnd } from '../billing/user-subscriptions';
import { requireUser } from '../http/auth';
import { noBodySchema, parseJsonBody } from '../http/body';
import { endpoint } from '../http/endpoint';
import { HttpError } from '../http/errors';
import { stripeClient } from '../stripe/client';

export const NOT_CANCELABLE_MESSAGE = 'Only an active subscription can be canceled';
const MAX_BODY_BYTES = 1024;

export const handle = endpoint({ name: 'cancel_subscription', method: 'POST', cors: true }, async (req) => {
  const { uid } = await requireUser(req, { checkRevoked: true });
  parseJsonBody(req, noBodySchema, MAX_BODY_BYTES);
  const stripe = await stripeClient();

  const target = findCancelable(await openSubscriptionsOfUser(stripe, uid));
  if (!target) {
    logger.info('cancel_subscription.refused', { uid, reason: 'no active subscription' });
    throw new HttpError(409, NOT_CANCELABLE_MESSAGE);
  }
  const { snapshot, mirror } = await setCancelAtPeriodEnd(stripe, uid, target.id, true);
  logger.info('cancel_subscription.canceled', {
    uid,
    subscription: target.id,
    current_period_end: snapshot.currentPeriodEnd,
    mirror,
  });
  return { body: statusViewOf(snapshot) };
});
