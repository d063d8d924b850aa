// Firestore answers contention (transactions competing for the same documents, or waiting too long for one's
// lock) with gRPC ABORTED. The Admin SDK retries a transaction a few times by itself; under a burst (Stripe
// delivering many events at once) that is not always enough. Every transaction of the functions runs through
// runTransaction here: a bounded number of further attempts with jittered exponential backoff, so competing
// requests spread out instead of colliding again. If contention outlasts them, ContentionError is thrown, which
// the functions' error policy (http/endpoint.ts) answers with 503 and Retry-After, logged as a warning: the
// caller retries (Stripe does), and it is no error.
import type { Firestore, Transaction } from 'firebase-admin/firestore';

/** gRPC ABORTED. */
const ABORTED = 10;

export interface ContentionRetryPolicy {
  /** Attempts of the whole transaction (each with the SDK's own retries inside). */
  attempts: number;
  /** Upper bound of the first wait; doubled for each further one, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const CONTENTION_RETRY: ContentionRetryPolicy = { attempts: 4, baseDelayMs: 100, maxDelayMs: 2000 };

/** Seconds a caller answered 503 for contention should wait before retrying (the Retry-After header). */
export const CONTENTION_RETRY_AFTER_SECONDS = 2;

/** Contention that outlasted the retries: retryable by the caller, not a failure of the function. */
export class ContentionError extends Error {
  override readonly name = 'ContentionError';

  constructor(
    readonly attempts: number,
    readonly lastError: unknown,
  ) {
    super(
      `Firestore contention outlasted ${attempts} attempts: ${lastError instanceof Error ? lastError.message : String(lastError)}`,
    );
  }
}

/** Firestore's contention answer (ABORTED, e.g. "Transaction lock timeout"), or ContentionError. */
export function isContention(error: unknown): boolean {
  if (error instanceof ContentionError) return true;
  return (error as { code?: unknown } | null)?.code === ABORTED;
}

/** The wait before attempt `attempt + 1`: "full jitter", a random time up to the capped exponential bound. */
export function contentionDelayMs(
  attempt: number,
  policy: ContentionRetryPolicy,
  random: () => number = Math.random,
): number {
  return Math.floor(random() * Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt));
}

export interface ContentionRetryOptions {
  policy?: ContentionRetryPolicy;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` again while it fails with contention, at most `policy.attempts` times in all; other failures
 * pass through at once. `attempt` must be safe to repeat: a whole transaction is (it committed nothing).
 */
export async function retryContention<T>(
  attempt: () => Promise<T>,
  { policy = CONTENTION_RETRY, sleep = sleepFor, random = Math.random }: ContentionRetryOptions = {},
): Promise<T> {
  let lastError: unknown;
  for (let tried = 0; tried < policy.attempts; tried += 1) {
    if (tried > 0) await sleep(contentionDelayMs(tried - 1, policy, random));
    try {
      return await attempt();
    } catch (error) {
      if (!isContention(error)) throw error;
      lastError = error;
    }
  }
  throw new ContentionError(policy.attempts, lastError);
}

/** db.runTransaction with contention retried (retryContention). */
export function runTransaction<T>(
  db: Firestore,
  update: (tx: Transaction) => Promise<T>,
  options: ContentionRetryOptions = {},
): Promise<T> {
  return retryContention(() => db.runTransaction(update), options);
}
