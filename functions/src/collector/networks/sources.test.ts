// Contract tests of the three network sources on fixtures of their documented answers, and hostile input:
// malformed pages, missing fields, XML entity attacks, endless pagination, 429 storms, an expired token.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDealDoc } from '@bargains/model/deal';
import { FeedError, readRecords } from '../feed';
import { normalizeRecord } from '../normalize';
import type { SourceAdapter } from '../adapters';
import { awinSource } from './awin';
import { cjSource } from './cj';
import { impactSource } from './impact';
import { feedOfOffers, type RawOffer } from './source';

const NOW = new Date('2026-01-10T00:00:00Z');
const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', name), 'utf8');

function normalized(adapter: SourceAdapter, offer: RawOffer) {
  const result = normalizeRecord(adapter, offer, NOW);
  if (!result.ok) throw new Error(`expected a valid deal, got: ${result.reason}`);
  return { ...result.deal, doc: buildDealDoc({ ...result.deal.input, scraped_at: NOW }) };
}

type Answer = { status: number; body: string; headers?: Record<string, string> };

/** A scripted network: answers in order (the last one repeats), records every request. */
function network(answers: Answer[]) {
  const requests: Array<{ url: string; init: RequestInit }> = [];
  const fetchFn = (async (url: string | URL, init?: RequestInit) => {
    requests.push({ url: String(url), init: init ?? {} });
    const answer = (answers.length > 1 ? answers.shift() : answers[0]) ?? { status: 599, body: '' };
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  }) as typeof fetch;
  const http = { fetch: fetchFn, sleep: async () => {}, now: () => 0 };
  return { http, requests };
}

async function all(offers: AsyncIterable<RawOffer>): Promise<RawOffer[]> {
  const list: RawOffer[] = [];
  for await (const offer of offers) list.push(offer);
  return list;
}

describe('Awin Offers API', () => {
  const page = fixture('awin-promotions-page.json');

  it('maps a documented answer into deals', () => {
    const [voucher, promotion] = awinSource
      .offersOfResponse(page)
      .map((o) => normalized(awinSource.adapter, o));
    expect(voucher?.id).toMatch(/^offer_c[0-9a-f]{32}$/);
    expect(voucher?.doc).toMatchObject({
      title: '£10 off orders over £75 on walking boots',
      description: 'Save on all walking boots & trail shoes.',
      savings: '£10 off orders over £75',
      code: 'WALK10',
      type: 'code',
      shop_id: 'northwind-outdoor',
      shop_name: 'Northwind Outdoor',
      shop_url: 'https://www.northwind-outdoor.example/',
      url_home: expect.stringMatching(/^https:\/\/www\.awin1\.com\/cread\.php\?awinmid=4567/),
      regions: ['GB', 'IE'],
      origin: { network: 'awin', id: '672291' },
      end_date: '2026-03-31T23:59:59.000Z',
    });
    expect(voucher?.doc.savings_value).toBeCloseTo(13.33, 2);
    expect(promotion?.doc).toMatchObject({
      savings: 'Up to 40% off',
      savings_value: 40,
      type: 'sale',
      category: 'electronics',
      start_date: '2026-01-05T00:00:00.000Z',
    });
    expect(promotion?.doc.code).toBeUndefined();
    expect(promotion?.doc.regions).toBeUndefined();
  });

  it('fetches every page with the documented request', async () => {
    const second = JSON.stringify({
      data: [{ ...JSON.parse(page).data[0], promotionId: 672400 }],
      pagination: { page: 2, pageSize: 2, total: 3 },
    });
    const { http, requests } = network([
      { status: 200, body: page },
      { status: 200, body: second },
    ]);
    const offers = await all(
      awinSource.fetchOffers({ publisherId: '123456', token: 'tok-SECRET', pageSize: 2, http }),
    );
    expect(offers.map((o) => o.promotionId)).toEqual([672291, 672305, 672400]);
    expect(requests).toHaveLength(2);
    expect(requests[0]?.url).toBe('https://api.awin.com/publisher/123456/promotions');
    expect(requests[0]?.init.method).toBe('POST');
    expect((requests[0]?.init.headers as Record<string, string>).Authorization).toBe('Bearer tok-SECRET');
    expect(JSON.parse(String(requests[1]?.init.body))).toEqual({
      filters: { membership: 'joined', status: 'active', type: 'all' },
      pagination: { page: 2, pageSize: 2 },
    });
  });

  it('refuses endless pagination', async () => {
    const endless = JSON.stringify({ ...JSON.parse(page), pagination: { page: 1, pageSize: 2, total: 1e9 } });
    const { http } = network([{ status: 200, body: endless }]);
    await expect(
      all(awinSource.fetchOffers({ publisherId: '1', token: 't', pageSize: 2, maxPages: 5, http })),
    ).rejects.toThrow(/more pages after 5/);
  });

  it.each([
    ['not JSON', '<html>Service Unavailable</html>', /not JSON/],
    ['data is not a list', '{"data":"none"}', /unexpected shape/],
    ['an offer is not an object', '{"data":[1,2]}', /unexpected shape/],
  ])('fails a malformed page (%s)', async (_case, body, message) => {
    const { http } = network([{ status: 200, body }]);
    await expect(all(awinSource.fetchOffers({ publisherId: '1', token: 't', http }))).rejects.toThrow(
      message,
    );
  });

  it('fails the run on an expired token, naming neither the token nor retrying', async () => {
    const { http, requests } = network([
      { status: 401, body: '{"error":"invalid_token","description":"expired"}' },
    ]);
    const failure = all(awinSource.fetchOffers({ publisherId: '1', token: 'tok-SECRET', http }));
    await expect(failure).rejects.toThrow(/awin .* refused the credentials \(HTTP 401\)/);
    await expect(failure).rejects.not.toThrow(/SECRET/);
    expect(requests).toHaveLength(1);
  });

  it('gives up on a 429 storm after a bounded number of calls', async () => {
    const { http, requests } = network([{ status: 429, body: '', headers: { 'Retry-After': '1' } }]);
    await expect(all(awinSource.fetchOffers({ publisherId: '1', token: 't', http }))).rejects.toThrow(
      /HTTP 429 after 5 attempts/,
    );
    expect(requests).toHaveLength(5);
  });

  it('reports an offer with missing fields as invalid, alone', () => {
    const result = normalizeRecord(awinSource.adapter, { promotionId: 1, title: 'x', advertiser: {} }, NOW);
    expect(result).toMatchObject({ ok: false });
    expect(result.ok ? '' : result.reason).toMatch(/shop_name .*url_home|url_home/);
  });
});

