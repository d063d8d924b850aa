// Stripe-shaped objects with the fields the functions and tests read (README.md), named as in Stripe's API. Each
// type is its builder's return type; statuses use the installed SDK's own unions.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/** The single product sold: Bargains Premium Access, $2.00 per month. */
export const PRODUCT = { id: 'prod_bargains_premium', name: 'Bargains Premium Access', unitAmount: 200 };

export type Metadata = Record<string, string>;
export type Customer = ReturnType<typeof buildCustomer>;
export type Subscription = ReturnType<typeof buildSubscription>;
export type Invoice = ReturnType<typeof buildInvoice>;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Stripe-looking ids: a type prefix and random base-62 characters (`cus_…`, `cs_test_…`). */
export function newId(prefix: string, length = 24): string {
  return `${prefix}_${[...randomBytes(length)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('')}`;
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** A list of the first `limit` items (Stripe's list object). */
export const listOf = <T>(items: T[], url: string, limit = items.length) => {
  return { object: 'list' as const, data: items.slice(0, limit), has_more: items.length > limit, url };
};

export const buildPrice = (id: string) => ({
  id,
  object: 'price',
  active: true,
  currency: 'usd',
  product: PRODUCT.id,
  unit_amount: PRODUCT.unitAmount,
  recurring: { interval: 'month', interval_count: 1 },
});

export function buildCustomer(input: {
  id?: string;
  email: string | null;
  metadata: Metadata;
  created?: number;
}) {
  return {
    id: input.id ?? newId('cus', 14),
    object: 'customer',
    created: input.created ?? nowSeconds(),
    email: input.email,
    metadata: input.metadata,
    invoice_settings: { default_payment_method: null as string | null },
    // Invoice numbers are `<prefix>-<sequence>`, per customer.
    invoice_prefix: newId('X', 8).slice(2).toUpperCase(),
    next_invoice_sequence: 1,
  };
}

/** An active subscription of one item (the price), started and anchored at `created`. */
export function buildSubscription(input: {
  id?: string;
  customer: string;
  priceId: string;
  metadata: Metadata;
  created: number;
  periodEnd: number;
}) {
  const id = input.id ?? newId('sub');
  const item = {
    id: newId('si', 14),
    object: 'subscription_item',
    price: buildPrice(input.priceId),
    quantity: 1,
    current_period_start: input.created,
    current_period_end: input.periodEnd,
  };
  return {
    id,
    object: 'subscription',
    customer: input.customer,
    status: 'active' as Stripe.Subscription.Status,
    created: input.created,
    billing_cycle_anchor: input.created,
    cancel_at_period_end: false,
    canceled_at: null as number | null,
    ended_at: null as number | null,
    items: listOf([item], `/v1/subscription_items?subscription=${id}`),
    latest_invoice: null as string | null,
    metadata: input.metadata,
  };
}

/** The single item of a stand-in subscription (every subscription has exactly one). */
export function itemOf(subscription: Subscription) {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Subscription ${subscription.id} has no items.`);
  return item;
}

/** The open invoice of one period, numbered in the customer's sequence (`markPaid` records its payment). */
export function buildInvoice(input: {
  subscription: Subscription;
  customer: Customer;
  reason: 'subscription_create' | 'subscription_cycle';
  periodStart: number;
  periodEnd: number;
}) {
  const { subscription, customer } = input;
  const item = itemOf(subscription);
  const id = newId('in');
  return {
    id,
    object: 'invoice',
    customer: customer.id,
    number: `${customer.invoice_prefix}-${String(customer.next_invoice_sequence++).padStart(4, '0')}`,
    status: 'open' as Stripe.Invoice.Status,
    billing_reason: input.reason,
    amount_due: item.price.unit_amount * item.quantity,
    amount_paid: 0,
    attempt_count: 1,
    currency: item.price.currency,
    created: nowSeconds(),
    period_start: input.periodStart,
    period_end: input.periodEnd,
    status_transitions: { paid_at: null as number | null },
    // Since API 2025-03-31 an invoice names its subscription here.
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
    },
    /** Stripe's expandable `invoice.payments` (always included here): the payment intent a refund names. */
    payments: listOf(
      [] as {
        object: 'invoice_payment';
        status: 'paid';
        amount_paid: number;
        payment: { payment_intent: string };
      }[],
      `/v1/invoice_payments?invoice=${id}`,
    ),
  };
}

/** Records a successful charge of an open invoice (`retry`: a later attempt than the first). */
export function markPaid(invoice: Invoice, retry: boolean): void {
  const payment = { payment_intent: newId('pi') };
  invoice.payments.data.push({
    object: 'invoice_payment',
    status: 'paid',
    amount_paid: invoice.amount_due,
    payment,
  });
  Object.assign(invoice, {
    status: 'paid',
    amount_paid: invoice.amount_due,
    attempt_count: invoice.attempt_count + (retry ? 1 : 0),
    status_transitions: { paid_at: nowSeconds() },
  });
}

export type CheckoutSession = ReturnType<typeof buildCheckoutSession>;

export function buildCheckoutSession(input: {
  id: string;
  url: string;
  price: string;
  quantity: number;
  customer: string;
  client_reference_id?: string;
  success_url?: string;
  cancel_url?: string;
  metadata: Metadata;
  expiresAt: number;
}) {
  return {
    id: input.id,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'open' as NonNullable<Stripe.Checkout.Session.Status>,
    payment_status: 'unpaid' as Stripe.Checkout.Session.PaymentStatus,
    customer: input.customer,
    client_reference_id: input.client_reference_id ?? null,
    success_url: input.success_url ?? null,
    cancel_url: input.cancel_url ?? null,
    metadata: input.metadata,
    amount_total: buildPrice(input.price).unit_amount * input.quantity,
    currency: 'usd',
    created: nowSeconds(),
    expires_at: input.expiresAt,
    subscription: null as string | null,
    url: input.url,
  };
}

export type PortalSession = ReturnType<typeof buildPortalSession>;

export function buildPortalSession(baseUrl: string, customer: string, returnUrl: string | null) {
  const id = newId('bps');
  const url = `${baseUrl}/portal/${id}`;
  return {
    id,
    object: 'billing_portal.session',
    created: nowSeconds(),
    customer,
    return_url: returnUrl,
    url,
  };
}

export type Refund = ReturnType<typeof buildRefund>;

interface RefundInput {
  payment_intent: string;
  amount: number;
  currency: string;
  metadata: Metadata;
  reason?: string;
}

export function buildRefund(input: RefundInput) {
  const created = nowSeconds();
  return {
    id: newId('re'),
    object: 'refund',
    ...input,
    reason: input.reason ?? null,
    created,
    status: 'succeeded',
  };
}

/** A Stripe event; `data` is a snapshot, so later changes to the object do not rewrite history. */
export function buildEvent(type: string, pendingWebhooks: number, object: object, previous?: object) {
  return {
    id: newId('evt'),
    object: 'event',
    // The API version the installed SDK is pinned to, as an account on that version would send.
    api_version: Stripe.API_VERSION,
    created: nowSeconds(),
    livemode: false,
    pending_webhooks: pendingWebhooks,
    type,
    data: structuredClone(previous ? { object, previous_attributes: previous } : { object }),
  };
}
