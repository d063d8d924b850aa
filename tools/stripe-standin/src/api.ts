// The `/v1/…` endpoints the functions use (README.md), and their pipeline: count → authenticate → parse (qs: Stripe's
// own form encoding) → fault mode → idempotency → handle → reply. The server delivers the events after the reply.
import { parse as parseForm } from 'qs';
import { z } from 'zod';
import { seededRandom } from '../../seeded-random';
import type { Billing } from './billing';
import { StripeApiError, invalidRequest } from './errors';
import { buildPrice, listOf, newId, nowSeconds, type StandinEvent } from './objects';
import type { Standin } from './server';

const text = z.string().max(5000);
const metadata = z.union([z.literal(''), z.record(z.string().max(40), z.string().max(500))]).optional();
const integer = z.string().regex(/^\d+$/, { error: 'Invalid integer.' }).transform(Number);
const bool = z.enum(['true', 'false'], { error: 'Invalid boolean.' }).transform((value) => value === 'true');
const expand = z.array(text).optional();
const limit = integer.pipe(z.number().min(1).max(100)).default(10);
const list = z.strictObject({ customer: text.optional(), status: text.optional(), limit, expand });
const retrieve = z.strictObject({ expand });
const checkoutSession = z.strictObject({
  mode: z.literal('subscription', { error: 'The local Stripe stand-in only supports mode=subscription.' }),
  customer: text,
  client_reference_id: text.optional(),
  line_items: z.array(z.strictObject({ price: text, quantity: integer.optional() })),
  success_url: text.optional(),
  cancel_url: text.optional(),
  metadata,
  subscription_data: z.strictObject({ metadata }).optional(),
  expires_at: integer.optional(),
  expand,
});
export type CheckoutSessionParams = z.output<typeof checkoutSession>;
const refundReason = z.enum(['duplicate', 'fraudulent', 'requested_by_customer']).optional();
const refund = z.strictObject({ payment_intent: text, reason: refundReason, metadata, expand });
const customer = z.strictObject({ email: text.optional(), metadata, expand });
const portal = z.strictObject({ customer: text, return_url: text.optional(), expand });
const update = z.strictObject({ cancel_at_period_end: bool.optional(), metadata, expand });

/** A route handler that gets its parameters validated by `schema`. */
const validated =
  <Schema extends z.ZodType>(schema: Schema, handle: (params: z.output<Schema>, id: string) => object) =>
  (params: unknown, id: string) =>
    handle(parseParams(schema, params), id);

/** By `METHOD path` (`:id` stands for an id segment), which is also the key calls are counted under. */
const routes = (billing: Billing): Record<string, (params: unknown, id: string) => object> => ({
  'POST /v1/customers': validated(customer, (params) => billing.createCustomer(params)),
  'POST /v1/checkout/sessions': validated(checkoutSession, (params) => billing.createCheckoutSession(params)),
  'GET /v1/checkout/sessions': validated(list, (params) => billing.listCheckoutSessions(params)),
  'GET /v1/checkout/sessions/:id': validated(retrieve, (_, id) => billing.checkoutSession(id)),
  'POST /v1/checkout/sessions/:id/expire': validated(retrieve, (_, id) => billing.expireCheckoutSession(id)),
  'POST /v1/billing_portal/sessions': validated(portal, (params) => billing.createPortalSession(params)),
  'POST /v1/refunds': validated(refund, (params) => billing.createRefund(params)),
  'GET /v1/subscriptions': validated(list, (params) => billing.listSubscriptions(params)),
  'GET /v1/subscriptions/:id': validated(retrieve, (_, id) => billing.subscription(id)),
  'POST /v1/subscriptions/:id': validated(update, (params, id) => billing.updateSubscription(id, params)),
  'DELETE /v1/subscriptions/:id': validated(retrieve, (_, id) => billing.cancelSubscription(id)),
  'GET /v1/payment_methods/:id': validated(retrieve, (_, id) => billing.paymentMethod(id)),
});

