// impact.com's Ads API (partner): GET https://api.impact.com/Mediapartners/{AccountSID}/Ads?Type=COUPON with
// HTTP Basic `AccountSID:AuthToken` and `Accept: application/json`. A page holds `Ads` and the paging fields
// `@page`, `@numpages` and `@nextpageuri` (a path on the same host; the next page is only ever fetched from the
// configured API host, so the credentials never travel elsewhere). Coupons carry structured discounts
// (DiscountType FIXED/PERCENT with DiscountAmount/DiscountPercent, DiscountCurrency, MinimumPurchaseAmount;
// DealType FREE_SHIPPING, BOGO, …) that become the savings text, `DealCategories` mapped by the table below,
// `TrackingLink` (View Deal) and `LandingPageUrl` (the advertiser's site). Ads whose DealState is set and not
// ACTIVE are left out.
import { z } from 'zod';
import type { SourceAdapter } from '../adapters';
import { assertPageAllowed, NetworkClient, NetworkError, type NetworkHttpOptions } from './http';
import {
  categoryTable,
  listOf,
  mapCategory,
  networkDate,
  numberOf,
  savingsFromDiscount,
  savingsFromTitle,
  textOf,
} from './offer-text';
import { DEFAULT_MAX_PAGES, type NetworkSource, readJsonPage, type RawOffer, siteOf } from './source';

/** impact.com limits partner API calls per hour per endpoint; 1,000 an hour is about 16 a minute. */
export const IMPACT_CALLS_PER_MINUTE = 16;
export const IMPACT_API_BASE = 'https://api.impact.com';

export interface ImpactConfig {
  accountSid: string;
  authToken: string;
  pageSize?: number;
  maxPages?: number;
  baseUrl?: string;
  http?: Partial<NetworkHttpOptions>;
}

/** impact.com deal categories → the model's categories (model/category.ts); others are derived from the text. */
export const IMPACT_CATEGORIES = categoryTable({
  electronics: ['ELECTRONICS', 'COMPUTERS', 'COMPUTERS_ELECTRONICS', 'TECHNOLOGY', 'SOFTWARE', 'GAMING'],
  fashion: ['APPAREL', 'CLOTHING', 'CLOTHING_APPAREL', 'FASHION', 'SHOES', 'ACCESSORIES', 'JEWELRY'],
  home: ['HOME', 'HOME_GARDEN', 'HOME_AND_GARDEN', 'FURNITURE', 'KITCHEN', 'PETS', 'TOOLS'],
  beauty: ['BEAUTY', 'HEALTH', 'HEALTH_BEAUTY', 'HEALTH_AND_WELLNESS', 'COSMETICS', 'PERSONAL_CARE'],
  travel: ['TRAVEL', 'HOTELS', 'FLIGHTS', 'CAR_RENTAL', 'LUGGAGE'],
  food: ['FOOD', 'FOOD_DRINK', 'FOOD_AND_BEVERAGE', 'GROCERY', 'RESTAURANTS', 'MEAL_KITS'],
  other: ['BOOKS', 'TOYS', 'SERVICES', 'FINANCE', 'EDUCATION'],
});

const pageSchema = z.object({
  Ads: z.array(z.record(z.string(), z.unknown())),
  '@nextpageuri': z.string().optional().nullable(),
  '@numpages': z.union([z.string(), z.number()]).optional(),
  '@page': z.union([z.string(), z.number()]).optional(),
});

const readPage = (text: string) => readJsonPage('impact', pageSchema, text);

const isActive = (ad: RawOffer) => {
  const state = textOf(ad.DealState);
  return state === null || state.toUpperCase() === 'ACTIVE';
};

/** The next page's URL on the configured host, or null at the end; a link elsewhere fails the page. */
function nextPageUrl(base: string, accountSid: string, next: string | null | undefined): string | null {
  const path = next?.trim() ?? '';
  if (path === '') return null;
  // The paging links are paths from the API's root; a local stand-in may serve that root under a path prefix.
  const root = base.replace(/\/+$/, '');
  const href = path.startsWith('/') ? `${root}${path}` : path;
  if (
    !href.startsWith(`${root}/Mediapartners/${accountSid}/`) ||
    new URL(href).origin !== new URL(root).origin
  ) {
    throw new NetworkError(
      'impact pointed the next page outside its API; refused (credentials stay on the API host)',
    );
  }
  return new URL(href).href;
}

