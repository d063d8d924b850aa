import { DEFAULT_READ_TIME_MINUTES, parseBlogPost } from './blog';
import {
  buildDealDoc,
  buildDealSearchDoc,
  dealDocPaths,
  dealDocuments,
  missingNewestKey,
  newestKeyOf,
  type DealInput,
  isDealLive,
  parseDeal,
} from './deal';
import { type InvalidDocument, parseAll } from './invalid-document';
import { parseDemoMeta, parseStripeCustomerRecord, parseStripeEventRecord, utcDay } from './server-docs';
import { toDateOrNull } from './timestamp';
import { INITIAL_USER_FIELDS, newUserDoc, parseUser } from './user';

/** Stands in for both SDKs' Timestamp: the model only relies on `toDate()`. */
class FakeTimestamp {
  constructor(private readonly millis: number) {}
  toDate(): Date {
    return new Date(this.millis);
  }
}

function collectReports() {
  const reports: InvalidDocument[] = [];
  return { reports, report: (invalid: InvalidDocument) => reports.push(invalid) };
}

const JAN_5 = '2025-01-05T10:00:00.000Z';
const FEB_5 = '2025-02-05T10:00:00.000Z';

describe('toDateOrNull', () => {
  it('accepts Timestamps, Dates and zoned ISO strings', () => {
    expect(toDateOrNull(new FakeTimestamp(Date.parse(JAN_5)))?.toISOString()).toBe(JAN_5);
    expect(toDateOrNull(new Date(JAN_5))?.toISOString()).toBe(JAN_5);
    expect(toDateOrNull('2025-01-05T12:00:00+02:00')?.toISOString()).toBe(JAN_5);
  });

  it.each([
    ['2025-01-05'],
    ['Jan 5, 2025'],
    ['2025-01-05T10:00:00'],
    [1736071200],
    [null],
    [{}],
    [new Date('x')],
  ])('rejects %p', (value) => {
    expect(toDateOrNull(value)).toBeNull();
  });

  // The Date parser rolls impossible fields over (February 30 → March 2): they must not come back as dates.
  it.each([
    ['2027-02-30T00:00:00Z'],
    ['2027-04-31T12:00Z'],
    ['2026-02-29T00:00:00Z'],
    ['2027-13-01T00:00:00Z'],
    ['2027-01-01T24:00:00Z'],
    ['2027-01-01T12:60:00Z'],
    ['2027-01-01T12:00:60Z'],
    ['2027-01-01T12:00:00+24:00'],
  ])('rejects the impossible date-time %p', (value) => {
    expect(toDateOrNull(value)).toBeNull();
  });

  it('accepts the last day of each month, leap days included', () => {
    expect(toDateOrNull('2028-02-29T23:59:59.999+01:00')?.toISOString()).toBe('2028-02-29T22:59:59.999Z');
    expect(toDateOrNull('2027-04-30T12:00Z')?.toISOString()).toBe('2027-04-30T12:00:00.000Z');
    expect(toDateOrNull('2027-12-31T23:59:00-05:00')?.toISOString()).toBe('2028-01-01T04:59:00.000Z');
  });
});

