// The Stripe SDK, imported on first use (it is the heaviest dependency, and get_subscription_status never
// needs it) and created once per secret key.
import type Stripe from 'stripe' with { 'resolution-mode': 'import' };
import { stripeApiOverride, stripeSecretKey } from '../config';

let cached: { key: string; client: Promise<Stripe> } | undefined;

export function stripeClient(): Promise<Stripe> {
  const key = stripeSecretKey();
  if (cached?.key !== key) {
    const client = import('stripe').then(
      ({ default: StripeSdk }) =>
        new StripeSdk(key, {
          // Network errors, 409 and 5xx are retried with backoff, reusing the idempotency key.
          maxNetworkRetries: 2,
          timeout: 20_000,
          appInfo: { name: 'bargains-functions' },
          ...stripeApiOverride(),
        }),
    );
    cached = { key, client };
  }
  return cached.client;
}