/** Validates parameters, answering in Stripe's words: unknown → parameter_unknown, missing → parameter_missing. */
function parseParams<Schema extends z.ZodType>(schema: Schema, params: unknown): z.output<Schema> {
  const parsed = schema.safeParse(params);
  if (parsed.success) return parsed.data;
  const { issues } = parsed.error;
  const issue = issues.find(({ code }) => code === 'unrecognized_keys') ?? issues[0];
  const unknown = issue?.code === 'unrecognized_keys' ? issue.keys.slice(0, 1) : [];
  const path = [...(issue?.path ?? []), ...unknown].map(String);
  const param = path.map((part, index) => (index === 0 ? part : `[${part}]`)).join('');
  if (unknown.length > 0)
    throw invalidRequest(`Received unknown parameter: ${param}`, param, 'parameter_unknown');
  if (issue?.code === 'invalid_type' && issue.input === undefined) {
    throw invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
  }
  throw invalidRequest(`Invalid ${param}: ${issue?.message ?? 'invalid value'}`, param);
}

function matchRoute(billing: Billing, method: string, path: string) {
  for (const [route, handle] of Object.entries(routes(billing))) {
    const [routeMethod, template = ''] = route.split(' ');
    const match = new RegExp(`^${template.replace(':id', '([^/]+)')}/?$`).exec(path);
    if (routeMethod === method && match) return { route, handle, id: decodeURIComponent(match[1] ?? '') };
  }
  return undefined;
}

/** Stripe's `expand[]` for what the functions and tests expand: ids of stored objects, a session's line items. */
function expandPaths(billing: Billing, object: object, paths: readonly string[]): object {
  const lookups: Record<string, ((id: string) => object) | undefined> = {
    customer: billing.customer,
    subscription: billing.subscription,
    latest_invoice: billing.invoice,
    invoice: billing.invoice,
    default_payment_method: billing.paymentMethod,
  };
  const expandAt = (target: unknown, [field, ...rest]: string[], path: string): void => {
    if (field === undefined || typeof target !== 'object' || target === null) return;
    const owner = target as Record<string, unknown>;
    if (owner.object === 'list' && field === 'data' && Array.isArray(owner.data)) {
      return owner.data.forEach((element) => expandAt(element, rest, path));
    }
    if (field === 'line_items' && owner.object === 'checkout.session') {
      const { price, quantity } = billing.storedCheckout(String(owner.id)).lineItem;
      const item = { id: newId('li'), object: 'item', price: buildPrice(price), quantity };
      owner.line_items = listOf([item], `/v1/checkout/sessions/${String(owner.id)}/line_items`);
      return;
    }
    const lookup = lookups[field];
    if (!(field in owner) || (typeof owner[field] === 'string' && !lookup)) {
      throw invalidRequest(`This property cannot be expanded (${path}).`, 'expand');
    }
    if (typeof owner[field] === 'string' && lookup) owner[field] = structuredClone(lookup(owner[field]));
    expandAt(owner[field], rest, path);
  };
  const copy = structuredClone(object);
  for (const path of paths) expandAt(copy, path.split('.'), path);
  return copy;
}

/** Fault mode: the transient errors Stripe sends under load, before anything changes; the SDK retries them. */
export class ApiFaults {
  private readonly random: () => number;
  /** Added before every API request is handled, as network and Stripe latency (widens race windows). */
  latencyMs = 0;

  rate: number;

  constructor(config: { apiFaultRate: number; seed: number }) {
    this.rate = config.apiFaultRate;
    this.random = seededRandom(config.seed + 1);
  }

  next(hasIdempotencyKey: boolean): StripeApiError | null {
    if (this.rate <= 0 || this.random() >= this.rate) return null;
    const pick = this.random();
    if (pick < 0.4) return new StripeApiError(429, 'Too many requests hit the API.', 'rate_limit');
    if (pick >= 0.7 || !hasIdempotencyKey) return new StripeApiError(500, 'An unknown error (fault mode).');
    const message = 'Another request using this Idempotency-Key is in progress.';
    return new StripeApiError(409, message, 'idempotency_key_in_use');
  }
}

