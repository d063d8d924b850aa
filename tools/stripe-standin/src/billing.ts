// The billing behaviour behind the API: customers, checkout, subscriptions and their lifecycle. Every operation is
// synchronous over the in-memory state (so concurrent requests cannot interleave) and returns the events it caused.
import type { StandinConfig } from './config';
import {
  NO_REQUEST,
  checkoutSessionCompletedEvent,
  checkoutSessionExpiredEvent,
  invoiceEvent,
  subscriptionEvent,
  type EventRequest,
} from './events';
import { newId, nowSeconds } from './ids';
import {
  buildCheckoutSession,
  buildCustomer,
  buildPlan,
  buildPrice,
  buildRefund,
  buildSubscription,
  buildSubscriptionInvoice,
  firstItem,
  listOf,
  markInvoicePaid,
} from './objects';
import type { StandinState, StoredCheckoutSession } from './state-store';
import { invalidRequest, referencedResourceMissing, resourceMissing } from './stripe-error';
import type {
  Metadata,
  StandinEvent,
  WireCheckoutSession,
  WireCustomer,
  WireInvoice,
  WireList,
  WirePrice,
  WireRefund,
  WireSubscription,
  WireSubscriptionItem,
} from './wire-types';

export interface BillingContext {
  state: StandinState;
  config: StandinConfig;
  /** Public base URL of the stand-in, used for checkout page links. */
  baseUrl: string;
}

export interface Outcome<T> {
  result: T;
  events: StandinEvent[];
}

/** `metadata[key]=''` removes a key and `metadata=''` removes them all, as in Stripe. */
export type MetadataUpdate = Record<string, string> | '';

function applyMetadata(current: Metadata, update: MetadataUpdate | undefined): Metadata {
  if (update === undefined) return current;
  if (update === '') return {};
  const merged = { ...current, ...update };
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== ''));
}

const eventContext = (context: BillingContext, request: EventRequest) => ({
  request,
  pendingWebhooks: context.config.webhookUrl === '' ? 0 : 1,
});

// ── Catalogue ────────────────────────────────────────────────────────────────────────────────────────────────

export function getPrice(context: BillingContext, id: string): WirePrice {
  if (id !== context.config.priceId) throw resourceMissing('price', id);
  return buildPrice(id);
}

// ── Customers ────────────────────────────────────────────────────────────────────────────────────────────────

export interface CustomerInput {
  email?: string;
  name?: string;
  description?: string;
  metadata?: MetadataUpdate;
}

export function createCustomer(context: BillingContext, input: CustomerInput): WireCustomer {
  const customer = buildCustomer({
    email: input.email || null,
    name: input.name || null,
    description: input.description || null,
    metadata: applyMetadata({}, input.metadata),
    created: nowSeconds(),
  });
  context.state.customers[customer.id] = customer;
  return customer;
}

export function getCustomer(context: BillingContext, id: string): WireCustomer {
  const customer = context.state.customers[id];
  if (!customer) throw resourceMissing('customer', id);
  return customer;
}

export function updateCustomer(context: BillingContext, id: string, input: CustomerInput): WireCustomer {
  const customer = getCustomer(context, id);
  if (input.email !== undefined) customer.email = input.email || null;
  if (input.name !== undefined) customer.name = input.name || null;
  if (input.description !== undefined) customer.description = input.description || null;
  customer.metadata = applyMetadata(customer.metadata, input.metadata);
  return customer;
}

// ── Checkout ─────────────────────────────────────────────────────────────────────────────────────────────────

export interface CheckoutSessionInput {
  customer?: string;
  customerEmail?: string;
  clientReferenceId?: string;
  lineItems: { price: string; quantity: number }[];
  successUrl?: string;
  cancelUrl?: string;
  metadata?: MetadataUpdate;
  subscriptionMetadata?: MetadataUpdate;
  allowPromotionCodes?: boolean;
}

