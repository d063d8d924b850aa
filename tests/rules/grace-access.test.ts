// Access to the deals during a failed renewal's grace period: the rules must decide exactly as the functions' one
// definition, model/user.ts hasDealAccess, over the same table of user documents (allow AND deny, during grace and
// after the deadline).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { doc, getDoc, getDocs, limit, query, collection, setDoc, Timestamp } from 'firebase/firestore';
import { COLLECTIONS } from '@bargains/model/paths';
import { hasDealAccess } from '@bargains/model/user';
import { clientDb, SEEDED, useSeededRulesEnvironment } from './harness';

const env = useSeededRulesEnvironment();

const UID = 'grace-user';
const nowSeconds = () => Math.floor(Date.now() / 1000);
const HOUR = 3600;

/** A user document as the billing webhook mirrors it (billing/state.ts mirrorOf). */
function mirrored(fields: {
  subscription_active: boolean;
  subscription_status: string;
  grace_period_end: number | null;
}): Record<string, unknown> {
  const seed = Timestamp.fromDate(new Date('2025-01-01T00:00:00Z'));
  return {
    ...fields,
    created_at: seed,
    updated_at: seed,
    stripe_customer_id: 'cus_grace',
    stripe_subscription_id: 'sub_grace',
    current_period_end: nowSeconds() + 30 * 24 * HOUR,
    cancel_at_period_end: false,
    renewal_amount: 200,
    renewal_currency: 'usd',
  };
}

// Deadlines are relative to the test's own clock and far enough from it (an hour) that the emulator's request.time
// and this process's Date.now() cannot disagree about the side.
const CASES: Array<[string, () => Record<string, unknown>]> = [
  [
    'paid up',
    () => mirrored({ subscription_active: true, subscription_status: 'active', grace_period_end: null }),
  ],
  [
    'renewal failed, in its grace period',
    () =>
      mirrored({
        subscription_active: true,
        subscription_status: 'past_due',
        grace_period_end: nowSeconds() + HOUR,
      }),
  ],
  [
    'renewal failed, grace period over',
    () =>
      mirrored({
        subscription_active: true,
        subscription_status: 'past_due',
        grace_period_end: nowSeconds() - HOUR,
      }),
  ],
  [
    'final failure (unpaid)',
    () => mirrored({ subscription_active: false, subscription_status: 'unpaid', grace_period_end: null }),
  ],
  [
    'canceled after the retries',
    () => mirrored({ subscription_active: false, subscription_status: 'canceled', grace_period_end: null }),
  ],
];

describe.each(CASES)('a user whose subscription is %s', (_name, userDoc) => {
  async function prepare(): Promise<{ expected: boolean }> {
    const data = userDoc();
    await env().withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(clientDb(context), COLLECTIONS.users, UID), data);
    });
    const expected = hasDealAccess(
      {
        subscription_active: data.subscription_active === true,
        grace_period_end: typeof data.grace_period_end === 'number' ? data.grace_period_end : null,
      },
      Date.now(),
    );
    return { expected };
  }

  it.each([
    ['listing', SEEDED.deal],
    ['search', SEEDED.dealSearch],
  ])('reads a deal %s document exactly when hasDealAccess says so', async (_kind, path) => {
    const { expected } = await prepare();
    const db = clientDb(env().authenticatedContext(UID));
    const read = getDoc(doc(db, path));
    await (expected ? assertSucceeds(read) : assertFails(read));
  });

  it.each([COLLECTIONS.deals, COLLECTIONS.dealSearch])(
    'lists %s exactly when hasDealAccess says so',
    async (dealCollection) => {
      const { expected } = await prepare();
      const db = clientDb(env().authenticatedContext(UID));
      const list = getDocs(query(collection(db, dealCollection), limit(20)));
      await (expected ? assertSucceeds(list) : assertFails(list));
    },
  );
});

it('the table covers both answers of hasDealAccess', () => {
  const answers = CASES.map(([, userDoc]) => {
    const data = userDoc();
    return hasDealAccess(
      {
        subscription_active: data.subscription_active === true,
        grace_period_end: typeof data.grace_period_end === 'number' ? data.grace_period_end : null,
      },
      Date.now(),
    );
  });
  expect(answers).toEqual([true, true, false, false, false]);
});
