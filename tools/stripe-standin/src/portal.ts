// The customer portal's behaviour: portal sessions (POST /v1/billing_portal/sessions), the card on file, and what
// updating it does. As in Stripe, a new default card is tried at once on the customer's past-due invoices.
import {
  NO_REQUEST,
  customerUpdatedEvent,
  invoiceEvent,
  subscriptionEvent,
  type EventRequest,
} from './events';
import { getCustomer, getSubscription, type BillingContext, type Outcome } from './billing';
import { newId, nowSeconds } from './ids';
import { markInvoicePaid } from './objects';
import type { StandinState, StoredCard } from './state-store';
import { referencedResourceMissing, resourceMissing } from './stripe-error';
import type { StandinEvent, WireInvoice, WirePortalSession, WireSubscription } from './wire-types';

/** The test cards the portal page offers: a working one and one that attaches but declines every charge. */
export const PORTAL_TEST_CARDS = {
  succeeds: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, declines: false },
  declines: { brand: 'visa', last4: '0341', expMonth: 12, expYear: 2034, declines: true },
} as const;
export type PortalTestCard = keyof typeof PORTAL_TEST_CARDS;

/** The card a paid checkout leaves on file (the stand-in's checkout page pays with 4242). */
const CHECKOUT_CARD: Omit<StoredCard, 'id'> = PORTAL_TEST_CARDS.succeeds;

export function createPortalSession(
  context: BillingContext,
  input: { customer: string; returnUrl: string | undefined },
): WirePortalSession {
  if (!context.state.customers[input.customer]) {
    throw referencedResourceMissing('customer', input.customer, 'customer');
  }
  const id = newId('bps', 24);
  const session: WirePortalSession = {
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_local_default',
    created: nowSeconds(),
    customer: input.customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: input.returnUrl ?? null,
    url: `${context.baseUrl}/portal/${id}`,
  };
  context.state.portalSessions[id] = session;
  return session;
}

export function getPortalSession(state: StandinState, id: string): WirePortalSession {
  const session = state.portalSessions[id];
  if (!session) throw resourceMissing('billing_portal.session', id);
  return session;
}

/** The customer's default card: the one set in the portal, else the checkout card once something was paid. */
export function cardOnFile(state: StandinState, customerId: string): StoredCard | null {
  const stored = state.cards[customerId];
  if (stored) return stored;
  // A fixture subscription (billing data made outside the stand-in) has no invoice but was paid for too.
  const paidBefore =
    Object.values(state.invoices).some(
      (invoice) => invoice.customer === customerId && invoice.status === 'paid',
    ) || subscriptionsOf(state, customerId).some((subscription) => subscription.status === 'active');
  return paidBefore ? { id: `pm_checkout_${customerId}`, ...CHECKOUT_CARD } : null;
}

/** The customer's invoices, newest first. */
export function invoicesOf(state: StandinState, customerId: string): WireInvoice[] {
  return Object.values(state.invoices)
    .filter((invoice) => invoice.customer === customerId)
    .sort((a, b) => b.created - a.created || (b.number ?? '').localeCompare(a.number ?? ''));
}

export function subscriptionsOf(state: StandinState, customerId: string): WireSubscription[] {
  return Object.values(state.subscriptions)
    .filter((subscription) => subscription.customer === customerId)
    .sort((a, b) => b.created - a.created);
}

export interface CardUpdateResult {
  card: StoredCard;
  /** Past-due invoices the new card paid, and those it failed to pay. */
  paid: string[];
  declined: string[];
}

/**
 * Makes `card` the customer's default payment method (`customer.updated`), then charges it for each past-due
 * subscription's open invoice: paid → `invoice.paid` + `customer.subscription.updated` (active again);
 * declined → `invoice.payment_failed` (the subscription stays past_due).
 */
export function updateDefaultCard(
  context: BillingContext,
  customerId: string,
  testCard: PortalTestCard,
  request: EventRequest = NO_REQUEST,
): Outcome<CardUpdateResult> {
  const customer = getCustomer(context, customerId);
  const card: StoredCard = { id: newId('pm', 24), ...PORTAL_TEST_CARDS[testCard] };
  context.state.cards[customerId] = card;
  const eventContext = { request, pendingWebhooks: context.config.webhookUrl === '' ? 0 : 1 };

  const previousSettings = structuredClone(customer.invoice_settings);
  customer.invoice_settings = { ...customer.invoice_settings, default_payment_method: card.id };
  const events: StandinEvent[] = [customerUpdatedEvent(customer, previousSettings, eventContext)];
  const result: CardUpdateResult = { card, paid: [], declined: [] };

  for (const subscription of subscriptionsOf(context.state, customerId)) {
    if (subscription.status !== 'past_due' || typeof subscription.latest_invoice !== 'string') continue;
    const invoice = context.state.invoices[subscription.latest_invoice];
    if (invoice?.status !== 'open') continue;
    if (card.declines) {
      invoice.attempt_count += 1;
      result.declined.push(invoice.id);
      events.push(invoiceEvent('invoice.payment_failed', invoice, eventContext));
      continue;
    }
    markInvoicePaid(invoice, nowSeconds());
    const before = structuredClone(getSubscription(context, subscription.id));
    subscription.status = 'active';
    result.paid.push(invoice.id);
    events.push(
      invoiceEvent('invoice.paid', invoice, eventContext),
      subscriptionEvent('customer.subscription.updated', subscription, eventContext, {
        status: before.status,
      }),
    );
  }
  return { result, events };
}