export function createCheckoutSession(
  context: BillingContext,
  input: CheckoutSessionInput,
): WireCheckoutSession {
  if (input.customer !== undefined && !context.state.customers[input.customer]) {
    throw referencedResourceMissing('customer', input.customer, 'customer');
  }
  if (input.customer !== undefined && input.customerEmail !== undefined) {
    throw invalidRequest(
      'You may only specify one of these parameters: customer, customer_email.',
      'customer_email',
    );
  }
  const [only] = input.lineItems;
  if (only === undefined || input.lineItems.length !== 1) {
    throw invalidRequest(
      'The local Stripe stand-in supports exactly one line item per session.',
      'line_items',
    );
  }
  if (only.price !== context.config.priceId) {
    throw referencedResourceMissing('price', only.price, 'line_items[0][price]');
  }
  const unitAmount = buildPrice(only.price).unit_amount ?? 0;
  const session = buildCheckoutSession({
    baseUrl: context.baseUrl,
    created: nowSeconds(),
    customer: input.customer ?? null,
    customerEmail: input.customerEmail ?? null,
    clientReferenceId: input.clientReferenceId ?? null,
    successUrl: input.successUrl ?? null,
    cancelUrl: input.cancelUrl ?? null,
    metadata: applyMetadata({}, input.metadata),
    allowPromotionCodes: input.allowPromotionCodes ?? null,
    amount: unitAmount * only.quantity,
  });
  context.state.checkoutSessions[session.id] = {
    session,
    lineItems: input.lineItems,
    subscriptionMetadata: applyMetadata({}, input.subscriptionMetadata),
  };
  return session;
}

function storedCheckoutSession(context: BillingContext, id: string): StoredCheckoutSession {
  const stored = context.state.checkoutSessions[id];
  if (!stored) throw resourceMissing('checkout.session', id);
  return stored;
}

export function getCheckoutSession(context: BillingContext, id: string): WireCheckoutSession {
  const stored = storedCheckoutSession(context, id);
  expireIfDue(stored.session);
  return stored.session;
}

function expireIfDue(session: WireCheckoutSession): void {
  if (session.status === 'open' && nowSeconds() >= session.expires_at) session.status = 'expired';
}

export function checkoutLineItems(context: BillingContext, sessionId: string) {
  return storedCheckoutSession(context, sessionId).lineItems;
}

export type CheckoutCompletion =
  | { kind: 'completed'; session: WireCheckoutSession }
  | { kind: 'already_completed'; session: WireCheckoutSession }
  | { kind: 'declined'; session: WireCheckoutSession }
  | { kind: 'expired'; session: WireCheckoutSession };

/** The hosted page's two test cards: 4242… is charged, 4000 0000 0000 0002 is declined. */
export type TestCard = 'succeeds' | 'declined';

const CHECKOUT_STATUS_FILTERS = ['open', 'complete', 'expired'] as const;
export type CheckoutStatusFilter = (typeof CHECKOUT_STATUS_FILTERS)[number];
export { CHECKOUT_STATUS_FILTERS };

/** Newest first; `customer` and `status` filter as in Stripe. */
export function listCheckoutSessions(
  context: BillingContext,
  input: { customer?: string; status?: CheckoutStatusFilter; limit: number },
): WireList<WireCheckoutSession> {
  const matching = Object.values(context.state.checkoutSessions)
    .map(({ session }) => {
      expireIfDue(session);
      return session;
    })
    .filter((session) => input.customer === undefined || session.customer === input.customer)
    .filter((session) => input.status === undefined || session.status === input.status)
    .sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
  return listOf(matching.slice(0, input.limit), '/v1/checkout/sessions', matching.length > input.limit);
}

/** `POST /v1/checkout/sessions/:id/expire`: an open session can no longer be paid. */
export function expireCheckoutSession(
  context: BillingContext,
  id: string,
  request: EventRequest,
): Outcome<WireCheckoutSession> {
  const { session } = storedCheckoutSession(context, id);
  expireIfDue(session);
  if (session.status !== 'open') {
    throw invalidRequest(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status ?? 'unknown'}".`,
      'session',
    );
  }
  session.status = 'expired';
  return {
    result: session,
    events: [checkoutSessionExpiredEvent(session, eventContext(context, request))],
  };
}

