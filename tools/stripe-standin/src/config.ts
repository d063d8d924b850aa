// One typed configuration for the stand-in: explicit options win, then environment variables, then defaults.
import { join } from 'node:path';

export interface StripeStandinOptions {
  port?: number;
  host?: string;
  stateFile?: string;
  secretKey?: string;
  /** Where events are POSTed; an empty string records events without delivering them. */
  webhookUrl?: string;
  webhookSecret?: string;
  priceId?: string;
  log?: (line: string) => void;
  /** Waits between delivery attempts of one event; its length is the number of retries. */
  webhookRetryDelaysMs?: number[];
  /** Per-attempt time limit of a webhook delivery. */
  webhookTimeoutMs?: number;
  /** How events reach the webhook: see DeliveryMode. */
  deliveryMode?: DeliveryMode;
  /** Share (0–1) of Stripe API requests answered with a transient fault (429, 500, idempotency_key_in_use). */
  apiFaultRate?: number;
  /** Seed of the realistic mode's and the fault mode's random choices (logged, so a run can be replayed). */
  seed?: number;
}

/**
 * - `immediate`: one at a time, in order, before the causing request is answered (retries after 200/500/1000 ms);
 * - `realistic`: like Stripe's network: each event delayed, independently (so shuffled), some sent twice, some
 *   first attempts lost and retried minutes later (simulated minutes, see REALISTIC_DELIVERY);
 * - `manual`: events are recorded, never sent (a test delivers them itself).
 */
export const DELIVERY_MODES = ['immediate', 'realistic', 'manual'] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];

/** Realistic mode's timing. Simulated minutes run fast so that a test waits seconds, not hours. */
export const REALISTIC_DELIVERY = {
  /** Real milliseconds one simulated minute lasts. */
  simulatedMinuteMs: 40,
  /** Each delivery starts after a random delay of up to this (simulated seconds). */
  maxInitialDelaySeconds: 20,
  /** Share of events delivered a second time, 1–30 simulated minutes later (Stripe: "at least once"). */
  duplicateRate: 0.2,
  /** Share of first attempts lost on the way (never reach the endpoint), so the event first arrives late. */
  lostFirstAttemptRate: 0.1,
  lateMinutes: [1, 30],
  /** Stripe retries failed deliveries with an exponential backoff for up to 3 days; the first few steps. */
  retryScheduleMinutes: [1, 5, 30, 120],
} as const;

export interface StandinConfig {
  port: number;
  host: string;
  stateFile: string;
  secretKey: string;
  webhookUrl: string;
  webhookSecret: string;
  priceId: string;
  log: (line: string) => void;
  webhookRetryDelaysMs: number[];
  webhookTimeoutMs: number;
  deliveryMode: DeliveryMode;
  apiFaultRate: number;
  seed: number;
}

/** The single product sold: Bargains Premium Access, $2.00 per month. */
export const PRODUCT = {
  id: 'prod_bargains_premium',
  name: 'Bargains Premium Access',
  unitAmount: 200,
  currency: 'usd',
  interval: 'month',
} as const;

export const DEFAULTS = {
  port: 12111,
  host: '127.0.0.1',
  stateFile: join(__dirname, '..', '.state', 'state.json'),
  secretKey: 'sk_test_local_bargains',
  webhookSecret: 'whsec_local_bargains',
  webhookUrl: 'http://127.0.0.1:5001/demo-bargains/us-central1/stripe_webhook',
  priceId: 'price_bargains_monthly_local',
  webhookRetryDelaysMs: [200, 500, 1000],
  webhookTimeoutMs: 30_000,
} as const;

function envPort(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`STRIPE_STANDIN_PORT must be a port number (0-65535), got '${value}'.`);
  }
  return port;
}

function envDeliveryMode(value: string | undefined): DeliveryMode | undefined {
  if (value === undefined || value === '') return undefined;
  const mode = DELIVERY_MODES.find((candidate) => candidate === value);
  if (mode === undefined) {
    throw new Error(`STRIPE_STANDIN_DELIVERY must be one of ${DELIVERY_MODES.join(', ')}, got '${value}'.`);
  }
  return mode;
}

/** A share between 0 and 1 (fault rate). */
export function checkRate(value: number, name: string): number {
  if (!Number.isFinite(value) || value < 0 || value > 1) {
    throw new Error(`${name} must be a number between 0 and 1, got '${value}'.`);
  }
  return value;
}

function envNumber(value: string | undefined): number | undefined {
  return value === undefined || value === '' ? undefined : Number(value);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

export function resolveConfig(
  options: StripeStandinOptions = {},
  env: NodeJS.ProcessEnv = process.env,
): StandinConfig {
  return {
    port: options.port ?? envPort(env.STRIPE_STANDIN_PORT) ?? DEFAULTS.port,
    host: options.host ?? nonEmpty(env.STRIPE_STANDIN_HOST) ?? DEFAULTS.host,
    stateFile: options.stateFile ?? nonEmpty(env.STRIPE_STANDIN_STATE_FILE) ?? DEFAULTS.stateFile,
    secretKey: options.secretKey ?? nonEmpty(env.STRIPE_SECRET_KEY) ?? DEFAULTS.secretKey,
    // An explicitly empty STRIPE_WEBHOOK_URL disables delivery, so only `undefined` falls back here.
    webhookUrl: options.webhookUrl ?? env.STRIPE_WEBHOOK_URL ?? DEFAULTS.webhookUrl,
    webhookSecret: options.webhookSecret ?? nonEmpty(env.STRIPE_WEBHOOK_SECRET) ?? DEFAULTS.webhookSecret,
    priceId: options.priceId ?? nonEmpty(env.STRIPE_PRICE_ID) ?? DEFAULTS.priceId,
    log: options.log ?? ((line: string) => console.log(line)),
    webhookRetryDelaysMs: options.webhookRetryDelaysMs ?? [...DEFAULTS.webhookRetryDelaysMs],
    webhookTimeoutMs: options.webhookTimeoutMs ?? DEFAULTS.webhookTimeoutMs,
    deliveryMode: options.deliveryMode ?? envDeliveryMode(env.STRIPE_STANDIN_DELIVERY) ?? 'immediate',
    apiFaultRate: checkRate(
      options.apiFaultRate ?? envNumber(env.STRIPE_STANDIN_API_FAULT_RATE) ?? 0,
      'STRIPE_STANDIN_API_FAULT_RATE',
    ),
    seed: options.seed ?? envNumber(env.STRIPE_STANDIN_SEED) ?? Date.now() % 1_000_000,
  };
}
