// The one place that knows the functions' configuration: Secret Manager secrets, deploy-time params, and the
// emulator-only Stripe API override. Values are read at request time (never at module load, which also runs
// during `firebase deploy`) and validated once per distinct value.
import { defineInt, defineSecret, defineString } from 'firebase-functions/params';

/** Stripe secret API key (`sk_live_…` / `sk_test_…`). */
export const STRIPE_SECRET_KEY = defineSecret('STRIPE_SECRET_KEY');
/** Signing secret of the webhook endpoint (`whsec_…`), from the Dashboard or `stripe listen`. */
export const STRIPE_WEBHOOK_SECRET = defineSecret('STRIPE_WEBHOOK_SECRET');

/** Outgoing mail server, `smtp(s)://user:password@host:port` (nodemailer's connection URL). */
export const SMTP_URL = defineSecret('SMTP_URL');
/** Key of the HMAC that signs unsubscribe links (at least 32 characters; rotating it voids sent links). */
export const EMAIL_TOKEN_SECRET = defineSecret('EMAIL_TOKEN_SECRET');
export const EMAIL_FROM = defineString('EMAIL_FROM', {
  default: 'Bargains <deals@bargains.example>',
  description: 'Sender of digest and alert email, e.g. "Bargains <deals@your-domain>".',
});

export const STRIPE_PRICE_ID = defineString('STRIPE_PRICE_ID', {
  description: 'Stripe Price id of the $2/month Premium Access plan (price_…).',
});
export const APP_ORIGIN = defineString('APP_ORIGIN', {
  description:
    'Origin of the web app (scheme://host[:port], no path). Checkout returns to {APP_ORIGIN}/success or /cancel.',
});
export const CORS_ALLOWED_ORIGINS = defineString('CORS_ALLOWED_ORIGINS', {
  default: '',
  description:
    'Comma-separated extra origins allowed to call the functions cross-origin (APP_ORIGIN always is).',
});

/**
 * Failed renewals: how long a subscriber keeps the deals after a renewal payment fails (past_due), and the last day
 * of Stripe's automatic retries (Dashboard → Billing → Revenue recovery → Retries; Stripe's recommended default is
 * "8 times within 2 weeks"). The grace period may never outlast the retries: after the last retry Stripe marks the
 * subscription unpaid or canceled, which locks access anyway, and a longer grace would promise more than exists.
 */
export const BILLING_GRACE_DAYS = defineInt('BILLING_GRACE_DAYS', {
  default: 7,
  description:
    'Days a subscriber keeps access after a renewal payment fails (at most STRIPE_RETRY_WINDOW_DAYS).',
});
export const STRIPE_RETRY_WINDOW_DAYS = defineInt('STRIPE_RETRY_WINDOW_DAYS', {
  default: 14,
  description: "Days of Stripe's automatic payment retries after a failed renewal, as set in the Dashboard.",
});

/** Grace period of a failed renewal, in seconds: validated against the retry window. */
export function buildGracePeriodSeconds(values: { graceDays: number; retryWindowDays: number }): number {
  const { graceDays, retryWindowDays } = values;
  if (!Number.isInteger(retryWindowDays) || retryWindowDays < 1) {
    throw new ConfigError(
      `STRIPE_RETRY_WINDOW_DAYS must be a whole number of days ≥ 1, got ${retryWindowDays}.`,
    );
  }
  if (!Number.isInteger(graceDays) || graceDays < 0 || graceDays > retryWindowDays) {
    throw new ConfigError(
      `BILLING_GRACE_DAYS must be a whole number of days from 0 to STRIPE_RETRY_WINDOW_DAYS (${retryWindowDays}), got ${graceDays}.`,
    );
  }
  return graceDays * 24 * 60 * 60;
}

export function gracePeriodSeconds(): number {
  return buildGracePeriodSeconds({
    graceDays: BILLING_GRACE_DAYS.value(),
    retryWindowDays: STRIPE_RETRY_WINDOW_DAYS.value(),
  });
}

/** Deal collector (collect_deals): where the feed is, when to fetch it, and the feed's optional API key. */
export const COLLECTOR_FEED_URL = defineString('COLLECTOR_FEED_URL', {
  description: 'http(s) URL of the deal feed collect_deals fetches (NDJSON or CSV, see docs/collector.md).',
});
export const COLLECTOR_SOURCE = defineString('COLLECTOR_SOURCE', {
  default: 'wired',
  description: 'Which source adapter reads the feed (functions/src/collector/adapters.ts).',
});
export const COLLECTOR_SCHEDULE = defineString('COLLECTOR_SCHEDULE', {
  default: 'every 6 hours',
  description: 'When collect_deals runs, in Cloud Scheduler syntax (cron or "every N hours").',
});
export const COLLECTOR_TIME_ZONE = defineString('COLLECTOR_TIME_ZONE', {
  default: 'Etc/UTC',
  description: 'IANA time zone the schedule is read in.',
});
/** Sent as `Authorization: Bearer …`; blank or `none` when the feed needs no key. */
export const COLLECTOR_FEED_API_KEY = defineSecret('COLLECTOR_FEED_API_KEY');

