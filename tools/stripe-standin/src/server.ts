// Starts the local Stripe stand-in: Stripe API subset under /v1, hosted checkout under /checkout, control API under
// /_control. See tools/stripe-standin/README.md.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiCallStats } from './api-call-stats';
import { ApiFaults } from './api-faults';
import { handleCheckout } from './checkout-routes';
import { resolveConfig, type StripeStandinOptions } from './config';
import { handleControl } from './control-api';
import { handlePortal } from './portal-routes';
import { requestUrl, sendJson } from './http-io';
import type { StandinRuntime } from './runtime';
import { StateStore } from './state-store';
import { handleStripeApi } from './stripe-api-router';
import { unrecognizedUrl } from './stripe-error';
import { WebhookDeliverer } from './webhook-delivery';

export type { StripeStandinOptions } from './config';

export interface RunningStripeStandin {
  url: string;
  port: number;
  close(): Promise<void>;
}

function listen(server: http.Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    });
  });
}

/** A host that clients can reach: a wildcard bind address is reached through loopback. */
function publicHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** Hosted checkout and portal pages; false when the path is neither. */
async function handleHostedPage(
  runtime: StandinRuntime,
  request: http.IncomingMessage,
  response: http.ServerResponse,
): Promise<boolean> {
  return (await handleCheckout(runtime, request, response)) || handlePortal(runtime, request, response);
}

export async function startStripeStandin(options: StripeStandinOptions = {}): Promise<RunningStripeStandin> {
  const config = resolveConfig(options);
  const store = await StateStore.open(config.stateFile);
  const runtime: StandinRuntime = {
    config,
    store,
    stats: new ApiCallStats(),
    deliverer: new WebhookDeliverer(config, store),
    faults: new ApiFaults(config.apiFaultRate, config.seed),
    baseUrl: '',
  };

  const server = http.createServer((request, response) => {
    const path = requestUrl(request).pathname;
    const handled = path.startsWith('/v1/')
      ? handleStripeApi(runtime, request, response)
      : path.startsWith('/_control/')
        ? handleControl(runtime, request, response)
        : handleHostedPage(runtime, request, response).then((hosted) => {
            if (!hosted) sendJson(response, 404, unrecognizedUrl(request.method ?? 'GET', path).toBody());
          });
    handled.catch((error: unknown) => {
      config.log(
        `unhandled error on ${request.method} ${path}: ${error instanceof Error ? error.stack : String(error)}`,
      );
      if (!response.headersSent)
        sendJson(response, 500, { error: { type: 'api_error', message: 'Internal error.' } });
      else response.destroy();
    });
  });

  const address = await listen(server, config.port, config.host);
  runtime.baseUrl = `http://${publicHost(config.host)}:${address.port}`;
  if (config.webhookUrl === '')
    config.log('webhook delivery disabled (empty webhook URL); events are only recorded');
  if (config.deliveryMode !== 'immediate' || config.apiFaultRate > 0)
    config.log(
      `delivery mode ${config.deliveryMode}, API fault rate ${config.apiFaultRate}, seed ${config.seed}`,
    );

  let closing: Promise<void> | undefined;
  return {
    url: runtime.baseUrl,
    port: address.port,
    close() {
      closing ??= (async () => {
        await runtime.deliverer.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive sockets (the SDK's agent keeps them) would otherwise hold close() open.
          server.closeAllConnections();
        });
        await store.flush();
      })();
      return closing;
    },
  };
}
