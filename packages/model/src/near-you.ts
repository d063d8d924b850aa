// "Near you" (docs/near-you.md): where a deal applies, a subscriber's coarse location, and the geohash range
// queries that find in-store deals around it.
//
// - A deal's `regions` (ISO 3166 alpha-2 codes, from the networks or the feed) says where it applies; a deal
//   without them applies everywhere. dealAppliesIn is the one rule every list, digest and alert uses.
// - An in-store deal's `stores` are points with a label. Each one is also stored as its own document in
//   `deal_stores` with a geohash (geofire-common's, precision 10), because a Firestore range query needs one
//   indexed string per document: the Firebase "Geo queries" approach, one range query per geohash bound,
//   then the false positives of each bound's cells dropped by their real distance.
// - A subscriber's location is kept coarse: coordinates rounded to LOCATION_GRID_DEGREES (about 5 km) and a
//   geohash of precision 5 (cells of about 4.9 × 4.9 km), never the device's exact fix.
import { distanceBetween, geohashForLocation, geohashQueryBounds } from 'geofire-common';
import { COLLECTIONS, DOCUMENT_ID_FIELD } from './paths';
import type { QuerySpec } from './queries';
import { dealAppliesIn } from './regions';

export { COUNTRY_CODE, dealAppliesIn } from './regions';

/** The radii the Near you view offers, in kilometres; DEFAULT_NEAR_YOU_RADIUS_KM is preselected. */
export const NEAR_YOU_RADII_KM = [5, 10, 25, 50] as const;
export type NearYouRadius = (typeof NEAR_YOU_RADII_KM)[number];
export const DEFAULT_NEAR_YOU_RADIUS_KM: NearYouRadius = 25;
/** Deals one Near you page shows (the nearest ones). */
export const NEAR_YOU_PAGE_SIZE = 20;
/**
 * Store documents one geohash bound reads at most (the rules cap list queries of deal_stores at it). The
 * bounds of one radius are at most MAX_GEOHASH_BOUNDS (geofire-common: the centre cell and its 8 neighbours).
 */
export const MAX_STORES_PER_BOUND = 20;
export const MAX_GEOHASH_BOUNDS = 9;
/** Documents one Near you page reads at most: every bound's stores, then the page's deals by id. */
export const MAX_NEAR_YOU_READS = MAX_GEOHASH_BOUNDS * MAX_STORES_PER_BOUND + NEAR_YOU_PAGE_SIZE;

/** A stored location is rounded to this grid (0.05° of latitude ≈ 5.6 km). */
export const LOCATION_GRID_DEGREES = 0.05;
/** Precision of a stored location's geohash: a cell of about 4.9 km × 4.9 km. */
export const LOCATION_GEOHASH_PRECISION = 5;
/** Precision of a store's geohash (geofire-common's default, about 1 m). */
export const STORE_GEOHASH_PRECISION = 10;
export const MAX_STORES_PER_DEAL = 20;
export const STORE_LABEL_MAX = 80;
export const LOCATION_LABEL_MAX = 100;

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** One store of an in-store deal, as a source gives it. */
export interface StoreLocation extends GeoPoint {
  label: string;
}

/** deal_stores/{dealId}~{n}: one store of an in-store deal, with what a Near you query filters on. */
export interface StoreLocationDoc extends StoreLocation {
  deal_id: string;
  geohash: string;
  start_date: string;
  end_date: string;
  /** The deal's regions, copied so a store of a deal that does not apply is dropped before its deal is read. */
  regions?: string[];
}

/** users/{uid}/preferences/location: where a subscriber wants deals for, coarse (owner only). */
export interface SubscriberLocation extends GeoPoint {
  /** What the subscriber sees: the city (and region) it was resolved to, or "Near your device's location". */
  label: string;
  /** ISO 3166 alpha-2 code of the country the point is in. */
  country: string;
  geohash: string;
  source: 'device' | 'typed';
}

const isLatitude = (value: number) => Number.isFinite(value) && value >= -90 && value <= 90;
const isLongitude = (value: number) => Number.isFinite(value) && value >= -180 && value <= 180;

export function isGeoPoint(point: GeoPoint): boolean {
  return isLatitude(point.lat) && isLongitude(point.lng);
}

const roundToGrid = (value: number) =>
  Number((Math.round(value / LOCATION_GRID_DEGREES) * LOCATION_GRID_DEGREES).toFixed(2));

/**
 * The point as it is stored: rounded to the grid (longitude wrapped into [-180, 180), so 179.99 and -180 are
 * one point), with its precision-5 geohash. What a device reports never leaves the browser more precise.
 */
export function coarsePoint(point: GeoPoint): GeoPoint & { geohash: string } {
  if (!isGeoPoint(point)) throw new RangeError(`not a point on Earth: ${point.lat}, ${point.lng}`);
  const lat = roundToGrid(point.lat);
  let lng = roundToGrid(point.lng);
  if (lng >= 180) lng -= 360;
  // -0 and 0 are one point; Firestore and the rules compare them as numbers anyway.
  const clean = (value: number) => (Object.is(value, -0) ? 0 : value);
  return {
    lat: clean(lat),
    lng: clean(lng),
    geohash: geohashForLocation([lat, lng], LOCATION_GEOHASH_PRECISION),
  };
}

