// Builders for Stripe-shaped objects. Each return type is the installed SDK's type (see wire-types.ts), so a
// missing or misspelt field fails `npm run typecheck`.
import { PRODUCT } from './config';
import { newId, nowSeconds } from './ids';
import type {
  Metadata,
  WireCheckoutSession,
  WireCustomer,
  WireInvoice,
  WireInvoiceLineItem,
  WireInvoicePayment,
  WireLineItem,
  WireList,
  WirePlan,
  WirePrice,
  WireRefund,
  WireSubscription,
  WireSubscriptionItem,
} from './wire-types';

/** A fixed creation time for the seeded catalogue, so the price object is identical across restarts. */
const CATALOGUE_CREATED = 1735689600;

const STANDIN_ACCOUNT_NAME = 'Bargains (local Stripe stand-in)';

export function listOf<T>(data: T[], url: string, hasMore = false): WireList<T> {
  return { object: 'list', data, has_more: hasMore, url };
}

export function buildPrice(priceId: string): WirePrice {
  return {
    id: priceId,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: CATALOGUE_CREATED,
    currency: PRODUCT.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: PRODUCT.id,
    recurring: {
      interval: PRODUCT.interval,
      interval_count: 1,
      meter: null,
      trial_period_days: null,
      usage_type: 'licensed',
    },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: PRODUCT.unitAmount,
    unit_amount_decimal: String(PRODUCT.unitAmount),
  };
}

