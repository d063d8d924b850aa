// The collector benchmark's network catalogue: deals dealt over the sources, each deal a valid offer of its
// network that maps to the same deal whichever network publishes it, and the bench server's pages read back in
// full by the real sources.
import {
  openNetworkFeed,
  NETWORK_IDS,
  networkAdapter,
} from '../../functions/src/collector/networks/registry';
import { normalizeRecord } from '../../functions/src/collector/normalize';
import { feedRecord, startOfUtcDay } from '../../tools/deal-feed/feed-records';
import { seededRandom } from '../../tools/seeded-random';
import {
  benchAccount,
  benchPage,
  emptyNetworkCatalogue,
  networkOffer,
  secondNetworkOf,
  SHARED_EVERY,
  sourceOfDeal,
} from './network-catalogue';

const anchor = startOfUtcDay(new Date());
const records = (count: number) => {
  const random = seededRandom(0xb3ec);
  return Array.from({ length: count }, (_, n) => feedRecord(n, anchor, random));
};

test('deals are dealt round-robin over the sources', () => {
  const sources = ['awin', 'impact', 'cj'];
  expect([0, 1, 2, 3, 4].map((n) => sourceOfDeal(n, sources))).toEqual([
    'awin',
    'impact',
    'cj',
    'awin',
    'impact',
  ]);
});

test('every SHARED_EVERY-th deal is also published by the next network, only when there are two', () => {
  const networks = ['awin', 'impact', 'cj'];
  expect(secondNetworkOf(0, networks, networks)).toBe('impact');
  expect(secondNetworkOf(SHARED_EVERY, networks, networks)).toBe('impact');
  expect(secondNetworkOf(SHARED_EVERY + 1, networks, networks)).toBeNull();
  expect(secondNetworkOf(0, ['awin'], ['awin'])).toBeNull();
  expect(secondNetworkOf(0, ['wired', 'cj'], ['cj'])).toBeNull();
});

test('each network offer is valid, keeps its origin, and is the same deal whichever network publishes it', () => {
  const now = new Date();
  records(60).forEach((record, n) => {
    const deals = NETWORK_IDS.map((network) => {
      const result = normalizeRecord(networkAdapter(network), networkOffer(network, record, n), now);
      if (!result.ok) throw new Error(`${network} offer ${n}: ${result.reason}`);
      expect(result.deal.input.origin).toMatchObject({ network });
      return result.deal;
    });
    expect(new Set(deals.map((deal) => deal.id)).size).toBe(1);
    expect(deals.map((deal) => deal.input.title)).toEqual(NETWORK_IDS.map(() => record.title));
  });
});

test('deals of one shop never share an id (codes are unique per deal)', () => {
  const now = new Date();
  const ids = records(2000).map((record, n) => {
    const result = normalizeRecord(networkAdapter('awin'), networkOffer('awin', record, n), now);
    if (!result.ok) throw new Error(result.reason);
    return result.deal.id;
  });
  expect(new Set(ids).size).toBe(ids.length);
});

test('impact.com offers carry the structured discount where the savings have one', () => {
  const [record] = records(1);
  if (!record) throw new Error('no record');
  const fixed = networkOffer('impact', { ...record, savings: '$20 off $100+' }, 0);
  expect(fixed).toMatchObject({
    DiscountType: 'FIXED',
    DiscountAmount: '20.00',
    MinimumPurchaseAmount: '100.00',
  });
  expect(networkOffer('impact', { ...record, savings: '15% off' }, 0)).toMatchObject({
    DiscountType: 'PERCENT',
    DiscountPercent: '15',
  });
  expect(networkOffer('impact', { ...record, savings: 'Free shipping' }, 0)).toMatchObject({
    DealType: 'FREE_SHIPPING',
  });
});

test("the bench server's pages give each real source its whole listing, in order", async () => {
  const catalogue = emptyNetworkCatalogue();
  records(450).forEach((record, n) => {
    for (const network of NETWORK_IDS) catalogue[network].push(networkOffer(network, record, n));
  });
  const base = 'http://bench.invalid';
  const fetchPage: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const answer = benchPage(catalogue, init?.method ?? 'GET', url, String(init?.body ?? ''));
    return answer === null
      ? new Response('', { status: 404 })
      : new Response(answer.text, { status: 200, headers: { 'Content-Type': answer.type } });
  };
  for (const network of NETWORK_IDS) {
    const feed = openNetworkFeed(network, benchAccount(network, base), {
      callsPerMinute: Number.POSITIVE_INFINITY,
      fetch: fetchPage,
    });
    let text = '';
    for await (const chunk of feed.stream) text += String(chunk);
    const offers = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(offers).toEqual(catalogue[network]);
  }
});

test('the bench server answers no other path', () => {
  const catalogue = emptyNetworkCatalogue();
  expect(benchPage(catalogue, 'GET', new URL('http://x/awin/publisher/1/promotions'), '')).toBeNull();
  expect(benchPage(catalogue, 'GET', new URL('http://x/elsewhere'), '')).toBeNull();
});