/**
 * Pays an open session with a test card. Charged: creates the customer when needed, the subscription and its
 * first (paid) invoice, then emits what Stripe emits, in Stripe's order. Declined: the subscription is created
 * `incomplete` with an open invoice (`invoice.payment_failed`) and the session stays open; paying again with a
 * good card activates that same subscription. A completed session is left alone, so paying twice is harmless.
 */
export function completeCheckoutSession(
  context: BillingContext,
  sessionId: string,
  card: TestCard = 'succeeds',
): Outcome<CheckoutCompletion> {
  const stored = storedCheckoutSession(context, sessionId);
  const { session } = stored;
  expireIfDue(session);
  if (session.status === 'complete') return { result: { kind: 'already_completed', session }, events: [] };
  if (session.status !== 'open') return { result: { kind: 'expired', session }, events: [] };

  const now = nowSeconds();
  const events = eventContext(context, NO_REQUEST);
  const paid = card === 'succeeds';
  const pending = stored.incompleteSubscription;
  if (pending !== undefined) {
    const subscription = getSubscription(context, pending);
    const invoice = context.state.invoices[String(subscription.latest_invoice)];
    if (!invoice) throw new Error(`Subscription ${pending} has no first invoice.`);
    if (!paid) {
      invoice.attempt_count += 1;
      return {
        result: { kind: 'declined', session },
        events: [invoiceEvent('invoice.payment_failed', invoice, events)],
      };
    }
    const before = structuredClone(subscription);
    markInvoicePaid(invoice, now);
    subscription.status = 'active';
    completeSession(session, subscription, invoice, getCustomer(context, customerIdOf(subscription)));
    return {
      result: { kind: 'completed', session },
      events: [
        subscriptionEvent(
          'customer.subscription.updated',
          subscription,
          events,
          changedAttributes(before, subscription),
        ),
        invoiceEvent('invoice.paid', invoice, events),
        checkoutSessionCompletedEvent(session, events),
      ],
    };
  }

  const customer =
    typeof session.customer === 'string'
      ? getCustomer(context, session.customer)
      : createCustomer(context, { email: session.customer_email ?? undefined });
  const line = stored.lineItems[0];
  const priceId = line?.price ?? context.config.priceId;
  const subscription = buildSubscription({
    customerId: customer.id,
    price: buildPrice(priceId),
    plan: buildPlan(priceId),
    quantity: line?.quantity ?? 1,
    metadata: { ...stored.subscriptionMetadata },
    created: now,
    periodEnd: addMonthsAnchored(now, now),
    paymentMethodId: newId('pm', 24),
  });
  const invoice = buildSubscriptionInvoice({
    subscription,
    item: firstItem(subscription),
    customer,
    billingReason: 'subscription_create',
    paid,
    created: now,
    periodStart: now,
    periodEnd: now,
  });
  customer.next_invoice_sequence = (customer.next_invoice_sequence ?? 1) + 1;
  subscription.latest_invoice = invoice.id;
  context.state.subscriptions[subscription.id] = subscription;
  context.state.invoices[invoice.id] = invoice;

  if (!paid) {
    subscription.status = 'incomplete';
    stored.incompleteSubscription = subscription.id;
    if (session.customer === null) session.customer = customer.id;
    return {
      result: { kind: 'declined', session },
      events: [
        subscriptionEvent('customer.subscription.created', subscription, events),
        invoiceEvent('invoice.payment_failed', invoice, events),
      ],
    };
  }
  completeSession(session, subscription, invoice, customer);
  return {
    result: { kind: 'completed', session },
    events: [
      subscriptionEvent('customer.subscription.created', subscription, events),
      invoiceEvent('invoice.paid', invoice, events),
      checkoutSessionCompletedEvent(session, events),
    ],
  };
}

