// Delivers events to the webhook URL, signed like Stripe, in one of three modes (docs/stripe-standin.md):
// `immediate` (in order, each awaited, retried with a short backoff), `realistic` (delayed, shuffled, duplicated, lost
// and retried minutes of simulated time later, as Stripe's network does) or `manual` (recorded only).
import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { seededRandom } from '../../seeded-random';
import { REALISTIC_DELIVERY as REALISTIC, type DeliveryMode, type StandinConfig } from './config';
import { nowSeconds, type StandinEvent } from './objects';

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

  /** Immediate mode: resolves once each event was delivered or given up on. Other modes: at once. */
  deliver(events: readonly StandinEvent[]): Promise<void> {
    if (this.config.webhookUrl === '' || this.mode === 'manual') return Promise.resolve();
    if (this.mode === 'immediate') {
      const delays = this.config.webhookRetryDelaysMs;
      this.queue = this.queue.then(async () => {
        for (const event of events) await this.send(event, delays);
      });
      return this.queue;
    }
    const minutes = (count: number) => Math.round(count * REALISTIC.simulatedMinuteMs);
    const [earliest, latest] = REALISTIC.lateMinutes;
    const late = () => minutes(earliest + this.random() * (latest - earliest));
    const retries = REALISTIC.retryScheduleMinutes.map(minutes);
    for (const event of events) {
      const start = minutes((this.random() * REALISTIC.maxInitialDelaySeconds) / 60);
      // A lost first attempt reaches nobody and is retried late; a duplicate is a second delivery, later.
      const lost = this.random() < REALISTIC.lostFirstAttemptRate;
      const copies = [{ start, lost, delays: lost ? [late(), ...retries] : retries }];
      if (this.random() < REALISTIC.duplicateRate)
        copies.push({ start: start + late(), lost: false, delays: retries });
      for (const copy of copies) {
        const delivery = this.wait(copy.start).then(() => this.send(event, copy.delays, copy.lost));
        this.running.add(delivery);
        void delivery.finally(() => this.running.delete(delivery));
      }
    }
    return Promise.resolve();
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

  /** Sleeps, cut short when the stand-in stops. */
  private wait(ms: number): Promise<void> {
    return sleep(ms, undefined, { signal: this.stopping.signal }).catch((error: unknown) => {
      // The stand-in stopping aborts the sleep; anything else is a bug.
      if (!(error instanceof Error && error.name === 'AbortError')) throw error;
    });
  }

  /** Sends one event until a 2xx answer, waiting `delays[i]` after failed attempt i; never throws. */
  private async send(event: StandinEvent, delays: readonly number[], firstLost = false): Promise<void> {
    // Stripe sends pretty-printed JSON; the signature covers these exact bytes.
    const payload = JSON.stringify(event, null, 2);
    for (let attempt = 0; attempt <= delays.length && !this.stopping.signal.aborted; attempt += 1) {
      const outcome =
        attempt === 0 && firstLost ? 'lost on the way (realistic mode)' : await this.post(payload);
      const ok = typeof outcome === 'number' && outcome >= 200 && outcome < 300;
      this.config.log(`webhook ${event.type} ${event.id} → ${outcome} (attempt ${attempt + 1})`);
      if (ok) return;
      if (attempt < delays.length) await this.wait(delays[attempt] ?? 0);
    }
    this.config.log(`webhook ${event.type} ${event.id} NOT delivered to ${this.config.webhookUrl}`);
  }

  /** The answer's status code, or what went wrong. */
  private async post(payload: string): Promise<number | string> {
    // Stripe's scheme, written with node:crypto (not the SDK's helper) so that the tests' `constructEvent` checks an
    // independent implementation: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`.
    const timestamp = nowSeconds();
    const hmac = createHmac('sha256', this.config.webhookSecret);
    const signature = hmac.update(`${timestamp}.${payload}`).digest('hex');
    const timeout = AbortSignal.timeout(this.config.webhookTimeoutMs);
    try {
      const response = await fetch(this.config.webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': `t=${timestamp},v1=${signature}` },
        body: payload,
        signal: AbortSignal.any([this.stopping.signal, timeout]),
      });
      await response.arrayBuffer();
      return response.status;
    } catch (error) {
      return error instanceof Error ? `${error.message} ${String(error.cause ?? '')}`.trim() : String(error);
    }
  }
}
