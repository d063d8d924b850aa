// POST create_portal_session (no body) → {url} of a Stripe Billing Portal session for the caller's own customer
// (card, invoices, receipts). The customer comes from the caller's mapping only, never from the request, so no
// one can open another user's billing. 409 for a user who never subscribed (no customer to manage).
import * as logger from 'firebase-functions/logger';
import { ACCOUNT_DELETED_MESSAGE, isMissingCustomer } from '../billing/customers';
import { customersOfUser } from '../billing/documents';
import { appConfig } from '../config';
import { requireUser } from '../http/auth';
import { noBodySchema, parseJsonBody } from '../http/body';
import { endpoint } from '../http/endpoint';
import { HttpError } from '../http/errors';
import { stripeClient } from '../stripe/client';

export const NO_BILLING_ACCOUNT_MESSAGE =
  'There is no billing to manage yet: subscribe first, then your card and invoices appear here';
const MAX_BODY_BYTES = 1024;

/** Where the portal's "Return to Bargains" link goes; from configuration only, like checkout's return URLs. */
export const portalReturnUrl = (appOrigin: string): string => `${appOrigin}/account`;

export const handle = endpoint({ name: 'create_portal_session', method: 'POST', cors: true }, async (req) => {
  const { uid } = await requireUser(req, { checkRevoked: true });
  parseJsonBody(req, noBodySchema, MAX_BODY_BYTES);
  const config = appConfig();

  const records = await customersOfUser(uid);
  if (records.some((record) => record.deleted)) throw new HttpError(403, ACCOUNT_DELETED_MESSAGE);
  const customer = records[0];
  if (!customer) {
    logger.info('create_portal_session.refused', { uid, reason: 'no Stripe customer' });
    throw new HttpError(409, NO_BILLING_ACCOUNT_MESSAGE);
  }
  const stripe = await stripeClient();
  try {
    const session = await stripe.billingPortal.sessions.create({
      customer: customer.customerId,
      return_url: portalReturnUrl(config.appOrigin),
    });
    logger.info('create_portal_session.session_ready', {
      uid,
      customerId: customer.customerId,
      sessionId: session.id,
    });
    return { body: { url: session.url } };
  } catch (error) {
    // A customer deleted in the Stripe Dashboard has nothing left to manage.
    if (!isMissingCustomer(error)) throw error;
    logger.warn('create_portal_session.refused', {
      uid,
      customerId: customer.customerId,
      reason: 'customer missing in Stripe',
    });
    throw new HttpError(409, NO_BILLING_ACCOUNT_MESSAGE);
  }
});
