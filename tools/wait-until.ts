// The one deadline-bound poll of the scripts, the tests and the benchmark: a webhook's effect visible in Firestore,
// a mail in the inbox. Starting the stack's own services waits without a deadline, only a stall window
// (scripts/lib/readiness.ts): how long a busy machine takes to start them says nothing about whether they work.

export interface WaitOptions {
  /** Named in the timeout error: "<what> not ready within 30s". */
  what: string;
  timeoutMs?: number;
  intervalMs?: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const describe = (value: unknown): string =>
  value instanceof Error ? value.message : (JSON.stringify(value) ?? String(value));

/**
 * Reads until `done(value)` and returns that value. A read that throws counts as "not yet" (a server that is not
 * listening yet); after `timeoutMs` it throws with the last value or error seen.
 */
export async function waitUntil<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  { what, timeoutMs = 30_000, intervalMs = 250 }: WaitOptions,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let last: unknown;
    try {
      const value = await read();
      if (done(value)) return value;
      last = value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`${what} not ready within ${timeoutMs / 1000}s (last: ${describe(last)})`);
    await pause(intervalMs);
  }
}

/** Resolves once `url` answers below 500 (anything the server decided to say, even a 404, means it is up). */
export async function waitForHttp(url: string, options: WaitOptions): Promise<void> {
  await waitUntil(
    async () => (await fetch(url, { redirect: 'manual' })).status,
    (status) => status < 500,
    options,
  );
}
