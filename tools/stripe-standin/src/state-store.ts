// Persistent state: one JSON file, rewritten atomically (temp file + rename) after every change.
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import type {
  Metadata,
  StandinEvent,
  WireCheckoutSession,
  WireCustomer,
  WireInvoice,
  WirePortalSession,
  WireRefund,
  WireSubscription,
} from './wire-types';

/** What a checkout session needs beyond the public object (Stripe keeps these server-side too). */
export interface StoredCheckoutSession {
  session: WireCheckoutSession;
  lineItems: { price: string; quantity: number }[];
  subscriptionMetadata: Metadata;
  /** The subscription a declined first payment left `incomplete`; paying again completes it. */
  incompleteSubscription?: string;
}

export interface IdempotencyRecord {
  key: string;
  /** Method, path and canonical parameters of the first request. */
  fingerprint: string;
  status: number;
  body: unknown;
  requestId: string;
  created: number;
}

export interface DeliveryAttempt {
  at: string;
  statusCode: number | null;
  error: string | null;
}

export interface DeliveryLogEntry {
  id: string;
  eventId: string;
  eventType: string;
  url: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: DeliveryAttempt[];
  created: string;
}

/** A test card set as a customer's default payment method (Stripe keeps the card itself server-side). */
export interface StoredCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** A card that attaches but declines every charge (Stripe's 4000 0000 0000 0341). */
  declines: boolean;
}

export interface StandinState {
  version: 1;
  customers: Record<string, WireCustomer>;
  checkoutSessions: Record<string, StoredCheckoutSession>;
  subscriptions: Record<string, WireSubscription>;
  invoices: Record<string, WireInvoice>;
  refunds: Record<string, WireRefund>;
  portalSessions: Record<string, WirePortalSession>;
  /** Default card per customer id, once set in the portal. */
  cards: Record<string, StoredCard>;
  events: StandinEvent[];
  idempotency: Record<string, IdempotencyRecord>;
  deliveries: DeliveryLogEntry[];
}

const MAX_EVENTS = 1000;
const MAX_DELIVERIES = 500;

function emptyState(): StandinState {
  return {
    version: 1,
    customers: {},
    checkoutSessions: {},
    subscriptions: {},
    invoices: {},
    refunds: {},
    portalSessions: {},
    cards: {},
    events: [],
    idempotency: {},
    deliveries: [],
  };
}

// The file is ours, so objects are checked only for their identifying fields; a hand-edited or foreign file
// is still rejected with a clear message instead of crashing a request later.
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const hasId = (object: string) => (value: unknown) =>
  isRecord(value) && typeof value.id === 'string' && value.object === object;

const stateSchema = z.object({
  version: z.literal(1),
  customers: z.record(z.string(), z.custom<WireCustomer>(hasId('customer'))),
  checkoutSessions: z.record(
    z.string(),
    z.object({
      session: z.custom<WireCheckoutSession>(hasId('checkout.session')),
      lineItems: z.array(z.object({ price: z.string(), quantity: z.number().int().positive() })),
      subscriptionMetadata: z.record(z.string(), z.string()),
      incompleteSubscription: z.string().optional(),
    }),
  ),
  subscriptions: z.record(z.string(), z.custom<WireSubscription>(hasId('subscription'))),
  invoices: z.record(z.string(), z.custom<WireInvoice>(hasId('invoice'))),
  // Absent in state files written before refunds existed.
  refunds: z.record(z.string(), z.custom<WireRefund>(hasId('refund'))).default({}),
  // Absent in state files written before the portal existed.
  portalSessions: z
    .record(z.string(), z.custom<WirePortalSession>(hasId('billing_portal.session')))
    .default({}),
  cards: z
    .record(
      z.string(),
      z.object({
        id: z.string(),
        brand: z.string(),
        last4: z.string(),
        expMonth: z.number().int(),
        expYear: z.number().int(),
        declines: z.boolean(),
      }),
    )
    .default({}),
  events: z.array(z.custom<StandinEvent>(hasId('event'))),
  idempotency: z.record(
    z.string(),
    z.object({
      key: z.string(),
      fingerprint: z.string(),
      status: z.number().int(),
      body: z.unknown(),
      requestId: z.string(),
      created: z.number(),
    }),
  ),
  deliveries: z.array(
    z.object({
      id: z.string(),
      eventId: z.string(),
      eventType: z.string(),
      url: z.string(),
      status: z.enum(['pending', 'delivered', 'failed']),
      attempts: z.array(
        z.object({ at: z.string(), statusCode: z.number().int().nullable(), error: z.string().nullable() }),
      ),
      created: z.string(),
    }),
  ),
});

/** Node's system errors carry a `code`; checked structurally because they may come from another realm. */
export const errorCode = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

export class StateStore {
  private pendingWrite: Promise<void> = Promise.resolve();
  private writeCount = 0;

  private constructor(
    readonly file: string,
    public state: StandinState,
  ) {}

  /** Loads the state file, or starts empty when it does not exist yet. */
  static async open(file: string): Promise<StateStore> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return new StateStore(file, emptyState());
      throw error;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`Stripe stand-in state file ${file} is not valid JSON; delete it to start fresh.`);
    }
    const parsed = stateSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(
        `Stripe stand-in state file ${file} has an unexpected shape (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}); delete it to start fresh.`,
      );
    }
    // Deliveries are not resumed after a restart; say so in the log instead of leaving them pending forever.
    for (const entry of parsed.data.deliveries) {
      if (entry.status !== 'pending') continue;
      entry.status = 'failed';
      entry.attempts.push({
        at: new Date().toISOString(),
        statusCode: null,
        error: 'stand-in stopped before delivery',
      });
    }
    return new StateStore(file, parsed.data);
  }

  /** Writes the current state; writes are queued so the file always ends with the newest state. */
  save(): Promise<void> {
    this.trim();
    const write = this.pendingWrite.then(() => this.writeNow());
    // A failed write must not block later ones; the caller of this save still sees the failure.
    this.pendingWrite = write.catch(() => undefined);
    return write;
  }

  async reset(): Promise<void> {
    this.state = emptyState();
    await this.save();
  }

  /** Waits for queued writes (used when closing). */
  async flush(): Promise<void> {
    await this.pendingWrite;
  }

  private trim(): void {
    const { state } = this;
    if (state.events.length > MAX_EVENTS) state.events.splice(0, state.events.length - MAX_EVENTS);
    if (state.deliveries.length > MAX_DELIVERIES)
      state.deliveries.splice(0, state.deliveries.length - MAX_DELIVERIES);
  }

  private async writeNow(): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true });
    this.writeCount += 1;
    const temporary = `${this.file}.${process.pid}.${this.writeCount}.tmp`;
    try {
      await writeFile(temporary, `${JSON.stringify(this.state, null, 2)}\n`, 'utf8');
      await rename(temporary, this.file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
}
