// CJ's Link Search API (publisher): GET https://link-search.api.cj.com/v2/link-search with a Bearer personal
// access token, answering XML: <cj-api><links total-matched records-returned page-number><link>…</link></links>.
// At most 100 records a page and about 25 calls a minute. Promotional links (coupon, sale/discount, free
// shipping) become deals: `clickUrl` is View Deal, `destination` the advertiser's site, `category` is mapped by
// the table below and `targeted-countries` kept. The XML is parsed with DTDs and entities refused (xml.ts).
// CJ writes promotion dates without a zone; they are read as UTC.
import type { SourceAdapter } from '../adapters';
import { assertPageAllowed, NetworkClient, NetworkError, type NetworkHttpOptions } from './http';
import {
  categoryTable,
  countryCodes,
  listOf,
  mapCategory,
  networkDate,
  savingsFromTitle,
  textOf,
  UNQUANTIFIED_SAVINGS,
} from './offer-text';
import { DEFAULT_MAX_PAGES, type NetworkSource, type RawOffer, siteOf } from './source';
import { parseNetworkXml } from './xml';

export const CJ_CALLS_PER_MINUTE = 25;
export const CJ_API_BASE = 'https://link-search.api.cj.com';
export const CJ_MAX_PAGE_SIZE = 100;

/** The promotion types that are deals (others are banners, products, sweepstakes…). */
const DEAL_PROMOTION_TYPES = new Set(['coupon', 'sale/discount', 'free shipping']);

export interface CjConfig {
  token: string;
  /** The website (property) id the links are generated for. */
  websiteId: string;
  /** 'joined' (default), 'notjoined' or advertiser CIDs separated by commas. */
  advertiserIds?: string;
  maxPages?: number;
  baseUrl?: string;
  http?: Partial<NetworkHttpOptions>;
}

/** CJ's advertiser categories → the model's categories (model/category.ts); others are derived from the text. */
export const CJ_CATEGORIES = categoryTable({
  electronics: [
    'Computer & Electronics',
    'Computer HW',
    'Computer SW',
    'Consumer Electronics',
    'Electronic Toys',
    'Telecommunications',
    'Mobile Entertainment',
  ],
  fashion: [
    'Clothing/Apparel',
    'Apparel',
    'Accessories',
    'Shoes',
    'Jewelry',
    "Men's",
    "Women's",
    "Children's",
  ],
  home: [
    'Home & Garden',
    'Furniture',
    'Kitchen',
    'Garden',
    'Home Appliances',
    'Bed & Bath',
    'Pets',
    'Utilities',
  ],
  beauty: [
    'Health and Wellness',
    'Beauty',
    'Cosmetics',
    'Fragrance',
    'Nutritional Supplements',
    'Personal Care',
    'Vision Care',
  ],
  travel: ['Travel', 'Air', 'Hotel', 'Car', 'Luggage', 'Vacation', 'Cruise'],
  food: ['Food & Drinks', 'Gourmet', 'Groceries', 'Restaurants', 'Wine & Spirits', 'Beverages'],
  other: ['Books/Media', 'Toys', 'Education', 'Financial Services', 'Gifts & Flowers', 'Entertainment'],
});

interface CjPage {
  links: RawOffer[];
  totalMatched: number | null;
}

/** One answer's links; throws NetworkError for hostile or malformed XML and for CJ's error answers. */
function readPage(text: string): CjPage {
  const root = parseNetworkXml('cj', text)['cj-api'];
  if (typeof root !== 'object' || root === null) throw new NetworkError('cj answered XML without <cj-api>');
  const api = root as Record<string, unknown>;
  if (api['error-message'] !== undefined) {
    throw new NetworkError(`cj answered an error: ${String(api['error-message']).slice(0, 200)}`);
  }
  const links = api.links;
  if (links === '' || links === undefined) return { links: [], totalMatched: 0 };
  if (typeof links !== 'object' || links === null)
    throw new NetworkError('cj answered <links> of an unexpected shape');
  const block = links as Record<string, unknown>;
  const list = Array.isArray(block.link) ? (block.link as unknown[]) : [];
  const total = Number(block['@total-matched']);
  return {
    links: list.filter((link): link is RawOffer => typeof link === 'object' && link !== null),
    totalMatched: Number.isFinite(total) ? total : null,
  };
}

const isDealLink = (link: RawOffer) =>
  DEAL_PROMOTION_TYPES.has((textOf(link['promotion-type']) ?? '').toLowerCase());

async function* fetchOffers(config: CjConfig): AsyncGenerator<RawOffer> {
  if (!/^\d{1,12}$/.test(config.websiteId)) throw new NetworkError('cj: the website id must be digits');
  const client = new NetworkClient({ network: 'cj', callsPerMinute: CJ_CALLS_PER_MINUTE, ...config.http });
  const maxPages = config.maxPages ?? DEFAULT_MAX_PAGES;
  let seen = 0;
  for (let page = 1; ; page += 1) {
    assertPageAllowed('cj', page, maxPages);
    const url = new URL(`${(config.baseUrl ?? CJ_API_BASE).replace(/\/+$/, '')}/v2/link-search`);
    url.searchParams.set('website-id', config.websiteId);
    url.searchParams.set('advertiser-ids', config.advertiserIds ?? 'joined');
    url.searchParams.set('records-per-page', String(CJ_MAX_PAGE_SIZE));
    url.searchParams.set('page-number', String(page));
    const answer = await client.request({
      url: url.href,
      headers: { Authorization: `Bearer ${config.token}`, Accept: 'application/xml' },
    });
    const { links, totalMatched } = readPage(answer.text);
    yield* links.filter(isDealLink);
    seen += links.length;
    if (
      links.length === 0 ||
      (totalMatched !== null ? seen >= totalMatched : links.length < CJ_MAX_PAGE_SIZE)
    )
      return;
  }
}

export const cjAdapter: SourceAdapter = {
  id: 'cj',
  toCandidate: (link) => {
    const title = textOf(link['link-name']);
    const description = textOf(link.description);
    const fromTitle = savingsFromTitle(title, description);
    const freeShipping = (textOf(link['promotion-type']) ?? '').toLowerCase() === 'free shipping';
    const id = textOf(link['link-id']);
    const code = textOf(link['coupon-code']);
    return {
      sourceRecordId: link['link-id'],
      title,
      description,
      savings: fromTitle === UNQUANTIFIED_SAVINGS && freeShipping ? 'Free shipping' : fromTitle,
      type: code ? 'code' : 'sale',
      code,
      start_date: networkDate(link['promotion-start-date']),
      end_date: networkDate(link['promotion-end-date']),
      shop_id: undefined,
      shop_name: link['advertiser-name'],
      shop_url: siteOf(link.destination),
      url_home: link.clickUrl,
      // Published by the advertiser itself through the network: an official offer, not a user-submitted one.
      is_verified: true,
      category_hint: mapCategory(CJ_CATEGORIES, listOf(link.category)),
      regions: countryCodes(listOf(link['targeted-countries'])),
      origin: id ? { network: 'cj', id } : undefined,
      landing_url: link.destination,
    };
  },
};

export const cjSource: NetworkSource<CjConfig> = {
  adapter: cjAdapter,
  fetchOffers,
  offersOfResponse: (text) => readPage(text).links.filter(isDealLink),
};