function completeSession(
  session: WireCheckoutSession,
  subscription: WireSubscription,
  invoice: WireInvoice,
  customer: WireCustomer,
): void {
  Object.assign(session, {
    status: 'complete',
    payment_status: 'paid',
    customer: customer.id,
    subscription: subscription.id,
    invoice: invoice.id,
    customer_details: {
      address: null,
      business_name: null,
      email: customer.email,
      individual_name: null,
      name: customer.name ?? null,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    },
  } satisfies Partial<WireCheckoutSession>);
}

// ── Refunds ──────────────────────────────────────────────────────────────────────────────────────────────────

/** `POST /v1/refunds` for a payment intent that paid one of the stand-in's invoices; full refund by default. */
export function createRefund(
  context: BillingContext,
  input: { paymentIntent: string; amount?: number; reason?: WireRefund['reason']; metadata?: MetadataUpdate },
): WireRefund {
  const invoice = Object.values(context.state.invoices).find((candidate) =>
    candidate.payments?.data.some((payment) => payment.payment.payment_intent === input.paymentIntent),
  );
  if (!invoice) throw referencedResourceMissing('payment_intent', input.paymentIntent, 'payment_intent');
  const refunded = Object.values(context.state.refunds)
    .filter((refund) => refund.payment_intent === input.paymentIntent)
    .reduce((sum, refund) => sum + refund.amount, 0);
  const remaining = invoice.amount_paid - refunded;
  if (remaining <= 0) {
    throw invalidRequest(
      `Charge for payment intent ${input.paymentIntent} has already been refunded.`,
      undefined,
      'charge_already_refunded',
    );
  }
  const amount = input.amount ?? remaining;
  if (amount > remaining) {
    throw invalidRequest(
      `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`,
      'amount',
    );
  }
  const refund = buildRefund({
    paymentIntent: input.paymentIntent,
    amount,
    currency: invoice.currency,
    reason: input.reason ?? null,
    metadata: applyMetadata({}, input.metadata),
  });
  context.state.refunds[refund.id] = refund;
  return refund;
}

// ── Subscriptions ────────────────────────────────────────────────────────────────────────────────────────────

const customerIdOf = (subscription: WireSubscription): string =>
  typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;

export function getSubscription(context: BillingContext, id: string): WireSubscription {
  const subscription = context.state.subscriptions[id];
  if (!subscription) throw resourceMissing('subscription', id);
  return subscription;
}

export const SUBSCRIPTION_STATUS_FILTERS = [
  'active',
  'all',
  'canceled',
  'ended',
  'incomplete',
  'incomplete_expired',
  'past_due',
  'paused',
  'trialing',
  'unpaid',
] as const;
export type SubscriptionStatusFilter = (typeof SUBSCRIPTION_STATUS_FILTERS)[number];

export interface SubscriptionListInput {
  customer?: string;
  price?: string;
  status?: SubscriptionStatusFilter;
  limit: number;
  startingAfter?: string;
  endingBefore?: string;
}

function matchesStatus(
  subscription: WireSubscription,
  filter: SubscriptionStatusFilter | undefined,
): boolean {
  if (filter === undefined) return subscription.status !== 'canceled';
  if (filter === 'all') return true;
  if (filter === 'ended')
    return subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
  return subscription.status === filter;
}

