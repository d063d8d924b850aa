import { buildDealDoc } from '@bargains/model/deal';
import { type DealCandidate, type SourceAdapter, wiredAdapter } from './adapters';
import {
  dealDocumentId,
  normalizeCandidate,
  normalizeRecord,
  type NormalizeResult,
  TEXT_LIMITS,
} from './normalize';
import { plainText } from './text';

const NOW = new Date('2026-03-01T12:00:00Z');

const wired = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  id: 'd-1',
  title: '20% off shoes',
  description: 'All shoes.',
  savings: '20% off',
  type: 'code',
  code: 'SHOES20',
  start_date: '2026-02-01T00:00:00Z',
  end_date: '2026-04-01T00:00:00Z',
  shop_id: 'acme',
  shop_name: 'Acme',
  shop_url: 'https://acme.example',
  url_home: 'https://acme.example/shoes',
  is_verified: 'true',
  ...overrides,
});

function normalized(overrides: Record<string, unknown> = {}) {
  const result = normalizeRecord(wiredAdapter, wired(overrides), NOW);
  if (!result.ok) throw new Error(`expected a valid record, got: ${result.reason}`);
  return result.deal;
}

function reason(overrides: Record<string, unknown>): string {
  const result: NormalizeResult = normalizeRecord(wiredAdapter, wired(overrides), NOW);
  if (result.ok) throw new Error('expected the record to be rejected');
  return result.reason;
}

describe('plainText', () => {
  it('keeps the visible text of HTML and drops scripts, styles and comments', () => {
    expect(
      plainText('<b>Big</b> <i>deal</i><script>alert(1)</script><style>b{}</style><!-- x -->', 100),
    ).toBe('Big deal');
    expect(plainText('Fish &amp; chips<br>today', 100)).toBe('Fish & chips today');
    expect(plainText('<img src=x onerror=alert(1)>Click', 100)).toBe('Click');
  });

  it('collapses whitespace and control characters and caps the length', () => {
    expect(plainText('  a\t\r\n b\u0000c\u200b  ', 100)).toBe('a b c');
    const capped = plainText('x'.repeat(5_000_000), 200);
    expect(capped).toHaveLength(200);
    expect(capped.endsWith('…')).toBe(true);
  });

  it('never leaves half of a surrogate pair where a long value is cut before parsing', () => {
    // 2,624 units are parsed for a 200-character field; the emoji straddles that bound, and the markup before it
    // reduces to almost nothing, so the cut's end survives into the text.
    const raw = `${'<i></i>'.repeat(374)}abcde🎁${'x'.repeat(100)}`;
    expect(plainText(raw, 200)).toBe('abcde');
  });
});

