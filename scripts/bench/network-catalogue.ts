// The collector benchmark's catalogue as the affiliate networks publish it: each generated deal (a 'wired' feed
// record, tools/deal-feed/feed-records.ts) rewritten as an Awin promotion, an impact.com ad or a CJ link in the
// network's documented shape, so the bench measures the whole network path (paging, parsing, mapping, the
// shared-offer dedupe) and not a feed file. A local server answers each network's pages (the stand-ins' page
// builders, tools/network-standins/pages.ts) at the page sizes the clients ask for, without the stand-ins'
// injected 429/500 answers: the bench measures the collector, not its backoff.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NetworkAccount } from '../../functions/src/config';
import type { NetworkId } from '../../functions/src/collector/networks/registry';
import type { WiredRecord } from '../../tools/deal-feed/feed-records';
import type { CjLink } from '../../tools/network-standins/offers';
import { awinPage, cjPage, impactPage, type Offer } from '../../tools/network-standins/pages';
import { STANDIN_CREDENTIALS } from '../../tools/network-standins/routes';

/** One deal in this many is also published by a second network (same shop, same code or landing page). */
export const SHARED_EVERY = 150;
/** Largest page the server answers: the clients ask for 200 (Awin) and 100 (impact.com, CJ). */
const MAX_PAGE_SIZE = 200;

/** Deal `n`'s source: deals are dealt round-robin over the sources. */
export const sourceOfDeal = (n: number, sources: readonly string[]): string =>
  sources[n % sources.length] as string;

/**
 * The other network that also publishes deal `n`, or null: every SHARED_EVERY-th deal whose own source is a
 * network is carried by the next network source too (needs two network sources).
 */
export function secondNetworkOf(
  n: number,
  sources: readonly string[],
  networks: readonly string[],
): string | null {
  if (n % SHARED_EVERY !== 0) return null;
  const own = sourceOfDeal(n, sources);
  const index = networks.indexOf(own);
  if (index < 0 || networks.length < 2) return null;
  return networks[(index + 1) % networks.length] as string;
}

/**
 * Codes unique per deal: the generator reuses a code across deals of a shop (fine for the wired feed, whose ids
 * come from the feed), while a network offer's identity is its shop and code, so reused codes would merge deals.
 */
const uniqueCode = (record: WiredRecord, n: number) =>
  record.code === null ? null : `${record.code}${n.toString(36).toUpperCase()}`;

const dayOf = (iso: string) => iso.slice(0, 10);
/** CJ writes dates without a zone: `2026-11-27 00:00:00.0`. */
const cjDate = (iso: string) => `${dayOf(iso)} ${iso.slice(11, 19) || '00:00:00'}.0`;
const advertiserNumber = (shopId: string) =>
  [...shopId].reduce((sum, character) => (sum * 31 + character.charCodeAt(0)) % 9000, 7) + 1000;

/** impact.com's structured discount of a generated savings text; others are read from the title. */
function impactDiscount(savings: string): Offer {
  const percent = /^(\d+)% off$/.exec(savings);
  if (percent) return { DealType: 'GENERAL_SALE', DiscountType: 'PERCENT', DiscountPercent: percent[1] };
  const fixed = /^\$(\d+) off(?: \$(\d+)\+)?$/.exec(savings);
  if (fixed) {
    return {
      DealType: 'GENERAL_SALE',
      DiscountType: 'FIXED',
      DiscountAmount: `${fixed[1]}.00`,
      DiscountCurrency: 'USD',
      ...(fixed[2] ? { MinimumPurchaseAmount: `${fixed[2]}.00` } : {}),
    };
  }
  if (savings === 'BOGO') return { DealType: 'BOGO' };
  if (savings === 'Free shipping') return { DealType: 'FREE_SHIPPING' };
  return { DealType: 'GENERAL_SALE' };
}

