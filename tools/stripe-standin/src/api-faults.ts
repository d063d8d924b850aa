// Fault mode: a share of Stripe API requests is answered with the transient errors Stripe itself sends under load
// (429 rate limit, 500, 409 idempotency_key_in_use), before anything is changed, so the caller's retries and
// idempotency keys are exercised. The SDK retries them (Stripe-Should-Retry: true), as it does against Stripe.
import { seededRandom } from '../../seeded-random';
import { StripeApiError } from './stripe-error';

export class ApiFaults {
  private readonly random: () => number;
  /** Added before every API request is handled, as network and Stripe's own latency (widens race windows). */
  latencyMs = 0;

  constructor(
    public rate: number,
    seed: number,
  ) {
    this.random = seededRandom(seed + 1);
  }

  /** A fault to answer this request with, or null to handle it normally. */
  next(hasIdempotencyKey: boolean): StripeApiError | null {
    if (this.rate <= 0 || this.random() >= this.rate) return null;
    const pick = this.random();
    if (pick < 0.4) {
      return new StripeApiError(
        429,
        'invalid_request_error',
        'Too many requests hit the API too quickly. We recommend an exponential backoff of your requests.',
        'rate_limit',
      );
    }
    if (pick < 0.7 && hasIdempotencyKey) {
      return new StripeApiError(
        409,
        'invalid_request_error',
        'There is currently another in-progress request using this Stripe-Idempotency-Key. Please try again later.',
        'idempotency_key_in_use',
      );
    }
    return new StripeApiError(500, 'api_error', 'An unknown error occurred (simulated by the fault mode).');
  }
}
