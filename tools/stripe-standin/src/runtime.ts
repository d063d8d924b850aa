// What every request handler shares: configuration, state, stats and the webhook deliverer.
import type { ApiCallStats } from './api-call-stats';
import type { ApiFaults } from './api-faults';
import type { BillingContext } from './billing';
import type { StandinConfig } from './config';
import type { StateStore } from './state-store';
import type { WebhookDeliverer } from './webhook-delivery';
import type { StandinEvent } from './wire-types';

export interface StandinRuntime {
  config: StandinConfig;
  store: StateStore;
  stats: ApiCallStats;
  deliverer: WebhookDeliverer;
  faults: ApiFaults;
  /** Public base URL, e.g. http://127.0.0.1:12111 (known once the server listens). */
  baseUrl: string;
}

export function billingContext(runtime: StandinRuntime): BillingContext {
  return { state: runtime.store.state, config: runtime.config, baseUrl: runtime.baseUrl };
}

/**
 * Records the events, persists the state, then queues the events for delivery. Resolves once the state is on disk;
 * `delivered` resolves once the events were delivered (or given up on).
 */
export async function commit(
  runtime: StandinRuntime,
  events: readonly StandinEvent[],
): Promise<{ delivered: Promise<void> }> {
  runtime.store.state.events.push(...events);
  await runtime.store.save();
  for (const event of events) runtime.config.log(`event ${event.type} ${event.id}`);
  return { delivered: runtime.deliverer.deliver(events) };
}