export function collectorFeedApiKey(): string | undefined {
  const key = COLLECTOR_FEED_API_KEY.value().trim();
  return key === '' || key.toLowerCase() === 'none' ? undefined : key;
}

/**
 * Affiliate networks (collect_awin, collect_impact, collect_cj; collector/networks/): each is a source of its own,
 * with its account id as a param, its API credential as a secret and its own schedule. A network whose account id
 * is blank or whose secret is `none` is not connected: its function logs that and does nothing.
 */
export const AWIN_PUBLISHER_ID = defineString('AWIN_PUBLISHER_ID', {
  default: '',
  description: 'Awin publisher id (digits) whose offers collect_awin reads; blank = Awin not connected.',
});
export const AWIN_REGION_CODES = defineString('AWIN_REGION_CODES', {
  default: '',
  description: 'Comma-separated ISO country codes: only Awin offers valid there (blank = all regions).',
});
export const AWIN_SCHEDULE = defineString('AWIN_SCHEDULE', {
  default: 'every 6 hours',
  description: 'When collect_awin runs (Cloud Scheduler syntax).',
});
/** Awin API token (Awin UI → API Credentials), sent as a Bearer token; `none` when Awin is not used. */
export const AWIN_API_TOKEN = defineSecret('AWIN_API_TOKEN');

export const IMPACT_ACCOUNT_SID = defineString('IMPACT_ACCOUNT_SID', {
  default: '',
  description:
    'impact.com partner Account SID whose Ads collect_impact reads; blank = impact.com not connected.',
});
export const IMPACT_SCHEDULE = defineString('IMPACT_SCHEDULE', {
  default: 'every 6 hours',
  description: 'When collect_impact runs (Cloud Scheduler syntax).',
});
/** impact.com Auth Token of the Account SID (HTTP Basic); `none` when impact.com is not used. */
export const IMPACT_AUTH_TOKEN = defineSecret('IMPACT_AUTH_TOKEN');

export const CJ_WEBSITE_ID = defineString('CJ_WEBSITE_ID', {
  default: '',
  description: 'CJ website (property) id the links are generated for; blank = CJ not connected.',
});
export const CJ_SCHEDULE = defineString('CJ_SCHEDULE', {
  default: 'every 6 hours',
  description: 'When collect_cj runs (Cloud Scheduler syntax).',
});
/** CJ personal access token (developers.cj.com), sent as a Bearer token; `none` when CJ is not used. */
export const CJ_API_TOKEN = defineSecret('CJ_API_TOKEN');

/** A network's account id and credential, or null when it is not connected. Never logged. */
export interface NetworkAccount {
  account: string;
  token: string;
  regionCodes: string[];
  /** Emulator only: the local stand-in of the network's API (see networkApiBase). */
  baseUrl?: string;
}

const connected = (value: string): string | null => {
  const trimmed = value.trim();
  return trimmed === '' || trimmed.toLowerCase() === 'none' ? null : trimmed;
};

/**
 * Where the network's API calls go instead of the real API: only inside the Functions emulator and only when
 * `{NETWORK}_API_BASE` is set (functions/.env.demo-bargains points them at the local stand-ins). Deployed code
 * ignores the variables, so production always talks to the networks.
 */
export function networkApiBase(network: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const base = env[`${network.toUpperCase()}_API_BASE`]?.trim();
  if (env.FUNCTIONS_EMULATOR !== 'true' || !base) return undefined;
  if (!/^https?:\/\/[^\s]+$/.test(base)) {
    throw new ConfigError(`${network.toUpperCase()}_API_BASE must be an http(s) URL, got '${base}'.`);
  }
  return base;
}

export function networkAccount(network: 'awin' | 'impact' | 'cj'): NetworkAccount | null {
  const values = {
    awin: () => [AWIN_PUBLISHER_ID.value(), AWIN_API_TOKEN.value(), AWIN_REGION_CODES.value()],
    impact: () => [IMPACT_ACCOUNT_SID.value(), IMPACT_AUTH_TOKEN.value(), ''],
    cj: () => [CJ_WEBSITE_ID.value(), CJ_API_TOKEN.value(), ''],
  }[network]();
  const [accountValue = '', tokenValue = '', regionValue = ''] = values;
  const account = connected(accountValue);
  const token = connected(tokenValue);
  if (account === null || token === null) return null;
  const regionCodes = regionValue
    .split(',')
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== '');
  const bad = regionCodes.find((code) => !/^[A-Z]{2}$/.test(code));
  if (bad !== undefined) throw new ConfigError(`AWIN_REGION_CODES must be ISO country codes, got '${bad}'.`);
  return { account, token, regionCodes, baseUrl: networkApiBase(network) };
}