/** Newest first, like Stripe's list endpoints; `starting_after`/`ending_before` page by id. */
export function listSubscriptions(
  context: BillingContext,
  input: SubscriptionListInput,
): WireList<WireSubscription> {
  if (input.customer !== undefined && !context.state.customers[input.customer]) {
    throw referencedResourceMissing('customer', input.customer, 'customer');
  }
  const matching = Object.values(context.state.subscriptions)
    .filter((subscription) => input.customer === undefined || customerIdOf(subscription) === input.customer)
    .filter((subscription) => input.price === undefined || firstItem(subscription).price.id === input.price)
    .filter((subscription) => matchesStatus(subscription, input.status))
    .sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
  let window = matching;
  if (input.startingAfter !== undefined) {
    const index = matching.findIndex((subscription) => subscription.id === input.startingAfter);
    if (index === -1) throw referencedResourceMissing('subscription', input.startingAfter, 'starting_after');
    window = matching.slice(index + 1);
  } else if (input.endingBefore !== undefined) {
    const index = matching.findIndex((subscription) => subscription.id === input.endingBefore);
    if (index === -1) throw referencedResourceMissing('subscription', input.endingBefore, 'ending_before');
    window = matching.slice(Math.max(0, index - input.limit), index);
    return listOf(window, '/v1/subscriptions', index - input.limit > 0);
  }
  return listOf(window.slice(0, input.limit), '/v1/subscriptions', window.length > input.limit);
}

/** Top-level fields whose value changed, with their previous values (Stripe's `previous_attributes`). */
function changedAttributes(before: WireSubscription, after: WireSubscription): Partial<WireSubscription> {
  const previous: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof WireSubscription)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key];
  }
  return previous as Partial<WireSubscription>;
}

export interface SubscriptionUpdateInput {
  cancelAtPeriodEnd?: boolean;
  metadata?: MetadataUpdate;
  description?: string;
}

export function updateSubscription(
  context: BillingContext,
  id: string,
  input: SubscriptionUpdateInput,
  request: EventRequest,
): Outcome<WireSubscription> {
  const subscription = getSubscription(context, id);
  if (
    subscription.status === 'canceled' &&
    (input.cancelAtPeriodEnd !== undefined || input.description !== undefined)
  ) {
    throw invalidRequest(
      'A canceled subscription can only update its cancellation_details and metadata.',
      input.cancelAtPeriodEnd !== undefined ? 'cancel_at_period_end' : 'description',
      'invalid_canceled_subscription_fields',
    );
  }
  const before = structuredClone(subscription);
  if (
    input.cancelAtPeriodEnd !== undefined &&
    input.cancelAtPeriodEnd !== subscription.cancel_at_period_end
  ) {
    setCancelAtPeriodEnd(subscription, input.cancelAtPeriodEnd);
  }
  if (input.description !== undefined) subscription.description = input.description || null;
  subscription.metadata = applyMetadata(subscription.metadata, input.metadata);

  const previous = changedAttributes(before, subscription);
  const events =
    Object.keys(previous).length === 0
      ? []
      : [
          subscriptionEvent(
            'customer.subscription.updated',
            subscription,
            eventContext(context, request),
            previous,
          ),
        ];
  return { result: subscription, events };
}

const emptyCancellation = (): NonNullable<WireSubscription['cancellation_details']> => ({
  comment: null,
  feedback: null,
  feedback_option: null,
  reason: null,
});

export interface SubscriptionCancelInput {
  comment?: string;
  feedback?: string;
}

/** Immediate cancellation (`DELETE /v1/subscriptions/:id`). */
export function cancelSubscription(
  context: BillingContext,
  id: string,
  input: SubscriptionCancelInput,
  request: EventRequest,
): Outcome<WireSubscription> {
  const subscription = getSubscription(context, id);
  if (subscription.status === 'canceled') {
    throw invalidRequest(
      `The subscription ${id} has already been canceled and cannot be canceled again.`,
      'id',
    );
  }
  const now = nowSeconds();
  subscription.status = 'canceled';
  subscription.canceled_at = now;
  subscription.ended_at = now;
  subscription.cancel_at = null;
  subscription.cancellation_details = {
    comment: input.comment ?? null,
    feedback: input.feedback ?? null,
    feedback_option: null,
    reason: 'cancellation_requested',
  };
  return {
    result: subscription,
    events: [
      subscriptionEvent('customer.subscription.deleted', subscription, eventContext(context, request)),
    ],
  };
}

// ── Simulated time (control API) ─────────────────────────────────────────────────────────────────────────────

