// Stripe events: `{ id, object: 'event', api_version, created, data: { object, previous_attributes? }, … }`.
import Stripe from 'stripe';
import { newId, nowSeconds } from './ids';
import type {
  StandinEvent,
  WireCheckoutSession,
  WireCustomer,
  WireInvoice,
  WireSubscription,
} from './wire-types';

/** The request that caused an event; automatic changes (checkout completion, renewals) have none. */
export interface EventRequest {
  id: string | null;
  idempotency_key: string | null;
}

export const NO_REQUEST: EventRequest = { id: null, idempotency_key: null };

/** Events carry the API version the installed SDK is pinned to, as a Stripe account on that version would. */
export const API_VERSION: string = Stripe.API_VERSION;

interface EventContext {
  request: EventRequest;
  /** 1 when a webhook endpoint is configured, as `pending_webhooks` counts endpoints still to be told. */
  pendingWebhooks: number;
}

function envelope(context: EventContext) {
  return {
    id: newId('evt', 24),
    object: 'event' as const,
    api_version: API_VERSION,
    created: nowSeconds(),
    livemode: false,
    pending_webhooks: context.pendingWebhooks,
    request: { ...context.request },
  };
}

// Events hold a snapshot: later changes to the object must not rewrite history.
const snapshot = <T>(value: T): T => structuredClone(value);

export function subscriptionEvent(
  type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted',
  subscription: WireSubscription,
  context: EventContext,
  previousAttributes?: Partial<WireSubscription>,
): StandinEvent {
  const data =
    previousAttributes === undefined
      ? { object: snapshot(subscription) }
      : { object: snapshot(subscription), previous_attributes: snapshot(previousAttributes) };
  return { ...envelope(context), type, data };
}

export function invoiceEvent(
  type: 'invoice.paid' | 'invoice.payment_failed',
  invoice: WireInvoice,
  context: EventContext,
): StandinEvent {
  return { ...envelope(context), type, data: { object: snapshot(invoice) } };
}

export function checkoutSessionCompletedEvent(
  session: WireCheckoutSession,
  context: EventContext,
): StandinEvent {
  return { ...envelope(context), type: 'checkout.session.completed', data: { object: snapshot(session) } };
}

export function checkoutSessionExpiredEvent(
  session: WireCheckoutSession,
  context: EventContext,
): StandinEvent {
  return { ...envelope(context), type: 'checkout.session.expired', data: { object: snapshot(session) } };
}

/** A changed default payment method (the portal's card update); `previous_attributes` names what changed. */
export function customerUpdatedEvent(
  customer: WireCustomer,
  previousInvoiceSettings: WireCustomer['invoice_settings'],
  context: EventContext,
): StandinEvent {
  return {
    ...envelope(context),
    type: 'customer.updated',
    data: {
      object: snapshot(customer),
      previous_attributes: { invoice_settings: snapshot(previousInvoiceSettings) },
    },
  };
}
