// The stand-in's own control API (JSON, under /_control/…): simulated time, fixtures, stats, state and delivery log.
// These requests are not Stripe API calls and are never counted as such.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { advanceSubscription, upsertSubscriptionFixture } from './billing';
import { DELIVERY_MODES } from './config';
import { API_VERSION } from './events';
import { readBody, requestUrl, sendJson } from './http-io';
import { billingContext, commit, type StandinRuntime } from './runtime';
import { StripeApiError, invalidRequest } from './stripe-error';

const advanceBody = z.strictObject({
  payment: z.enum(['succeeds', 'fails'], { error: "payment must be 'succeeds' or 'fails'." }).optional(),
});

// Stripe's own limits on metadata, so a fixture is something Stripe could hold.
const metadataBody = z
  .record(
    z.string().min(1).max(40, { error: 'metadata keys are at most 40 characters.' }),
    z.string().min(1).max(500, { error: 'metadata values are 1 to 500 characters.' }),
  )
  .refine((metadata) => Object.keys(metadata).length <= 50, { error: 'metadata has at most 50 keys.' });

const stripeId = (prefix: string) =>
  z
    .string()
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9_]{1,200}$`), { error: `must be a Stripe id like ${prefix}_…` });

const unixSeconds = z.number().int().positive({ error: 'must be unix seconds.' });

const subscriptionFixtureBody = z.strictObject({
  customer: z.strictObject({
    id: stripeId('cus'),
    email: z.email().nullish(),
    metadata: metadataBody.optional(),
  }),
  subscription: z
    .strictObject({
      id: stripeId('sub'),
      status: z.literal('active', { error: "status must be 'active' (the only status a fixture has)." }),
      current_period_start: unixSeconds,
      current_period_end: unixSeconds,
      cancel_at_period_end: z.boolean().optional(),
      metadata: metadataBody.optional(),
    })
    .refine((subscription) => subscription.current_period_start < subscription.current_period_end, {
      error: 'current_period_end must be after current_period_start.',
      path: ['current_period_end'],
    }),
});

const modesBody = z.strictObject({
  delivery: z.enum(DELIVERY_MODES).optional(),
  api_fault_rate: z.number().min(0).max(1).optional(),
  api_latency_ms: z.number().int().min(0).max(10_000).optional(),
});

/** The body of `POST /_control/fixtures/subscription`, as a caller writes it. */
export type SubscriptionFixtureBody = z.input<typeof subscriptionFixtureBody>;

function describeIssues(error: z.ZodError): { message: string; param: string | undefined } {
  const [first] = error.issues;
  const message = error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
  return { message, param: first && first.path.length > 0 ? first.path.join('.') : undefined };
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const text = await readBody(request);
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw invalidRequest('The request body must be JSON (or empty).');
  }
}

const ADVANCE_PATH = /^\/_control\/subscriptions\/([^/]+)\/advance$/;

const CONTROL_ROUTES = [
  'GET /_control/health',
  'GET /_control/stats',
  'POST /_control/stats/reset',
  'GET /_control/state',
  'POST /_control/reset',
  'GET /_control/modes',
  'POST /_control/modes',
  'GET /_control/events',
  'GET /_control/deliveries',
  'POST /_control/deliveries/flush',
  'POST /_control/subscriptions/:id/advance',
  'POST /_control/fixtures/subscription',
] as const;

async function route(
  runtime: StandinRuntime,
  request: IncomingMessage,
): Promise<{ status?: number; body: unknown }> {
  const method = request.method ?? 'GET';
  const path = requestUrl(request).pathname.replace(/\/+$/, '');
  const { store, stats, deliverer, config, faults } = runtime;
  const key = `${method} ${path}`;
  const modes = () => ({
    delivery: deliverer.mode,
    api_fault_rate: faults.rate,
    api_latency_ms: faults.latencyMs,
    seed: config.seed,
  });

  switch (key) {
    case 'GET /_control/health':
      return {
        body: {
          ok: true,
          service: 'stripe-standin',
          url: runtime.baseUrl,
          api_version: API_VERSION,
          price_id: config.priceId,
          webhook_url: config.webhookUrl || null,
          state_file: store.file,
        },
      };
    case 'GET /_control/stats':
      return { body: stats.snapshot() };
    case 'POST /_control/stats/reset':
      stats.reset();
      return { body: stats.snapshot() };
    case 'GET /_control/state':
      return { body: store.state };
    case 'POST /_control/reset':
      await deliverer.idle();
      await store.reset();
      stats.reset();
      config.log('state reset');
      return { body: { ok: true } };
    case 'GET /_control/modes':
      return { body: modes() };
    case 'POST /_control/modes': {
      const parsed = modesBody.safeParse(await readJson(request));
      if (!parsed.success) throw invalidRequest(`Invalid modes: ${describeIssues(parsed.error).message}`);
      // Deliveries already scheduled keep the mode they were scheduled in.
      deliverer.mode = parsed.data.delivery ?? deliverer.mode;
      faults.rate = parsed.data.api_fault_rate ?? faults.rate;
      faults.latencyMs = parsed.data.api_latency_ms ?? faults.latencyMs;
      config.log(
        `modes: delivery ${deliverer.mode}, API fault rate ${faults.rate}, API latency ${faults.latencyMs} ms`,
      );
      return { body: modes() };
    }
    case 'GET /_control/events':
      return { body: { object: 'list', data: store.state.events } };
    case 'GET /_control/deliveries':
      return { body: { object: 'list', data: store.state.deliveries } };
    case 'POST /_control/deliveries/flush':
      await deliverer.idle();
      return { body: { object: 'list', data: store.state.deliveries } };
    case 'POST /_control/fixtures/subscription': {
      const parsed = subscriptionFixtureBody.safeParse(await readJson(request));
      if (!parsed.success) {
        const { message, param } = describeIssues(parsed.error);
        throw invalidRequest(`Invalid subscription fixture: ${message}`, param);
      }
      const { customer, subscription } = parsed.data;
      const result = upsertSubscriptionFixture(billingContext(runtime), {
        customer: { id: customer.id, email: customer.email ?? null, metadata: customer.metadata ?? {} },
        subscription: {
          id: subscription.id,
          periodStart: subscription.current_period_start,
          periodEnd: subscription.current_period_end,
          cancelAtPeriodEnd: subscription.cancel_at_period_end ?? false,
          metadata: subscription.metadata ?? {},
        },
      });
      const { changes } = result;
      if (changes.customer !== 'unchanged' || changes.subscription !== 'unchanged') await store.save();
      config.log(
        `fixture: customer ${customer.id} ${changes.customer}, subscription ${subscription.id} ${changes.subscription}`,
      );
      return { body: result };
    }
  }

  const advance = ADVANCE_PATH.exec(path);
  if (advance && method === 'POST') {
    const parsed = advanceBody.safeParse(await readJson(request));
    if (!parsed.success) throw invalidRequest(parsed.error.issues[0]?.message ?? 'Invalid body.', 'payment');
    const { result, events } = advanceSubscription(
      billingContext(runtime),
      advance[1] ?? '',
      parsed.data.payment ?? 'succeeds',
    );
    const { delivered } = await commit(runtime, events);
    config.log(`subscription ${result.subscription.id} advanced → ${result.outcome}`);
    await delivered;
    return {
      body: {
        outcome: result.outcome,
        subscription: result.subscription,
        invoice: result.invoice,
        events: events.map((event) => ({ id: event.id, type: event.type })),
      },
    };
  }

  throw new StripeApiError(
    404,
    'invalid_request_error',
    `Unrecognized control URL (${method}: ${path}). Available: ${CONTROL_ROUTES.join(', ')}.`,
    'resource_missing',
  );
}

export async function handleControl(
  runtime: StandinRuntime,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  try {
    const { status = 200, body } = await route(runtime, request);
    sendJson(response, status, body);
  } catch (error) {
    if (error instanceof StripeApiError) {
      sendJson(response, error.status, error.toBody());
      return;
    }
    runtime.config.log(
      `internal error on control API: ${error instanceof Error ? error.stack : String(error)}`,
    );
    sendJson(
      response,
      500,
      new StripeApiError(500, 'api_error', 'Internal error; see the stand-in log.').toBody(),
    );
  }
}
