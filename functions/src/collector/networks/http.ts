// The one HTTP client of the affiliate-network sources (Awin, Impact, CJ): a well-behaved API client.
//
//  - Rate limit: calls to one network are spaced 60 s / callsPerMinute apart (retries count as calls).
//  - Retries: 429, 5xx and network errors/timeouts are retried with exponential backoff (1 s, 2 s, 4 s, … capped),
//    or after the server's Retry-After (seconds or an HTTP date) when it gives one; at most maxAttempts calls per
//    request. A Retry-After longer than the longest wait ends the run at once instead of sleeping through it.
//  - 401/403 are never retried: the credentials are wrong or expired, and the message says so (without them).
//  - Bodies are read with a byte cap; a larger answer fails the run.
//  - Credentials travel in headers only; error messages and locations name the URL without its query string.
// Every failure is a FeedError: the pipeline then records the run as failed and changes nothing, so a network
// outage never expires the catalogue. The clock and sleep are injected so tests run in milliseconds.
import { FeedError } from '../feed';

/** One network answer that could not be turned into records, or a network that refused to answer. */
export class NetworkError extends FeedError {}

export interface NetworkHttpOptions {
  /** The network's name, for messages ('awin'). */
  network: string;
  /** The network's documented call budget. */
  callsPerMinute: number;
  /** Calls per request, the first included (default 5). */
  maxAttempts?: number;
  /** First backoff; doubles per retry (default 1 s). */
  baseDelayMs?: number;
  /** Longest single wait, backoff or Retry-After (default 2 minutes). */
  maxDelayMs?: number;
  /** Largest accepted body of one answer (default 16 MiB). */
  maxResponseBytes?: number;
  /** Time allowed for one call, body included (default 60 s). */
  timeoutMs?: number;
  /** Hides account ids that travel in the path (impact.com's Account SID) from messages. */
  redactPath?: (location: string) => string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export interface NetworkRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

export interface NetworkResponse {
  status: number;
  contentType: string;
  text: string;
}

export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The URL as it may appear in logs and run documents: no query string (tokens and ids live there). */
export function redactedLocation(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

/** Retry-After as milliseconds from now: delay-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, nowMs: number): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

const isRetryable = (status: number) => status === 429 || status >= 500;

async function readCapped(response: Response, maxBytes: number, where: string): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new NetworkError(`${where} answered more than ${maxBytes} bytes (the cap of one page)`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new NetworkError(`${where} answered more than ${maxBytes} bytes (the cap of one page)`);
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

export class NetworkClient {
  private readonly spacingMs: number;
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly maxResponseBytes: number;
  private readonly timeoutMs: number;
  private readonly fetchFn: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;
  private nextCallAt = 0;
  /** Calls made, retries included (for tests and the run's message). */
  calls = 0;

  constructor(private readonly options: NetworkHttpOptions) {
    if (!(options.callsPerMinute > 0)) throw new Error('callsPerMinute must be positive');
    this.spacingMs = 60_000 / options.callsPerMinute;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.baseDelayMs = options.baseDelayMs ?? 1000;
    this.maxDelayMs = options.maxDelayMs ?? 120_000;
    this.maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.fetchFn = options.fetch ?? fetch;
    this.sleep = options.sleep ?? realSleep;
    this.now = options.now ?? Date.now;
  }

  private async waitForSlot(): Promise<void> {
    const wait = this.nextCallAt - this.now();
    if (wait > 0) await this.sleep(wait);
    this.nextCallAt = Math.max(this.now(), this.nextCallAt) + this.spacingMs;
  }

  /** One request, retried as described above; resolves only with a 2xx answer. */
  async request(request: NetworkRequest): Promise<NetworkResponse> {
    const { network } = this.options;
    const location = redactedLocation(request.url);
    const where = `${network} (${request.method ?? 'GET'} ${this.options.redactPath?.(location) ?? location})`;
    let lastProblem = '';
    for (let attempt = 1; attempt <= this.maxAttempts; attempt += 1) {
      await this.waitForSlot();
      this.calls += 1;
      let response: Response;
      try {
        response = await this.fetchFn(request.url, {
          method: request.method ?? 'GET',
          headers: request.headers,
          body: request.body,
          signal: AbortSignal.timeout(this.timeoutMs),
        });
      } catch (error) {
        lastProblem = `could not be reached: ${(error as Error).message}`;
        if (attempt < this.maxAttempts) await this.sleep(this.backoff(attempt));
        continue;
      }
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel();
        throw new NetworkError(
          `${where} refused the credentials (HTTP ${response.status}): the API token is wrong or has expired; set a new one (see "Connecting a network" in docs/collector.md)`,
        );
      }
      if (isRetryable(response.status)) {
        await response.body?.cancel();
        lastProblem = `answered HTTP ${response.status}`;
        if (attempt === this.maxAttempts) break;
        const asked = retryAfterMs(response.headers.get('retry-after'), this.now());
        if (asked !== null && asked > this.maxDelayMs) {
          throw new NetworkError(
            `${where} answered HTTP ${response.status} and asked to wait ${Math.ceil(asked / 1000)} s, longer than the ${this.maxDelayMs / 1000} s this run waits; the next run tries again`,
          );
        }
        await this.sleep(Math.max(asked ?? 0, this.backoff(attempt)));
        continue;
      }
      if (response.status < 200 || response.status >= 300) {
        await response.body?.cancel();
        throw new NetworkError(`${where} answered HTTP ${response.status}`);
      }
      let text: string;
      try {
        text = await readCapped(response, this.maxResponseBytes, where);
      } catch (error) {
        if (error instanceof NetworkError) throw error;
        lastProblem = `broke off while answering: ${(error as Error).message}`;
        if (attempt < this.maxAttempts) await this.sleep(this.backoff(attempt));
        continue;
      }
      return {
        status: response.status,
        contentType: response.headers.get('content-type') ?? '',
        text,
      };
    }
    throw new NetworkError(
      `${where} ${lastProblem} after ${this.maxAttempts} attempts; the run changes nothing`,
    );
  }

  private backoff(attempt: number): number {
    return Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** (attempt - 1));
  }
}

/** Refuses endless pagination: a source calls this before fetching each page. */
export function assertPageAllowed(network: string, page: number, maxPages: number): void {
  if (page > maxPages) {
    throw new NetworkError(
      `${network} still had more pages after ${maxPages} (the page cap): refusing a possibly endless listing; the run changes nothing`,
    );
  }
}
