// What the account page and the payment banner say about the next charge and a failed renewal, from the webhook's
// mirror on users/{uid} (no Stripe call on page view). Dates and money through Intl.
import { subscriptionIsPaidUp } from '@bargains/model/subscription-status';
import {
  graceDeadlineMillis,
  hasDealAccess,
  type MirroredSubscription,
  type UserDoc,
} from '@bargains/model/user';

// Intl formatters are costly to create (lib/format-date.ts): each one is made on first use and kept.
let monthDay: Intl.DateTimeFormat | undefined;
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** 'Dec 22' in the reader's time zone. */
function formatMonthDay(unixSeconds: number): string {
  monthDay ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
  return monthDay.format(new Date(unixSeconds * 1000));
}

/** An amount in the currency's minor unit (Stripe's `unit_amount`: 200 = $2.00), e.g. '$2.00' or '¥200'. */
export function formatMoney(minorUnits: number, currency: string): string {
  const code = currency.toUpperCase();
  let format = moneyFormats.get(code);
  if (format === undefined) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
    moneyFormats.set(code, format);
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minorUnits / 10 ** digits);
}

type Billing = MirroredSubscription;

function renewalPrice(user: Billing): string | null {
  return user.renewal_amount === null || user.renewal_currency === null
    ? null
    : formatMoney(user.renewal_amount, user.renewal_currency);
}

/**
 * "Renews on Dec 22 for $2.00" (paid up), "Won't renew" (canceled, still running: it follows the account page's
 * 'Active until {date}', which has the date), or null when neither applies (no subscription, a failed renewal: the
 * banner speaks then).
 */
export function nextChargeText(user: Billing | null): string | null {
  if (user === null || user.current_period_end === null) return null;
  if (!subscriptionIsPaidUp(user.subscription_status)) return null;
  if (user.cancel_at_period_end) return "Won't renew";
  const day = formatMonthDay(user.current_period_end);
  const price = renewalPrice(user);
  return price === null ? `Renews on ${day}` : `Renews on ${day} for ${price}`;
}

export interface PaymentFailure {
  /** '$2.00', or null when the mirror does not know the amount. */
  amount: string | null;
  /** 'Nov 30': when the deals lock. */
  deadline: string;
  /** hasDealAccess no longer holds (the deadline passed): the deals are locked until the card is fixed. */
  locked: boolean;
}

/** A failed renewal still being retried by Stripe (past_due with a grace deadline), else null. */
export function paymentFailure(user: Billing | null, nowMillis: number): PaymentFailure | null {
  if (user === null || user.subscription_status !== 'past_due') return null;
  const deadline = graceDeadlineMillis(user);
  if (deadline === null) return null;
  return {
    amount: renewalPrice(user),
    deadline: formatMonthDay(deadline / 1000),
    locked: !hasDealAccess(user, nowMillis),
  };
}

/** Stripe's `card.brand` values as people know them; an unlisted brand reads as "Card". */
const CARD_BRANDS: Readonly<Record<string, string>> = {
  amex: 'American Express',
  cartes_bancaires: 'Cartes Bancaires',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos Australia',
  interac: 'Interac',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** No subscription yet, or one that never charges the card again: no card to show. */
const NOT_CHARGING: ReadonlySet<string> = new Set(['inactive', 'canceled', 'incomplete_expired']);

/**
 * "Visa ending in 4242": the card the subscription is charged to, as the webhook mirrored it; null without a
 * subscription that can still charge it, or when the mirror has no card (none on file, or not a card).
 */
export function paymentMethodText(
  user: Pick<UserDoc, 'subscription_status' | 'card_brand' | 'card_last4'> | null,
): string | null {
  if (user === null || user.card_last4 === null || NOT_CHARGING.has(user.subscription_status)) return null;
  const brand = (user.card_brand !== null && CARD_BRANDS[user.card_brand]) || 'Card';
  return `${brand} ending in ${user.card_last4}`;
}

/**
 * The account page's line for a failed renewal still being retried (the period end would mislead then: that period
 * is unpaid). `hasAccess` is the live hasDealAccess answer, so the line turns at the deadline with the deals.
 */
export function failedRenewalText(user: Billing | null, hasAccess: boolean): string | null {
  if (user === null || user.subscription_status !== 'past_due' || user.grace_period_end === null) return null;
  return hasAccess
    ? `Renewal payment failed: update your card by ${formatMonthDay(user.grace_period_end)} to keep your deals.`
    : 'Renewal payment failed: your deals are paused until you update your card.';
}
