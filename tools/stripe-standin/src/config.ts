// One typed configuration: explicit options win, then environment variables, then defaults (README.md).

export const DELIVERY_MODES = ['immediate', 'realistic', 'manual'] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];

/** Realistic mode (docs/stripe-standin.md, "Delivery modes"): simulated minutes run fast; a test waits seconds. */
export const REALISTIC_DELIVERY = {
  simulatedMinuteMs: 40,
  maxInitialDelaySeconds: 20,
  duplicateRate: 0.2,
  lostFirstAttemptRate: 0.1,
  lateMinutes: [1, 30],
  retryScheduleMinutes: [1, 5, 30, 120],
} as const;

export const DEFAULTS = {
  port: 12111,
  host: '127.0.0.1',
  secretKey: 'sk_test_local_bargains',
  webhookSecret: 'whsec_local_bargains',
  webhookUrl: 'http://127.0.0.1:5001/demo-bargains/us-central1/stripe_webhook',
  priceId: 'price_bargains_monthly_local',
  deliveryMode: 'immediate' as DeliveryMode,
  apiFaultRate: 0,
  /** Immediate mode's waits between attempts of one event; its length is the number of retries. */
  webhookRetryDelaysMs: [200, 500, 1000],
  webhookTimeoutMs: 30_000,
  /** Seeds the realistic and fault modes' random choices (logged, so a run can be replayed). */
  seed: Date.now() % 1_000_000,
  log: (line: string): void => console.log(line),
};
export type StandinConfig = typeof DEFAULTS;
export type StripeStandinOptions = Partial<StandinConfig>;

const FROM_ENV = {
  STRIPE_STANDIN_PORT: 'port',
  STRIPE_STANDIN_HOST: 'host',
  STRIPE_SECRET_KEY: 'secretKey',
  STRIPE_WEBHOOK_SECRET: 'webhookSecret',
  STRIPE_PRICE_ID: 'priceId',
  STRIPE_STANDIN_DELIVERY: 'deliveryMode',
  STRIPE_STANDIN_API_FAULT_RATE: 'apiFaultRate',
  STRIPE_STANDIN_SEED: 'seed',
} as const;

export function resolveConfig(options: StripeStandinOptions = {}, env = process.env): StandinConfig {
  const fromEnv = Object.entries(FROM_ENV)
    .filter(([name]) => env[name])
    .map(([name, key]) => [key, typeof DEFAULTS[key] === 'number' ? Number(env[name]) : env[name]]);
  // An explicitly empty STRIPE_WEBHOOK_URL disables delivery (events are only recorded).
  const webhookUrl = env.STRIPE_WEBHOOK_URL ?? DEFAULTS.webhookUrl;
  const config: StandinConfig = { ...DEFAULTS, webhookUrl, ...Object.fromEntries(fromEnv), ...options };
  const invalid = [
    !(Number.isInteger(config.port) && config.port >= 0 && config.port <= 65535) && 'port must be 0-65535',
    !DELIVERY_MODES.includes(config.deliveryMode) &&
      `delivery mode must be one of ${DELIVERY_MODES.join(', ')}`,
    !(config.apiFaultRate >= 0 && config.apiFaultRate <= 1) && 'API fault rate must be between 0 and 1',
    !Number.isFinite(config.seed) && 'seed must be a number',
  ].filter(Boolean);
  if (invalid.length > 0) throw new Error(`Invalid Stripe stand-in configuration: ${invalid.join('; ')}.`);
  return config;
}
