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
export type CheckoutSession = ReturnType<typeof buildCheckoutSession>;
export type PortalSession = ReturnType<typeof buildPortalSession>;
export type Refund = ReturnType<typeof buildRefund>;
export type PaymentMethod = ReturnType<typeof buildPaymentMethod>;
export type StandinEvent = ReturnType<typeof buildEvent>;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Stripe-looking ids: a type prefix and random base-62 characters (`cus_…`, `cs_test_…`). */
export function newId(prefix: string, length = 24): string {
  return `${prefix}_${[...randomBytes(length)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('')}`;
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Stripe's list object, of the first `limit` items. */
export const listOf = <T>(items: T[], url: string, limit = items.length) => {
  return { object: 'list' as const, data: items.slice(0, limit), has_more: items.length > limit, url };
};

export const buildPrice = (id: string) => {
  const recurring = { interval: 'month', interval_count: 1 };
  return {
    id,
    object: 'price',
    active: true,
    currency: 'usd',
    product: PRODUCT.id,
    unit_amount: 200,
    recurring,
  };
};

export function buildCustomer(id: string, email: string | null, metadata: Metadata, created = nowSeconds()) {
  const invoice_settings = { default_payment_method: null as string | null };
  // Invoice numbers are `<prefix>-<sequence>`, per customer.
  const numbering = { invoice_prefix: newId('X', 8).slice(2).toUpperCase(), next_invoice_sequence: 1 };
  return { id, object: 'customer', created, email, metadata, invoice_settings, ...numbering };
}

/** An active subscription of one item (the price) from `created` to `periodEnd`, anchored at `created`. */
export function buildSubscription(
  id: string,
  customer: string,
  priceId: string,
  created: number,
  periodEnd: number,
) {
  const item = {
    id: newId('si', 14),
    object: 'subscription_item',
    price: buildPrice(priceId),
    quantity: 1,
    current_period_start: created,
    current_period_end: periodEnd,
  };
  return {
    id,
    object: 'subscription',
    customer,
    status: 'active' as Stripe.Subscription.Status,
    created,
    billing_cycle_anchor: created,
    cancel_at_period_end: false,
    canceled_at: null as number | null,
    ended_at: null as number | null,
    items: listOf([item], `/v1/subscription_items?subscription=${id}`),
    latest_invoice: null as string | null,
    default_payment_method: null as string | null,
    metadata: {} as Metadata,
  };
}

/** A Visa test card attached to the customer, with the `card` fields Stripe returns (`last4` names the card). */
export function buildPaymentMethod(id: string, customer: string, last4: string) {
  const card = { brand: 'visa', last4, exp_month: 12, exp_year: 2034, funding: 'credit', country: 'US' };
  return { id, object: 'payment_method', type: 'card', customer, created: nowSeconds(), card };
}

/** The single item of a stand-in subscription (every subscription has exactly one). */
export function itemOf(subscription: Subscription) {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Subscription ${subscription.id} has no items.`);
  return item;
}

type InvoicePayment = { status: 'paid'; amount_paid: number; payment: { payment_intent: string } };

/** The open invoice of the subscription's period (`markPaid` records its payment), numbered for the customer. */
export function buildInvoice(subscription: Subscription, customer: Customer, reason: string, start: number) {
  const { price, quantity, current_period_start: periodEnd } = itemOf(subscription);
  const id = newId('in');
  return {
    id,
    object: 'invoice',
    customer: customer.id,
    number: `${customer.invoice_prefix}-${String(customer.next_invoice_sequence++).padStart(4, '0')}`,
    status: 'open' as Stripe.Invoice.Status,
    billing_reason: reason,
    amount_due: price.unit_amount * quantity,
    amount_paid: 0,
    attempt_count: 1,
    currency: price.currency,
    created: nowSeconds(),
    period_start: start,
    period_end: periodEnd,
    status_transitions: { paid_at: null as number | null },
    // Since API 2025-03-31 an invoice names its subscription here.
    parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    /** Stripe's expandable `invoice.payments` (always included here): the payment intent a refund names. */
    payments: listOf([] as InvoicePayment[], `/v1/invoice_payments?invoice=${id}`),
  };
}

/** Records a successful charge of an open invoice (`retry`: a later attempt than the first). */
export function markPaid(invoice: Invoice, retry: boolean): void {
  const payment = { payment_intent: newId('pi') };
  invoice.payments.data.push({ status: 'paid', amount_paid: invoice.amount_due, payment });
  const attempt_count = invoice.attempt_count + (retry ? 1 : 0);
  const status_transitions = { paid_at: nowSeconds() };
  Object.assign(invoice, {
    status: 'paid',
    amount_paid: invoice.amount_due,
    attempt_count,
    status_transitions,
  });
}

export function buildCheckoutSession(id: string, url: string, customer: string, expires_at: number) {
  return {
    id,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'open' as NonNullable<Stripe.Checkout.Session.Status>,
    payment_status: 'unpaid' as Stripe.Checkout.Session.PaymentStatus,
    customer,
    client_reference_id: null as string | null,
    success_url: null as string | null,
    cancel_url: null as string | null,
    metadata: {} as Metadata,
    created: nowSeconds(),
    expires_at,
    subscription: null as string | null,
    url,
  };
}

export function buildPortalSession(baseUrl: string, customer: string, return_url: string | null) {
  const id = newId('bps');
  const url = `${baseUrl}/portal/${id}`;
  return { id, object: 'billing_portal.session', created: nowSeconds(), customer, return_url, url };
}

export function buildRefund(payment_intent: string, amount: number, currency: string, reason: string | null) {
  const refund = { id: newId('re'), object: 'refund', created: nowSeconds(), status: 'succeeded' };
  return { ...refund, payment_intent, amount, currency, reason, metadata: {} as Metadata };
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
