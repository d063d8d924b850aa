// Reads the Stripe stand-in's API call counter (tools/stripe-standin: `GET /_control/stats`,
// `POST /_control/stats/reset`). Only calls to its Stripe API (`/v1/…`) are counted, not checkout pages.
import type { StripeCalls } from './results';

export interface StripeCounterSnapshot {
  total: number;
  endpoints: Record<string, number>;
}

export class StripeCounter {
  constructor(private readonly baseUrl: string) {}

  async snapshot(): Promise<StripeCounterSnapshot> {
    const response = await fetch(`${this.baseUrl}/_control/stats`);
    if (!response.ok) throw new Error(`Stripe stand-in GET /_control/stats answered ${response.status}`);
    const body = (await response.json()) as Partial<StripeCounterSnapshot>;
    if (typeof body.total !== 'number' || typeof body.endpoints !== 'object' || body.endpoints === null) {
      throw new Error(
        `Stripe stand-in /_control/stats returned an unexpected shape: ${JSON.stringify(body).slice(0, 200)}`,
      );
    }
    return { total: body.total, endpoints: body.endpoints };
  }

  async reset(): Promise<void> {
    const response = await fetch(`${this.baseUrl}/_control/stats/reset`, { method: 'POST' });
    if (!response.ok)
      throw new Error(`Stripe stand-in POST /_control/stats/reset answered ${response.status}`);
  }

  /**
   * Waits until the counter has not moved for `quietMs` (webhook deliveries and the functions they trigger
   * finish after the page shows the result), then returns the snapshot.
   */
  async settled({ quietMs = 1500, timeoutMs = 15_000 } = {}): Promise<StripeCounterSnapshot> {
    const deadline = Date.now() + timeoutMs;
    // Resolves once every queued webhook delivery has been answered by the functions.
    await fetch(`${this.baseUrl}/_control/deliveries/flush`, {
      method: 'POST',
      signal: AbortSignal.timeout(timeoutMs),
    }).catch(() => undefined);
    let last = await this.snapshot();
    let stableSince = Date.now();
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const next = await this.snapshot();
      if (next.total !== last.total) {
        last = next;
        stableSince = Date.now();
      } else if (Date.now() - stableSince >= quietMs) {
        return next;
      }
    }
    return last;
  }
}

export function callsBetween(before: StripeCounterSnapshot, after: StripeCounterSnapshot): StripeCalls {
  const endpoints: Record<string, number> = {};
  for (const [endpoint, count] of Object.entries(after.endpoints)) {
    const delta = count - (before.endpoints[endpoint] ?? 0);
    if (delta > 0) endpoints[endpoint] = delta;
  }
  return { calls: after.total - before.total, endpoints };
}