describe('normalizeRecord (wired)', () => {
  it('maps a clean record to the model input and a source-based id', () => {
    const deal = normalized();
    expect(deal.id).toBe('wired_d-1');
    expect(deal.input).toEqual({
      title: '20% off shoes',
      description: 'All shoes.',
      savings: '20% off',
      type: 'code',
      code: 'SHOES20',
      start_date: new Date('2026-02-01T00:00:00Z'),
      end_date: new Date('2026-04-01T00:00:00Z'),
      shop_id: 'acme',
      shop_name: 'Acme',
      shop_url: 'https://acme.example/',
      url_home: 'https://acme.example/shoes',
      is_verified: true,
    });
    const doc = buildDealDoc({ ...deal.input, scraped_at: NOW });
    expect(doc.savings_value).toBe(20);
    expect(doc.start_date).toBe('2026-02-01T00:00:00.000Z');
  });

  it('strips HTML and script from titles and caps huge strings', () => {
    const deal = normalized({
      title: '<script>steal()</script><b>Half</b> price',
      description: 'y'.repeat(1_000_000),
      shop_name: '<a href="javascript:x">Acme</a>',
    });
    expect(deal.input.title).toBe('Half price');
    expect(deal.input.description).toHaveLength(TEXT_LIMITS.description);
    expect(deal.input.shop_name).toBe('Acme');
  });

  it('rejects a title that is only markup', () => {
    expect(reason({ title: '<script>x</script>  ' })).toBe('title is empty');
  });

  it.each([
    ['javascript:alert(1)', 'url_home is not an absolute http(s) URL'],
    ['data:text/html,<b>x</b>', 'url_home is not an absolute http(s) URL'],
    ['/relative/path', 'url_home is not an absolute http(s) URL'],
    ['ftp://files.example/x', 'url_home is not an absolute http(s) URL'],
    ['https://user:pw@acme.example/', 'url_home must not carry credentials'],
    [`https://acme.example/${'a'.repeat(3000)}`, 'url_home is longer than 2048 characters'],
    // 1,021 characters as sent, 6,021 once 'é' is percent-encoded: the cap is on what would be stored.
    [`https://acme.example/${'é'.repeat(1000)}`, 'url_home is longer than 2048 characters'],
    ['https://acme.example/\ud800', 'url_home is not valid Unicode (it holds a lone surrogate)'],
  ])('rejects url_home %s', (url, expected) => {
    expect(reason({ url_home: url })).toBe(expected);
  });

  it('stores a URL whose encoded form is within the cap', () => {
    const url = normalized({ url_home: `https://acme.example/${'é'.repeat(300)}` }).input.url_home;
    expect(url).toBe(`https://acme.example/${'%C3%A9'.repeat(300)}`);
    expect(url.length).toBeLessThanOrEqual(TEXT_LIMITS.url);
    expect(reason({ shop_url: `https://acme.example/${'ü'.repeat(400)}` })).toBe(
      'shop_url is longer than 2048 characters',
    );
  });

  it('rejects a hostile shop_url and accepts a missing one', () => {
    expect(reason({ shop_url: 'javascript:alert(1)' })).toBe('shop_url is not an absolute http(s) URL');
    expect(normalized({ shop_url: '' }).input.shop_url).toBeNull();
    expect(normalized({ shop_url: undefined }).input.shop_url).toBeNull();
  });

  it.each([
    ['2026-02-30', 'start_date is not an ISO-8601 date-time'],
    ['yesterday', 'start_date is not an ISO-8601 date-time'],
    ['2026-02-01T00:00:00', 'start_date is not an ISO-8601 date-time'],
    ['0001-01-01T00:00:00Z', 'start_date is outside 2000–2100'],
    [12345, 'start_date is not an ISO-8601 date-time'],
    // Days that do not exist: the Date parser would roll them over to March 2 and May 1.
    ['2027-02-30T00:00:00Z', 'start_date is not an ISO-8601 date-time'],
    ['2027-04-31T12:00Z', 'start_date is not an ISO-8601 date-time'],
  ])('rejects the start date %p', (value, expected) => {
    expect(reason({ start_date: value })).toContain(expected);
  });

  it('rejects an impossible end date instead of storing the next month', () => {
    expect(reason({ end_date: '2027-02-30T00:00:00Z' })).toContain('end_date is not an ISO-8601 date-time');
    expect(normalized({ end_date: '2027-02-28T00:00:00Z' }).input.end_date.toISOString()).toBe(
      '2027-02-28T00:00:00.000Z',
    );
  });

  it('refuses a lone surrogate in any text field, so the record is skipped before its write', () => {
    expect(reason({ title: 'Lone \ud800 x' })).toBe('title is not valid Unicode (it holds a lone surrogate)');
    for (const field of ['description', 'savings', 'type', 'code', 'shop_id', 'shop_name'])
      expect(reason({ [field]: 'a\udc00b' })).toBe(
        `${field} is not valid Unicode (it holds a lone surrogate)`,
      );
    expect(reason({ id: 'd\ud800' })).toBe('id is not valid Unicode (it holds a lone surrogate)');
    expect(reason({ shop_url: 'https://acme.example/\udfff' })).toBe(
      'shop_url is not valid Unicode (it holds a lone surrogate)',
    );
    // A well-formed pair (an emoji) is text like any other.
    expect(normalized({ title: 'Gift \ud83c\udf81 inside' }).input.title).toBe('Gift 🎁 inside');
  });

  it('removes bidirectional controls from titles and shop names', () => {
    const deal = normalized({ title: 'Free gift \u202etxt.exe', shop_name: '\u2067Acme\u2069 \u200eStore' });
    expect(deal.input.title).toBe('Free gift txt.exe');
    expect(deal.input.shop_name).toBe('Acme Store');
  });

  it('reads zoned dates into canonical UTC and checks the window', () => {
    expect(normalized({ start_date: '2026-02-01T09:30:00+05:30' }).input.start_date.toISOString()).toBe(
      '2026-02-01T04:00:00.000Z',
    );
    expect(reason({ end_date: '2026-01-01T00:00:00Z' })).toBe('end_date is not after start_date');
    expect(reason({ start_date: '2026-01-01T00:00:00Z', end_date: '2026-02-01T00:00:00Z' })).toBe(
      'end_date has already passed',
    );
  });

  it('reads is_verified from booleans and CSV words, and rejects anything else', () => {
    expect(normalized({ is_verified: true }).input.is_verified).toBe(true);
    expect(normalized({ is_verified: 'No' }).input.is_verified).toBe(false);
    expect(normalized({ is_verified: '' }).input.is_verified).toBe(false);
    expect(normalized({ is_verified: undefined }).input.is_verified).toBe(false);
    expect(reason({ is_verified: 'maybe' })).toBe('is_verified expected true or false');
  });

  it('names every missing required field', () => {
    expect(reason({ title: undefined, savings: null, url_home: undefined })).toBe(
      'title expected text; savings expected text; url_home is missing',
    );
  });

  it('treats a blank code as none and derives a shop id from the name', () => {
    const deal = normalized({ code: '  ', shop_id: '', shop_name: 'Café Ünique & Co' });
    expect(deal.input.code).toBeNull();
    expect(deal.input.shop_id).toBe('cafe-unique-co');
  });
});