describe('parseUser', () => {
  it('reads the initial document and defaults the billing fields', () => {
    const user = parseUser('u1', {
      subscription_active: false,
      subscription_status: 'inactive',
      created_at: new FakeTimestamp(Date.parse(JAN_5)),
      updated_at: new FakeTimestamp(Date.parse(JAN_5)),
    });
    expect(user).toEqual({
      uid: 'u1',
      subscription_active: false,
      subscription_status: 'inactive',
      created_at: new Date(JAN_5),
      updated_at: new Date(JAN_5),
      stripe_customer_id: null,
      stripe_subscription_id: null,
      current_period_end: null,
      cancel_at_period_end: false,
      last_stripe_event_created: null,
      last_stripe_event_id: null,
      grace_period_end: null,
      renewal_amount: null,
      renewal_currency: null,
      payment_method_id: null,
      card_brand: null,
      card_last4: null,
    });
  });

  it('reads billing fields and pending (null) server timestamps', () => {
    const user = parseUser('u1', {
      subscription_active: true,
      subscription_status: 'active',
      created_at: null,
      updated_at: null,
      stripe_customer_id: 'cus_1',
      stripe_subscription_id: 'sub_1',
      current_period_end: 1767225600,
      cancel_at_period_end: true,
      last_stripe_event_created: 1767200000,
      last_stripe_event_id: 'evt_1',
    });
    expect(user).toMatchObject({
      subscription_active: true,
      created_at: null,
      stripe_customer_id: 'cus_1',
      current_period_end: 1767225600,
      cancel_at_period_end: true,
      last_stripe_event_created: 1767200000,
    });
  });

  it.each([
    ['no subscription flag', { subscription_status: 'active' }],
    ['a string flag', { subscription_active: 'true' }],
    ['a non-numeric period end', { subscription_active: true, current_period_end: '1767225600' }],
    ['an infinite period end', { subscription_active: true, current_period_end: Infinity }],
    ['a non-object', 'hello'],
  ])('rejects and reports %s', (_case, data) => {
    const { reports, report } = collectReports();
    expect(parseUser('u1', data, report)).toBeNull();
    expect(reports).toHaveLength(1);
    expect(reports[0]?.path).toBe('users/u1');
    expect(reports[0]?.problems.length).toBeGreaterThan(0);
  });

  it('newUserDoc carries exactly the four initial fields with the caller’s sentinel', () => {
    const sentinel = { serverTimestamp: true };
    const doc = newUserDoc(sentinel);
    expect(Object.keys(doc).sort()).toEqual([...INITIAL_USER_FIELDS].sort());
    expect(doc).toEqual({
      subscription_active: false,
      subscription_status: 'inactive',
      created_at: sentinel,
      updated_at: sentinel,
    });
  });
});

const storedDeal = {
  source_id: 'wired',
  title: '20% off sitewide',
  description: 'Everything in store.',
  savings: '20% off',
  savings_value: 20,
  type: 'code',
  code: 'SAVE20',
  start_date: JAN_5,
  end_date: FEB_5,
  shop_id: 'northwind',
  shop_name: 'Northwind Outfitters',
  shop_url: 'https://northwind.example',
  url_home: 'https://northwind.example/deals',
  scraped_at: JAN_5,
  is_verified: true,
  category: 'home',
};

