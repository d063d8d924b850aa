// Stripe's idempotent requests: a key first used with some parameters replays that response; reusing it with other
// parameters is an idempotency_error. Only successful results are kept (Stripe does not keep validation failures).
import { canonicalParams, type FormObject } from './form-encoding';
import type { IdempotencyRecord, StandinState } from './state-store';
import { idempotencyMismatch, invalidRequest } from './stripe-error';

const KEY_LIFETIME_SECONDS = 24 * 60 * 60;
const MAX_KEY_LENGTH = 255;

export function requestFingerprint(method: string, path: string, params: FormObject): string {
  return `${method} ${path} ${canonicalParams(params)}`;
}

/** The stored response to replay, or undefined when the key is new (or expired). */
export function findReplay(
  state: StandinState,
  key: string,
  fingerprint: string,
  now: number,
): IdempotencyRecord | undefined {
  if (key.length > MAX_KEY_LENGTH) {
    throw invalidRequest(
      `Idempotency-Key must be at most ${MAX_KEY_LENGTH} characters long.`,
      'Idempotency-Key',
    );
  }
  const record = state.idempotency[key];
  if (!record || now - record.created > KEY_LIFETIME_SECONDS) return undefined;
  if (record.fingerprint !== fingerprint) throw idempotencyMismatch(key);
  return record;
}

export function rememberResponse(state: StandinState, record: IdempotencyRecord): void {
  const live = Object.entries(state.idempotency).filter(
    ([, existing]) => record.created - existing.created <= KEY_LIFETIME_SECONDS,
  );
  state.idempotency = Object.fromEntries([...live, [record.key, record]]);
}
