// The billing behaviour behind the API, the hosted pages and the control API, over in-memory state. Operations are
// synchronous (concurrent requests cannot interleave) and append the events they cause, in Stripe's order, to
// `state.events`; the server hands the new ones to the deliverer.
import type { CheckoutSessionParams } from './api';
import type { StandinConfig } from './config';
import type { SubscriptionFixture } from './control-api';
import { invalidRequest, resourceMissing } from './errors';
import * as objects from './objects';
import type { CheckoutSession, Customer, Invoice, Metadata, PaymentMethod, Subscription } from './objects';

const { newId, nowSeconds, itemOf } = objects;
const DAY = 24 * 60 * 60;

export interface StoredCheckout {
  session: CheckoutSession;
  lineItem: { price: string; quantity: number };
  subscriptionMetadata: Metadata;
  /** The subscription a declined first payment left `incomplete`; paying again activates it. */
  incompleteSubscription?: string;
}

/** The portal's test cards (4000 0000 0000 0341 attaches, but every charge is declined); checkout pays with 4242. */
const TEST_CARDS = { succeeds: '4242', declines: '0341' };
type TestCard = keyof typeof TEST_CARDS;

/** `metadata[key]=''` removes a key and `metadata=''` removes them all, as in Stripe. */
type MetadataUpdate = Record<string, string> | '';

function applyMetadata(current: Metadata, update: MetadataUpdate | undefined): Metadata {
  const merged = update === '' ? {} : { ...current, ...update };
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== ''));
}

/** One billing month after `from`, on the anchor's day of month (clamped to short months) and time of day. */
export function addMonthsAnchored(from: number, anchor: number, months = 1): number {
  const start = new Date(from * 1000);
  const at = new Date(anchor * 1000);
  const monthIndex = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const day = Math.min(at.getUTCDate(), new Date(Date.UTC(year, month + 1, 0)).getUTCDate());
  return Date.UTC(year, month, day, at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds()) / 1000;
}

/** Sets or clears a pending cancellation; one already pending keeps when it was asked for (`canceled_at`). */
function setCancelAtPeriodEnd(subscription: Subscription, cancel: boolean): void {
  if (cancel === subscription.cancel_at_period_end) return;
  Object.assign(subscription, { cancel_at_period_end: cancel, canceled_at: cancel ? nowSeconds() : null });
}

export type FixtureChange = 'created' | 'updated' | 'unchanged';
const fixtureChange = (before: string | undefined, after: object): FixtureChange =>
  before === undefined ? 'created' : before === JSON.stringify(after) ? 'unchanged' : 'updated';

export class Billing {
  readonly state = {
    customers: {} as Record<string, Customer>,
    checkoutSessions: {} as Record<string, StoredCheckout>,
    subscriptions: {} as Record<string, Subscription>,
    invoices: {} as Record<string, Invoice>,
    refunds: {} as Record<string, objects.Refund>,
    portalSessions: {} as Record<string, objects.PortalSession>,
    paymentMethods: {} as Record<string, PaymentMethod>,
    events: [] as objects.StandinEvent[],
  };
  /** Public base URL (known once the server listens), for the hosted pages' links. */
  baseUrl = '';

  constructor(readonly config: StandinConfig) {}

  private emit(type: string, object: object, previous?: object): void {
    const pendingWebhooks = this.config.webhookUrl === '' ? 0 : 1;
    this.state.events.push(objects.buildEvent(type, pendingWebhooks, object, previous));
  }

