// The Stripe stand-in's control API (tools/stripe-standin/src/control-api.ts), as the integration and e2e suites
// read it: the state it holds and how many Stripe API calls it answered.

/** Where the stand-in listens: STRIPE_STANDIN_URL, else the port scripts/lib/ports.ts starts it on. */
export const STANDIN_URL =
  process.env.STRIPE_STANDIN_URL ?? `http://127.0.0.1:${process.env.STRIPE_STANDIN_PORT ?? '12111'}`;

export async function standinControl(path: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(`${STANDIN_URL}${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
  const body: unknown = await response.json();
  if (!response.ok) throw new Error(`Stand-in ${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Moves a subscription to the end of its period: renewal (paid or failed) or, after a cancel, its end. */
export async function advanceSubscription(
  subscriptionId: string,
  payment: 'succeeds' | 'fails' = 'succeeds',
): Promise<{ outcome: string }> {
  return standinControl(`/_control/subscriptions/${subscriptionId}/advance`, {
    method: 'POST',
    body: JSON.stringify({ payment }),
  }) as Promise<{ outcome: string }>;
}

export interface StandinState {
  customers: Record<string, { id: string; metadata: Record<string, string> }>;
  checkoutSessions: Record<
    string,
    { session: { id: string; client_reference_id: string | null; customer: string | null } }
  >;
  subscriptions: Record<
    string,
    { id: string; customer: string; status: string; cancel_at_period_end: boolean }
  >;
}

/** The stand-in's whole state (to see what the functions created or changed in "Stripe"). */
export async function standinState(): Promise<StandinState> {
  return standinControl('/_control/state') as Promise<StandinState>;
}

/** How many Stripe API calls the stand-in has answered so far. */
export async function standinApiCallCount(): Promise<number> {
  return ((await standinControl('/_control/stats')) as { total: number }).total;
}
