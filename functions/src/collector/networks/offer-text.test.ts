import { parseSavings } from '@bargains/model/savings';
import {
  countryCodes,
  formatMoney,
  networkDate,
  savingsFromDiscount,
  savingsFromTitle,
  UNQUANTIFIED_SAVINGS,
} from './offer-text';

describe('savingsFromDiscount', () => {
  it.each([
    [{ kind: 'FIXED', amount: 10, currency: 'USD', minimumPurchase: 50 }, '$10 off $50+', 20],
    [{ kind: 'FIXED', amount: 15, currency: 'USD' }, '$15 off', 15],
    [{ kind: 'FIXED', amount: 7.5, currency: 'GBP' }, '£7.50 off', 7.5],
    [{ kind: 'PERCENT', percent: 20 }, '20% off', 20],
    [{ kind: 'PERCENT', percent: 150 }, '100% off', 100],
    [{ kind: 'FREE_SHIPPING' }, 'Free shipping', 5],
    [{ kind: 'BOGO' }, 'BOGO', 50],
  ])('%j → %s (ranked %d)', (discount, text, value) => {
    const savings = savingsFromDiscount(discount);
    expect(savings).toBe(text);
    expect(parseSavings(savings ?? '').value).toBe(value);
  });

  it('says nothing without usable fields', () => {
    expect(savingsFromDiscount({ kind: 'FIXED' })).toBeNull();
    expect(savingsFromDiscount({ kind: 'PERCENT', percent: -5 })).toBeNull();
    expect(savingsFromDiscount({})).toBeNull();
  });

  it('writes unknown currencies readably', () => {
    expect(formatMoney(10, 'XYZQ')).toBe('10 XYZQ');
    expect(formatMoney(10, 'EUR')).toBe('€10');
  });
});

describe('savingsFromTitle', () => {
  it.each([
    ['Up to 60% off winter coats', 'Up to 60% off'],
    ['Save 20% off sitewide', '20% off'],
    ['$10 off orders over $50 with code', '$10 off orders over $50'],
    ['Buy one get one free on socks', 'Buy one get one free'],
    ['Free UK delivery this week', 'Free UK delivery'],
    ['Spring collection is here', UNQUANTIFIED_SAVINGS],
  ])('%s → %s', (title, savings) => {
    expect(savingsFromTitle(title)).toBe(savings);
  });

  it('falls back to the description', () => {
    expect(savingsFromTitle('Spring sale', '15% off everything')).toBe('15% off');
  });
});

describe('network values', () => {
  it('reads dates without a zone as UTC', () => {
    expect(networkDate('2026-12-31 23:59:59.0')).toBe('2026-12-31T23:59:59Z');
    expect(networkDate('2026-12-31')).toBe('2026-12-31T00:00:00Z');
    expect(networkDate('2026-12-31T10:00:00-08:00')).toBe('2026-12-31T10:00:00-08:00');
  });
  it('keeps only ISO country codes', () => {
    expect(countryCodes(['us', 'GB', 'United States', 3, 'us'])).toEqual(['US', 'GB']);
  });
});