/** Great-circle distance in kilometres (geofire-common's, the one the queries filter with). */
export function distanceKm(from: GeoPoint, to: GeoPoint): number {
  return distanceBetween([from.lat, from.lng], [to.lat, to.lng]);
}

/** The geohash a store is stored and queried under. */
export function storeGeohash(point: GeoPoint): string {
  return geohashForLocation([point.lat, point.lng], STORE_GEOHASH_PRECISION);
}

export const storeLocationDocId = (dealId: string, index: number): string => `${dealId}~${index}`;
export const storeLocationDocPath = (dealId: string, index: number): string =>
  `${COLLECTIONS.dealStores}/${storeLocationDocId(dealId, index)}`;

/** The deal_stores documents of one deal (none for a deal that is not sold in stores). */
export function storeLocationDocuments(
  dealId: string,
  deal: {
    stores?: readonly StoreLocation[];
    start_date: string;
    end_date: string;
    regions?: readonly string[];
  },
): Array<{ path: string; data: StoreLocationDoc }> {
  return (deal.stores ?? []).map((store, index) => {
    const data: StoreLocationDoc = {
      deal_id: dealId,
      label: store.label,
      lat: store.lat,
      lng: store.lng,
      geohash: storeGeohash(store),
      start_date: deal.start_date,
      end_date: deal.end_date,
    };
    if (deal.regions && deal.regions.length > 0) data.regions = [...deal.regions];
    return { path: storeLocationDocPath(dealId, index), data };
  });
}

const KM_PER_DEGREE_LATITUDE = 110.574;

/**
 * geofire-common's bounds, plus those of the opposite meridian when the circle reaches a pole: there every
 * longitude is within the radius and geohashQueryBounds gives only the centre's hemisphere (at 89.99° N it
 * returns ["0", "h"], so a store 2 km away across the pole would never be read). The union stays within
 * MAX_GEOHASH_BOUNDS (near a pole both calls give one coarse range each).
 */
function geohashBounds(center: GeoPoint, radiusKm: number): Array<[string, string]> {
  const bounds = geohashQueryBounds([center.lat, center.lng], radiusKm * 1000);
  if (Math.abs(center.lat) + radiusKm / KM_PER_DEGREE_LATITUDE < 90) return bounds;
  const opposite = center.lng >= 0 ? center.lng - 180 : center.lng + 180;
  const all = [...bounds, ...geohashQueryBounds([center.lat, opposite], radiusKm * 1000)];
  const unique = new Map(all.map((bound) => [bound.join('\n'), bound]));
  return [...unique.values()].slice(0, MAX_GEOHASH_BOUNDS);
}

/**
 * The range queries of one Near you page: one per geohash bound of the circle (at most MAX_GEOHASH_BOUNDS,
 * usually 4), each ordered by geohash and capped at MAX_STORES_PER_BOUND. A single-field range on `geohash`
 * is served by Firestore's automatic single-field index (scripts/deploy/lib/index-coverage.ts checks it like every other query).
 */
export function nearbyStoresQuerySpecs(center: GeoPoint, radiusKm: number): QuerySpec[] {
  return geohashBounds(center, radiusKm).map(([start, end]) => nearbyStoresQuerySpec(start, end));
}

/** The stores whose geohash is within one bound, in geohash order (one shape: queries.ts allAppQuerySpecs). */
export function nearbyStoresQuerySpec(start: string, end: string): QuerySpec {
  return {
    collection: COLLECTIONS.dealStores,
    where: [
      { field: 'geohash', op: '>=', value: start },
      { field: 'geohash', op: '<=', value: end },
    ],
    orderBy: [
      { field: 'geohash', direction: 'asc' },
      { field: DOCUMENT_ID_FIELD, direction: 'asc' },
    ],
    limit: MAX_STORES_PER_BOUND,
  };
}

/** One deal of a Near you page: its nearest store within the radius. */
export interface NearbyDeal {
  dealId: string;
  storeLabel: string;
  distanceKm: number;
}

/**
 * The deals of one Near you page from the stores the bound queries returned: stores of live deals that apply in
 * `country`, within `radiusKm` (a store exactly on the edge is in), each deal once at its nearest store,
 * nearest first (ties by deal id), at most NEAR_YOU_PAGE_SIZE.
 */
export function nearbyDeals(
  stores: readonly StoreLocationDoc[],
  center: GeoPoint,
  radiusKm: number,
  now: Date,
  country: string | null,
): NearbyDeal[] {
  const nowIso = now.toISOString();
  const nearest = new Map<string, NearbyDeal>();
  for (const store of stores) {
    if (!(store.start_date <= nowIso && nowIso < store.end_date)) continue;
    if (!dealAppliesIn(store, country)) continue;
    const distance = distanceKm(center, store);
    if (distance > radiusKm) continue;
    const known = nearest.get(store.deal_id);
    if (!known || distance < known.distanceKm)
      nearest.set(store.deal_id, { dealId: store.deal_id, storeLabel: store.label, distanceKm: distance });
  }
  return [...nearest.values()]
    .sort((a, b) => a.distanceKm - b.distanceKm || (a.dealId < b.dealId ? -1 : a.dealId > b.dealId ? 1 : 0))
    .slice(0, NEAR_YOU_PAGE_SIZE);
}
