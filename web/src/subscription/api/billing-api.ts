// The billing functions (docs/reference.md#backend-calls), through the shared API client. Every response is validated: it is input
// from the network, and a checkout URL in particular decides where the browser goes next.
// zod/mini, as the data model (packages/model/src/fields.ts): the dashboard's subscribe screen loads this module
// with the page, and classic zod stays out of the dashboard's JavaScript.
import { object, parse } from 'zod/mini';
import { httpUrl } from '@bargains/model/fields';
import {
  subscriptionStatusResponseSchema,
  type SubscriptionStatusResponse,
} from '@bargains/model/subscription-status';
import { ApiError, callFunction, NOT_SIGNED_IN_MESSAGES } from '@/lib/api-client';

/** A hosted Stripe page (checkout or billing portal) to send the browser to. */
const checkoutSessionSchema = object({ url: httpUrl });

/** POST /create_checkout_session → the hosted checkout page to send the browser to. */
export async function createCheckoutSession(): Promise<string> {
  const { url } = await callFunction('/create_checkout_session', {
    method: 'POST',
    notSignedInMessage: NOT_SIGNED_IN_MESSAGES.mustBeLoggedIn,
    parse: (data) => parse(checkoutSessionSchema, data),
  });
  return url;
}

export type PortalResult =
  | { kind: 'portal'; url: string }
  /** 409: the user never subscribed, so there is no billing to manage. */
  | { kind: 'no-billing' };

/** POST /create_portal_session → the hosted billing portal of the caller's own Stripe customer. */
export function createPortalSession(): Promise<PortalResult> {
  return unlessConflict(
    async () => {
      const { url } = await callFunction('/create_portal_session', {
        method: 'POST',
        parse: (data) => parse(checkoutSessionSchema, data),
      });
      return { kind: 'portal', url } as const;
    },
    { kind: 'no-billing' },
  );
}

/** GET /get_subscription_status (served from the user document mirror; no Stripe call). */
export function getSubscriptionStatus(): Promise<SubscriptionStatusResponse> {
  return callFunction('/get_subscription_status', {
    method: 'GET',
    parse: (data) => parse(subscriptionStatusResponseSchema, data),
  });
}

/** POST /cancel_subscription: the subscription ends at the end of the paid period. */
export async function cancelSubscription(): Promise<void> {
  await callFunction('/cancel_subscription', { method: 'POST' });
}

export type ResumeResult =
  | { kind: 'resumed'; subscription: SubscriptionStatusResponse }
  /** 409: nothing canceled-but-running to resume; a new checkout is needed. */
  | { kind: 'needs-checkout' };

/** POST /resume_subscription: undoes a cancellation inside the paid period without a new payment. */
export function resumeSubscription(): Promise<ResumeResult> {
  return unlessConflict(
    async () => {
      const subscription = await callFunction('/resume_subscription', {
        method: 'POST',
        parse: (data) => parse(subscriptionStatusResponseSchema, data),
      });
      return { kind: 'resumed', subscription } as const;
    },
    { kind: 'needs-checkout' },
  );
}

/** The call's result, or `conflict` when the function answers 409: a state the caller shows, not a failure. */
async function unlessConflict<T, C>(call: () => Promise<T>, conflict: C): Promise<T | C> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return conflict;
    throw error;
  }
}
