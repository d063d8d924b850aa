// The stand-in's own control API (JSON, under /_control/…): simulated time, stats, state and delivery log.
// These requests are not Stripe API calls and are never counted as such.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { advanceSubscription } from './billing';
import { API_VERSION } from './events';
import { readBody, requestUrl, sendJson } from './http-io';
import { billingContext, commit, type StandinRuntime } from './runtime';
import { StripeApiError, invalidRequest } from './stripe-error';

const advanceBody = z.strictObject({
  payment: z.enum(['succeeds', 'fails'], { error: "payment must be 'succeeds' or 'fails'." }).optional(),
});

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

export const CONTROL_ROUTES = [
  'GET /_control/health',
  'GET /_control/stats',
  'POST /_control/stats/reset',
  'GET /_control/state',
  'POST /_control/reset',
  'GET /_control/events',
  'GET /_control/deliveries',
  'POST /_control/deliveries/flush',
  'POST /_control/subscriptions/:id/advance',
] as const;

async function route(
  runtime: StandinRuntime,
  request: IncomingMessage,
): Promise<{ status?: number; body: unknown }> {
  const method = request.method ?? 'GET';
  const path = requestUrl(request).pathname.replace(/\/+$/, '');
  const { store, stats, deliverer, config } = runtime;
  const key = `${method} ${path}`;

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
    case 'GET /_control/events':
      return { body: { object: 'list', data: store.state.events } };
    case 'GET /_control/deliveries':
      return { body: { object: 'list', data: store.state.deliveries } };
    case 'POST /_control/deliveries/flush':
      await deliverer.idle();
      return { body: { object: 'list', data: store.state.deliveries } };
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
