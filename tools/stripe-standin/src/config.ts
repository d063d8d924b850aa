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
}

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
  };
}