/** One billing month after `from`, on the anchor's day of month (clamped to short months) and time of day. */
export function addMonthsAnchored(from: number, anchor: number, months = 1): number {
  const start = new Date(from * 1000);
  const anchorDate = new Date(anchor * 1000);
  const monthIndex = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(anchorDate.getUTCDate(), daysInMonth);
  return (
    Date.UTC(
      year,
      month,
      day,
      anchorDate.getUTCHours(),
      anchorDate.getUTCMinutes(),
      anchorDate.getUTCSeconds(),
    ) / 1000
  );
}

export type RenewalPayment = 'succeeds' | 'fails';
export type AdvanceOutcome = 'renewed' | 'past_due' | 'canceled' | 'incomplete_expired';

/**
 * Moves a subscription to the end of its current period:
 *  - `cancel_at_period_end` → canceled, `customer.subscription.deleted`;
 *  - otherwise a new period and renewal invoice: paid → `invoice.paid` + `customer.subscription.updated`,
 *    failed → status past_due, `invoice.payment_failed` + `customer.subscription.updated`.
 */
export function advanceSubscription(
  context: BillingContext,
  id: string,
  payment: RenewalPayment,
): Outcome<{ outcome: AdvanceOutcome; subscription: WireSubscription; invoice: WireInvoice | null }> {
  const subscription = getSubscription(context, id);
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
    throw invalidRequest(`Subscription ${id} has ended; there is no next period to reach.`, 'id');
  }
  const item = firstItem(subscription);
  const periodEnd = item.current_period_end;
  const events = eventContext(context, NO_REQUEST);

  if (subscription.status === 'incomplete') {
    // Stripe gives a declined first payment 23 hours; then the subscription expires, never billed.
    const before = structuredClone(subscription);
    subscription.status = 'incomplete_expired';
    subscription.ended_at = nowSeconds();
    return {
      result: { outcome: 'incomplete_expired', subscription, invoice: null },
      events: [
        subscriptionEvent(
          'customer.subscription.updated',
          subscription,
          events,
          changedAttributes(before, subscription),
        ),
      ],
    };
  }

  if (subscription.cancel_at_period_end) {
    subscription.status = 'canceled';
    subscription.ended_at = periodEnd;
    return {
      result: { outcome: 'canceled', subscription, invoice: null },
      events: [subscriptionEvent('customer.subscription.deleted', subscription, events)],
    };
  }

  const before = structuredClone(subscription);
  const periodStart = item.current_period_start;
  item.current_period_start = periodEnd;
  item.current_period_end = addMonthsAnchored(periodEnd, subscription.billing_cycle_anchor);
  const customer = getCustomer(context, customerIdOf(subscription));
  const paid = payment === 'succeeds';
  const invoice = buildSubscriptionInvoice({
    subscription,
    item,
    customer,
    billingReason: 'subscription_cycle',
    paid,
    created: nowSeconds(),
    periodStart,
    periodEnd,
  });
  customer.next_invoice_sequence = (customer.next_invoice_sequence ?? 1) + 1;
  context.state.invoices[invoice.id] = invoice;
  subscription.latest_invoice = invoice.id;
  subscription.status = paid ? 'active' : 'past_due';

  const updated = subscriptionEvent(
    'customer.subscription.updated',
    subscription,
    events,
    changedAttributes(before, subscription),
  );
  return {
    result: { outcome: paid ? 'renewed' : 'past_due', subscription, invoice },
    events: [invoiceEvent(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice, events), updated],
  };
}

// ── Fixtures (control API) ───────────────────────────────────────────────────────────────────────────────────

export interface SubscriptionFixtureInput {
  customer: { id: string; email: string | null; metadata: Metadata };
  subscription: {
    id: string;
    periodStart: number;
    periodEnd: number;
    cancelAtPeriodEnd: boolean;
    metadata: Metadata;
  };
}

export type FixtureChange = 'created' | 'updated' | 'unchanged';

