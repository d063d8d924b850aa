// stripe_webhook under contention: 20 deliveries in flight, several events of one user at the same time, so
// their transactions compete for the same documents (users/{uid}, stripe_customers/{id}). Firestore answers that
// with ABORTED; the webhook retries it itself, and contention that outlasts the retries is answered 503 with
// Retry-After (which Stripe retries and the error alerts do not count), never 500.
import { randomUUID } from 'node:crypto';
import { closeAdmin, readDoc } from './support/admin';
import { fakeId, linkCustomer, subscriptionEvent, type SubscriptionEventInput } from './support/events';
import { seededRandom } from '../../tools/seeded-random';
import { deliverEvent } from './support/stripe';

afterAll(closeAdmin);

const IN_FLIGHT = 20;
const USERS = 20;
const EVENTS_PER_USER = 4;
/** About 100 deliveries: a loaded machine's emulator answers one or two a second. */
const TIMEOUT_MS = 300_000;
const PERIOD_END = 1_900_000_000;
const MONTH = 30 * 24 * 3600;
const GRACE_SECONDS = 7 * 24 * 3600; // BILLING_GRACE_DAYS in functions/.env.demo-bargains

type Event = ReturnType<typeof subscriptionEvent>;
type Step = Pick<SubscriptionEventInput, 'type' | 'status' | 'currentPeriodEnd'>;

/** A subscription's life: created, renewals (some failing, then recovering), an update of the payment state. */
function lifeOf(next: () => number): Step[] {
  const steps: Step[] = [
    { type: 'customer.subscription.created', status: 'active', currentPeriodEnd: PERIOD_END },
  ];
  for (let i = 1; i < EVENTS_PER_USER; i += 1) {
    const roll = next();
    steps.push({
      type: 'customer.subscription.updated',
      status: roll < 0.6 ? 'active' : 'past_due',
      currentPeriodEnd: PERIOD_END + i * MONTH,
    });
  }
  return steps;
}

interface Answer {
  status: number;
  retryAfter: string | null;
}

describe('stripe_webhook with 20 deliveries in flight', () => {
  it(
    'never answers 500: contention is retried inside, or answered 503 with Retry-After',
    async () => {
      const next = seededRandom(20_261_127);
      const base = Math.floor(Date.now() / 1000) - 3600;
      const expected = new Map<string, Record<string, unknown>>();
      const events: Event[] = [];
      for (let index = 0; index < USERS; index += 1) {
        const subscriber = {
          uid: `contention-${randomUUID()}`,
          customerId: fakeId('cus'),
          subscriptionId: fakeId('sub'),
        };
        await linkCustomer(subscriber.customerId, subscriber.uid);
        lifeOf(next).forEach((step, stepIndex) => {
          const event = subscriptionEvent({
            ...subscriber,
            ...step,
            cancelAtPeriodEnd: false,
            created: base + stepIndex,
          });
          events.push(event);
          expected.set(subscriber.uid, {
            subscription_status: step.status,
            subscription_active: true,
            current_period_end: step.currentPeriodEnd,
            grace_period_end:
              step.status === 'past_due' ? step.currentPeriodEnd - MONTH + GRACE_SECONDS : null,
            last_stripe_event_id: event.id,
          });
        });
      }
      // Every event, a quarter of them twice, shuffled: a user's events overlap in flight.
      const deliveries = [...events, ...events.filter(() => next() < 0.25)]
        .map((event) => ({ event, key: next() }))
        .sort((a, b) => a.key - b.key)
        .map(({ event }) => event);

      const firstAnswers: Answer[] = [];
      const retried: Event[] = [];
      const queue = [...deliveries];
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          for (let event = queue.shift(); event; event = queue.shift()) {
            const result = await deliverEvent(event);
            firstAnswers.push({ status: result.status, retryAfter: result.headers.get('retry-after') });
            if (result.status !== 200) retried.push(event);
          }
        }),
      );
      expect(firstAnswers).toHaveLength(deliveries.length);
      expect(firstAnswers.filter((answer) => answer.status === 500)).toEqual([]);
      // Anything not accepted at once is the deliberate, retryable answer.
      expect(firstAnswers.filter((answer) => answer.status !== 200)).toEqual(
        firstAnswers.filter((answer) => answer.status === 503).map(() => ({ status: 503, retryAfter: '2' })),
      );
      if (retried.length > 0) console.info(`contention: ${retried.length} deliveries answered 503, retried`);

      // Stripe retries the 503s; each is then accepted, and every user ends on its newest event.
      for (const event of retried) expect((await deliverEvent(event)).status).toBe(200);
      for (const [uid, want] of expected) {
        expect({ uid, doc: await readDoc(`users/${uid}`) }).toEqual({
          uid,
          doc: expect.objectContaining(want),
        });
      }
    },
    TIMEOUT_MS,
  );
});