describe('impact.com Ads API', () => {
  const page = fixture('impact-ads-page.json');

  it('maps structured discounts, categories and links', () => {
    const [fixed, shipping] = impactSource
      .offersOfResponse(page)
      .map((o) => normalized(impactSource.adapter, o));
    expect(fixed?.id).toMatch(/^offer_c[0-9a-f]{32}$/);
    expect(fixed?.doc).toMatchObject({
      title: '$10 off cookware',
      savings: '$10 off $50+',
      savings_value: 20,
      code: 'COOK10',
      category: 'home',
      shop_name: 'Fabrikam Kitchen',
      shop_url: 'https://www.fabrikam-kitchen.example/',
      url_home: 'https://fabrikam.sjv.io/c/123456/1180234/9123',
      origin: { network: 'impact', id: '1180234' },
      start_date: '2026-01-01T08:00:00.000Z',
    });
    expect(shipping?.doc).toMatchObject({ savings: 'Free shipping', category: 'other', type: 'sale' });
    expect(shipping?.doc.code).toBeUndefined();
  });

  it('follows @nextpageuri on the API host with Basic auth', async () => {
    const last = JSON.stringify({ '@nextpageuri': '', Ads: [{ ...JSON.parse(page).Ads[0], Id: '1180300' }] });
    const { http, requests } = network([
      { status: 200, body: page },
      { status: 200, body: last },
    ]);
    const offers = await all(
      impactSource.fetchOffers({ accountSid: 'IRtestSID123', authToken: 'auth', http }),
    );
    expect(offers.map((o) => o.Id)).toEqual(['1180234', '1180240', '1180300']);
    expect(requests[0]?.url).toBe(
      'https://api.impact.com/Mediapartners/IRtestSID123/Ads?Type=COUPON&PageSize=100&Page=1',
    );
    expect(requests[1]?.url).toBe(
      'https://api.impact.com/Mediapartners/IRtestSID123/Ads?Type=COUPON&PageSize=2&Page=2',
    );
    expect((requests[0]?.init.headers as Record<string, string>).Authorization).toBe(
      `Basic ${Buffer.from('IRtestSID123:auth').toString('base64')}`,
    );
  });

  it('names neither the token nor the Account SID when it fails', async () => {
    const { http } = network([{ status: 401, body: '{"Message":"expired"}' }]);
    const failure = all(
      impactSource.fetchOffers({ accountSid: 'IRtestSID123', authToken: 'tok-SECRET', http }),
    );
    await expect(failure).rejects.toThrow(/Mediapartners\/\(Account SID\)\/Ads\) refused the credentials/);
    await expect(failure).rejects.not.toThrow(/IRtestSID123|SECRET/);
  });

  it('never sends the credentials to another host', async () => {
    const elsewhere = JSON.stringify({
      ...JSON.parse(page),
      '@nextpageuri': 'https://evil.example/Mediapartners/IRtestSID123/Ads',
    });
    const { http, requests } = network([{ status: 200, body: elsewhere }]);
    await expect(
      all(impactSource.fetchOffers({ accountSid: 'IRtestSID123', authToken: 'a', http })),
    ).rejects.toThrow(/outside its API/);
    expect(requests).toHaveLength(1);
  });

  it('refuses a paging loop', async () => {
    const loop = JSON.stringify({
      ...JSON.parse(page),
      '@nextpageuri': '/Mediapartners/IRtestSID123/Ads?Page=2',
    });
    const { http } = network([{ status: 200, body: loop }]);
    await expect(
      all(impactSource.fetchOffers({ accountSid: 'IRtestSID123', authToken: 'a', http })),
    ).rejects.toThrow(/paging loop/);
  });

  it('leaves out deals that are not active', () => {
    const body = JSON.stringify({
      Ads: [{ Id: '1', DealState: 'EXPIRED' }, { Id: '2', DealState: 'ACTIVE' }, { Id: '3' }],
    });
    expect(impactSource.offersOfResponse(body).map((ad) => ad.Id)).toEqual(['2', '3']);
  });

  it('fails a page without Ads', () => {
    expect(() => impactSource.offersOfResponse('{"Message":"oops"}')).toThrow(/unexpected shape/);
  });
});

