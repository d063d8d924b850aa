// Delivers events to the webhook URL in one of three modes (see DeliveryMode in config.ts): `immediate` (one at a
// time, in order, each awaited and retried with a short backoff), `realistic` (delayed, shuffled, duplicated, lost
// and retried minutes of simulated time later, as Stripe's network does) or `manual` (recorded only). Every
// delivery is recorded in the state's delivery log.
import http from 'node:http';
import https from 'node:https';
import { seededRandom } from '../../seeded-random';
import { REALISTIC_DELIVERY, type DeliveryMode, type StandinConfig } from './config';
import { newId, nowSeconds } from './ids';
import type { DeliveryAttempt, DeliveryLogEntry, StateStore } from './state-store';
import { stripeSignatureHeader } from './webhook-signing';
import type { StandinEvent } from './wire-types';

interface AttemptResult {
  statusCode: number | null;
  error: string | null;
}

/** When each attempt of one realistic delivery is made, in real milliseconds from now. */
interface RealisticPlan {
  startMs: number;
  /** The first attempt never reaches the endpoint (as if the network dropped it). */
  firstAttemptLost: boolean;
  /** Waits before each retry after a failed attempt. */
  retryDelaysMs: number[];
}

export class WebhookDeliverer {
  private queue: Promise<void> = Promise.resolve();
  /** Realistic deliveries run independently; idle() waits for all of them. */
  private readonly running = new Set<Promise<void>>();
  private closed = false;
  private readonly wakers = new Set<() => void>();
  private readonly requests = new Set<http.ClientRequest>();
  private readonly random: () => number;
  mode: DeliveryMode;

  constructor(
    private readonly config: StandinConfig,
    private readonly store: StateStore,
  ) {
    this.mode = config.deliveryMode;
    this.random = seededRandom(config.seed);
  }

  get enabled(): boolean {
    return this.config.webhookUrl !== '' && this.mode !== 'manual';
  }

  /**
   * Immediate mode: queues the events behind earlier ones and resolves once each was delivered or given up on.
   * Realistic mode: schedules them and resolves at once (idle() waits for them).
   */
  deliver(events: readonly StandinEvent[]): Promise<void> {
    if (!this.enabled || events.length === 0) return this.queue;
    if (this.mode === 'realistic') {
      for (const event of events) this.scheduleRealistic(event);
      return Promise.resolve();
    }
    const run = this.queue.then(async () => {
      for (const event of events) await this.deliverOne(event, null);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Resolves when every queued or scheduled delivery has finished (late copies included). */
  async idle(): Promise<void> {
    await this.queue;
    while (this.running.size > 0) await Promise.all(this.running);
  }

  /** Stops retrying, aborts requests in flight and waits for the deliveries to settle. */
  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.wakers) wake();
    for (const request of this.requests) request.destroy(new Error('Stripe stand-in is shutting down'));
    await this.idle();
  }

  private simulatedMinutes(minutes: number): number {
    return Math.round(minutes * REALISTIC_DELIVERY.simulatedMinuteMs);
  }

  private lateMs(): number {
    const [min, max] = REALISTIC_DELIVERY.lateMinutes;
    return this.simulatedMinutes(min + this.random() * (max - min));
  }

  private scheduleRealistic(event: StandinEvent): void {
    const retryDelaysMs = REALISTIC_DELIVERY.retryScheduleMinutes.map((minutes) =>
      this.simulatedMinutes(minutes),
    );
    const startMs = this.simulatedMinutes((this.random() * REALISTIC_DELIVERY.maxInitialDelaySeconds) / 60);
    const plans: RealisticPlan[] = [
      {
        startMs,
        firstAttemptLost: this.random() < REALISTIC_DELIVERY.lostFirstAttemptRate,
        retryDelaysMs: [this.lateMs(), ...retryDelaysMs],
      },
    ];
    if (this.random() < REALISTIC_DELIVERY.duplicateRate) {
      plans.push({ startMs: startMs + this.lateMs(), firstAttemptLost: false, retryDelaysMs });
    }
    for (const plan of plans) {
      const delivery = (async () => {
        await this.sleep(plan.startMs);
        if (!this.closed) await this.deliverOne(event, plan);
      })();
      this.running.add(delivery);
      void delivery.finally(() => this.running.delete(delivery));
    }
  }

  private async deliverOne(event: StandinEvent, plan: RealisticPlan | null): Promise<void> {
    const entry: DeliveryLogEntry = {
      id: newId('dlv', 14),
      eventId: event.id,
      eventType: event.type,
      url: this.config.webhookUrl,
      status: 'pending',
      attempts: [],
      created: new Date().toISOString(),
    };
    this.store.state.deliveries.push(entry);
    // Stripe sends pretty-printed JSON; the signature covers these exact bytes.
    const payload = JSON.stringify(event, null, 2);
    const delays = plan?.retryDelaysMs ?? this.config.webhookRetryDelaysMs;
    for (let attempt = 0; attempt <= delays.length && !this.closed; attempt += 1) {
      const result =
        attempt === 0 && plan?.firstAttemptLost
          ? { statusCode: null, error: 'simulated network loss (realistic delivery mode)' }
          : await this.post(payload);
      const record: DeliveryAttempt = { at: new Date().toISOString(), ...result };
      entry.attempts.push(record);
      const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
      this.config.log(
        `webhook ${event.type} ${event.id} → ${result.statusCode ?? result.error ?? 'no response'}` +
          (ok ? '' : ` (attempt ${attempt + 1} of ${delays.length + 1})`),
      );
      if (ok) {
        entry.status = 'delivered';
        break;
      }
      const delay = delays[attempt];
      if (delay !== undefined) await this.sleep(delay);
    }
    if (entry.status !== 'delivered') {
      entry.status = 'failed';
      this.config.log(`webhook ${event.type} ${event.id} NOT delivered to ${this.config.webhookUrl}`);
    }
    await this.store
      .save()
      .catch((error: unknown) => this.config.log(`could not save delivery log: ${String(error)}`));
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        this.wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.wakers.add(wake);
    });
  }

  private post(payload: string): Promise<AttemptResult> {
    return new Promise((resolve) => {
      let url: URL;
      try {
        url = new URL(this.config.webhookUrl);
      } catch {
        resolve({ statusCode: null, error: `invalid webhook URL '${this.config.webhookUrl}'` });
        return;
      }
      const transport = url.protocol === 'https:' ? https : http;
      const body = Buffer.from(payload, 'utf8');
      const request = transport.request(url, {
        method: 'POST',
        timeout: this.config.webhookTimeoutMs,
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': body.length,
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Cache-Control': 'no-cache',
          Accept: '*/*; q=0.5, application/xml',
          'Stripe-Signature': stripeSignatureHeader(payload, this.config.webhookSecret, nowSeconds()),
        },
      });
      this.requests.add(request);
      const finish = (result: AttemptResult): void => {
        this.requests.delete(request);
        resolve(result);
      };
      request.on('response', (response) => {
        response.resume();
        response.on('end', () => finish({ statusCode: response.statusCode ?? null, error: null }));
        response.on('error', (error) =>
          finish({ statusCode: response.statusCode ?? null, error: error.message }),
        );
      });
      request.on('timeout', () =>
        request.destroy(new Error(`timed out after ${this.config.webhookTimeoutMs} ms`)),
      );
      request.on('error', (error) => finish({ statusCode: null, error: error.message }));
      request.end(body);
    });
  }
}
