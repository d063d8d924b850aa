import Stripe from 'stripe';
import { addMonthsAnchored } from '../src/billing';
import { parseStripeForm } from '../src/form-encoding';
import { stripeSignatureHeader } from '../src/webhook-signing';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('parseStripeForm', () => {
  it('nests bracketed keys and turns indexed keys into arrays, as the SDK encodes them', () => {
    const parsed = parseStripeForm(
      'mode=subscription&line_items[0][price]=price_1&line_items[0][quantity]=1&metadata[firebase_uid]=u%201' +
        '&expand[0]=subscription&expand[]=customer&success_url=http%3A%2F%2Fx%2Fs%3Fid%3D%7BCHECKOUT_SESSION_ID%7D',
    );
    expect(JSON.parse(JSON.stringify(parsed))).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_1', quantity: '1' }],
      metadata: { firebase_uid: 'u 1' },
      expand: ['subscription', 'customer'],
      success_url: 'http://x/s?id={CHECKOUT_SESSION_ID}',
    });
  });

  it('keeps keys like __proto__ as plain data instead of touching prototypes', () => {
    const parsed = parseStripeForm('metadata[__proto__]=x&__proto__[polluted]=yes');
    expect(Object.keys(parsed.metadata as object)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('rejects malformed and conflicting parameters with a Stripe error', () => {
    expect(() => parseStripeForm('a]=1')).toThrow('Invalid parameter name');
    expect(() => parseStripeForm('a=1&a[b]=2')).toThrow('conflicts');
    expect(() => parseStripeForm('a=%E0%A4%A')).toThrow('Invalid form encoding');
  });
});

describe('addMonthsAnchored', () => {
  it('moves to the same day and time next month', () => {
    expect(addMonthsAnchored(at('2025-01-15T10:20:30Z'), at('2025-01-15T10:20:30Z'))).toBe(
      at('2025-02-15T10:20:30Z'),
    );
    expect(addMonthsAnchored(at('2025-12-15T00:00:00Z'), at('2025-12-15T00:00:00Z'))).toBe(
      at('2026-01-15T00:00:00Z'),
    );
  });

  it('clamps to the end of shorter months and returns to the anchor day afterwards', () => {
    const anchor = at('2025-01-31T08:00:00Z');
    const february = addMonthsAnchored(anchor, anchor);
    expect(february).toBe(at('2025-02-28T08:00:00Z'));
    expect(addMonthsAnchored(february, anchor)).toBe(at('2025-03-31T08:00:00Z'));
  });
});

describe('stripeSignatureHeader', () => {
  it("produces a header the SDK's verifier accepts, and that fails with another secret", () => {
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'invoice.paid',
      data: { object: {} },
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const header = stripeSignatureHeader(payload, 'whsec_right', timestamp);
    expect(header).toMatch(new RegExp(`^t=${timestamp},v1=[0-9a-f]{64}$`));
    const sdk = new Stripe('sk_test_unused');
    expect(sdk.webhooks.constructEvent(payload, header, 'whsec_right').id).toBe('evt_1');
    expect(() => sdk.webhooks.constructEvent(payload, header, 'whsec_wrong')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });
});
