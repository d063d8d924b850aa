import {
  coarsePoint,
  dealAppliesIn,
  distanceKm,
  type GeoPoint,
  MAX_GEOHASH_BOUNDS,
  MAX_NEAR_YOU_READS,
  MAX_STORES_PER_BOUND,
  nearbyDeals,
  nearbyStoresQuerySpecs,
  NEAR_YOU_PAGE_SIZE,
  storeGeohash,
  type StoreLocationDoc,
  storeLocationDocuments,
} from './near-you';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const LIVE = { start_date: '2026-05-01T00:00:00.000Z', end_date: '2026-07-01T00:00:00.000Z' };

function store(dealId: string, point: GeoPoint, extra: Partial<StoreLocationDoc> = {}): StoreLocationDoc {
  return {
    deal_id: dealId,
    label: `${dealId} store`,
    ...point,
    geohash: storeGeohash(point),
    ...LIVE,
    ...extra,
  };
}

/** The store is read by one of the bound queries (start <= geohash <= end). */
function boundsCover(center: GeoPoint, radiusKm: number, point: GeoPoint): boolean {
  const geohash = storeGeohash(point);
  return nearbyStoresQuerySpecs(center, radiusKm).some((spec) => {
    const [from, to] = spec.where;
    return String(from?.value) <= geohash && geohash <= String(to?.value);
  });
}

describe('nearbyStoresQuerySpecs', () => {
  it('issues at most 9 geohash range queries, each capped, ordered by geohash', () => {
    const specs = nearbyStoresQuerySpecs({ lat: 45.52, lng: -122.68 }, 50);
    expect(specs.length).toBeGreaterThan(0);
    expect(specs.length).toBeLessThanOrEqual(MAX_GEOHASH_BOUNDS);
    for (const spec of specs) {
      expect(spec.collection).toBe('sources/wired/deal_stores');
      expect(spec.limit).toBe(MAX_STORES_PER_BOUND);
      expect(spec.orderBy[0]).toEqual({ field: 'geohash', direction: 'asc' });
    }
    expect(MAX_NEAR_YOU_READS).toBe(9 * 20 + 20);
  });

  it('covers a store just across the antimeridian', () => {
    const center = { lat: 0, lng: 179.99 };
    const across = { lat: 0, lng: -179.99 };
    expect(distanceKm(center, across)).toBeLessThan(3);
    expect(boundsCover(center, 5, across)).toBe(true);
    expect(nearbyDeals([store('d', across)], center, 5, NOW, null).map((deal) => deal.dealId)).toEqual(['d']);
  });

  it('covers stores around the poles, on the far side of the pole too', () => {
    for (const lat of [89.99, -89.99]) {
      const center = { lat, lng: 0 };
      const farSide = { lat, lng: 180 };
      expect(distanceKm(center, farSide)).toBeLessThan(3);
      expect(boundsCover(center, 5, farSide)).toBe(true);
      expect(boundsCover(center, 5, { lat: Math.sign(lat) * 90, lng: 0 })).toBe(true);
    }
  });

  it('covers every cell around a location exactly on a geohash cell edge', () => {
    // (0, 0) is the corner of four precision-1 cells: 7, k, e and s.
    const corner = { lat: 0, lng: 0 };
    const around = [
      { lat: 0.001, lng: 0.001 },
      { lat: 0.001, lng: -0.001 },
      { lat: -0.001, lng: 0.001 },
      { lat: -0.001, lng: -0.001 },
    ];
    expect(new Set(around.map((point) => storeGeohash(point)[0]))).toEqual(new Set(['s', 'e', 'k', '7']));
    for (const point of around) expect(boundsCover(corner, 1, point)).toBe(true);
    // A subscriber's own coarse location on a cell edge stays on it (0.05 grid); geofire-common puts a point
    // on an edge in the lower cell.
    expect(coarsePoint({ lat: 0.01, lng: -0.01 })).toEqual({ lat: 0, lng: 0, geohash: '7zzzz' });
  });
});

