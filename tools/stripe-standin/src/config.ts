// One typed configuration: explicit options win, then environment variables, then defaults (README.md).

/** How events reach the webhook URL (README.md, "Delivery modes"). */
export const DELIVERY_MODES = ['immediate', 'realistic', 'manual'] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];

/** Realistic mode's timing, in simulated minutes that run fast so that a test waits seconds, not hours. */
export const REALISTIC_DELIVERY = {
  simulatedMinuteMs: 40,
  maxInitialDelaySeconds: 20,
  /** Share of events delivered a second time, 1–30 simulated minutes later (Stripe: "at least once"). */
  duplicateRate: 0.2,
  /** Share of first attempts lost on the way, so the event first arrives 1–30 simulated minutes late. */
  lostFirstAttemptRate: 0.1,
  lateMinutes: [1, 30],
  /** The first steps of Stripe's retry schedule for failed deliveries. */
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

const ENV_NAMES: Partial<Record<keyof StandinConfig, string>> = {
  port: 'STRIPE_STANDIN_PORT',
  host: 'STRIPE_STANDIN_HOST',
  secretKey: 'STRIPE_SECRET_KEY',
  webhookSecret: 'STRIPE_WEBHOOK_SECRET',
  priceId: 'STRIPE_PRICE_ID',
  deliveryMode: 'STRIPE_STANDIN_DELIVERY',
  apiFaultRate: 'STRIPE_STANDIN_API_FAULT_RATE',
  seed: 'STRIPE_STANDIN_SEED',
};

export function resolveConfig(options: StripeStandinOptions = {}, env = process.env): StandinConfig {
  const fromEnv = Object.entries(ENV_NAMES).flatMap(([key, name]) => {
    const value = env[name];
    if (value === undefined || value === '') return [];
    return [[key, typeof DEFAULTS[key as keyof StandinConfig] === 'number' ? Number(value) : value]];
  });
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
