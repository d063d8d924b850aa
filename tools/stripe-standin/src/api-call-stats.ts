// Counts Stripe API calls per endpoint (`POST /v1/customers`, `GET /v1/subscriptions/:id`), so tests can assert
// how often the functions talk to Stripe. Control and checkout-page requests are not Stripe API calls.

export interface ApiCallStatsSnapshot {
  total: number;
  endpoints: Record<string, number>;
  since: string;
}

export class ApiCallStats {
  private counts = new Map<string, number>();
  private since = new Date();

  record(endpoint: string): void {
    this.counts.set(endpoint, (this.counts.get(endpoint) ?? 0) + 1);
  }

  reset(): void {
    this.counts.clear();
    this.since = new Date();
  }

  snapshot(): ApiCallStatsSnapshot {
    const endpoints: Record<string, number> = {};
    let total = 0;
    for (const [endpoint, count] of [...this.counts].sort(([a], [b]) => a.localeCompare(b))) {
      endpoints[endpoint] = count;
      total += count;
    }
    return { total, endpoints, since: this.since.toISOString() };
  }
}
