// Starts the local Stripe stand-in (README.md): the Stripe API subset under /v1, hosted checkout and portal pages,
// and the control API under /_control. State lives in memory for the life of the process.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiFaults, handleApi, type StoredResponse } from './api';
import { Billing } from './billing';
import { resolveConfig, type StandinConfig, type StripeStandinOptions } from './config';
import { handleControl } from './control-api';
import { WebhookDeliverer } from './delivery';
import { StripeApiError } from './errors';
import { handleHostedPage } from './hosted';
import type { StandinEvent } from './objects';

export type { StripeStandinOptions } from './config';

/** What the request handlers share. */
export interface Standin {
  config: StandinConfig;
  billing: Billing;
  /** Stripe API calls per endpoint (`GET /v1/subscriptions/:id`), for the tests' and the bench's call counts. */
  stats: { counts: Record<string, number>; since: Date };
  deliverer: WebhookDeliverer;
  faults: ApiFaults;
  /** Stored responses by Idempotency-Key. */
  idempotency: Map<string, StoredResponse>;
  /** Runs a (synchronous) billing operation and returns its result with the events it recorded. */
  record<T>(operation: () => T): { result: T; events: StandinEvent[] };
}

export type RunningStripeStandin = { url: string; port: number; close(): Promise<void> };

async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    if ((size += chunk.length) > 1024 * 1024) {
      throw new StripeApiError(413, 'Request body is too large.');
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: http.ServerResponse, status: number, headers: Record<string, string>, body = '') {
  response.writeHead(status, { 'Cache-Control': 'no-store', ...headers }).end(body);
}

// The pages have no scripts; their only style is inline.
const HTML = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
};

async function handle(standin: Standin, request: http.IncomingMessage, response: http.ServerResponse) {
  const method = request.method ?? 'GET';
  const url = new URL(request.url ?? '/', 'http://stand-in.local');
  const path = url.pathname.replace(/(.)\/+$/, '$1');
  const sendJson = (status: number, body: unknown, headers = {}) =>
    send(response, status, { 'Content-Type': 'application/json', ...headers }, JSON.stringify(body, null, 2));
  try {
    const body = await readBody(request);
    if (path.startsWith('/v1/')) {
      const header = (name: string) => [request.headers[name]].flat()[0];
      const reply = await handleApi(standin, { method, url, header, body });
      sendJson(reply.status, reply.body, reply.headers);
      // Events caused by API calls go out after the response, as Stripe sends them.
      return void standin.deliverer.deliver(reply.events ?? []);
    }
    if (path.startsWith('/_control/')) return sendJson(200, await handleControl(standin, method, path, body));
    const page = await handleHostedPage(standin, method, url, body);
    if (page === undefined) throw new StripeApiError(404, `Unrecognized URL: ${path}`);
    if ('location' in page) send(response, 303, { Location: page.location });
    else send(response, page.status, HTML, page.html);
  } catch (error) {
    if (error instanceof StripeApiError) return sendJson(error.status, error.toBody());
    const detail = error instanceof Error ? error.stack : String(error);
    standin.config.log(`internal error on ${method} ${path}: ${detail}`);
    if (response.headersSent) return void response.destroy();
    sendJson(500, new StripeApiError(500, 'Internal error; see the stand-in log.').toBody());
  }
}

export async function startStripeStandin(options: StripeStandinOptions = {}): Promise<RunningStripeStandin> {
  const config = resolveConfig(options);
  const billing = new Billing(config);
  const standin: Standin = {
    config,
    billing,
    stats: { counts: {}, since: new Date() },
    deliverer: new WebhookDeliverer(config),
    faults: new ApiFaults(config),
    idempotency: new Map(),
    record(operation) {
      const from = billing.state.events.length;
      const result = operation();
      const events = billing.state.events.slice(from);
      for (const event of events) config.log(`event ${event.type} ${event.id}`);
      return { result, events };
    },
  };
  const server = http.createServer((request, response) => void handle(standin, request, response));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  // A wildcard bind address is reached through loopback.
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  billing.baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const { webhookUrl, deliveryMode, apiFaultRate, seed } = config;
  config.log(
    `webhooks → ${webhookUrl || 'none'}, ${deliveryMode}; API fault rate ${apiFaultRate}; seed ${seed}`,
  );
  let closing: Promise<void> | undefined;
  const close = async () => {
    await standin.deliverer.close();
    // Keep-alive sockets (the SDK's agent keeps them) would otherwise hold close() open.
    await new Promise<void>((resolve) => server.close(() => resolve()).closeAllConnections());
  };
  return { url: billing.baseUrl, port, close: () => (closing ??= close()) };
}