/** Deal `n` as `network` publishes it (Awin promotion, impact.com ad, CJ link). */
export function networkOffer(network: NetworkId, record: WiredRecord, n: number): Offer | CjLink {
  const code = uniqueCode(record, n);
  const advertiserId = advertiserNumber(record.shop_id);
  const landing = record.url_home;
  if (network === 'awin') {
    const promotionId = 800000 + n;
    return {
      promotionId,
      type: code ? 'voucher' : 'promotion',
      advertiser: { id: advertiserId, name: record.shop_name, joined: true },
      title: record.title,
      description: record.description,
      terms: 'Standard terms apply.',
      startDate: record.start_date,
      endDate: record.end_date,
      url: landing,
      urlTracking: `https://www.awin1.com/cread.php?awinmid=${advertiserId}&awinaffid=${STANDIN_CREDENTIALS.awin.publisherId}&p=${promotionId}`,
      regions: { all: false, list: [{ name: 'United States', countryCode: 'US' }] },
      voucher: code ? { code, exclusive: false, attributable: true } : null,
    };
  }
  if (network === 'impact') {
    const id = 1200000 + n;
    return {
      Id: String(id),
      Name: `${record.shop_name} coupon`,
      Description: '',
      Type: 'COUPON',
      DealName: record.title,
      DealDescription: record.description,
      ...impactDiscount(record.savings),
      ...(code ? { DealDefaultPromoCode: code } : {}),
      DealState: 'ACTIVE',
      StartDate: record.start_date,
      EndDate: record.end_date,
      AdvertiserId: advertiserId,
      AdvertiserName: record.shop_name,
      CampaignName: record.shop_name,
      TrackingLink: `https://${record.shop_id}.sjv.io/c/123456/${id}/${advertiserId}`,
      LandingPageUrl: landing,
    };
  }
  const id = 14000000 + n;
  return {
    'advertiser-id': String(3300000 + advertiserId),
    'advertiser-name': record.shop_name,
    category: 'Home & Garden',
    description: record.description,
    destination: landing,
    'link-id': String(id),
    'link-name': record.title,
    'link-type': 'Text Link',
    'promotion-start-date': cjDate(record.start_date),
    'promotion-end-date': cjDate(record.end_date),
    'promotion-type': code ? 'coupon' : 'sale/discount',
    'coupon-code': code ?? '',
    clickUrl: `https://www.tkqlhce.com/click-${STANDIN_CREDENTIALS.cj.websiteId}-${id}`,
    'targeted-countries': 'US',
  };
}

/** Each network's offers, in the order its API lists them. */
export type NetworkCatalogue = Record<NetworkId, Offer[]>;

export const emptyNetworkCatalogue = (): NetworkCatalogue => ({ awin: [], impact: [], cj: [] });

/** The account the bench's collector uses for `network` against the server at `baseUrl` (stand-in credentials). */
export function benchAccount(network: NetworkId, baseUrl: string): NetworkAccount {
  const account = {
    awin: STANDIN_CREDENTIALS.awin.publisherId,
    impact: STANDIN_CREDENTIALS.impact.accountSid,
    cj: STANDIN_CREDENTIALS.cj.websiteId,
  }[network];
  return {
    account,
    token: STANDIN_CREDENTIALS[network].token,
    regionCodes: [],
    baseUrl: `${baseUrl}/${network}`,
  };
}

const pageNumber = (value: unknown, fallback: number) =>
  Math.max(1, Math.floor(Number(value ?? fallback)) || fallback);
const pageSizeOf = (value: unknown, fallback: number) => Math.min(MAX_PAGE_SIZE, pageNumber(value, fallback));

/** The answer to one page request of the bench server, or null for a path it does not serve. */
export function benchPage(
  catalogue: NetworkCatalogue,
  method: string,
  url: URL,
  body: string,
): { type: string; text: string } | null {
  const path = url.pathname;
  if (method === 'POST' && path === `/awin/publisher/${STANDIN_CREDENTIALS.awin.publisherId}/promotions`) {
    const { pagination } = JSON.parse(body || '{}') as { pagination?: { page?: number; pageSize?: number } };
    return {
      type: 'application/json',
      text: awinPage(catalogue.awin, pageNumber(pagination?.page, 1), pageSizeOf(pagination?.pageSize, 200)),
    };
  }
  const sid = STANDIN_CREDENTIALS.impact.accountSid;
  if (method === 'GET' && path === `/impact/Mediapartners/${sid}/Ads`) {
    const page = pageNumber(url.searchParams.get('Page'), 1);
    const size = pageSizeOf(url.searchParams.get('PageSize'), 100);
    return { type: 'application/json', text: impactPage(catalogue.impact, sid, page, size) };
  }
  if (method === 'GET' && path === '/cj/v2/link-search') {
    const page = pageNumber(url.searchParams.get('page-number'), 1);
    const size = pageSizeOf(url.searchParams.get('records-per-page'), 100);
    return { type: 'application/xml', text: cjPage(catalogue.cj as CjLink[], page, size) };
  }
  return null;
}

/** Serves `current()`'s offers on 127.0.0.1 (a free port); resolves with its base URL and a way to stop it. */
export async function startBenchNetworkServer(
  current: () => NetworkCatalogue,
): Promise<{ baseUrl: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      try {
        const answer = benchPage(current(), req.method ?? 'GET', url, Buffer.concat(chunks).toString('utf8'));
        if (answer === null) {
          res.writeHead(404).end();
          return;
        }
        res.writeHead(200, { 'Content-Type': answer.type }).end(answer.text);
      } catch (error) {
        res.writeHead(400, { 'Content-Type': 'text/plain' }).end(String(error));
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}`, server };
}