/** A deployment mistake: the request fails with 500 and the log names the setting. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export interface AppConfig {
  /** e.g. `https://bargains.web.app`; never taken from a request. */
  appOrigin: string;
  priceId: string;
  /** Origins that get CORS headers (APP_ORIGIN first). */
  corsOrigins: readonly string[];
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Parses an origin setting: http(s) with no path, query or fragment; plain http only for loopback hosts. */
export function parseOrigin(name: string, raw: string): string {
  const value = raw.trim();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an origin such as https://example.web.app, got '${raw}'.`);
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  if (!secure || url.origin !== value.replace(/\/$/, '')) {
    throw new ConfigError(
      `${name} must be an https origin without a path (http only for localhost), got '${raw}'.`,
    );
  }
  return url.origin;
}

export function buildAppConfig(values: {
  appOrigin: string;
  priceId: string;
  corsAllowedOrigins: string;
}): AppConfig {
  const appOrigin = parseOrigin('APP_ORIGIN', values.appOrigin);
  const priceId = values.priceId.trim();
  if (!/^price_\w+$/.test(priceId)) {
    throw new ConfigError(`STRIPE_PRICE_ID must be a Stripe price id (price_…), got '${values.priceId}'.`);
  }
  const extra = values.corsAllowedOrigins
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '')
    .map((origin) => parseOrigin('CORS_ALLOWED_ORIGINS', origin));
  return { appOrigin, priceId, corsOrigins: [...new Set([appOrigin, ...extra])] };
}

/** The site's origin alone (the blog's canonical URLs and feeds), for functions that need nothing else. */
export function siteOrigin(): string {
  return parseOrigin('APP_ORIGIN', APP_ORIGIN.value());
}

let cachedAppConfig: { key: string; config: AppConfig } | undefined;

export function appConfig(): AppConfig {
  const values = {
    appOrigin: APP_ORIGIN.value(),
    priceId: STRIPE_PRICE_ID.value(),
    corsAllowedOrigins: CORS_ALLOWED_ORIGINS.value(),
  };
  const key = JSON.stringify(values);
  if (cachedAppConfig?.key !== key) cachedAppConfig = { key, config: buildAppConfig(values) };
  return cachedAppConfig.config;
}

function requireSecret(name: string, value: string, prefix: string): string {
  const trimmed = value.trim();
  if (!trimmed.startsWith(prefix)) {
    throw new ConfigError(`Secret ${name} is missing or malformed (expected ${prefix}…).`);
  }
  return trimmed;
}

export const stripeSecretKey = (): string =>
  requireSecret('STRIPE_SECRET_KEY', STRIPE_SECRET_KEY.value(), 'sk_');
export const stripeWebhookSecret = (): string =>
  requireSecret('STRIPE_WEBHOOK_SECRET', STRIPE_WEBHOOK_SECRET.value(), 'whsec_');

export interface StripeApiOverride {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/**
 * Where the Stripe SDK sends API calls instead of api.stripe.com: only inside the Functions emulator and only
 * when `STRIPE_API_BASE` is set (functions/.env.demo-bargains points it at the local stand-in). Deployed code
 * ignores the variable, so production always talks to Stripe.
 */
export function stripeApiOverride(env: NodeJS.ProcessEnv = process.env): StripeApiOverride | undefined {
  const base = env.STRIPE_API_BASE?.trim();
  if (env.FUNCTIONS_EMULATOR !== 'true' || !base) return undefined;
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new ConfigError(`STRIPE_API_BASE must be a URL such as http://127.0.0.1:12111, got '${base}'.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`STRIPE_API_BASE must use http or https, got '${base}'.`);
  }
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  const port = url.port === '' ? (protocol === 'https' ? 443 : 80) : Number(url.port);
  return { host: url.hostname, port, protocol };
}

export function smtpUrl(): string {
  const value = SMTP_URL.value().trim();
  if (!/^smtps?:\/\/[^\s]+$/.test(value)) {
    throw new ConfigError('Secret SMTP_URL is missing or malformed (expected smtp://… or smtps://…).');
  }
  return value;
}

export function emailTokenSecret(): string {
  const value = EMAIL_TOKEN_SECRET.value().trim();
  if (value.length < 32) {
    throw new ConfigError('Secret EMAIL_TOKEN_SECRET is missing or shorter than 32 characters.');
  }
  return value;
}
