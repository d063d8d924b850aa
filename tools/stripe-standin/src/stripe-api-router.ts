// The `/v1/…` request pipeline: count → authenticate → route → parse → idempotency → handle → persist → reply,
// then queue the events for webhook delivery (asynchronously, as Stripe does for API-triggered events).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { API_VERSION } from './events';
import { parseStripeForm } from './form-encoding';
import { readBody, requestUrl, sendJson } from './http-io';
import { findReplay, rememberResponse, requestFingerprint } from './idempotency';
import { newId, nowSeconds } from './ids';
import { billingContext, commit, type StandinRuntime } from './runtime';
import { matchRoute } from './stripe-api-routes';
import { StripeApiError, authenticationError, invalidRequest, unrecognizedUrl } from './stripe-error';

const MISSING_KEY_MESSAGE =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";

const maskKey = (key: string): string =>
  key.length > 12 ? `${key.slice(0, 8)}****${key.slice(-4)}` : '****';

/** Accepts `Bearer <key>` and, like Stripe, HTTP Basic with the key as user name (`curl -u sk_…:`). */
function presentedKey(header: string | undefined): string | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const [scheme = '', value = ''] = header.trim().split(/\s+/, 2);
  if (scheme.toLowerCase() === 'bearer') return value;
  if (scheme.toLowerCase() === 'basic')
    return Buffer.from(value, 'base64').toString('utf8').split(':')[0] ?? '';
  return '';
}

function authenticate(request: IncomingMessage, secretKey: string): void {
  const key = presentedKey(request.headers.authorization);
  if (key === undefined) throw authenticationError(MISSING_KEY_MESSAGE);
  if (key !== secretKey) throw authenticationError(`Invalid API Key provided: ${maskKey(key)}`);
}

function singleHeader(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export async function handleStripeApi(
  runtime: StandinRuntime,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const method = request.method ?? 'GET';
  const url = requestUrl(request);
  const requestId = newId('req', 14);
  const headers: Record<string, string> = {
    'Request-Id': requestId,
    'Stripe-Version': singleHeader(request, 'stripe-version') ?? API_VERSION,
  };
  const match = matchRoute(method, url.pathname);
  runtime.stats.record(match ? `${method} ${match.route.template}` : `${method} <unrecognized>`);

  try {
    authenticate(request, runtime.config.secretKey);
    if (!match) throw unrecognizedUrl(method, url.pathname);

    let raw: string;
    if (method === 'POST') {
      const contentType = singleHeader(request, 'content-type') ?? '';
      raw = await readBody(request);
      if (raw !== '' && !contentType.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
        throw invalidRequest(
          `Invalid request: bodies must be form-encoded (application/x-www-form-urlencoded), got '${contentType}'.`,
        );
      }
    } else {
      // GET and DELETE carry their parameters in the query string, as the SDK sends them.
      raw = url.search.slice(1);
    }
    const params = parseStripeForm(raw);

    const idempotencyKey = method === 'POST' ? (singleHeader(request, 'idempotency-key') ?? null) : null;
    const { latencyMs } = runtime.faults;
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    const fault = runtime.faults.next(idempotencyKey !== null);
    if (fault) {
      runtime.config.log(
        `fault mode: ${method} ${url.pathname} → ${fault.status} ${fault.code ?? fault.type}`,
      );
      sendJson(response, fault.status, fault.toBody(), { ...headers, 'Stripe-Should-Retry': 'true' });
      return;
    }
    const state = runtime.store.state;
    const fingerprint = requestFingerprint(method, url.pathname, params);
    if (idempotencyKey !== null) {
      const replay = findReplay(state, idempotencyKey, fingerprint, nowSeconds());
      if (replay) {
        sendJson(response, replay.status, replay.body, {
          ...headers,
          'Request-Id': replay.requestId,
          'Idempotent-Replayed': 'true',
          'Original-Request': replay.requestId,
        });
        return;
      }
    }

    const reply = match.route.handle({
      context: billingContext(runtime),
      params,
      ids: match.ids,
      request: { id: requestId, idempotency_key: idempotencyKey },
    });
    if (idempotencyKey !== null) {
      rememberResponse(state, {
        key: idempotencyKey,
        fingerprint,
        status: 200,
        // A snapshot: later changes to the object must not alter what a replay returns.
        body: structuredClone(reply.body),
        requestId,
        created: nowSeconds(),
      });
    }
    const { delivered } = await commit(runtime, reply.events ?? []);
    sendJson(response, 200, reply.body, headers);
    delivered.catch((error: unknown) => runtime.config.log(`webhook delivery failed: ${String(error)}`));
  } catch (error) {
    if (error instanceof StripeApiError) {
      sendJson(response, error.status, error.toBody(), headers);
      return;
    }
    runtime.config.log(
      `internal error on ${method} ${url.pathname}: ${error instanceof Error ? error.stack : String(error)}`,
    );
    sendJson(
      response,
      500,
      new StripeApiError(
        500,
        'api_error',
        'The local Stripe stand-in hit an internal error; see its log.',
      ).toBody(),
      headers,
    );
  }
}
