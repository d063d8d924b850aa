// Makes the local Stripe stand-in know the demo subscriber: emulator-data/ says users/demo-subscriber is active
// with cus_demo_subscriber / sub_demo_subscriber, and without this the stand-in answers "No such customer" to
// Cancel, Resubscribe and Delete Account. Reads the user document and the stripe_customers mapping through the
// model and upserts them with the stand-in's fixture endpoint (idempotent, no webhooks: Firestore already says
// active). Runs after rebase.ts, which moves the period end to "today + N days".
//
// CLI (emulators and stand-in running): FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 node --import tsx scripts/demo-data/seed-stripe.ts
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { type Firestore, getFirestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { stripeCustomerDocPath, userDocPath } from '@bargains/model/paths';
import { parseStripeCustomerRecord, type StripeCustomerRecord } from '@bargains/model/server-docs';
import { parseUser, type UserDoc } from '@bargains/model/user';
import { FIREBASE_UID_METADATA_KEY } from '../../functions/src/stripe/objects';
import { addMonthsAnchored, type FixtureChange } from '../../tools/stripe-standin/src/billing';
import { DEFAULTS } from '../../tools/stripe-standin/src/config';
import type { SubscriptionFixtureBody } from '../../tools/stripe-standin/src/control-api';
import { DEMO_ACCOUNTS, type DemoAccount } from './constants';

export const FIXTURE_PATH = '/_control/fixtures/subscription';

export interface DemoBillingDocs {
  user: UserDoc | null;
  /** stripe_customers/{user.stripe_customer_id}, when the user names a customer and the mapping parses. */
  mapping: StripeCustomerRecord | null;
}

export type FixturePlan =
  { action: 'seed'; fixture: SubscriptionFixtureBody } | { action: 'skip'; reason: string };

/** One billing month before `periodEnd` (same day of month, clamped to short months), unix seconds. */
export function periodStartBefore(periodEnd: number): number {
  return addMonthsAnchored(periodEnd, periodEnd, -1);
}

/**
 * The fixture that makes the stand-in agree with the Firestore mirror, or why there is none (the data was
 * regenerated or exported without an active subscriber): then the stand-in is left alone.
 */
export function planStripeFixture(
  { user, mapping }: DemoBillingDocs,
  account: Pick<DemoAccount, 'uid' | 'email'> = DEMO_ACCOUNTS.subscriber,
): FixturePlan {
  const userPath = userDocPath(account.uid);
  if (user === null) return { action: 'skip', reason: `no readable ${userPath}` };
  if (!user.subscription_active || user.subscription_status !== 'active') {
    return {
      action: 'skip',
      reason: `${userPath} is not an active subscription (status '${user.subscription_status}')`,
    };
  }
  const { stripe_customer_id: customerId, stripe_subscription_id: subscriptionId } = user;
  if (customerId === null || subscriptionId === null || user.current_period_end === null) {
    return {
      action: 'skip',
      reason: `${userPath} lacks stripe_customer_id, stripe_subscription_id or current_period_end`,
    };
  }
  const mappingPath = stripeCustomerDocPath(customerId);
  if (mapping === null || mapping.customerId !== customerId) {
    return { action: 'skip', reason: `no readable ${mappingPath}` };
  }
  if (mapping.deleted) return { action: 'skip', reason: `${mappingPath} belongs to a deleted account` };
  if (mapping.uid !== account.uid) {
    return { action: 'skip', reason: `${mappingPath} maps to '${mapping.uid}', not '${account.uid}'` };
  }
  // The uid in metadata, as create_checkout_session tags what it creates.
  const metadata = { [FIREBASE_UID_METADATA_KEY]: account.uid };
  return {
    action: 'seed',
    fixture: {
      customer: { id: customerId, email: account.email, metadata },
      subscription: {
        id: subscriptionId,
        status: 'active',
        current_period_start: periodStartBefore(user.current_period_end),
        current_period_end: user.current_period_end,
        cancel_at_period_end: user.cancel_at_period_end,
        metadata,
      },
    },
  };
}

export async function readDemoBillingDocs(db: Firestore, uid: string): Promise<DemoBillingDocs> {
  const userSnapshot = await db.doc(userDocPath(uid)).get();
  const user = userSnapshot.exists ? parseUser(uid, userSnapshot.data()) : null;
  const customerId = user?.stripe_customer_id ?? null;
  if (customerId === null) return { user, mapping: null };
  const mappingSnapshot = await db.doc(stripeCustomerDocPath(customerId)).get();
  return {
    user,
    mapping: mappingSnapshot.exists ? parseStripeCustomerRecord(customerId, mappingSnapshot.data()) : null,
  };
}

export interface FixtureReply {
  changes: { customer: FixtureChange; subscription: FixtureChange };
}

const stripeErrorBody = z.object({ error: z.object({ message: z.string() }) });

/** The message of Stripe's error envelope, or the raw answer when it is something else. */
function errorMessageOf(text: string): string {
  try {
    const parsed = stripeErrorBody.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.error.message : text;
  } catch {
    return text;
  }
}

/** POSTs the fixture; any answer but 2xx is an error that carries the stand-in's message. */
export async function postFixture(
  standinUrl: string,
  fixture: SubscriptionFixtureBody,
): Promise<FixtureReply> {
  const response = await fetch(new URL(FIXTURE_PATH, standinUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(fixture),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(
      `the Stripe stand-in answered ${response.status} to ${FIXTURE_PATH}: ${errorMessageOf(text)}`,
    );
  }
  return JSON.parse(text) as FixtureReply;
}

export type SeedResult =
  | { status: 'skipped'; reason: string }
  | { status: 'seeded'; fixture: SubscriptionFixtureBody; changes: FixtureReply['changes'] };

export async function seedDemoStripe(
  db: Firestore,
  standinUrl: string,
  account: DemoAccount = DEMO_ACCOUNTS.subscriber,
): Promise<SeedResult> {
  const plan = planStripeFixture(await readDemoBillingDocs(db, account.uid), account);
  if (plan.action === 'skip') return { status: 'skipped', reason: plan.reason };
  const { changes } = await postFixture(standinUrl, plan.fixture);
  return { status: 'seeded', fixture: plan.fixture, changes };
}

function summarize(result: SeedResult): string {
  if (result.status === 'skipped') return `demo-data: Stripe stand-in not seeded: ${result.reason}.`;
  const { customer, subscription } = result.fixture;
  const periodEnd = new Date(subscription.current_period_end * 1000).toISOString().slice(0, 10);
  return (
    `demo-data: Stripe stand-in has ${customer.id} (${result.changes.customer}) and ${subscription.id} ` +
    `(${result.changes.subscription}), active until ${periodEnd}.`
  );
}

export function standinUrlFrom(env: NodeJS.ProcessEnv): string {
  return env.STRIPE_STANDIN_URL || `http://127.0.0.1:${env.STRIPE_STANDIN_PORT || DEFAULTS.port}`;
}

async function main(): Promise<void> {
  if (!process.env.FIRESTORE_EMULATOR_HOST) {
    throw new Error('FIRESTORE_EMULATOR_HOST is not set: the seeding only reads the local emulator.');
  }
  const app = initializeApp(
    { projectId: process.env.GCLOUD_PROJECT ?? 'demo-bargains' },
    'demo-data-seed-stripe',
  );
  try {
    console.log(summarize(await seedDemoStripe(getFirestore(app), standinUrlFrom(process.env))));
  } finally {
    await deleteApp(app);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error('demo-data: seeding the Stripe stand-in failed:', error);
    process.exit(1);
  });
}
