import { NON_NUMERIC_SAVINGS_VALUE, parseSavings, savingsValue } from './savings';

describe('parseSavings', () => {
  it.each([
    // percentages
    ['20% off', 'percent', 20],
    ['Up to 60% off', 'percent', 60],
    ['30-50% off select styles', 'percent', 50],
    ['Extra 15% Off Sale Items', 'percent', 15],
    ['12.5% off', 'percent', 12.5],
    ['20 percent off everything', 'percent', 20],
    ['150% off', 'percent', 100],
    ['20% off orders over $100', 'percent', 20],
    ['Free shipping + 10% off', 'percent', 10],
    // money amounts
    ['$15 off', 'amount', 15],
    ['$10 off $50+', 'amount_min_spend', 20],
    ['$100 off $500+', 'amount_min_spend', 20],
    ['$20 off orders over $100', 'amount_min_spend', 20],
    ['$15 off when you spend $60 or more', 'amount_min_spend', 25],
    ['$30 off purchases of $90', 'amount_min_spend', 33.33],
    ['$5 off your first order, $20 gift card', 'amount', 5],
    ['$50 off $20 accessories', 'amount', 50],
    ['Save $9.99', 'amount', 9.99],
    ['$1,299 off', 'amount', 1299],
    ['£20 off', 'amount', 20],
    ['USD 25 off', 'amount', 25],
    ['25 dollars off', 'amount', 25],
    // buy-x-get-y
    ['BOGO', 'bogo', 50],
    ['bogo free', 'bogo', 50],
    ['BOGO 50% off', 'bogo', 25],
    ['BOGO 50%', 'bogo', 25],
    ['BOGO half off', 'bogo', 25],
    ['Buy One Get One Free', 'bogo', 50],
    ['Buy 2, Get 1 Free', 'bogo', 33.33],
    ['Buy one, get one 50% off', 'bogo', 25],
    ['Buy 1 get 1 half off', 'bogo', 25],
    // non-numeric
    ['Free shipping', 'free_shipping', NON_NUMERIC_SAVINGS_VALUE.free_shipping],
    ['FREE 2-Day Shipping', 'free_shipping', NON_NUMERIC_SAVINGS_VALUE.free_shipping],
    ['Free delivery on all orders', 'free_shipping', NON_NUMERIC_SAVINGS_VALUE.free_shipping],
    ['Ships free', 'free_shipping', NON_NUMERIC_SAVINGS_VALUE.free_shipping],
    ['Free gift with purchase', 'freebie', NON_NUMERIC_SAVINGS_VALUE.freebie],
    ['Special offer', 'other', 0],
    ['', 'other', 0],
    ['   ', 'other', 0],
  ] as const)('%j → %s %d', (text, kind, value) => {
    expect(parseSavings(text)).toEqual({ kind, value });
  });

  it('ranks "Up to 70% off" above "$100 off $500+" (20% effective)', () => {
    expect(savingsValue('Up to 70% off')).toBeGreaterThan(savingsValue('$100 off $500+'));
    expect(savingsValue('$100 off $500+')).toBe(savingsValue('20% off'));
    expect(savingsValue('$100 off $500+')).toBeLessThan(savingsValue('25% off'));
  });

  it('orders by value, not by text: 10% < 25% < $50 off', () => {
    const texts = ['$50 off', '25% off', '10% off'];
    const byText = [...texts].sort();
    const byValue = [...texts].sort((a, b) => savingsValue(a) - savingsValue(b));
    expect(byText).toEqual(['$50 off', '10% off', '25% off']);
    expect(byValue).toEqual(['10% off', '25% off', '$50 off']);
  });

  it('ranks the non-numeric offers below any real discount and unquantified text lowest', () => {
    const ranked = ['10% off', 'Special offer', 'Free gift', 'Free shipping', '$6 off'].sort(
      (a, b) => savingsValue(a) - savingsValue(b),
    );
    expect(ranked).toEqual(['Special offer', 'Free gift', 'Free shipping', '$6 off', '10% off']);
  });

  it('is deterministic and ignores case and surrounding whitespace', () => {
    expect(savingsValue('  UP TO 60% OFF ')).toBe(savingsValue('up to 60% off'));
    expect(savingsValue('Buy 2 get 1 free')).toBe(savingsValue('Buy 2 get 1 free'));
  });
});