  /** `customer.subscription.updated` naming the fields changed since `before` (Stripe's previous_attributes). */
  private emitUpdated(subscription: Subscription, before: Subscription): void {
    const keys = Object.keys(subscription) as (keyof Subscription)[];
    const changed = keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(subscription[key]));
    const previous = Object.fromEntries(changed.map((key) => [key, before[key]]));
    if (changed.length > 0) this.emit('customer.subscription.updated', subscription, previous);
  }

  private find<T>(table: Record<string, T>, kind: string, id: string, param?: string): T {
    const found = table[id];
    if (found === undefined) throw resourceMissing(kind, id, param);
    return found;
  }

  customer = (id: string, param?: string) => this.find(this.state.customers, 'customer', id, param);
  subscription = (id: string) => this.find(this.state.subscriptions, 'subscription', id);
  invoice = (id: string) => this.find(this.state.invoices, 'invoice', id);
  paymentMethod = (id: string) => this.find(this.state.paymentMethods, 'payment_method', id);

  /** Saves a test card for the customer (`payment_method.attached`, as when a card is entered at Stripe). */
  private attachCard(customerId: string, testCard: TestCard): PaymentMethod {
    const method = objects.buildPaymentMethod(newId('pm'), customerId, TEST_CARDS[testCard]);
    this.state.paymentMethods[method.id] = method;
    this.emit('payment_method.attached', method);
    return method;
  }

  createCustomer(input: { email?: string; metadata?: MetadataUpdate }): Customer {
    const metadata = applyMetadata({}, input.metadata);
    const customer = objects.buildCustomer(newId('cus', 14), input.email || null, metadata);
    this.state.customers[customer.id] = customer;
    return customer;
  }

  // ── Checkout ──────────────────────────────────────────────────────────────────────────────────────────────

  createCheckoutSession(input: CheckoutSessionParams): CheckoutSession {
    this.customer(input.customer, 'customer');
    const [line] = input.line_items;
    if (line === undefined || input.line_items.length > 1) {
      throw invalidRequest('The stand-in supports one line item per session.', 'line_items');
    }
    if (line.price !== this.config.priceId)
      throw resourceMissing('price', line.price, 'line_items[0][price]');
    const expiresAt = input.expires_at ?? nowSeconds() + DAY;
    if (expiresAt - nowSeconds() < 30 * 60 || expiresAt - nowSeconds() > DAY) {
      throw invalidRequest('expires_at must be 30 minutes to 24 hours from now.', 'expires_at');
    }
    const id = newId('cs_test', 58);
    const url = `${this.baseUrl}/checkout/${id}`;
    const session = objects.buildCheckoutSession(id, url, input.customer, expiresAt);
    const { client_reference_id = null, success_url = null, cancel_url = null } = input;
    const metadata = applyMetadata({}, input.metadata);
    Object.assign(session, { client_reference_id, success_url, cancel_url, metadata });
    const lineItem = { price: line.price, quantity: line.quantity ?? 1 };
    const subscriptionMetadata = applyMetadata({}, input.subscription_data?.metadata);
    this.state.checkoutSessions[id] = { session, lineItem, subscriptionMetadata };
    return session;
  }

  storedCheckout(id: string): StoredCheckout {
    const stored = this.find(this.state.checkoutSessions, 'checkout.session', id);
    const { session } = stored;
    if (session.status === 'open' && nowSeconds() >= session.expires_at) session.status = 'expired';
    return stored;
  }

  checkoutSession = (id: string): CheckoutSession => this.storedCheckout(id).session;

  /** Newest first; `customer` and `status` filter as in Stripe. */
  listCheckoutSessions(input: { customer?: string; status?: string; limit: number }) {
    const matching = Object.keys(this.state.checkoutSessions)
      .map(this.checkoutSession)
      .filter(({ customer }) => (input.customer ?? customer) === customer)
      .filter(({ status }) => (input.status ?? status) === status)
      .sort((a, b) => b.created - a.created);
    return objects.listOf(matching, '/v1/checkout/sessions', input.limit);
  }

  expireCheckoutSession(id: string): CheckoutSession {
    const session = this.checkoutSession(id);
    if (session.status !== 'open') throw invalidRequest(`This session is ${session.status}, not open.`);
    session.status = 'expired';
    this.emit('checkout.session.expired', session);
    return session;
  }

  // Pays an open session with a test card. Charged: the subscription (the card its default payment method) and
  // its paid first invoice. Declined: the subscription is created `incomplete` with an open invoice, the session
  // stays open, and paying again with the good card activates that subscription. Paying again is harmless.
  payCheckout(id: string, card: 'succeeds' | 'declined') {
    const stored = this.storedCheckout(id);
    const { session } = stored;
    if (session.status !== 'open') return session.status === 'complete' ? 'already_completed' : 'expired';
    if (stored.incompleteSubscription !== undefined) {
      const subscription = this.subscription(stored.incompleteSubscription);
      const invoice = this.invoice(String(subscription.latest_invoice));
      if (card === 'declined') return this.declined(invoice);
      const before = structuredClone(subscription);
      objects.markPaid(invoice, true);
      subscription.status = 'active';
      subscription.default_payment_method = this.attachCard(subscription.customer, 'succeeds').id;
      this.emitUpdated(subscription, before);
      return this.completeCheckout(session, subscription, invoice);
    }
    const customer = this.customer(session.customer);
    const now = nowSeconds();
    const { price, quantity } = stored.lineItem;
    const periodEnd = addMonthsAnchored(now, now);
    const subscription = objects.buildSubscription(newId('sub'), customer.id, price, now, periodEnd);
    subscription.metadata = { ...stored.subscriptionMetadata };
    itemOf(subscription).quantity = quantity;
    if (card === 'succeeds') subscription.default_payment_method = this.attachCard(customer.id, card).id;
    const invoice = objects.buildInvoice(subscription, customer, 'subscription_create', now);
    if (card === 'succeeds') objects.markPaid(invoice, false);
    subscription.latest_invoice = invoice.id;
    subscription.status = card === 'succeeds' ? 'active' : 'incomplete';
    this.state.subscriptions[subscription.id] = subscription;
    this.state.invoices[invoice.id] = invoice;
    this.emit('customer.subscription.created', subscription);
    if (card === 'succeeds') return this.completeCheckout(session, subscription, invoice);
    stored.incompleteSubscription = subscription.id;
    return this.declined(invoice, false);
  }

  private declined(invoice: Invoice, retry = true) {
    if (retry) invoice.attempt_count += 1;
    this.emit('invoice.payment_failed', invoice);
    return 'declined' as const;
  }

  private completeCheckout(session: CheckoutSession, subscription: Subscription, invoice: Invoice) {
    this.emit('invoice.paid', invoice);
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
    this.emit('checkout.session.completed', session);
    return 'completed' as const;
  }

  // ── Customer portal ───────────────────────────────────────────────────────────────────────────────────────

  createPortalSession(input: { customer: string; return_url?: string }) {
    this.customer(input.customer, 'customer');
    const session = objects.buildPortalSession(this.baseUrl, input.customer, input.return_url ?? null);
    this.state.portalSessions[session.id] = session;
    return session;
  }

  /** The card the customer's newest subscription is charged to (else the customer's default), as the portal shows. */
  cardOnFile(customerId: string): PaymentMethod | null {
    const [newest] = this.subscriptionsOf(customerId);
    const id =
      newest?.default_payment_method ?? this.customer(customerId).invoice_settings.default_payment_method;
    return id === null ? null : (this.state.paymentMethods[id] ?? null);
  }

  /** Newest first. */
  invoicesOf = (customerId: string): Invoice[] =>
    Object.values(this.state.invoices)
      .filter((invoice) => invoice.customer === customerId)
      .sort((a, b) => b.created - a.created || b.number.localeCompare(a.number));

  subscriptionsOf = (customerId: string): Subscription[] =>
    Object.values(this.state.subscriptions)
      .filter((subscription) => subscription.customer === customerId)
      .sort((a, b) => b.created - a.created);

  // The portal's card update: attached (`payment_method.attached`), the customer's and each live subscription's
  // default (`customer.updated`, `customer.subscription.updated`), then charged for each past-due open invoice:
  // paid → `invoice.paid` + `customer.subscription.updated` (active), declined → `invoice.payment_failed`.
  setDefaultCard(customerId: string, testCard: TestCard): { declined: boolean } {
    const customer = this.customer(customerId);
    const card = this.attachCard(customerId, testCard);
    const before = structuredClone(customer.invoice_settings);
    customer.invoice_settings.default_payment_method = card.id;
    this.emit('customer.updated', customer, { invoice_settings: before });
    const live = this.subscriptionsOf(customerId).filter(({ ended_at }) => ended_at === null);
    for (const subscription of live) {
      const previous = structuredClone(subscription);
      subscription.default_payment_method = card.id;
      this.emitUpdated(subscription, previous);
    }
    const pastDue = live.filter(({ status }) => status === 'past_due');
    for (const subscription of pastDue) {
      const invoice = this.state.invoices[subscription.latest_invoice ?? ''];
      if (invoice?.status !== 'open') continue;
      if (testCard === 'declines') {
        this.declined(invoice);
        continue;
      }
      const previous = structuredClone(subscription);
      objects.markPaid(invoice, true);
      subscription.status = 'active';
      this.emit('invoice.paid', invoice);
      this.emitUpdated(subscription, previous);
    }
    return { declined: testCard === 'declines' && pastDue.length > 0 };
  }

  /** Refunds what is left of the payment intent that paid one of the stand-in's invoices. */
  createRefund(input: { payment_intent: string; reason?: string; metadata?: MetadataUpdate }) {
    const intent = input.payment_intent;
    const invoice = Object.values(this.state.invoices).find(({ payments }) =>
      payments.data.some(({ payment }) => payment.payment_intent === intent),
    );
    if (!invoice) throw resourceMissing('payment_intent', intent, 'payment_intent');
    const refunds = Object.values(this.state.refunds).filter((refund) => refund.payment_intent === intent);
    const amount = invoice.amount_paid - refunds.reduce((sum, refund) => sum + refund.amount, 0);
    if (amount <= 0) throw invalidRequest('Already refunded.', 'payment_intent', 'charge_already_refunded');
    const refund = objects.buildRefund(intent, amount, invoice.currency, input.reason ?? null);
    refund.metadata = applyMetadata({}, input.metadata);
    this.state.refunds[refund.id] = refund;
    return refund;
  }

  // ── Subscriptions ─────────────────────────────────────────────────────────────────────────────────────────

  /** Newest first; without `status` canceled ones are left out, `all` lists every one (as Stripe). */
  listSubscriptions(input: { customer?: string; status?: string; limit: number }) {
    if (input.customer !== undefined) this.customer(input.customer, 'customer');
    const shown = (status: string) =>
      input.status ? [status, 'all'].includes(input.status) : status !== 'canceled';
    const matching = Object.values(this.state.subscriptions)
      .filter(({ customer, status }) => (input.customer ?? customer) === customer && shown(status))
      .sort((a, b) => b.created - a.created);
    return objects.listOf(matching, '/v1/subscriptions', input.limit);
  }

  updateSubscription(id: string, input: { cancel_at_period_end?: boolean; metadata?: MetadataUpdate }) {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled' && input.cancel_at_period_end !== undefined) {
      throw invalidRequest('A canceled subscription can only update its metadata.', 'cancel_at_period_end');
    }
    const before = structuredClone(subscription);
    setCancelAtPeriodEnd(subscription, input.cancel_at_period_end ?? subscription.cancel_at_period_end);
    subscription.metadata = applyMetadata(subscription.metadata, input.metadata);
    this.emitUpdated(subscription, before);
    return subscription;
  }

  /** Immediate cancellation (`DELETE /v1/subscriptions/:id`). */
  cancelSubscription(id: string): Subscription {
    const subscription = this.subscription(id);
    // Stripe's wording, which the functions recognise (isAlreadyCanceled in functions/src/billing/side-effects.ts).
    if (subscription.status === 'canceled')
      throw invalidRequest(`The subscription ${id} has already been canceled.`, 'id');
    Object.assign(subscription, { status: 'canceled', canceled_at: nowSeconds(), ended_at: nowSeconds() });
    this.emit('customer.subscription.deleted', subscription);
    return subscription;
  }

  // Moves a subscription to the end of its current period (the clock is per subscription): a pending cancellation
  // ends it (`customer.subscription.deleted`); otherwise a new period and its invoice, paid (`invoice.paid`) or
  // failed (`invoice.payment_failed`, status past_due), then `customer.subscription.updated`. An `incomplete`
  // subscription expires, as Stripe's does 23 hours after its declined first payment.
  advance(id: string, payment: 'succeeds' | 'fails') {
    const subscription = this.subscription(id);
    if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
      throw invalidRequest(`Subscription ${id} has ended; there is no next period to reach.`, 'id');
    }
    const before = structuredClone(subscription);
    const item = itemOf(subscription);
    const { current_period_start: periodStart, current_period_end: periodEnd } = item;
    if (subscription.status === 'incomplete') {
      Object.assign(subscription, { status: 'incomplete_expired', ended_at: nowSeconds() });
      this.emitUpdated(subscription, before);
      return { outcome: 'incomplete_expired', subscription, invoice: null };
    }
    if (subscription.cancel_at_period_end) {
      Object.assign(subscription, { status: 'canceled', ended_at: periodEnd });
      this.emit('customer.subscription.deleted', subscription);
      return { outcome: 'canceled', subscription, invoice: null };
    }
    item.current_period_start = periodEnd;
    item.current_period_end = addMonthsAnchored(periodEnd, subscription.billing_cycle_anchor);
    const customer = this.customer(subscription.customer);
    const invoice = objects.buildInvoice(subscription, customer, 'subscription_cycle', periodStart);
    const paid = payment === 'succeeds';
    if (paid) objects.markPaid(invoice, false);
    this.state.invoices[invoice.id] = invoice;
    Object.assign(subscription, { latest_invoice: invoice.id, status: paid ? 'active' : 'past_due' });
    this.emit(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice);
    this.emitUpdated(subscription, before);
    return { outcome: paid ? 'renewed' : 'past_due', subscription, invoice };
  }

  // Makes the stand-in hold an active subscription with exactly these ids and this period, paid with the 4242 card
  // (one fixed id per customer; a card set in the portal since stays), for billing data that exists outside it (the
  // demo subscriber). Whatever else happened to it since is overwritten, so the call is idempotent. No events: the
  // caller's own records already describe this state.
  upsertFixture({ customer: customerInput, subscription: input }: SubscriptionFixture) {
    const { customers, subscriptions } = this.state;
    const periodStart = input.current_period_start;
    const existing = subscriptions[input.id];
    const known = customers[customerInput.id];
    const [customerBefore, subscriptionBefore] = [known, existing].map(
      (found) => found && JSON.stringify(found),
    );
    const customer = known ?? objects.buildCustomer(customerInput.id, null, {}, periodStart);
    Object.assign(customer, { email: customerInput.email ?? null, metadata: { ...customerInput.metadata } });
    const [created, end] = [existing?.created ?? periodStart, input.current_period_end];
    const subscription = objects.buildSubscription(input.id, customer.id, this.config.priceId, created, end);
    // What stays of an existing one: its item id, its invoices and a cancellation already pending.
    if (existing) itemOf(subscription).id = itemOf(existing).id;
    itemOf(subscription).current_period_start = periodStart;
    subscription.billing_cycle_anchor = periodStart;
    subscription.latest_invoice = existing?.latest_invoice ?? null;
    subscription.metadata = { ...input.metadata };
    const card = objects.buildPaymentMethod(`pm_fixture_${customer.id}`, customer.id, TEST_CARDS.succeeds);
    this.state.paymentMethods[card.id] ??= card;
    subscription.default_payment_method = existing?.default_payment_method ?? card.id;
    if (existing?.cancel_at_period_end) {
      Object.assign(subscription, { cancel_at_period_end: true, canceled_at: existing.canceled_at });
    }
    setCancelAtPeriodEnd(subscription, input.cancel_at_period_end ?? false);
    customers[customer.id] = customer;
    subscriptions[subscription.id] = subscription;
    const customerChange = fixtureChange(customerBefore, customer);
    const subscriptionChange = fixtureChange(subscriptionBefore, subscription);
    return {
      customer,
      subscription,
      changes: { customer: customerChange, subscription: subscriptionChange },
    };
  }
}
