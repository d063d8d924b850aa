// The stand-in's own control API (JSON, under /_control/…; README.md): simulated time, fixtures, stats, modes, state
// and events. These requests are not Stripe API calls and are never counted as such.
import { z } from 'zod';
import { DELIVERY_MODES } from './config';
import { StripeApiError, invalidRequest } from './errors';
import type { Standin } from './server';

// Stripe's own limits on metadata, so a fixture is something Stripe could hold.
const metadataKey = z.string().min(1).max(40, { error: 'metadata keys are at most 40 characters.' });
const metadataValue = z.string().min(1).max(500, { error: 'metadata values are 1 to 500 characters.' });
const metadata = z.record(metadataKey, metadataValue).refine((value) => Object.keys(value).length <= 50, {
  error: 'metadata has at most 50 keys.',
});
const idPattern = (prefix: string) => new RegExp(`^${prefix}_[A-Za-z0-9_]{1,200}$`);
const stripeId = (prefix: string) =>
  z.string().regex(idPattern(prefix), { error: `must be an id like ${prefix}_…` });
const unixSeconds = z.number().int().positive({ error: 'must be unix seconds.' });
const customer = z.strictObject({
  id: stripeId('cus'),
  email: z.email().nullish(),
  metadata: metadata.optional(),
});
const subscriptionFixture = z.strictObject({
  customer,
  subscription: z
    .strictObject({
      id: stripeId('sub'),
      status: z.literal('active', { error: "status must be 'active' (the only status a fixture has)." }),
      current_period_start: unixSeconds,
      current_period_end: unixSeconds,
      cancel_at_period_end: z.boolean().optional(),
      metadata: metadata.optional(),
    })
    .refine((value) => value.current_period_start < value.current_period_end, {
      error: 'current_period_end must be after current_period_start.',
      path: ['current_period_end'],
    }),
});
/** The body of `POST /_control/fixtures/subscription`, as a caller writes it. */
export type SubscriptionFixtureBody = z.input<typeof subscriptionFixture>;
export type SubscriptionFixture = z.output<typeof subscriptionFixture>;

const payment = z.enum(['succeeds', 'fails'], { error: "payment must be 'succeeds' or 'fails'." });
const advanceBody = z.strictObject({ payment: payment.default('succeeds') });
const modesBody = z.strictObject({
  delivery: z.enum(DELIVERY_MODES).optional(),
  api_fault_rate: z.number().min(0).max(1).optional(),
  api_latency_ms: z.number().int().min(0).max(10_000).optional(),
});

function parseBody<Schema extends z.ZodType>(schema: Schema, text: string, what: string): z.output<Schema> {
  let json: unknown;
  try {
    json = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw invalidRequest('The request body must be JSON (or empty).');
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const paths = parsed.error.issues.map((issue) => issue.path.join('.'));
  const message = parsed.error.issues.map((issue, index) => `${paths[index] || '(body)'}: ${issue.message}`);
  throw invalidRequest(`Invalid ${what}: ${message.join('; ')}`, paths[0] || undefined);
}

/** Answers a control request; `body` is the request's raw body. */
export async function handleControl(standin: Standin, method: string, path: string, body: string) {
  const { billing, stats, deliverer, faults, config } = standin;
  const { seed } = config;
  const modes = () => ({
    delivery: deliverer.mode,
    api_fault_rate: faults.rate,
    api_latency_ms: faults.latencyMs,
    seed,
  });
  const counts = () => {
    const endpoints = Object.fromEntries(Object.entries(stats.counts).sort(([a], [b]) => a.localeCompare(b)));
    const total = Object.values(endpoints).reduce((sum, count) => sum + count, 0);
    return { total, endpoints, since: stats.since.toISOString() };
  };
  switch (`${method} ${path}`) {
    case 'GET /_control/health':
      return { ok: true, url: billing.baseUrl, price_id: config.priceId, webhook_url: config.webhookUrl };
    case 'GET /_control/stats':
      return counts();
    case 'POST /_control/stats/reset':
      Object.assign(stats, { counts: {}, since: new Date() });
      return counts();
    case 'GET /_control/state':
      return billing.state;
    case 'GET /_control/events':
      return { object: 'list', data: billing.state.events };
    case 'POST /_control/deliveries/flush':
      await deliverer.idle();
      return { ok: true };
    case 'GET /_control/modes':
      return modes();
    case 'POST /_control/modes': {
      const next = parseBody(modesBody, body, 'modes');
      // Deliveries already scheduled keep the mode they were scheduled in.
      deliverer.mode = next.delivery ?? deliverer.mode;
      faults.rate = next.api_fault_rate ?? faults.rate;
      faults.latencyMs = next.api_latency_ms ?? faults.latencyMs;
      config.log(`modes: ${JSON.stringify(modes())}`);
      return modes();
    }
    case 'POST /_control/fixtures/subscription': {
      const result = billing.upsertFixture(parseBody(subscriptionFixture, body, 'subscription fixture'));
      config.log(`fixture ${result.subscription.id}: ${JSON.stringify(result.changes)}`);
      return result;
    }
  }
  const advance = /^\/_control\/subscriptions\/([^/]+)\/advance$/.exec(path);
  if (!advance || method !== 'POST') throw new StripeApiError(404, `Unrecognized URL (${method}: ${path}).`);
  const { payment } = parseBody(advanceBody, body, 'advance');
  const { result, events } = standin.record(() => billing.advance(advance[1] ?? '', payment));
  await deliverer.deliver(events);
  config.log(`subscription ${result.subscription.id} advanced → ${result.outcome}`);
  return { ...result, events: events.map(({ id, type }) => ({ id, type })) };
}
