// The implemented subset of Stripe's REST API: each route validates its parameters and calls the billing logic.
import {
  checkoutSessionCreateParams,
  checkoutSessionExpireParams,
  checkoutSessionListParams,
  customerCreateParams,
  customerUpdateParams,
  parseParams,
  portalSessionCreateParams,
  refundCreateParams,
  retrieveParams,
  subscriptionCancelParams,
  subscriptionListParams,
  subscriptionUpdateParams,
} from './api-params';
import {
  cancelSubscription,
  createCheckoutSession,
  createCustomer,
  createRefund,
  expireCheckoutSession,
  getCheckoutSession,
  getCustomer,
  getPrice,
  getSubscription,
  listCheckoutSessions,
  listSubscriptions,
  updateCustomer,
  updateSubscription,
  type BillingContext,
} from './billing';
import type { EventRequest } from './events';
import { applyExpand } from './expand';
import { createPortalSession } from './portal';
import type { FormObject } from './form-encoding';
import { nowSeconds } from './ids';
import { invalidRequest } from './stripe-error';
import type { StandinEvent } from './wire-types';

export interface ApiCall {
  context: BillingContext;
  params: FormObject;
  /** Values of the `:id` segments of the route template, in order. */
  ids: string[];
  request: EventRequest;
}

export interface ApiReply {
  body: unknown;
  events?: StandinEvent[];
}

export interface ApiRoute {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path with `:id` placeholders; also the key under which calls are counted. */
  template: string;
  handle(call: ApiCall): ApiReply;
}

const idOf = (call: ApiCall): string => call.ids[0] ?? '';

/** `GET …/:id`: looks the object up and applies `expand[]`; retrievals take no other parameters. */
const retrieveRoute = (
  template: string,
  get: (context: BillingContext, id: string) => unknown,
): ApiRoute => ({
  method: 'GET',
  template,
  handle(call) {
    const params = parseParams(retrieveParams, call.params);
    return { body: applyExpand(call.context, get(call.context, idOf(call)), params.expand) };
  },
});

