// Stripe objects as the billing logic sees them. Webhook payloads are signed but their shape still depends on
// the endpoint's API version, so every object is checked with zod and reduced to the few fields we use.
import { z } from 'zod';
import { describeZodError } from '../http/body';
import { isDocumentId } from '@bargains/model/document-id';

/**
 * A Stripe id. Event and customer ids become document ids (stripe_events/, stripe_customers/): an id Firestore
 * refuses is a malformed payload (400), not a failed write (500). Stripe's own ids (`evt_…`, `cus_…`) always pass.
 */
const stripeId = z.string().min(1).refine(isDocumentId, 'is not a usable id');

/** An id, or the object itself when it was expanded. */
const expandableId = z
  .union([stripeId, z.object({ id: stripeId })])
  .transform((value) => (typeof value === 'string' ? value : value.id));

const metadataSchema = z
  .record(z.string(), z.string())
  .nullish()
  .transform((value) => value ?? {});

/** Metadata key carrying the Firebase uid on customers, subscriptions and sessions we create. */
export const FIREBASE_UID_METADATA_KEY = 'firebase_uid';

/** A PaymentMethod as Stripe expands it; `card` only for type card (brand like 'visa', last4 like '4242'). */
const paymentMethodSchema = z.object({
  object: z.literal('payment_method'),
  id: z.string().min(1),
  card: z
    .object({ brand: z.string().min(1), last4: z.string().regex(/^\d{4}$/) })
    .nullish()
    .transform((value) => value ?? null),
});

const subscriptionSchema = z.object({
  object: z.literal('subscription'),
  id: z.string().min(1),
  customer: expandableId,
  status: z.string().min(1),
  cancel_at_period_end: z.boolean(),
  created: z.number().int().optional(),
  // Since API 2025-03-31 the billing period lives on the items. Price and quantity give what a renewal charges.
  items: z.object({
    data: z.array(
      z.object({
        current_period_start: z.number().int().nonnegative().optional(),
        current_period_end: z.number().int().nonnegative(),
        quantity: z.number().int().nonnegative().nullish(),
        // Only for display (the next charge): a price without these reads as an unknown amount, never as an error.
        price: z
          .object({ unit_amount: z.number().int().nullish(), currency: z.string().min(3).optional() })
          .nullish(),
      }),
    ),
  }),
  metadata: metadataSchema,
  // An id in webhook payloads, the PaymentMethod when a read expanded it (expand: ['default_payment_method']).
  default_payment_method: z
    .union([z.string().min(1), paymentMethodSchema])
    .nullish()
    .transform((value) => value ?? null),
});

/** The card a subscription is charged to: its id, and brand and last 4 when the object was expanded. */
export interface PaymentMethodSnapshot {
  id: string;
  /** Null when only the id is known (an unexpanded payload) or the payment method is not a card. */
  card: { brand: string; last4: string } | null;
  /** False for a bare id: whether it is a card is unknown until the object is read. */
  expanded: boolean;
}

export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  /** Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired, paused. */
  status: string;
  cancelAtPeriodEnd: boolean;
  /** End of the current paid period (unix seconds); the latest item's end when there are several. */
  currentPeriodEnd: number | null;
  /**
   * Start of the current period (unix seconds; the latest item's): when a renewal is charged, so for a past_due
   * subscription the moment its renewal payment failed.
   */
  currentPeriodStart: number | null;
  /** What a renewal charges: the items' unit amounts × quantities (minor units) in their one currency. */
  renewal: { amount: number; currency: string } | null;
  /** `metadata.firebase_uid`, set when our checkout created the subscription. */
  firebaseUid: string | null;
  /** Unix seconds; orders a user's subscriptions (the oldest paid-up one is kept). */
  created: number | null;
  /** The subscription's `default_payment_method`; null when it has none. */
  paymentMethod: PaymentMethodSnapshot | null;
}

export class StripePayloadError extends Error {
  override readonly name = 'StripePayloadError';
}

function parseOrThrow<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
  what: string,
): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw new StripePayloadError(`Unexpected ${what}: ${describeZodError(result.error)}`);
  return result.data;
}

type SubscriptionItem = z.output<typeof subscriptionSchema>['items']['data'][number];

/** Null when an item has no price or the items bill in different currencies (nothing sensible to show). */
function renewalOf(items: readonly SubscriptionItem[]): SubscriptionSnapshot['renewal'] {
  const currencies = new Set(items.map((item) => item.price?.currency));
  const [currency] = currencies;
  if (items.length === 0 || currencies.size !== 1 || currency === undefined) return null;
  let amount = 0;
  for (const item of items) {
    if (item.price?.unit_amount === null || item.price?.unit_amount === undefined) return null;
    amount += item.price.unit_amount * (item.quantity ?? 1);
  }
  return { amount, currency };
}

