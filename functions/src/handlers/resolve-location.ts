// POST resolve_location {query} | {lat, lng} → {location: {label, country, lat, lng, geohash} | null}: a typed
// city or postal code, or a device position, resolved offline (places/resolve.ts) to the coarse location the
// Near you view stores in users/{uid}/preferences/location. It stores nothing itself: the browser writes the
// owner-only document, whose rules refuse anything finer than the 5 km grid.
import { z } from 'zod';
import { parseJsonBody } from '../http/body';
import { requireUser } from '../http/auth';
import { endpoint } from '../http/endpoint';
import { PLACE_QUERY_MAX, resolvePlace, resolvePoint } from '../places/resolve';

const MAX_BODY_BYTES = 1024;

const requestSchema = z.union([
  z.object({ query: z.string().trim().min(1).max(PLACE_QUERY_MAX) }).strict(),
  z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).strict(),
]);

export const handle = endpoint({ name: 'resolve_location', method: 'POST', cors: true }, async (req) => {
  await requireUser(req, { checkRevoked: false });
  const body = parseJsonBody(req, requestSchema, MAX_BODY_BYTES);
  const location = 'query' in body ? await resolvePlace(body.query) : await resolvePoint(body);
  return { body: { location } };
});
