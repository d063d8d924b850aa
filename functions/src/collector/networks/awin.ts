// Awin's Offers API (publisher): POST https://api.awin.com/publisher/{publisherId}/promotions with a Bearer
// token and a JSON body of `filters` and `pagination {page, pageSize}`; the answer holds `data` (the offers) and
// `pagination {page, pageSize, total}`. About 20 calls a minute. Offers carry no structured discount (the
// savings are read from the title) and no category (derived from the text); `regions.list[].countryCode` are
// kept, `urlTracking` is the View Deal link and `url` the advertiser's landing page.
import { z } from 'zod';
import type { SourceAdapter } from '../adapters';
import { assertPageAllowed, NetworkClient, NetworkError, type NetworkHttpOptions } from './http';
import { countryCodes, networkDate, savingsFromTitle, textOf } from './offer-text';
import { DEFAULT_MAX_PAGES, type NetworkSource, readJsonPage, type RawOffer, siteOf } from './source';

export const AWIN_CALLS_PER_MINUTE = 20;
export const AWIN_API_BASE = 'https://api.awin.com';

export interface AwinConfig {
  publisherId: string;
  token: string;
  /** Only offers valid in these countries (ISO alpha-2); empty = all. */
  regionCodes?: readonly string[];
  /** Offers of advertisers the publisher joined (default), or all. */
  membership?: 'joined' | 'notJoined' | 'all';
  pageSize?: number;
  maxPages?: number;
  baseUrl?: string;
  http?: Partial<NetworkHttpOptions>;
}

const offerObject = z.record(z.string(), z.unknown());
const pageSchema = z.object({
  data: z.array(offerObject),
  pagination: z
    .object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int().nonnegative() })
    .partial()
    .optional(),
});

const readPage = (text: string) => readJsonPage('awin', pageSchema, text);

async function* fetchOffers(config: AwinConfig): AsyncGenerator<RawOffer> {
  if (!/^\d{1,12}$/.test(config.publisherId)) throw new NetworkError('awin: the publisher id must be digits');
  const client = new NetworkClient({
    network: 'awin',
    callsPerMinute: AWIN_CALLS_PER_MINUTE,
    ...config.http,
  });
  const pageSize = config.pageSize ?? 200;
  const maxPages = config.maxPages ?? DEFAULT_MAX_PAGES;
  const url = `${(config.baseUrl ?? AWIN_API_BASE).replace(/\/+$/, '')}/publisher/${config.publisherId}/promotions`;
  const filters: Record<string, unknown> = {
    membership: config.membership ?? 'joined',
    status: 'active',
    type: 'all',
  };
  if (config.regionCodes && config.regionCodes.length > 0) filters.regionCodes = [...config.regionCodes];
  let seen = 0;
  for (let page = 1; ; page += 1) {
    assertPageAllowed('awin', page, maxPages);
    const answer = await client.request({
      url,
      method: 'POST',
      headers: {
        Authorization: `Bearer ${config.token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify({ filters, pagination: { page, pageSize } }),
    });
    const { data, pagination } = readPage(answer.text);
    yield* data;
    seen += data.length;
    const total = pagination?.total;
    if (data.length === 0 || (total !== undefined ? seen >= total : data.length < pageSize)) return;
  }
}

export const awinAdapter: SourceAdapter = {
  id: 'awin',
  toCandidate: (offer) => {
    const advertiser = (offer.advertiser ?? {}) as Record<string, unknown>;
    const voucher = (offer.voucher ?? {}) as Record<string, unknown>;
    const regions = (offer.regions ?? {}) as Record<string, unknown>;
    const regionList = Array.isArray(regions.list) ? (regions.list as Array<Record<string, unknown>>) : [];
    const title = textOf(offer.title);
    const code = textOf(voucher.code);
    const id = textOf(offer.promotionId);
    return {
      sourceRecordId: offer.promotionId,
      title: offer.title,
      description: offer.description,
      savings: savingsFromTitle(title, textOf(offer.description)),
      type: code ? 'code' : 'sale',
      code,
      start_date: networkDate(offer.startDate),
      end_date: networkDate(offer.endDate),
      shop_id: undefined,
      shop_name: advertiser.name,
      shop_url: siteOf(offer.url),
      url_home: offer.urlTracking,
      // Published by the advertiser itself through the network: an official offer, not a user-submitted one.
      is_verified: true,
      regions: regions.all === true ? [] : countryCodes(regionList.map((region) => region?.countryCode)),
      origin: id ? { network: 'awin', id } : undefined,
      landing_url: offer.url,
    };
  },
};

export const awinSource: NetworkSource<AwinConfig> = {
  adapter: awinAdapter,
  fetchOffers,
  offersOfResponse: (text) => readPage(text).data,
};