export function toSubscriptionSnapshot(value: unknown): SubscriptionSnapshot {
  const subscription = parseOrThrow(subscriptionSchema, value, 'subscription object');
  const items = subscription.items.data;
  const periodEnds = items.map((item) => item.current_period_end);
  const periodStarts = items.flatMap((item) =>
    item.current_period_start === undefined ? [] : [item.current_period_start],
  );
  return {
    id: subscription.id,
    customerId: subscription.customer,
    status: subscription.status,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    currentPeriodEnd: periodEnds.length > 0 ? Math.max(...periodEnds) : null,
    currentPeriodStart: periodStarts.length > 0 ? Math.max(...periodStarts) : null,
    renewal: renewalOf(items),
    firebaseUid: subscription.metadata[FIREBASE_UID_METADATA_KEY] ?? null,
    created: subscription.created ?? null,
    paymentMethod: paymentMethodOf(subscription.default_payment_method),
  };
}

function paymentMethodOf(
  value: z.output<typeof subscriptionSchema>['default_payment_method'],
): PaymentMethodSnapshot | null {
  if (value === null) return null;
  if (typeof value === 'string') return { id: value, card: null, expanded: false };
  return { id: value.id, card: value.card, expanded: true };
}

const checkoutSessionSchema = z.object({
  object: z.literal('checkout.session'),
  id: z.string().min(1),
  mode: z.string(),
  customer: expandableId.nullable(),
  subscription: expandableId.nullish().transform((value) => value ?? null),
  client_reference_id: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
});

const invoiceSchema = z.object({
  object: z.literal('invoice'),
  id: z.string().min(1),
  customer: expandableId.nullable(),
  // Since API 2025-03-31 an invoice names its subscription under parent.subscription_details.
  parent: z.object({ subscription_details: z.object({ subscription: expandableId }).nullish() }).nullish(),
});

export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;
export type HandledEventType = (typeof HANDLED_EVENT_TYPES)[number];

export function isHandledEventType(type: string): type is HandledEventType {
  return (HANDLED_EVENT_TYPES as readonly string[]).includes(type);
}

interface EventBase {
  id: string;
  type: HandledEventType;
  /** Unix seconds, Stripe's clock. */
  created: number;
}

/**
 * A handled event reduced to what the webhook needs. Subscription events carry the subscription's state at
 * `created`; checkout and invoice events only point at a subscription, which the webhook then reads.
 */
export type HandledEvent =
  | (EventBase & { kind: 'subscription'; subscription: SubscriptionSnapshot })
  | (EventBase & {
      kind: 'pointer';
      customerId: string | null;
      subscriptionId: string | null;
      /** checkout.session.completed only: the uid our checkout stored as client_reference_id. */
      clientReferenceId: string | null;
    });

const eventEnvelopeSchema = z.object({
  id: stripeId,
  type: z.string().min(1),
  created: z.number().int().nonnegative(),
  data: z.object({ object: z.unknown() }),
});

/** An event of a type the webhook acknowledges without acting on it. */
export interface UnhandledEvent {
  kind: 'unhandled';
  id: string;
  type: string;
  created: number;
}

/** Reduces a verified event; throws StripePayloadError when a handled event's object is malformed. */
export function parseStripeEvent(value: unknown): HandledEvent | UnhandledEvent {
  const event = parseOrThrow(eventEnvelopeSchema, value, 'event');
  if (!isHandledEventType(event.type)) {
    return { kind: 'unhandled', id: event.id, type: event.type, created: event.created };
  }
  const base: EventBase = { id: event.id, type: event.type, created: event.created };
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { ...base, kind: 'subscription', subscription: toSubscriptionSnapshot(event.data.object) };
    case 'checkout.session.completed': {
      const session = parseOrThrow(checkoutSessionSchema, event.data.object, 'checkout session');
      return {
        ...base,
        kind: 'pointer',
        customerId: session.customer,
        subscriptionId: session.mode === 'subscription' ? session.subscription : null,
        clientReferenceId: session.client_reference_id,
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = parseOrThrow(invoiceSchema, event.data.object, 'invoice');
      return {
        ...base,
        kind: 'pointer',
        customerId: invoice.customer,
        subscriptionId: invoice.parent?.subscription_details?.subscription ?? null,
        clientReferenceId: null,
      };
    }
  }
}
