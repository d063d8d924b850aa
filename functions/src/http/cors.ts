// CORS for the configured origins only. The web app normally calls the functions same-origin through Hosting
// rewrites; this allow-list covers a separately hosted front end. Other origins get no CORS headers (the
// browser then refuses to expose responses) and their preflights are refused.
import { HttpError } from './errors';
import type { HttpMethod, HttpRequest, HttpResponse } from './types';

const PREFLIGHT_MAX_AGE_SECONDS = '3600';

/** Returns true when the request was a preflight and has been answered. */
export function handleCors(
  req: HttpRequest,
  res: HttpResponse,
  allowedOrigins: readonly string[],
  method: HttpMethod,
): boolean {
  res.set('Vary', 'Origin');
  const origin = req.get('origin');
  const allowed = origin !== undefined && allowedOrigins.includes(origin);
  if (allowed) res.set('Access-Control-Allow-Origin', origin);

  const isPreflight =
    req.method === 'OPTIONS' && origin !== undefined && req.get('access-control-request-method');
  if (!isPreflight) return false;
  if (!allowed) throw new HttpError(403, 'Origin not allowed');
  res
    .set('Access-Control-Allow-Methods', method)
    .set('Access-Control-Allow-Headers', 'Authorization, Content-Type')
    .set('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS)
    .status(204)
    .end();
  return true;
}