/** A POST's stored success, replayed to the same Idempotency-Key for 24 hours. */
export type StoredResponse = { fingerprint: string; body: object; requestId: string; created: number };

function findReplay(standin: Standin, key: string, fingerprint: string): StoredResponse | undefined {
  for (const [old, stored] of standin.idempotency) {
    if (nowSeconds() - stored.created > 24 * 60 * 60) standin.idempotency.delete(old);
  }
  const stored = standin.idempotency.get(key);
  if (stored && stored.fingerprint !== fingerprint) {
    const message = `Keys for idempotent requests can only be used with the same parameters they were first used with (key '${key}').`;
    throw new StripeApiError(400, message, undefined, undefined, 'idempotency_error');
  }
  return stored;
}

export type ApiRequest = { method: string; url: URL; header(name: string): string | undefined; body: string };
type ApiReply = { status: number; body: object; headers: Record<string, string>; events?: StandinEvent[] };

/** Answers one API request with the events it caused. */
export async function handleApi(standin: Standin, request: ApiRequest): Promise<ApiReply> {
  const requestId = newId('req', 14);
  const match = matchRoute(standin.billing, request.method, request.url.pathname);
  const endpoint = match?.route ?? `${request.method} <unrecognized>`;
  standin.stats.counts[endpoint] = (standin.stats.counts[endpoint] ?? 0) + 1;
  try {
    return await answer(standin, request, requestId, match);
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    return { status: error.status, body: error.toBody(), headers: { 'Request-Id': requestId } };
  }
}

async function answer(
  standin: Standin,
  { method, url, header, body }: ApiRequest,
  requestId: string,
  match: ReturnType<typeof matchRoute>,
): Promise<ApiReply> {
  const headers = { 'Request-Id': requestId };
  if (header('authorization') !== `Bearer ${standin.config.secretKey}`) {
    throw new StripeApiError(401, 'Invalid API Key provided (Authorization: Bearer <key>).');
  }
  if (!match) throw new StripeApiError(404, `Unrecognized request URL (${method}: ${url.pathname}).`);
  if (body !== '' && !header('content-type')?.startsWith('application/x-www-form-urlencoded')) {
    throw invalidRequest('Request bodies must be form-encoded (application/x-www-form-urlencoded).');
  }
  const params = parseForm(method === 'POST' ? body : url.search.slice(1), { depth: 5, arrayLimit: 100 });
  const idempotencyKey = method === 'POST' ? header('idempotency-key') : undefined;
  const { faults } = standin;
  if (faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
  const fault = faults.next(idempotencyKey !== undefined);
  if (fault) {
    standin.config.log(`fault mode: ${method} ${url.pathname} → ${fault.status} ${fault.code ?? fault.type}`);
    return {
      status: fault.status,
      body: fault.toBody(),
      headers: { ...headers, 'Stripe-Should-Retry': 'true' },
    };
  }
  const fingerprint = `${method} ${url.pathname} ${JSON.stringify(params)}`;
  const replay = idempotencyKey === undefined ? undefined : findReplay(standin, idempotencyKey, fingerprint);
  if (replay) {
    const replayed = { 'Idempotent-Replayed': 'true', 'Original-Request': replay.requestId };
    return { status: 200, body: replay.body, headers: { 'Request-Id': replay.requestId, ...replayed } };
  }
  const { billing } = standin;
  const { result, events } = standin.record(() => {
    const paths = Array.isArray(params.expand) ? params.expand.map(String) : [];
    return expandPaths(billing, match.handle(params, match.id), paths);
  });
  if (idempotencyKey !== undefined) {
    standin.idempotency.set(idempotencyKey, { fingerprint, body: result, requestId, created: nowSeconds() });
  }
  return { status: 200, body: result, headers, events };
}
