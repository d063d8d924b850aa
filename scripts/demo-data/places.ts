// Where the demo deals apply (docs/near-you.md): a few live deals are sold in stores in Portland (Oregon),
// Seattle and Chicago, and a few are valid in one other country only. They are existing generated deals given
// `stores` or `regions`, so the rest of the demo (ids, dates, order of the lists) stays as it was.
import type { DealDoc } from '@bargains/model/deal';
import type { StoreLocation } from '@bargains/model/near-you';

/** The in-store demo deals: the n-th live deal of a shop and its stores (the tests name them by city). */
export const DEMO_IN_STORE: ReadonlyArray<{ shop: string; nth: number; stores: StoreLocation[] }> = [
  {
    shop: 'northwind-outfitters',
    nth: 0,
    stores: [
      { label: 'Northwind Outfitters, Pearl District, Portland', lat: 45.529, lng: -122.684 },
      { label: 'Northwind Outfitters, Capitol Hill, Seattle', lat: 47.6205, lng: -122.3212 },
    ],
  },
  {
    shop: 'cedar-and-pine',
    nth: 0,
    stores: [{ label: 'Cedar & Pine Home, Hawthorne, Portland', lat: 45.512, lng: -122.625 }],
  },
  {
    shop: 'bluebird-electronics',
    nth: 0,
    stores: [{ label: 'Bluebird Electronics, Beaverton', lat: 45.4871, lng: -122.8037 }],
  },
  {
    shop: 'bluebird-electronics',
    nth: 1,
    stores: [{ label: 'Bluebird Electronics, The Loop, Chicago', lat: 41.8837, lng: -87.6289 }],
  },
  {
    shop: 'lumen-beauty',
    nth: 0,
    stores: [
      { label: 'Lumen Beauty, Wicker Park, Chicago', lat: 41.9088, lng: -87.6796 },
      { label: 'Lumen Beauty, Pike Place, Seattle', lat: 47.6097, lng: -122.3422 },
    ],
  },
];

/** The region-limited demo deals: the n-th live deal of a shop and the countries it applies in. */
export const DEMO_REGION_LIMITED: ReadonlyArray<{ shop: string; nth: number; regions: string[] }> = [
  { shop: 'northwind-outfitters', nth: 1, regions: ['GB'] },
  { shop: 'cedar-and-pine', nth: 1, regions: ['GB', 'IE'] },
  { shop: 'lumen-beauty', nth: 1, regions: ['US', 'CA'] },
];

/** The deals with the stores and regions above; every other deal unchanged. */
export function withDemoPlaces<T extends { id: string; doc: DealDoc }>(deals: T[], anchor: Date): T[] {
  const liveOf = (shop: string, nth: number): string => {
    const live = deals.filter(
      ({ doc }) =>
        doc.shop_id === shop &&
        Date.parse(doc.start_date) <= anchor.getTime() &&
        Date.parse(doc.end_date) > anchor.getTime() + 7 * 24 * 3600 * 1000,
    );
    const deal = live[nth];
    if (!deal) throw new Error(`demo data: ${shop} has no live deal #${nth} for a place`);
    return deal.id;
  };
  const stores = new Map(DEMO_IN_STORE.map((entry) => [liveOf(entry.shop, entry.nth), entry.stores]));
  const regions = new Map(DEMO_REGION_LIMITED.map((entry) => [liveOf(entry.shop, entry.nth), entry.regions]));
  return deals.map((deal) => {
    const dealStores = stores.get(deal.id);
    const dealRegions = regions.get(deal.id);
    if (!dealStores && !dealRegions) return deal;
    return {
      ...deal,
      doc: {
        ...deal.doc,
        ...(dealStores ? { stores: dealStores.map((store) => ({ ...store })) } : {}),
        ...(dealRegions ? { regions: [...dealRegions] } : {}),
      },
    };
  });
}

/** The ids of the in-store and region-limited demo deals (tests look them up by these). */
export function demoPlaceIds(deals: Array<{ id: string; doc: DealDoc }>): {
  inStore: string[];
  regionLimited: string[];
} {
  return {
    inStore: deals.filter(({ doc }) => doc.stores !== undefined).map(({ id }) => id),
    regionLimited: deals.filter(({ doc }) => doc.regions !== undefined).map(({ id }) => id),
  };
}