describe('parseDeal', () => {
  it('converts a stored deal', () => {
    expect(parseDeal('d1', storedDeal)).toEqual({
      ...storedDeal,
      id: 'd1',
      shop_logo_url: null,
      start_date: new Date(JAN_5),
      end_date: new Date(FEB_5),
      scraped_at: new Date(JAN_5),
    });
  });

  it('derives a missing or unknown category from the text (a writer that predates it)', () => {
    const { category: _category, ...withoutCategory } = storedDeal;
    expect(parseDeal('d1', withoutCategory)?.category).toBe('fashion');
    expect(parseDeal('d1', { ...storedDeal, category: 'garden' })?.category).toBe('fashion');
  });

  it('defaults missing title, description, is_verified, code, shop_url and savings_value', () => {
    const {
      title: _title,
      description: _description,
      is_verified: _verified,
      code: _code,
      shop_url: _shopUrl,
      savings_value: _value,
      ...rest
    } = storedDeal;
    const deal = parseDeal('d1', { ...rest, savings: '$50 off' });
    expect(deal).toMatchObject({
      title: '',
      description: '',
      is_verified: false,
      code: null,
      shop_url: null,
      savings_value: 50,
    });
  });

  it('reads null text as empty and blank codes as no code', () => {
    expect(parseDeal('d1', { ...storedDeal, title: null, description: null, code: '  ' })).toMatchObject({
      title: '',
      description: '',
      code: null,
    });
  });

  it('reads a missing scraped_at as null but requires the window dates', () => {
    const { scraped_at: _scrapedAt, ...rest } = storedDeal;
    expect(parseDeal('d1', rest)?.scraped_at).toBeNull();
    const { start_date: _startDate, ...withoutStart } = storedDeal;
    expect(parseDeal('d1', withoutStart, () => undefined)).toBeNull();
  });

  it('accepts Timestamp dates as well as ISO strings', () => {
    const deal = parseDeal('d1', {
      ...storedDeal,
      start_date: new FakeTimestamp(Date.parse(JAN_5)),
      scraped_at: new Date(JAN_5),
    });
    expect(deal?.start_date).toEqual(new Date(JAN_5));
    expect(deal?.scraped_at).toEqual(new Date(JAN_5));
  });

  it('drops a shop_url that is not http(s), keeping the deal', () => {
    expect(parseDeal('d1', { ...storedDeal, shop_url: 'javascript:alert(1)' })?.shop_url).toBeNull();
  });

  it.each([
    ['a javascript: url_home', { url_home: 'javascript:alert(1)' }],
    ['a relative url_home', { url_home: '/deals' }],
    ['a missing savings text', { savings: undefined }],
    ['an unparseable start_date', { start_date: 'soon' }],
    ['a missing end_date', { end_date: undefined }],
    ['a numeric title', { title: 42 }],
    ['a string is_verified', { is_verified: 'yes' }],
    ['a missing shop_name', { shop_name: undefined }],
  ])('rejects and reports %s', (_case, change) => {
    const { reports, report } = collectReports();
    expect(parseDeal('d1', { ...storedDeal, ...change }, report)).toBeNull();
    expect(reports).toEqual([{ path: 'sources/wired/coupons/d1', problems: expect.any(Array) }]);
  });

  it('parseAll skips malformed documents and keeps the rest in order', () => {
    const { reports, report } = collectReports();
    const snapshots = [
      { id: 'a', data: () => storedDeal },
      { id: 'bad', data: () => ({ title: 'no dates' }) },
      { id: 'b', data: () => storedDeal },
    ];
    const deals = parseAll(snapshots, (id, data) => parseDeal(id, data, report));
    expect(deals.map((deal) => deal.id)).toEqual(['a', 'b']);
    expect(reports.map((invalid) => invalid.path)).toEqual(['sources/wired/coupons/bad']);
  });
});

