// The subscriber's location (users/{uid}/preferences/location, owner only): read, resolved by resolve_location
// (the offline place data live in the function, never in the bundle), written coarse, removed in one click.
import { deleteDoc, doc, getDoc, serverTimestamp, setDoc, type Firestore } from 'firebase/firestore/lite';
import { literal, nullable, number, object, parse, regex, string, union } from 'zod/mini';
import { coarsePoint, type GeoPoint, type SubscriberLocation } from '@bargains/model/near-you';
import { locationDocPath } from '@bargains/model/paths';
import { COUNTRY_CODE } from '@bargains/model/regions';
import { callFunction } from '@/lib/api-client';

const locationSchema = object({
  label: string(),
  country: string().check(regex(COUNTRY_CODE)),
  geohash: string(),
  lat: number(),
  lng: number(),
});

const storedSchema = object({
  ...locationSchema.shape,
  source: union([literal('device'), literal('typed')]),
});

export type ResolvedLocation = Omit<SubscriberLocation, 'source'>;

/** The stored location, or null when the subscriber has none (or it cannot be read as one). */
export async function fetchLocation(db: Firestore, uid: string): Promise<SubscriberLocation | null> {
  const snapshot = await getDoc(doc(db, locationDocPath(uid)));
  if (!snapshot.exists()) return null;
  const parsed = storedSchema.safeParse(snapshot.data());
  if (!parsed.success) {
    console.warn('near_you.location_unreadable', { issues: parsed.error.issues });
    return null;
  }
  return parsed.data;
}

const resolveResponse = object({ location: nullable(locationSchema) });

/** A typed city or postal code → the place it names, or null when none matches. */
export async function resolveTypedPlace(text: string): Promise<ResolvedLocation | null> {
  const { location } = await callFunction('/resolve_location', {
    method: 'POST',
    body: { query: text },
    parse: (data) => parse(resolveResponse, data),
  });
  return location;
}

/** A device position, made coarse here first (the exact fix never leaves the browser) → its nearest place. */
export async function resolveDevicePosition(point: GeoPoint): Promise<ResolvedLocation | null> {
  const { lat, lng } = coarsePoint(point);
  const { location } = await callFunction('/resolve_location', {
    method: 'POST',
    body: { lat, lng },
    parse: (data) => parse(resolveResponse, data),
  });
  return location;
}

export async function saveLocation(
  db: Firestore,
  uid: string,
  location: ResolvedLocation,
  source: SubscriberLocation['source'],
): Promise<void> {
  // Stored on the grid again: whatever answered, the document holds nothing finer than about 5 km.
  const coarse = coarsePoint(location);
  await setDoc(doc(db, locationDocPath(uid)), {
    label: location.label,
    country: location.country,
    geohash: coarse.geohash,
    lat: coarse.lat,
    lng: coarse.lng,
    source,
    updated_at: serverTimestamp(),
  });
}

export async function removeLocation(db: Firestore, uid: string): Promise<void> {
  await deleteDoc(doc(db, locationDocPath(uid)));
}