describe('dealDocumentId', () => {
  const identity = { shop_id: 'acme', code: 'X', title: 'Deal' };

  it('uses a safe source id, hashes an unsafe one', () => {
    expect(dealDocumentId('wired', 'abc-123', identity)).toBe('wired_abc-123');
    const unsafe = dealDocumentId('wired', 'a/b', identity);
    expect(unsafe).toMatch(/^wired_h[0-9a-f]{32}$/);
    expect(dealDocumentId('wired', '..', identity)).toMatch(/^wired_h/);
    expect(dealDocumentId('wired', '__x__', identity)).toMatch(/^wired_h/);
  });

  it('hashes shop + code + title when the source has no id, ignoring case', () => {
    const id = dealDocumentId('wired', null, identity);
    expect(id).toMatch(/^wired_x[0-9a-f]{32}$/);
    expect(dealDocumentId('wired', '', { shop_id: 'ACME', code: 'x', title: 'deal' })).toBe(id);
    expect(dealDocumentId('wired', null, { ...identity, code: 'Y' })).not.toBe(id);
  });
});

describe('a second source adapter', () => {
  // A tiny adapter with its own field names: the interface is all a new source needs.
  const shopFeedAdapter: SourceAdapter = {
    id: 'shopfeed',
    toCandidate: (fields): DealCandidate => ({
      sourceRecordId: undefined,
      title: fields.name,
      description: fields.blurb,
      savings: fields.discount,
      type: 'sale',
      code: fields.coupon,
      start_date: fields.valid_from,
      end_date: fields.valid_until,
      shop_id: undefined,
      shop_name: fields.merchant,
      shop_url: undefined,
      url_home: fields.link,
      is_verified: fields.checked,
    }),
  };

  it('normalizes its records through the same schema, with ids of its own', () => {
    const result = normalizeCandidate(
      shopFeedAdapter.id,
      shopFeedAdapter.toCandidate({
        name: '<em>Bogo</em> socks',
        discount: 'BOGO',
        valid_from: '2026-02-01T00:00:00Z',
        valid_until: '2026-05-01T00:00:00Z',
        merchant: 'Sock Shop',
        link: 'https://socks.example/bogo',
        checked: 'yes',
      }),
      NOW,
    );
    expect(result.ok && result.deal.id).toMatch(/^shopfeed_x[0-9a-f]{32}$/);
    expect(result.ok && result.deal.input).toMatchObject({
      title: 'Bogo socks',
      shop_id: 'sock-shop',
      is_verified: true,
    });
  });
});

describe('normalizeRecord (wired): where a deal applies', () => {
  it('reads optional regions (a list, or comma-separated from CSV) and in-store stores', () => {
    expect(normalized().input.regions).toBeUndefined();
    expect(normalized().input.stores).toBeUndefined();
    expect(normalized({ regions: ['US', 'CA', 'US'] }).input.regions).toEqual(['US', 'CA']);
    expect(normalized({ regions: 'GB, IE' }).input.regions).toEqual(['GB', 'IE']);
    expect(normalized({ regions: '' }).input.regions).toBeUndefined();
    const stores = [{ label: 'Acme, Pearl District', lat: 45.529, lng: -122.684 }];
    expect(normalized({ stores }).input.stores).toEqual(stores);
    expect(buildDealDoc({ ...normalized({ stores }).input, scraped_at: NOW }).stores).toEqual(stores);
  });

  it('rejects malformed regions and stores with a reason', () => {
    expect(reason({ regions: ['usa'] })).toMatch(/regions/);
    expect(reason({ stores: [{ label: 'Nowhere', lat: 91, lng: 0 }] })).toMatch(/stores/);
    expect(reason({ stores: [{ label: '', lat: 45, lng: 0 }] })).toMatch(/stores/);
    expect(reason({ stores: 'Pearl District' })).toMatch(/stores/);
  });
});