describe('buildDealDoc', () => {
  const input: DealInput = {
    title: 'Up to 60% off',
    description: 'Clearance.',
    savings: 'Up to 60% off',
    type: 'sale',
    code: null,
    start_date: new Date(JAN_5),
    end_date: new Date(FEB_5),
    shop_id: 'acme',
    shop_name: 'Acme',
    shop_url: '',
    url_home: 'https://acme.example/sale',
    scraped_at: new Date(JAN_5),
    is_verified: false,
  };

  const listing = {
    source_id: 'wired',
    title: 'Up to 60% off',
    description: 'Clearance.',
    savings: 'Up to 60% off',
    savings_value: 60,
    type: 'sale',
    start_date: JAN_5,
    end_date: FEB_5,
    shop_id: 'acme',
    shop_name: 'Acme',
    url_home: 'https://acme.example/sale',
    scraped_at: JAN_5,
    is_verified: false,
    category: 'other',
    popularity_score: 0,
  };
  const searchTerms = [
    'up',
    'to',
    '60',
    'of',
    'off',
    'ac',
    'acm',
    'acme',
    'cl',
    'cle',
    'clea',
    'clear',
    'cleara',
    'clearan',
    'clearanc',
    'clearance',
  ];

  it('stores canonical ISO dates and the derived fields, omitting unset optional fields', () => {
    const doc = buildDealDoc(input);
    // The listing document carries no search index: that lives in the search document only.
    expect(doc).toEqual(listing);
    expect('code' in doc).toBe(false);
    expect('shop_url' in doc).toBe(false);
  });

  it('gives both documents of a deal: the listing one, and the search one with the search_terms', () => {
    const doc = buildDealDoc(input);
    expect(buildDealSearchDoc(doc)).toEqual({ ...listing, search_terms: searchTerms });
    const stored = { ...listing, newest_key: `0|${listing.scraped_at}` };
    expect(dealDocuments('d1', doc)).toEqual([
      { path: 'sources/wired/coupons/d1', data: stored },
      { path: 'sources/wired/coupon_search/d1', data: { ...stored, search_terms: searchTerms } },
    ]);
    expect(dealDocPaths('d1')).toEqual(['sources/wired/coupons/d1', 'sources/wired/coupon_search/d1']);
  });

  it("stores Newest First's key: an editor's pick before every other deal, then the newest write", () => {
    const doc = buildDealDoc(input);
    const [picked] = dealDocuments('d1', { ...doc, editor_pick: true, newest_key: 'stale' });
    expect(picked.data.newest_key).toBe(`1|${doc.scraped_at}`);
    const older = newestKeyOf({ scraped_at: '2020-01-01T00:00:00.000Z', editor_pick: true });
    const newer = newestKeyOf({ scraped_at: '2030-01-01T00:00:00.000Z' });
    expect([newer, older].sort().reverse()).toEqual([older, newer]);
    expect(newestKeyOf({ scraped_at: '2020-01-01T00:00:00.000Z' }) < newer).toBe(true);
  });

  it('backfills the newest key of a stored deal only where it is missing or stale', () => {
    const scraped_at = '2026-01-02T03:04:05.000Z';
    expect(missingNewestKey({ scraped_at })).toBe(`0|${scraped_at}`);
    expect(missingNewestKey({ scraped_at, editor_pick: true, newest_key: `0|${scraped_at}` })).toBe(
      `1|${scraped_at}`,
    );
    expect(missingNewestKey({ scraped_at, newest_key: `0|${scraped_at}` })).toBeNull();
    expect(missingNewestKey({ title: 'no scraped_at' })).toBeNull();
  });

  it('parses a document of either collection to the same deal, and names the one that is malformed', () => {
    const doc = buildDealDoc(input);
    expect(parseDeal('d1', buildDealSearchDoc(doc))).toEqual(parseDeal('d1', doc));
    const reported: string[] = [];
    const report = ({ path }: { path: string }) => reported.push(path);
    const { url_home: _missing, ...broken } = buildDealSearchDoc(doc);
    expect(parseDeal('d1', broken, report, 'sources/wired/coupon_search')).toBeNull();
    expect(parseDeal('d2', broken, report)).toBeNull();
    expect(reported).toEqual(['sources/wired/coupon_search/d1', 'sources/wired/coupons/d2']);
  });

  it("takes the source's category hint and keeps the category on read", () => {
    const doc = buildDealDoc({ ...input, category_hint: 'Beauty' });
    expect(doc.category).toBe('beauty');
    expect(parseDeal('x', doc)?.category).toBe('beauty');
  });

  it('keeps an http(s) shop logo and drops any other', () => {
    expect(buildDealDoc({ ...input, shop_logo_url: 'https://acme.example/logo.png' }).shop_logo_url).toBe(
      'https://acme.example/logo.png',
    );
    expect('shop_logo_url' in buildDealDoc({ ...input, shop_logo_url: 'javascript:alert(1)' })).toBe(false);
    expect(parseDeal('x', buildDealDoc(input))?.shop_logo_url).toBeNull();
  });

  it('round-trips through parseDeal', () => {
    const doc = buildDealDoc({ ...input, code: 'SALE', shop_url: 'https://acme.example' });
    expect(parseDeal('x', doc)).toMatchObject({
      code: 'SALE',
      shop_url: 'https://acme.example',
      savings_value: 60,
    });
  });

  it('isDealLive: start_date <= now < end_date', () => {
    const deal = { start_date: new Date(JAN_5), end_date: new Date(FEB_5) };
    expect(isDealLive(deal, new Date(JAN_5))).toBe(true);
    expect(isDealLive(deal, new Date(Date.parse(JAN_5) - 1))).toBe(false);
    expect(isDealLive(deal, new Date(Date.parse(FEB_5) - 1))).toBe(true);
    expect(isDealLive(deal, new Date(FEB_5))).toBe(false);
  });
});