const STRIPE_API_ROUTES: readonly ApiRoute[] = [
  {
    method: 'POST',
    template: '/v1/customers',
    handle(call) {
      const params = parseParams(customerCreateParams, call.params);
      const customer = createCustomer(call.context, params);
      return { body: applyExpand(call.context, customer, params.expand) };
    },
  },
  retrieveRoute('/v1/customers/:id', getCustomer),
  {
    method: 'POST',
    template: '/v1/customers/:id',
    handle(call) {
      const params = parseParams(customerUpdateParams, call.params);
      const customer = updateCustomer(call.context, idOf(call), params);
      return { body: applyExpand(call.context, customer, params.expand) };
    },
  },
  retrieveRoute('/v1/prices/:id', getPrice),
  {
    method: 'POST',
    template: '/v1/checkout/sessions',
    handle(call) {
      const params = parseParams(checkoutSessionCreateParams, call.params);
      if (params.mode !== 'subscription') {
        throw invalidRequest(
          `The local Stripe stand-in only supports mode=subscription (got '${params.mode}').`,
          'mode',
        );
      }
      if (params.expires_at !== undefined) {
        const lifetime = params.expires_at - nowSeconds();
        if (lifetime < 30 * 60 || lifetime > 24 * 60 * 60) {
          throw invalidRequest(
            'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.',
            'expires_at',
          );
        }
      }
      const session = createCheckoutSession(call.context, {
        customer: params.customer,
        customerEmail: params.customer_email,
        clientReferenceId: params.client_reference_id,
        lineItems: params.line_items.map((item) => ({ price: item.price, quantity: item.quantity ?? 1 })),
        successUrl: params.success_url,
        cancelUrl: params.cancel_url,
        metadata: params.metadata,
        subscriptionMetadata: params.subscription_data?.metadata,
        allowPromotionCodes: params.allow_promotion_codes,
      });
      if (params.expires_at !== undefined) session.expires_at = params.expires_at;
      return { body: applyExpand(call.context, session, params.expand) };
    },
  },
  retrieveRoute('/v1/checkout/sessions/:id', getCheckoutSession),
  {
    method: 'GET',
    template: '/v1/checkout/sessions',
    handle(call) {
      const params = parseParams(checkoutSessionListParams, call.params);
      const list = listCheckoutSessions(call.context, {
        customer: params.customer,
        status: params.status,
        limit: params.limit ?? 10,
      });
      return { body: applyExpand(call.context, list, params.expand) };
    },
  },
  {
    method: 'POST',
    template: '/v1/checkout/sessions/:id/expire',
    handle(call) {
      const params = parseParams(checkoutSessionExpireParams, call.params);
      const { result, events } = expireCheckoutSession(call.context, idOf(call), call.request);
      return { body: applyExpand(call.context, result, params.expand), events };
    },
  },
  {
    method: 'POST',
    template: '/v1/billing_portal/sessions',
    handle(call) {
      const params = parseParams(portalSessionCreateParams, call.params);
      const session = createPortalSession(call.context, {
        customer: params.customer,
        returnUrl: params.return_url,
      });
      return { body: applyExpand(call.context, session, params.expand) };
    },
  },
  {
    method: 'POST',
    template: '/v1/refunds',
    handle(call) {
      const params = parseParams(refundCreateParams, call.params);
      const refund = createRefund(call.context, {
        paymentIntent: params.payment_intent,
        amount: params.amount,
        reason: params.reason,
        metadata: params.metadata,
      });
      return { body: applyExpand(call.context, refund, params.expand) };
    },
  },
  {
    method: 'GET',
    template: '/v1/subscriptions',
    handle(call) {
      const params = parseParams(subscriptionListParams, call.params);
      const list = listSubscriptions(call.context, {
        customer: params.customer,
        price: params.price,
        status: params.status,
        limit: params.limit ?? 10,
        startingAfter: params.starting_after,
        endingBefore: params.ending_before,
      });
      return { body: applyExpand(call.context, list, params.expand) };
    },
  },
  retrieveRoute('/v1/subscriptions/:id', getSubscription),
  {
    method: 'POST',
    template: '/v1/subscriptions/:id',
    handle(call) {
      const params = parseParams(subscriptionUpdateParams, call.params);
      const { result, events } = updateSubscription(
        call.context,
        idOf(call),
        {
          cancelAtPeriodEnd: params.cancel_at_period_end,
          metadata: params.metadata,
          description: params.description,
        },
        call.request,
      );
      return { body: applyExpand(call.context, result, params.expand), events };
    },
  },
  {
    method: 'DELETE',
    template: '/v1/subscriptions/:id',
    handle(call) {
      const params = parseParams(subscriptionCancelParams, call.params);
      const { result, events } = cancelSubscription(
        call.context,
        idOf(call),
        { comment: params.cancellation_details?.comment, feedback: params.cancellation_details?.feedback },
        call.request,
      );
      return { body: applyExpand(call.context, result, params.expand), events };
    },
  },
];

export interface RouteMatch {
  route: ApiRoute;
  ids: string[];
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Finds the route for a method and path; `:id` matches one non-empty path segment. */
export function matchRoute(method: string, path: string): RouteMatch | undefined {
  const segments = path.replace(/\/+$/, '').split('/');
  for (const route of STRIPE_API_ROUTES) {
    if (route.method !== method) continue;
    const template = route.template.split('/');
    if (template.length !== segments.length) continue;
    const ids: string[] = [];
    const matches = template.every((part, index) => {
      const segment = segments[index] ?? '';
      if (part === ':id') {
        ids.push(decodeSegment(segment));
        return segment !== '';
      }
      return part === segment;
    });
    if (matches) return { route, ids };
  }
  return undefined;
}