export interface SubscriptionFixtureResult {
  customer: WireCustomer;
  subscription: WireSubscription;
  changes: { customer: FixtureChange; subscription: FixtureChange };
}

/** Sets or clears a pending cancellation; an already pending one keeps its original `canceled_at`. */
function setCancelAtPeriodEnd(subscription: WireSubscription, cancelAtPeriodEnd: boolean): void {
  if (!cancelAtPeriodEnd) {
    Object.assign(subscription, {
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      cancellation_details: emptyCancellation(),
    });
    return;
  }
  const alreadyPending = subscription.cancel_at_period_end && subscription.canceled_at !== null;
  subscription.cancel_at_period_end = true;
  subscription.cancel_at = firstItem(subscription).current_period_end;
  if (!alreadyPending) {
    subscription.canceled_at = nowSeconds();
    subscription.cancellation_details = { ...emptyCancellation(), reason: 'cancellation_requested' };
  }
}

function upsertFixtureCustomer(
  context: BillingContext,
  input: SubscriptionFixtureInput['customer'],
  created: number,
): { customer: WireCustomer; change: FixtureChange } {
  const existing = context.state.customers[input.id];
  if (!existing) {
    const customer = buildCustomer({
      id: input.id,
      email: input.email,
      name: null,
      description: null,
      metadata: { ...input.metadata },
      created,
    });
    context.state.customers[customer.id] = customer;
    return { customer, change: 'created' };
  }
  const before = JSON.stringify(existing);
  existing.email = input.email;
  existing.metadata = { ...input.metadata };
  return { customer: existing, change: JSON.stringify(existing) === before ? 'unchanged' : 'updated' };
}

/**
 * Makes the stand-in hold an active subscription with exactly these ids and this period, for data that exists
 * outside it (the demo subscriber in emulator-data/). Whatever happened to the subscription since (canceled,
 * ended, another period) is overwritten, so the call is idempotent. It emits no events: the caller's mirror
 * already describes this state.
 */
export function upsertSubscriptionFixture(
  context: BillingContext,
  input: SubscriptionFixtureInput,
): SubscriptionFixtureResult {
  const { periodStart, periodEnd } = input.subscription;
  const { customer, change: customerChange } = upsertFixtureCustomer(context, input.customer, periodStart);
  const priceId = context.config.priceId;
  const existing = context.state.subscriptions[input.subscription.id];

  if (!existing) {
    const subscription = buildSubscription({
      id: input.subscription.id,
      customerId: customer.id,
      price: buildPrice(priceId),
      plan: buildPlan(priceId),
      quantity: 1,
      metadata: { ...input.subscription.metadata },
      // The fixture's period is its first one: the subscription started (and is anchored) when it began.
      created: periodStart,
      periodEnd,
      paymentMethodId: newId('pm', 24),
    });
    setCancelAtPeriodEnd(subscription, input.subscription.cancelAtPeriodEnd);
    context.state.subscriptions[subscription.id] = subscription;
    return { customer, subscription, changes: { customer: customerChange, subscription: 'created' } };
  }

  const before = JSON.stringify(existing);
  const item = firstItem(existing);
  Object.assign(item, {
    current_period_start: periodStart,
    current_period_end: periodEnd,
    price: buildPrice(priceId),
    plan: buildPlan(priceId),
    quantity: 1,
  } satisfies Partial<WireSubscriptionItem>);
  Object.assign(existing, {
    customer: customer.id,
    status: 'active',
    ended_at: null,
    billing_cycle_anchor: periodStart,
    metadata: { ...input.subscription.metadata },
  } satisfies Partial<WireSubscription>);
  setCancelAtPeriodEnd(existing, input.subscription.cancelAtPeriodEnd);
  const subscriptionChange = JSON.stringify(existing) === before ? 'unchanged' : 'updated';
  return {
    customer,
    subscription: existing,
    changes: { customer: customerChange, subscription: subscriptionChange },
  };
}