describe('parseBlogPost', () => {
  const storedPost = {
    html_content: '<h1>Hello</h1><p>World</p>',
    coverImage: '/images/cover.jpg',
    author: { name: 'Ada', avatar: '/images/ada.jpg', bio: 'Writes.' },
    publishedAt: new FakeTimestamp(Date.parse(JAN_5)),
    title: 'Hello',
    description: 'World',
    tags: ['saving', 'tips'],
    readTimeMinutes: 3,
  };

  it('converts a stored post', () => {
    expect(parseBlogPost('p1', storedPost)).toEqual({
      ...storedPost,
      id: 'p1',
      publishedAt: new Date(JAN_5),
      updatedAt: new Date(JAN_5),
    });
  });

  it('defaults missing derived fields and author parts', () => {
    const post = parseBlogPost('p1', {
      html_content: '<p>x</p>',
      publishedAt: new Date(JAN_5),
      author: { name: 'Ada' },
    });
    expect(post).toMatchObject({
      coverImage: '',
      author: { name: 'Ada', avatar: '', bio: '' },
      title: '',
      description: '',
      tags: [],
      readTimeMinutes: DEFAULT_READ_TIME_MINUTES,
    });
  });

  it.each([
    ['no html', { html_content: undefined }],
    ['no publishedAt', { publishedAt: undefined }],
    ['non-string tags', { tags: [1, 2] }],
    ['a zero read time', { readTimeMinutes: 0 }],
  ])('rejects and reports %s', (_case, change) => {
    const { reports, report } = collectReports();
    expect(parseBlogPost('p1', { ...storedPost, ...change }, report)).toBeNull();
    expect(reports.map((invalid) => invalid.path)).toEqual(['blogs/p1']);
  });
});

describe('server-only documents', () => {
  it('parses Stripe event and customer records', () => {
    expect(
      parseStripeEventRecord('evt_1', {
        type: 'invoice.paid',
        created: 1767200000,
        uid: 'u1',
        outcome: 'applied',
        processed_at: new Date(JAN_5),
        expires_at: new Date(JAN_5),
      }),
    ).toEqual({
      id: 'evt_1',
      type: 'invoice.paid',
      created: 1767200000,
      uid: 'u1',
      outcome: 'applied',
      processed_at: new Date(JAN_5),
      expires_at: new Date(JAN_5),
      effects: [],
      effects_done: true,
    });
    expect(parseStripeCustomerRecord('cus_1', { uid: 'u1', created_at: null })).toEqual({
      customerId: 'cus_1',
      uid: 'u1',
      created_at: null,
      deleted: false,
      deletedAtSeconds: null,
      checkout: null,
      billing: null,
    });
    expect(
      parseStripeCustomerRecord('cus_2', {
        uid: 'u2',
        created_at: new Date(JAN_5),
        deleted_at: new Date(JAN_5),
        checkout: { idempotency_key: 'k1', expires_at: 1767200000 },
      }),
    ).toEqual({
      customerId: 'cus_2',
      uid: 'u2',
      created_at: new Date(JAN_5),
      deleted: true,
      deletedAtSeconds: Math.floor(Date.parse(JAN_5) / 1000),
      checkout: { idempotency_key: 'k1', expires_at: 1767200000 },
      billing: null,
    });
    const { reports, report } = collectReports();
    expect(parseStripeCustomerRecord('cus_1', { uid: '' }, report)).toBeNull();
    expect(parseStripeEventRecord('evt_1', { type: 'x', created: -1 }, report)).toBeNull();
    expect(reports.map((invalid) => invalid.path)).toEqual(['stripe_customers/cus_1', 'stripe_events/evt_1']);
  });

  it('parses the demo anchor and rejects impossible days', () => {
    expect(parseDemoMeta({ anchor: '2025-06-01' })).toEqual({ anchor: '2025-06-01' });
    const { reports, report } = collectReports();
    expect(parseDemoMeta({ anchor: '2025-02-30' }, report)).toBeNull();
    expect(parseDemoMeta({ anchor: '2025-6-1' }, report)).toBeNull();
    expect(reports).toHaveLength(2);
    expect(utcDay(new Date('2025-06-01T23:59:59.999Z'))).toBe('2025-06-01');
  });
});
