// Deterministic offers of the three affiliate networks, in each API's documented shape (the fixtures in
// functions/src/collector/networks/fixtures show one page of each), dated around the stand-in's current day so
// re-collecting the same day writes nothing. One offer is published by two networks (same shop, same code):
// the catalogue shows it once.
const DAY_MS = 24 * 60 * 60 * 1000;

const iso = (anchor: Date, days: number) => new Date(anchor.getTime() + days * DAY_MS).toISOString();
/** CJ writes dates without a zone. */
const cjDate = (anchor: Date, days: number) =>
  iso(anchor, days)
    .replace('T', ' ')
    .replace(/\.\d+Z$/, '.0');

/** The offer Awin and impact.com both carry: same shop name, same code. */
export const SHARED_OFFER = {
  shop: 'Fabrikam Kitchen',
  code: 'COOK10',
  site: 'https://www.fabrikam-kitchen.example',
};

export function awinOffers(anchor: Date): Array<Record<string, unknown>> {
  const shops = ['Northwind Outdoor', 'Contoso Audio', 'Adventure Works Cycles', 'Wide World Travel'];
  const titles = [
    '£10 off orders over £75',
    'Up to 40% off headphones',
    '15% off bikes and helmets',
    'Free delivery on guidebooks',
  ];
  const offers: Array<Record<string, unknown>> = titles.map((title, i) => {
    const shop = shops[i] as string;
    const slug = shop.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    return {
      promotionId: 700100 + i,
      type: i % 2 === 0 ? 'voucher' : 'promotion',
      advertiser: { id: 4500 + i, name: shop, joined: true },
      title,
      description: `${title} at ${shop}.`,
      terms: 'Standard terms apply.',
      startDate: iso(anchor, -2 - i),
      endDate: iso(anchor, 20 + 5 * i),
      url: `https://www.${slug}.example/offers`,
      urlTracking: `https://www.awin1.com/cread.php?awinmid=${4500 + i}&awinaffid=123456&p=${700100 + i}`,
      regions:
        i === 3
          ? { all: true, list: [] }
          : { all: false, list: [{ name: 'United Kingdom', countryCode: 'GB' }] },
      voucher: i % 2 === 0 ? { code: `AWIN${i}SAVE`, exclusive: false, attributable: true } : null,
    };
  });
  offers.push({
    promotionId: 700199,
    type: 'voucher',
    advertiser: { id: 4599, name: SHARED_OFFER.shop, joined: true },
    title: '$10 off cookware orders of $50+',
    description: 'Cookware sale.',
    startDate: iso(anchor, -1),
    endDate: iso(anchor, 30),
    url: `${SHARED_OFFER.site}/cookware`,
    urlTracking: 'https://www.awin1.com/cread.php?awinmid=4599&awinaffid=123456&p=700199',
    regions: { all: false, list: [{ name: 'United States', countryCode: 'US' }] },
    voucher: { code: SHARED_OFFER.code, exclusive: false, attributable: true },
  });
  return offers;
}

export function impactAds(anchor: Date): Array<Record<string, unknown>> {
  const base = (id: number, advertiser: string, slug: string) => ({
    Id: String(id),
    Name: `${advertiser} coupon`,
    Description: '',
    CampaignId: 9000 + (id % 100),
    CampaignName: advertiser,
    Type: 'COUPON',
    TrackingLink: `https://${slug}.sjv.io/c/123456/${id}/${9000 + (id % 100)}`,
    LandingPageUrl: `https://www.${slug}.example/`,
    AdvertiserId: 5500 + (id % 100),
    AdvertiserName: advertiser,
    DealState: 'ACTIVE',
    StartDate: iso(anchor, -3),
    EndDate: iso(anchor, 25),
  });
  return [
    {
      ...base(1180201, 'Litware Books', 'litware-books'),
      DealName: 'Shipping on us',
      DealDescription: 'Free shipping, no minimum.',
      DealType: 'FREE_SHIPPING',
      DealCategories: 'BOOKS',
    },
    {
      ...base(1180202, 'Tailwind Beauty', 'tailwind-beauty'),
      DealName: 'Skincare sale',
      DealDescription: '25% off skincare sets.',
      DealType: 'GENERAL_SALE',
      DealCategories: 'HEALTH_BEAUTY',
      DiscountType: 'PERCENT',
      DiscountPercent: '25',
      DealDefaultPromoCode: 'GLOW25',
    },
    {
      ...base(1180203, 'Proseware Laptops', 'proseware'),
      DealName: '$100 off laptops',
      DealDescription: 'On laptops over $500.',
      DealType: 'GENERAL_SALE',
      DealCategories: 'ELECTRONICS',
      DiscountType: 'FIXED',
      DiscountAmount: '100.00',
      DiscountCurrency: 'USD',
      MinimumPurchaseAmount: '500.00',
    },
    {
      ...base(1180204, 'Coho Coffee', 'coho-coffee'),
      DealName: 'Buy one bag, get one free',
      DealDescription: 'Whole beans only.',
      DealType: 'BOGO',
      DealCategories: 'FOOD_DRINK',
    },
    {
      ...base(1180205, 'Old Deals Inc', 'old-deals'),
      DealName: 'An expired deal',
      DealState: 'EXPIRED',
      DealType: 'GENERAL_SALE',
    },
    {
      ...base(1180299, SHARED_OFFER.shop, 'fabrikam-kitchen'),
      LandingPageUrl: `${SHARED_OFFER.site}/cookware`,
      DealName: '$10 off cookware',
      DealDescription: 'Cookware orders of $50 or more.',
      DealType: 'GENERAL_SALE',
      DealCategories: 'HOME_GARDEN',
      DiscountType: 'FIXED',
      DiscountAmount: '10.00',
      DiscountCurrency: 'USD',
      MinimumPurchaseAmount: '50.00',
      DealDefaultPromoCode: SHARED_OFFER.code,
    },
  ];
}

export interface CjLink {
  [field: string]: string;
}

export function cjLinks(anchor: Date): CjLink[] {
  const link = (
    id: number,
    advertiser: string,
    category: string,
    name: string,
    type: string,
    code = '',
  ): CjLink => {
    const slug = advertiser.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    return {
      'advertiser-id': String(3300000 + (id % 1000)),
      'advertiser-name': advertiser,
      category,
      description: `${name} at ${advertiser} & friends`,
      destination: `https://${slug}.example/`,
      'link-id': String(id),
      'link-name': name,
      'link-type': 'Text Link',
      'promotion-start-date': cjDate(anchor, -4),
      'promotion-end-date': cjDate(anchor, 18),
      'promotion-type': type,
      'coupon-code': code,
      clickUrl: `https://www.tkqlhce.com/click-100-${id}?sid=standin&url=${slug}`,
      'targeted-countries': 'US,CA',
    };
  };
  return [
    link(13900101, 'Tailspin Toys', 'Toys', '20% off board games', 'coupon', 'GAMES20'),
    link(13900102, 'Wingtip Apparel', 'Clothing/Apparel', 'Ships free this month', 'free shipping'),
    link(13900103, 'Margie Travel', 'Travel', 'Save $50 on weekend getaways', 'sale/discount'),
    link(13900104, 'Alpine Home', 'Home & Garden', '30% off patio furniture', 'coupon', 'PATIO30'),
    link(13900105, 'Alpine Home', 'Home & Garden', 'Alpine Home banner 300x250', ''),
  ];
}