describe('CJ Link Search API', () => {
  const page = fixture('cj-link-search-page.xml');

  it('maps promotional links (banners left out) with entities decoded once', () => {
    const offers = cjSource.offersOfResponse(page);
    expect(offers.map((o) => o['link-id'])).toEqual(['13900001', '13900002']);
    const [coupon, shipping] = offers.map((o) => normalized(cjSource.adapter, o));
    expect(coupon?.doc).toMatchObject({
      title: '20% off board games',
      description: '20% off board games & puzzles',
      savings: '20% off',
      code: 'GAMES20',
      category: 'other',
      shop_url: 'https://tailspin-toys.example/',
      url_home: 'https://www.tkqlhce.com/click-100-13900001?sid=a&url=x',
      regions: ['US', 'CA'],
      origin: { network: 'cj', id: '13900001' },
      start_date: '2026-01-01T00:00:00.000Z',
      end_date: '2026-03-01T23:59:59.000Z',
    });
    expect(shipping?.doc).toMatchObject({ savings: 'Free shipping', category: 'fashion', regions: ['US'] });
  });

  it('pages by total-matched, 100 records a page', async () => {
    const links = (from: number, count: number) =>
      Array.from(
        { length: count },
        (_, i) =>
          `<link><link-id>${from + i}</link-id><promotion-type>coupon</promotion-type><link-name>${i}% off</link-name></link>`,
      ).join('');
    const xml = (n: number, from: number, count: number) =>
      `<cj-api><links total-matched="150" records-returned="${count}" page-number="${n}">${links(from, count)}</links></cj-api>`;
    const { http, requests } = network([
      { status: 200, body: xml(1, 0, 100) },
      { status: 200, body: xml(2, 100, 50) },
    ]);
    const offers = await all(cjSource.fetchOffers({ token: 't', websiteId: '12345', http }));
    expect(offers).toHaveLength(150);
    expect(requests).toHaveLength(2);
    expect(requests[1]?.url).toContain('page-number=2');
    expect(requests[1]?.url).toContain('records-per-page=100');
  });

  it.each([
    [
      'external entity (XXE)',
      '<?xml version="1.0"?><!DOCTYPE cj-api [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><cj-api><links><link><link-name>&xxe;</link-name></link></links></cj-api>',
    ],
    [
      'billion laughs',
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><cj-api><links><link><link-name>&lol3;</link-name></link></links></cj-api>',
    ],
    ['a DTD alone', '<!doctype cj-api SYSTEM "http://evil.example/x.dtd"><cj-api/>'],
  ])('refuses %s', (_case, xml) => {
    expect(() => cjSource.offersOfResponse(xml)).toThrow(/DOCTYPE or entity declarations; refused/);
  });

  it('never expands undeclared entities', () => {
    const xml =
      '<cj-api><links total-matched="1"><link><link-id>1</link-id><promotion-type>coupon</promotion-type><link-name>&xxe; 10% off</link-name></link></links></cj-api>';
    expect(cjSource.offersOfResponse(xml)[0]?.['link-name']).toBe('&xxe; 10% off');
  });

  it.each([
    ['malformed XML', '<cj-api><links><link></links></cj-api>', /malformed XML/],
    [
      'an error answer',
      '<cj-api><error-message>Not Authenticated</error-message></cj-api>',
      /cj answered an error/,
    ],
    ['not XML at all', '{"json":true}', /malformed XML|without <cj-api>/],
  ])('fails %s', (_case, xml, message) => {
    expect(() => cjSource.offersOfResponse(xml)).toThrow(message);
  });

  it('fails the run on an expired token', async () => {
    const { http } = network([
      { status: 401, body: '<cj-api><error-message>Not Authenticated: expired</error-message></cj-api>' },
    ]);
    await expect(all(cjSource.fetchOffers({ token: 't', websiteId: '1', http }))).rejects.toThrow(
      /refused the credentials/,
    );
  });
});

