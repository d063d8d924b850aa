import {
  failedRenewalText,
  formatMoney,
  nextChargeText,
  paymentFailure,
  paymentMethodText,
} from './billing-copy';

const DEC_22 = Date.parse('2026-12-22T15:00:00Z') / 1000;
const NOV_30 = Date.parse('2026-11-30T15:00:00Z') / 1000;
const user = (overrides: Record<string, unknown> = {}) => ({
  subscription_active: true,
  subscription_status: 'active',
  current_period_end: DEC_22,
  cancel_at_period_end: false,
  grace_period_end: null,
  renewal_amount: 200,
  renewal_currency: 'usd',
  ...overrides,
});

describe('formatMoney', () => {
  it('reads Stripe minor units in the currency’s own digits', () => {
    expect(formatMoney(200, 'usd')).toBe('$2.00');
    expect(formatMoney(1999, 'eur')).toBe('€19.99');
    expect(formatMoney(200, 'jpy')).toBe('¥200');
  });
});

describe('nextChargeText', () => {
  it('says when and how much the next renewal charges', () => {
    expect(nextChargeText(user())).toBe('Renews on Dec 22 for $2.00');
    expect(nextChargeText(user({ renewal_amount: null }))).toBe('Renews on Dec 22');
  });

  it('says a canceled subscription will not renew, and until when it runs', () => {
    expect(nextChargeText(user({ cancel_at_period_end: true }))).toBe("Won't renew");
  });

  it('says nothing without a paid-up subscription', () => {
    expect(nextChargeText(null)).toBeNull();
    expect(nextChargeText(user({ subscription_status: 'past_due', grace_period_end: NOV_30 }))).toBeNull();
    expect(nextChargeText(user({ subscription_status: 'canceled', subscription_active: false }))).toBeNull();
  });
});

describe('paymentFailure', () => {
  const failed = user({ subscription_status: 'past_due', grace_period_end: NOV_30 });

  it('gives the failed amount and the deadline during the grace period', () => {
    expect(paymentFailure(failed, NOV_30 * 1000 - 1)).toEqual({
      amount: '$2.00',
      deadline: 'Nov 30',
      locked: false,
    });
  });

  it('says the deals are locked once the deadline passed while Stripe still retries', () => {
    expect(paymentFailure(failed, NOV_30 * 1000)).toMatchObject({ locked: true });
  });

  it('is null when nothing failed, or after the final failure', () => {
    expect(paymentFailure(user(), 0)).toBeNull();
    expect(paymentFailure(user({ subscription_status: 'unpaid', subscription_active: false }), 0)).toBeNull();
    expect(paymentFailure(null, 0)).toBeNull();
  });
});

describe('failedRenewalText', () => {
  const failed = user({ subscription_status: 'past_due', grace_period_end: NOV_30 });

  it('names the deadline while the deals stay, and says they are paused after it', () => {
    expect(failedRenewalText(failed, true)).toBe(
      'Renewal payment failed: update your card by Nov 30 to keep your deals.',
    );
    expect(failedRenewalText(failed, false)).toBe(
      'Renewal payment failed: your deals are paused until you update your card.',
    );
  });

  it('is null without a failed renewal', () => {
    expect(failedRenewalText(user(), true)).toBeNull();
    expect(failedRenewalText(null, false)).toBeNull();
  });
});

describe('paymentMethodText', () => {
  const card = (overrides: Record<string, unknown> = {}) => ({
    subscription_status: 'active',
    card_brand: 'visa',
    card_last4: '4242',
    ...overrides,
  });

  it("names the card's brand and last 4 digits", () => {
    expect(paymentMethodText(card())).toBe('Visa ending in 4242');
    expect(paymentMethodText(card({ card_brand: 'amex', card_last4: '0005' }))).toBe(
      'American Express ending in 0005',
    );
    expect(paymentMethodText(card({ subscription_status: 'past_due' }))).toBe('Visa ending in 4242');
  });

  it('says "Card" for a brand it does not know', () => {
    expect(paymentMethodText(card({ card_brand: 'newbrand' }))).toBe('Card ending in 4242');
    expect(paymentMethodText(card({ card_brand: null }))).toBe('Card ending in 4242');
  });

  it('is null without a card, or once the subscription can no longer charge it', () => {
    expect(paymentMethodText(null)).toBeNull();
    expect(paymentMethodText(card({ card_last4: null }))).toBeNull();
    expect(paymentMethodText(card({ subscription_status: 'canceled' }))).toBeNull();
    expect(paymentMethodText(card({ subscription_status: 'incomplete_expired' }))).toBeNull();
    expect(paymentMethodText(card({ subscription_status: 'inactive' }))).toBeNull();
  });
});
