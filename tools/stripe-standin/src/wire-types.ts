// The JSON shapes the stand-in sends, derived from the installed SDK's own types so they cannot drift from them.
import type Stripe from 'stripe';

/** Stripe's JSON carries decimals as strings; the SDK turns them into Decimal objects only after parsing. */
export type Wire<T> = T extends Stripe.Decimal
  ? string
  : T extends readonly (infer Item)[]
    ? Wire<Item>[]
    : T extends object
      ? { [Key in keyof T]: Wire<T[Key]> }
      : T;

export type WireCustomer = Wire<Stripe.Customer>;
export type WirePrice = Wire<Stripe.Price>;
export type WirePlan = Wire<Stripe.Plan>;
export type WireSubscription = Wire<Stripe.Subscription>;
export type WireSubscriptionItem = Wire<Stripe.SubscriptionItem>;
export type WireInvoice = Wire<Stripe.Invoice>;
export type WireInvoiceLineItem = Wire<Stripe.InvoiceLineItem>;
export type WireInvoicePayment = Wire<Stripe.InvoicePayment>;
export type WireRefund = Wire<Stripe.Refund>;
export type WireCheckoutSession = Wire<Stripe.Checkout.Session>;
export type WireLineItem = Wire<Stripe.LineItem>;
export type WirePortalSession = Wire<Stripe.BillingPortal.Session>;
export type Metadata = Stripe.Metadata;

/** Every event type the stand-in emits, each with its SDK-typed payload. */
export type StandinEvent =
  | Wire<Stripe.CustomerUpdatedEvent>
  | Wire<Stripe.CustomerSubscriptionCreatedEvent>
  | Wire<Stripe.CustomerSubscriptionUpdatedEvent>
  | Wire<Stripe.CustomerSubscriptionDeletedEvent>
  | Wire<Stripe.InvoicePaidEvent>
  | Wire<Stripe.InvoicePaymentFailedEvent>
  | Wire<Stripe.CheckoutSessionCompletedEvent>
  | Wire<Stripe.CheckoutSessionExpiredEvent>;

export interface WireList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}
