// Delivers events to the webhook URL, signed like Stripe, in one of three modes (DeliveryMode in config.ts):
// `immediate` (one at a time, in order, each awaited and retried with a short backoff), `realistic` (delayed,
// shuffled, duplicated, lost and retried minutes of simulated time later, as Stripe's network does) or `manual`.
import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { seededRandom } from '../../seeded-random';
import { REALISTIC_DELIVERY, type DeliveryMode, type StandinConfig } from './config';
import type { StandinEvent } from './billing';
import { nowSeconds } from './objects';

/**
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" keyed with the endpoint secret>`.
 * Written with node:crypto rather than the SDK's test helper, so the tests' `constructEvent` checks an independent
 * implementation.
 */
export function stripeSignatureHeader(payload: string, secret: string, timestamp = nowSeconds()): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')}`;
}

export class WebhookDeliverer {
  private queue: Promise<void> = Promise.resolve();
  /** Realistic deliveries run independently; idle() waits for them too. */
  private readonly running = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private readonly random: () => number;
  mode: DeliveryMode;

  constructor(private readonly config: StandinConfig) {
    this.mode = config.deliveryMode;
    this.random = seededRandom(config.seed);
  }

  /**
   * Immediate mode: queues the events behind earlier ones and resolves once each was delivered or given up on.
   * Realistic mode: schedules them and resolves at once. Manual mode (or no webhook URL): records nothing more.
   */
  deliver(events: readonly StandinEvent[]): Promise<void> {
    if (this.config.webhookUrl === '' || this.mode === 'manual' || events.length === 0)
      return Promise.resolve();
    if (this.mode === 'realistic') {
      for (const event of events) this.scheduleRealistic(event);
      return Promise.resolve();
    }
    this.queue = this.queue.then(async () => {
      for (const event of events) await this.attempt(event, this.config.webhookRetryDelaysMs);
    });
    return this.queue;
  }

  /** Resolves when every queued or scheduled delivery has finished (late copies included). */
  async idle(): Promise<void> {
    await this.queue;
    while (this.running.size > 0) await Promise.all(this.running);
  }

  /** Stops retrying, aborts requests in flight and waits for the deliveries to settle. */
  async close(): Promise<void> {
    this.stopping.abort();
    await this.idle();
  }

  private minutes(minutes: number): number {
    return Math.round(minutes * REALISTIC_DELIVERY.simulatedMinuteMs);
  }

  private lateMs(): number {
    const [min, max] = REALISTIC_DELIVERY.lateMinutes;
    return this.minutes(min + this.random() * (max - min));
  }

  private scheduleRealistic(event: StandinEvent): void {
    const retries = REALISTIC_DELIVERY.retryScheduleMinutes.map((minutes) => this.minutes(minutes));
    const startMs = this.minutes((this.random() * REALISTIC_DELIVERY.maxInitialDelaySeconds) / 60);
    const lost = this.random() < REALISTIC_DELIVERY.lostFirstAttemptRate;
    // A lost first attempt is "retried" after a late delay; a duplicate is a whole second delivery, later.
    const copies = [{ startMs, lost, delays: lost ? [this.lateMs(), ...retries] : retries }];
    if (this.random() < REALISTIC_DELIVERY.duplicateRate) {
      copies.push({ startMs: startMs + this.lateMs(), lost: false, delays: retries });
    }
    for (const copy of copies) {
      const delivery = this.wait(copy.startMs).then(() => this.attempt(event, copy.delays, copy.lost));
      this.running.add(delivery);
      void delivery.finally(() => this.running.delete(delivery));
    }
  }

  /** Sleeps, cut short when the stand-in stops. */
  private wait(ms: number): Promise<void> {
    return sleep(ms, undefined, { signal: this.stopping.signal }).catch(() => undefined);
  }

  /** Sends one event until a 2xx answer, waiting `delaysMs[i]` after failed attempt i; never throws. */
  private async attempt(event: StandinEvent, delaysMs: readonly number[], firstLost = false): Promise<void> {
    // Stripe sends pretty-printed JSON; the signature covers these exact bytes.
    const payload = JSON.stringify(event, null, 2);
    for (let attempt = 0; attempt <= delaysMs.length && !this.stopping.signal.aborted; attempt += 1) {
      const outcome =
        attempt === 0 && firstLost ? 'lost on the way (realistic mode)' : await this.post(payload);
      const ok = typeof outcome === 'number' && outcome >= 200 && outcome < 300;
      this.config.log(
        `webhook ${event.type} ${event.id} → ${outcome}${ok ? '' : ` (attempt ${attempt + 1} of ${delaysMs.length + 1})`}`,
      );
      if (ok) return;
      if (attempt < delaysMs.length) await this.wait(delaysMs[attempt] ?? 0);
    }
    this.config.log(`webhook ${event.type} ${event.id} NOT delivered to ${this.config.webhookUrl}`);
  }

  /** The answer's status code, or what went wrong. */
  private async post(payload: string): Promise<number | string> {
    try {
      const response = await fetch(this.config.webhookUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Stripe-Signature': stripeSignatureHeader(payload, this.config.webhookSecret),
        },
        body: payload,
        signal: AbortSignal.any([this.stopping.signal, AbortSignal.timeout(this.config.webhookTimeoutMs)]),
      });
      await response.arrayBuffer();
      return response.status;
    } catch (error) {
      return error instanceof Error ? `${error.message} ${String(error.cause ?? '')}`.trim() : String(error);
    }
  }
}