describe('a network listing as the pipeline reads it', () => {
  it('gives one record per offer', async () => {
    const offers = awinSource.offersOfResponse(fixture('awin-promotions-page.json'));
    const records = [];
    for await (const record of readRecords(feedOfOffers('awin', offers))) records.push(record);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({ row: 1, fields: { promotionId: 672291 } });
  });

  it('fails the whole read when a later page fails, so the run changes nothing', async () => {
    const { http } = network([
      { status: 200, body: fixture('awin-promotions-page.json') },
      { status: 503, body: '' },
    ]);
    const feed = feedOfOffers(
      'awin',
      awinSource.fetchOffers({ publisherId: '1', token: 't', pageSize: 2, http }),
    );
    const read = (async () => {
      for await (const _record of readRecords(feed)) {
        // reading on
      }
    })();
    await expect(read).rejects.toThrow(FeedError);
    await expect(read).rejects.toThrow(/HTTP 503 after 5 attempts/);
  });
});

describe('one offer, several networks', () => {
  const awinOffer = (overrides: RawOffer = {}): RawOffer => ({
    promotionId: 1,
    title: '$10 off cookware',
    advertiser: { name: 'Fabrikam Kitchen' },
    voucher: { code: 'COOK10' },
    startDate: '2026-01-01T00:00:00Z',
    endDate: '2026-03-01T00:00:00Z',
    url: 'https://www.fabrikam-kitchen.example/cookware?utm_source=awin',
    urlTracking: 'https://www.awin1.com/cread.php?p=1',
    ...overrides,
  });
  const impactAd = (overrides: RawOffer = {}): RawOffer => ({
    Id: '99',
    DealName: 'Cookware: $10 off $50',
    AdvertiserName: 'Fabrikam Kitchen',
    DealDefaultPromoCode: 'cook10',
    StartDate: '2026-01-01T00:00:00Z',
    EndDate: '2026-03-01T00:00:00Z',
    LandingPageUrl: 'https://www.fabrikam-kitchen.example/cookware',
    TrackingLink: 'https://fabrikam.sjv.io/c/1/99/1',
    ...overrides,
  });

  it('gives the same shop and code from two networks one id', () => {
    expect(normalized(awinSource.adapter, awinOffer()).id).toBe(
      normalized(impactSource.adapter, impactAd()).id,
    );
  });

  it('gives the same landing page (tracking parameters aside) one id when there is no code', () => {
    const awin = normalized(awinSource.adapter, awinOffer({ voucher: null }));
    const impact = normalized(impactSource.adapter, impactAd({ DealDefaultPromoCode: '' }));
    expect(awin.id).toMatch(/^offer_p/);
    expect(awin.id).toBe(impact.id);
  });

  it('keeps different codes of one shop apart', () => {
    expect(normalized(awinSource.adapter, awinOffer()).id).not.toBe(
      normalized(impactSource.adapter, impactAd({ DealDefaultPromoCode: 'COOK20' })).id,
    );
  });
});