async function* fetchOffers(config: ImpactConfig): AsyncGenerator<RawOffer> {
  if (!/^[A-Za-z0-9]{1,64}$/.test(config.accountSid))
    throw new NetworkError('impact: the Account SID is malformed');
  const client = new NetworkClient({
    network: 'impact',
    callsPerMinute: IMPACT_CALLS_PER_MINUTE,
    // The Account SID is also the Basic-auth user name: messages leave it out.
    redactPath: (location) =>
      location.replace(`/Mediapartners/${config.accountSid}/`, '/Mediapartners/(Account SID)/'),
    ...config.http,
  });
  const base = config.baseUrl ?? IMPACT_API_BASE;
  const maxPages = config.maxPages ?? DEFAULT_MAX_PAGES;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  const first = new URL(`${base.replace(/\/+$/, '')}/Mediapartners/${config.accountSid}/Ads`);
  first.searchParams.set('Type', 'COUPON');
  first.searchParams.set('PageSize', String(config.pageSize ?? 100));
  first.searchParams.set('Page', '1');
  const visited = new Set<string>();
  let url: string | null = first.href;
  for (let page = 1; url !== null; page += 1) {
    assertPageAllowed('impact', page, maxPages);
    if (visited.has(url))
      throw new NetworkError(`impact sent page ${page - 1}'s next link again (a paging loop); refused`);
    visited.add(url);
    const answer = await client.request({
      url,
      headers: { Authorization: authorization, Accept: 'application/json' },
    });
    const { Ads, '@nextpageuri': next } = readPage(answer.text);
    yield* Ads.filter(isActive);
    url = Ads.length === 0 ? null : nextPageUrl(base, config.accountSid, next);
  }
}

export const impactAdapter: SourceAdapter = {
  id: 'impact',
  toCandidate: (ad) => {
    const title = textOf(ad.DealName) ?? textOf(ad.Name);
    const description = textOf(ad.DealDescription) ?? textOf(ad.Description);
    const code = textOf(ad.DealDefaultPromoCode);
    const discount = {
      currency: textOf(ad.DiscountCurrency) ?? textOf(ad.MinimumPurchaseAmountCurrency),
      amount: numberOf(ad.DiscountAmount),
      percent: numberOf(ad.DiscountPercent),
      minimumPurchase: numberOf(ad.MinimumPurchaseAmount),
    };
    const savings =
      savingsFromDiscount({ ...discount, kind: textOf(ad.DiscountType) }) ??
      savingsFromDiscount({ kind: textOf(ad.DealType) }) ??
      savingsFromTitle(title, description);
    const id = textOf(ad.Id);
    return {
      sourceRecordId: ad.Id,
      title,
      description,
      savings,
      type: code ? 'code' : 'sale',
      code,
      start_date: networkDate(ad.StartDate ?? ad.DealStartDate),
      end_date: networkDate(ad.EndDate ?? ad.DealEndDate),
      shop_id: undefined,
      shop_name: textOf(ad.AdvertiserName) ?? textOf(ad.CampaignName),
      shop_url: siteOf(ad.LandingPageUrl),
      url_home: ad.TrackingLink,
      // Published by the advertiser itself through the network: an official offer, not a user-submitted one.
      is_verified: true,
      category_hint: mapCategory(IMPACT_CATEGORIES, listOf(ad.DealCategories)),
      origin: id ? { network: 'impact', id } : undefined,
      landing_url: ad.LandingPageUrl,
    };
  },
};

export const impactSource: NetworkSource<ImpactConfig> = {
  adapter: impactAdapter,
  fetchOffers,
  offersOfResponse: (text) => readPage(text).Ads.filter(isActive),
};
