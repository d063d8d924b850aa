// POST delete_account {userId} → {deleted: true}. Only for the caller's own account, and only within
// RECENT_LOGIN_MAX_AGE_SECONDS (5 minutes) of the caller's last sign-in: otherwise 403
// {error, code: 'requires-recent-login'} and nothing changes. 403, not 401: the token is valid and a 401 means
// "session over" to clients; here a fresh sign-in (not a token refresh) is what is missing. A revoked session
// (or a disabled user) is refused with 401. Order matters:
// 1. mark the customer mappings deleted (late webhook events then write nothing for this user, and the webhook
//    cancels and refunds any subscription that still becomes live, e.g. a checkout paid in another tab),
// 2. expire every open Checkout Session (an open checkout page can no longer be paid),
// 3. cancel every live subscription immediately (no further charges),
// 4. write the tombstone deleted_users/{uid}: from then on the rules refuse to recreate the user's documents, which
//    the user's ID token (valid for up to an hour, whatever happens to the account) could otherwise do,
// 5. delete users/{uid} (the client usually did already) with its subcollections (saved deals, their counter and reminders),
//    and the user's code votes (deleted, not anonymized: a vote nobody can change any more should not keep a code
//    "working" or "dead"; vote_on_deal recounts each deal without it), and the user's popularity activity
//    (View Deal opens and saves, deleted too: they are a record of what one person looked at, and anonymizing
//    would keep the uid in each document id; count_deal_activity recounts each deal without them),
// 6. delete the Auth user.
// Every step tolerates "already done", so a retry after a partial failure (or a second call) succeeds.
import * as logger from 'firebase-functions/logger';
import { z } from 'zod';
import { db } from '../admin';
import { adminAuth } from '../admin-auth';
import { expireOpenCheckoutSessions, isMissingCustomer, markCustomerDeleted } from '../billing/customers';
import { cancelSubscriptionNow } from '../billing/side-effects';
import { subscriptionIsLive } from '../billing/state';
import { listOpenSubscriptions } from '../billing/stripe-reads';
import { customersOfUser, userRef } from '../billing/documents';
import { deleteActivityOf } from '../deals/activity';
import { deleteVotesOf } from '../deals/votes';
import { isUserNotFoundError, requireUser } from '../http/auth';
import { parseJsonBody } from '../http/body';
import { endpoint } from '../http/endpoint';
import { HttpError } from '../http/errors';
import { isDocumentId } from '@bargains/model/document-id';
import { deletedUserDocPath } from '@bargains/model/paths';
import { isRecentLogin, REQUIRES_RECENT_LOGIN } from '@bargains/model/recent-login';
import { deletedUserDoc } from '@bargains/model/server-docs';
import { stripeClient } from '../stripe/client';

export const FORBIDDEN_MESSAGE = 'You can only delete your own account';
/** The refusal when the sign-in is not recent (docs/reference.md#messages). */
export const REQUIRES_RECENT_LOGIN_MESSAGE =
  'For security reasons, please sign out and sign in again before deleting your account.';
const MAX_BODY_BYTES = 1024;

export const deleteAccountBodySchema = z.strictObject({
  userId: z.string().min(1).max(128).refine(isDocumentId, 'must be a user id'),
});

export const handle = endpoint({ name: 'delete_account', method: 'POST', cors: true }, async (req) => {
  // A retry must still succeed after the Auth user is gone (every step below tolerates "already done"), as long
  // as the sign-in is still recent.
  const { uid, authTime } = await requireUser(req, { checkRevoked: true, acceptDeletedUser: true });
  const { userId } = parseJsonBody(req, deleteAccountBodySchema, MAX_BODY_BYTES);
  if (userId !== uid) {
    logger.warn('delete_account.refused', { uid, requested: userId, reason: 'not the caller' });
    throw new HttpError(403, FORBIDDEN_MESSAGE);
  }
  const nowSeconds = Math.floor(Date.now() / 1000);
  if (!isRecentLogin(authTime, nowSeconds)) {
    logger.warn('delete_account.refused', {
      uid,
      reason: 'sign-in too old',
      authTime,
      signInAgeSeconds: authTime === null ? null : nowSeconds - authTime,
    });
    throw new HttpError(403, REQUIRES_RECENT_LOGIN_MESSAGE, { code: REQUIRES_RECENT_LOGIN });
  }

  const customers = await customersOfUser(uid);
  await Promise.all(customers.filter((c) => !c.deleted).map((c) => markCustomerDeleted(c.customerId)));

  const canceled: string[] = [];
  const expiredSessions: string[] = [];
  if (customers.length > 0) {
    const stripe = await stripeClient();
    for (const { customerId } of customers) {
      try {
        expiredSessions.push(...(await expireOpenCheckoutSessions(stripe, customerId, null)).expired);
        const { snapshots } = await listOpenSubscriptions(stripe, customerId);
        for (const subscription of snapshots.filter((s) => subscriptionIsLive(s.status))) {
          if (await cancelSubscriptionNow(stripe, subscription.id)) canceled.push(subscription.id);
        }
      } catch (error) {
        // A customer Stripe no longer has cannot bill anyone.
        if (!isMissingCustomer(error)) throw error;
      }
    }
  }

  await db().doc(deletedUserDocPath(uid)).set(deletedUserDoc(new Date()));
  // recursiveDelete also removes users/{uid}/saved/* and counters/* when the user document itself is gone.
  await db().recursiveDelete(userRef(uid));
  // The user's "Did this code work?" votes go too: each delete makes vote_on_deal recount that deal without it.
  const removedVotes = await deleteVotesOf(db(), uid);
  const removedActivity = await deleteActivityOf(db(), uid);
  try {
    await adminAuth().deleteUser(uid);
  } catch (error) {
    if (!isUserNotFoundError(error)) throw error;
  }
  logger.info('delete_account.deleted', {
    uid,
    customers: customers.map((c) => c.customerId),
    canceledSubscriptions: canceled,
    expiredSessions,
    removedVotes,
    removedActivity,
  });
  return { body: { deleted: true } };
});