describe('nearbyDeals', () => {
  const center = { lat: 45.52, lng: -122.68 };

  it('keeps a store exactly on the radius edge and drops one just beyond it', () => {
    const onEdge = { lat: 45.61, lng: -122.68 };
    const radius = distanceKm(center, onEdge);
    const beyond = { lat: 45.6101, lng: -122.68 };
    const deals = nearbyDeals([store('edge', onEdge), store('beyond', beyond)], center, radius, NOW, null);
    expect(deals.map((deal) => deal.dealId)).toEqual(['edge']);
  });

  it('lists each deal once at its nearest store, nearest first', () => {
    const stores = [
      store('far', { lat: 45.6, lng: -122.68 }),
      store('two-stores', { lat: 45.58, lng: -122.68 }, { label: 'Further' }),
      store('two-stores', { lat: 45.53, lng: -122.68 }, { label: 'Nearer' }),
    ];
    const deals = nearbyDeals(stores, center, 25, NOW, null);
    expect(deals.map((deal) => [deal.dealId, deal.storeLabel])).toEqual([
      ['two-stores', 'Nearer'],
      ['far', 'far store'],
    ]);
    expect(deals[0]?.distanceKm).toBeCloseTo(1.11, 1);
  });

  it('leaves out ended and future deals and deals that do not apply in the country', () => {
    const point = { lat: 45.53, lng: -122.68 };
    const stores = [
      store('ended', point, { end_date: '2026-06-01T12:00:00.000Z' }),
      store('future', point, { start_date: '2026-06-02T00:00:00.000Z' }),
      store('uk-only', point, { regions: ['GB'] }),
      store('us', point, { regions: ['US', 'CA'] }),
    ];
    expect(nearbyDeals(stores, center, 25, NOW, 'US').map((deal) => deal.dealId)).toEqual(['us']);
  });

  it('shows at most a page of deals', () => {
    const stores = Array.from({ length: 30 }, (_, i) =>
      store(`d${i}`, { lat: 45.52 + i / 1000, lng: -122.68 }),
    );
    expect(nearbyDeals(stores, center, 25, NOW, null)).toHaveLength(NEAR_YOU_PAGE_SIZE);
  });
});

describe('coarsePoint', () => {
  it('rounds to a 0.05° grid (about 5 km) with a precision-5 geohash', () => {
    expect(coarsePoint({ lat: 45.5231, lng: -122.6765 })).toEqual({
      lat: 45.5,
      lng: -122.7,
      geohash: 'c20dz',
    });
  });

  it('wraps the antimeridian into one point and accepts the poles', () => {
    expect(coarsePoint({ lat: 10, lng: 179.99 })).toMatchObject({ lng: -180 });
    expect(coarsePoint({ lat: 90, lng: 0 }).lat).toBe(90);
    expect(coarsePoint({ lat: -90, lng: 0 }).lat).toBe(-90);
    expect(() => coarsePoint({ lat: 91, lng: 0 })).toThrow(RangeError);
    expect(() => coarsePoint({ lat: Number.NaN, lng: 0 })).toThrow(RangeError);
  });
});

describe('dealAppliesIn', () => {
  it('applies a deal without regions everywhere and a regional deal only in its countries', () => {
    expect(dealAppliesIn({}, 'US')).toBe(true);
    expect(dealAppliesIn({ regions: [] }, 'US')).toBe(true);
    expect(dealAppliesIn({ regions: ['GB'] }, 'US')).toBe(false);
    expect(dealAppliesIn({ regions: ['GB', 'US'] }, 'US')).toBe(true);
    expect(dealAppliesIn({ regions: ['GB'] }, null)).toBe(true);
  });
});

describe('storeLocationDocuments', () => {
  it('writes one geohashed document per store with the dates and regions of its deal', () => {
    const docs = storeLocationDocuments('wired_1', {
      ...LIVE,
      regions: ['US'],
      stores: [{ label: 'Pearl District', lat: 45.529, lng: -122.684 }],
    });
    expect(docs).toEqual([
      {
        path: 'sources/wired/deal_stores/wired_1~0',
        data: {
          deal_id: 'wired_1',
          label: 'Pearl District',
          lat: 45.529,
          lng: -122.684,
          geohash: storeGeohash({ lat: 45.529, lng: -122.684 }),
          ...LIVE,
          regions: ['US'],
        },
      },
    ]);
    expect(storeLocationDocuments('wired_2', LIVE)).toEqual([]);
  });
});