/** The legacy `plan` twin of the price, still present on subscription items. */
export function buildPlan(priceId: string): WirePlan {
  return {
    id: priceId,
    object: 'plan',
    active: true,
    amount: PRODUCT.unitAmount,
    amount_decimal: String(PRODUCT.unitAmount),
    billing_scheme: 'per_unit',
    created: CATALOGUE_CREATED,
    currency: PRODUCT.currency,
    interval: PRODUCT.interval,
    interval_count: 1,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: null,
    product: PRODUCT.id,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

export function buildCustomer(input: {
  /** A fixed id (fixtures); a new random one otherwise. */
  id?: string;
  email: string | null;
  name: string | null;
  description: string | null;
  metadata: Metadata;
  created: number;
}): WireCustomer {
  return {
    id: input.id ?? newId('cus', 14),
    object: 'customer',
    address: null,
    balance: 0,
    created: input.created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: input.description,
    discount: null,
    email: input.email,
    invoice_prefix: newId('X', 8).slice(2).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: input.metadata,
    name: input.name,
    next_invoice_sequence: 1,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

export function buildCheckoutSession(input: {
  baseUrl: string;
  created: number;
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  metadata: Metadata;
  allowPromotionCodes: boolean | null;
  amount: number;
}): WireCheckoutSession {
  const id = newId('cs_test', 58);
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: input.allowPromotionCodes,
    allowed_payment_method_types: null,
    amount_subtotal: input.amount,
    amount_total: input.amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: input.created,
    currency: PRODUCT.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: input.customer,
    customer_account: null,
    customer_creation: input.customer === null ? 'always' : null,
    customer_details: null,
    customer_email: input.customerEmail,
    discounts: [],
    expires_at: input.created + 24 * 60 * 60,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: input.metadata,
    mode: 'subscription',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: {
      allow_redisplay_filters: ['always'],
      payment_method_remove: null,
      payment_method_save: null,
    },
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: input.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: `${input.baseUrl}/checkout/${id}`,
    wallet_options: null,
  };
}

export function buildCheckoutLineItem(price: WirePrice, quantity: number): WireLineItem {
  const amount = (price.unit_amount ?? 0) * quantity;
  return {
    id: newId('li', 24),
    object: 'item',
    adjustable_quantity: null,
    amount_discount: 0,
    amount_subtotal: amount,
    amount_tax: 0,
    amount_total: amount,
    currency: price.currency,
    description: PRODUCT.name,
    metadata: {},
    price,
    quantity,
  };
}

function buildSubscriptionItem(input: {
  subscriptionId: string;
  price: WirePrice;
  plan: WirePlan;
  quantity: number;
  created: number;
  periodStart: number;
  periodEnd: number;
}): WireSubscriptionItem {
  return {
    id: newId('si', 14),
    object: 'subscription_item',
    billing_thresholds: null,
    created: input.created,
    current_period_end: input.periodEnd,
    current_period_start: input.periodStart,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: input.plan,
    price: input.price,
    quantity: input.quantity,
    subscription: input.subscriptionId,
    tax_rates: [],
  };
}

export function buildSubscription(input: {
  /** A fixed id (fixtures); a new random one otherwise. */
  id?: string;
  customerId: string;
  price: WirePrice;
  plan: WirePlan;
  quantity: number;
  metadata: Metadata;
  created: number;
  periodEnd: number;
  paymentMethodId: string;
}): WireSubscription {
  const id = input.id ?? newId('sub', 24);
  const item = buildSubscriptionItem({
    subscriptionId: id,
    price: input.price,
    plan: input.plan,
    quantity: input.quantity,
    created: input.created,
    periodStart: input.created,
    periodEnd: input.periodEnd,
  });
  return {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: input.created,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: input.created,
    currency: input.price.currency,
    customer: input.customerId,
    customer_account: null,
    days_until_due: null,
    default_payment_method: input.paymentMethodId,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: listOf([item], `/v1/subscription_items?subscription=${id}`),
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: input.created,
    status: 'active',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: {
      end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' },
    },
    trial_start: null,
  };
}

export type InvoiceBillingReason = 'subscription_create' | 'subscription_cycle';

export function buildSubscriptionInvoice(input: {
  subscription: WireSubscription;
  item: WireSubscriptionItem;
  customer: WireCustomer;
  billingReason: InvoiceBillingReason;
  paid: boolean;
  created: number;
  /** The invoice's own period (Stripe: the window pending items were collected in). */
  periodStart: number;
  periodEnd: number;
}): WireInvoice {
  const { subscription, item, customer, created, paid } = input;
  const id = newId('in', 24);
  const quantity = item.quantity ?? 1;
  const amount = (item.price.unit_amount ?? 0) * quantity;
  const sequence = customer.next_invoice_sequence ?? 1;
  const line: WireInvoiceLineItem = {
    id: newId('il', 24),
    object: 'line_item',
    amount,
    currency: item.price.currency,
    description: `${quantity} × ${PRODUCT.name} (at $${(PRODUCT.unitAmount / 100).toFixed(2)} / ${PRODUCT.interval})`,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: id,
    livemode: false,
    metadata: { ...subscription.metadata },
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription: subscription.id,
        subscription_item: item.id,
      },
      type: 'subscription_item_details',
    },
    period: { start: item.current_period_start, end: item.current_period_end },
    pretax_credit_amounts: [],
    pricing: {
      price_details: { price: item.price.id, product: PRODUCT.id },
      type: 'price_details',
      unit_amount_decimal: item.price.unit_amount_decimal,
    },
    quantity,
    quantity_decimal: String(quantity),
    subscription: subscription.id,
    subtotal: amount,
    taxes: [],
  };
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: STANDIN_ACCOUNT_NAME,
    account_tax_ids: null,
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    amount_shipping: 0,
    application: null,
    attempt_count: 1,
    attempted: true,
    auto_advance: !paid,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: input.billingReason,
    collection_method: 'charge_automatically',
    created,
    currency: item.price.currency,
    custom_fields: null,
    customer: customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: customer.email,
    customer_name: customer.name ?? null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: created,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: listOf([line], `/v1/invoices/${id}/lines`),
    livemode: false,
    metadata: {},
    next_payment_attempt: paid ? null : created + 3 * 24 * 60 * 60,
    number: `${customer.invoice_prefix ?? 'LOCAL'}-${String(sequence).padStart(4, '0')}`,
    on_behalf_of: null,
    parent: {
      quote_details: null,
      subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
      type: 'subscription_details',
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: input.periodEnd,
    period_start: input.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: paid ? 'paid' : 'open',
    status_transitions: {
      finalized_at: created,
      marked_uncollectible_at: null,
      paid_at: paid ? created : null,
      voided_at: null,
    },
    subtotal: amount,
    subtotal_excluding_tax: amount,
    test_clock: null,
    total: amount,
    total_discount_amounts: [],
    total_excluding_tax: amount,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: created,
    ...(paid ? { payments: invoicePayments(id, amount, item.price.currency, created) } : {}),
  };
}

/**
 * `invoice.payments` (expandable in Stripe, always present here once paid): the payment intent that paid the
 * invoice, which is what a refund names.
 */
function invoicePayments(invoiceId: string, amount: number, currency: string, paidAt: number) {
  const payment: WireInvoicePayment = {
    id: newId('inpay', 24),
    object: 'invoice_payment',
    amount_paid: amount,
    amount_requested: amount,
    created: paidAt,
    currency,
    invoice: invoiceId,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: newId('pi', 24) },
    status: 'paid',
    status_transitions: { canceled_at: null, paid_at: paidAt },
  };
  return listOf([payment], `/v1/invoice_payments?invoice=${invoiceId}`);
}

/** An open invoice (first payment declined) paid by a later attempt. */
export function markInvoicePaid(invoice: WireInvoice, paidAt: number): void {
  Object.assign(invoice, {
    amount_paid: invoice.amount_due,
    amount_remaining: 0,
    attempt_count: invoice.attempt_count + 1,
    auto_advance: false,
    next_payment_attempt: null,
    status: 'paid',
    status_transitions: { ...invoice.status_transitions, paid_at: paidAt },
    payments: invoicePayments(invoice.id, invoice.amount_due, invoice.currency, paidAt),
  } satisfies Partial<WireInvoice>);
}

export function buildRefund(input: {
  paymentIntent: string;
  amount: number;
  currency: string;
  reason: WireRefund['reason'];
  metadata: Metadata;
}): WireRefund {
  return {
    id: newId('re', 24),
    object: 'refund',
    amount: input.amount,
    balance_transaction: null,
    charge: null,
    created: nowSeconds(),
    currency: input.currency,
    customer: null,
    customer_account: null,
    metadata: input.metadata,
    payment_intent: input.paymentIntent,
    payment_method: null,
    reason: input.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}

/** The single item of a stand-in subscription (every subscription has exactly one). */
export function firstItem(subscription: WireSubscription): WireSubscriptionItem {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Subscription ${subscription.id} has no items.`);
  return item;
}
