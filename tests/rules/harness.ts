// Shared set-up for the security-rules tests: one test environment against the Firestore emulator (host from
// FIRESTORE_EMULATOR_HOST, set by `firebase emulators:exec`), the personas, and the seed data.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  collection,
  doc,
  documentId,
  type Firestore,
  limit,
  orderBy,
  query,
  type Query,
  setDoc,
  setLogLevel,
  Timestamp,
  where,
} from 'firebase/firestore';
import { blogSummaryDoc } from '@bargains/model/blog';
import { buildDealDoc, buildDealSearchDoc } from '@bargains/model/deal';
import { deletedUserDoc } from '@bargains/model/server-docs';
import {
  COLLECTIONS,
  alertBatchDocPath,
  deletedUserDocPath,
  collectorRunDocPath,
  emailRunDocPath,
  collectorStateDocPath,
  DEMO_META_DOC_PATH,
  DOCUMENT_ID_FIELD,
  stripeCustomerDocPath,
  stripeEventDocPath,
} from '@bargains/model/paths';
import type { QuerySpec } from '@bargains/model/queries';

/**
 * Its own project id: the emulator is shared with the integration and e2e stages, which rely on the imported
 * demo data of `demo-bargains`, and clearing between tests must not wipe it. (Single-project mode only warns.)
 */
const RULES_TEST_PROJECT_ID = 'demo-bargains-rules';

export const UIDS = {
  free: 'free-user',
  subscriber: 'subscriber-user',
  /** Signed in, but has no user document of its own. */
  other: 'other-user',
} as const;

export const SEEDED = {
  deal: `${COLLECTIONS.deals}/deal-1`,
  dealSearch: `${COLLECTIONS.dealSearch}/deal-1`,
  blog: `${COLLECTIONS.blogs}/post-1`,
  blogSummary: `${COLLECTIONS.blogSummaries}/post-1`,
  stripeEvent: stripeEventDocPath('evt_1'),
  stripeCustomer: stripeCustomerDocPath('cus_1'),
  meta: DEMO_META_DOC_PATH,
  collectorRun: collectorRunDocPath('2026-01-01T00-00-00-000Z-abcd1234'),
  alertBatch: alertBatchDocPath('2026-01-01T00'),
  emailRun: emailRunDocPath('2026-01-01T00-00-00-000Z'),
  collectorState: collectorStateDocPath('wired'),
  collectorManifest: `${collectorStateDocPath('wired')}/manifest/00`,
  /** The tombstone of an account delete_account removed (its uid is none of the roles'). */
  deletedUser: deletedUserDocPath('deleted-user'),
};

export type Role = 'signedOut' | 'free' | 'subscriber' | 'other';
export const ROLES: readonly Role[] = ['signedOut', 'free', 'subscriber', 'other'];

/** How a per-owner matrix names each role in its test titles. */
const OWNER_ROLE_NAMES: Record<Role, string> = {
  subscriber: 'the subscribed owner',
  free: 'the unsubscribed owner',
  other: 'another signed-in user',
  signedOut: 'a signed-out visitor',
};

/** The operations an allow-and-deny matrix covers. */
export type Operation = 'get' | 'list' | 'create' | 'update' | 'delete';

/**
 * The rows of an allow-and-deny matrix over a user's own documents: every operation of `allowed` for every role,
 * as [operation, role name, 'allowed' | 'denied', role, allowed] (for `it.each`).
 */
function ownerMatrixCases(
  allowed: Record<Operation, readonly Role[]>,
): Array<readonly [Operation, string, 'allowed' | 'denied', Role, boolean]> {
  return (Object.keys(allowed) as Operation[]).flatMap((operation) =>
    (['subscriber', 'free', 'other', 'signedOut'] as const).map((role) => {
      const isAllowed = allowed[operation].includes(role);
      return [operation, OWNER_ROLE_NAMES[role], isAllowed ? 'allowed' : 'denied', role, isAllowed] as const;
    }),
  );
}

/**
 * Tests of an owner matrix: each operation by each role succeeds where `allowed` lists the role and fails
 * everywhere else (allow AND deny), and the matrix covers the four roles × five operations.
 */
export function itEnforcesOwnerMatrix(
  env: () => RulesTestEnvironment,
  allowed: Record<Operation, readonly Role[]>,
  attempts: Record<Operation, (db: Firestore, role: Role) => Promise<unknown>>,
): void {
  const cases = ownerMatrixCases(allowed);
  it.each(cases)('%s by %s is %s', async (operation, _name, _verdict, role, isAllowed) => {
    const attempt = attempts[operation](dbFor(env(), role), role);
    if (isAllowed) await assertSucceeds(attempt);
    else await assertFails(attempt);
  });
}

export async function createRulesTestEnvironment(
  projectId: string = RULES_TEST_PROJECT_ID,
): Promise<RulesTestEnvironment> {
  // Denied requests are the expected outcome of most cases; the SDK would log a warning for each one.
  setLogLevel('error');
  return initializeTestEnvironment({
    projectId,
    firestore: { rules: readFileSync(join(__dirname, '..', '..', 'firestore.rules'), 'utf8') },
  });
}

/**
 * Registers the file's rules environment: created once, cleaned up at the end, and reset to the seed data (then
 * `seedMore`, if given) before every test. Returns a getter, since the environment exists only once beforeAll ran.
 */
export function useSeededRulesEnvironment(
  seedMore?: (env: RulesTestEnvironment) => Promise<void>,
): () => RulesTestEnvironment {
  let env: RulesTestEnvironment | undefined;
  const current = () => {
    if (!env) throw new Error('the rules environment is created in beforeAll');
    return env;
  };
  beforeAll(async () => {
    env = await createRulesTestEnvironment();
  });
  afterAll(async () => {
    await env?.cleanup();
  });
  beforeEach(async () => {
    await resetAndSeed(current());
    await seedMore?.(current());
  });
  return current;
}

/** rules-unit-testing hands out a compat instance; the modular API accepts it (it unwraps the delegate). */
export function clientDb(context: RulesTestContext): Firestore {
  return context.firestore() as unknown as Firestore;
}

export function dbFor(env: RulesTestEnvironment, role: Role): Firestore {
  return clientDb(role === 'signedOut' ? env.unauthenticatedContext() : env.authenticatedContext(UIDS[role]));
}

const SEED_TIME = Timestamp.fromDate(new Date('2025-01-01T00:00:00Z'));

export function userSeed(active: boolean): Record<string, unknown> {
  return {
    subscription_active: active,
    subscription_status: active ? 'active' : 'inactive',
    created_at: SEED_TIME,
    updated_at: SEED_TIME,
    ...(active
      ? {
          stripe_customer_id: 'cus_1',
          stripe_subscription_id: 'sub_1',
          current_period_end: 1767225600,
          cancel_at_period_end: false,
        }
      : {}),
  };
}

export const DEAL_SEED = buildDealDoc({
  title: '20% off everything',
  description: 'Sitewide.',
  savings: '20% off',
  type: 'code',
  code: 'SAVE20',
  start_date: new Date('2020-01-01T00:00:00Z'),
  end_date: new Date('2099-01-01T00:00:00Z'),
  shop_id: 'acme',
  shop_name: 'Acme',
  shop_url: 'https://acme.example',
  url_home: 'https://acme.example/deals',
  scraped_at: new Date('2020-01-01T00:00:00Z'),
  is_verified: true,
});

/** DEAL_SEED's search document (coupon_search): the same deal with its search_terms. */
export const DEAL_SEARCH_SEED = buildDealSearchDoc(DEAL_SEED);

export const BLOG_SEED = {
  html_content: '<h1>Hello</h1><p>World</p>',
  coverImage: '/blog/covers/x.svg',
  author: { name: 'Ada', avatar: '/blog/avatars/ada.svg', bio: 'Writes.' },
  publishedAt: SEED_TIME,
  updatedAt: SEED_TIME,
  title: 'Hello',
  description: 'World',
  tags: ['tips'],
  readTimeMinutes: 1,
};

/** Clears the project and writes the fixtures with rules disabled. */
export async function resetAndSeed(env: RulesTestEnvironment): Promise<void> {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = clientDb(context);
    await Promise.all([
      setDoc(doc(db, COLLECTIONS.users, UIDS.free), userSeed(false)),
      setDoc(doc(db, COLLECTIONS.users, UIDS.subscriber), userSeed(true)),
      setDoc(doc(db, SEEDED.deal), DEAL_SEED),
      setDoc(doc(db, SEEDED.dealSearch), DEAL_SEARCH_SEED),
      setDoc(doc(db, SEEDED.blog), BLOG_SEED),
      setDoc(doc(db, SEEDED.blogSummary), blogSummaryDoc(BLOG_SEED)),
      setDoc(doc(db, SEEDED.stripeEvent), {
        type: 'invoice.paid',
        created: 1767200000,
        processed_at: SEED_TIME,
      }),
      setDoc(doc(db, SEEDED.stripeCustomer), { uid: UIDS.subscriber, created_at: SEED_TIME }),
      setDoc(doc(db, SEEDED.meta), { anchor: '2025-01-01' }),
      setDoc(doc(db, SEEDED.collectorRun), { source: 'wired', status: 'succeeded', started_at: SEED_TIME }),
      setDoc(doc(db, SEEDED.alertBatch), {
        hour: '2026-01-01T00',
        status: 'pending',
        first_deal_id: 'deal-1',
      }),
      setDoc(doc(db, SEEDED.emailRun), { sent: 1, started_at: SEED_TIME }),
      setDoc(doc(db, SEEDED.collectorState), { lease_run_id: null, lease_expires_at: null }),
      setDoc(doc(db, SEEDED.collectorManifest), { entries: '', count: 0 }),
      setDoc(doc(db, SEEDED.deletedUser), deletedUserDoc(SEED_TIME.toDate())),
    ]);
  });
}

/** The SDK query the web app builds from a model query spec (optionally with another page size). */
export function queryFromSpec(db: Firestore, spec: QuerySpec, pageSize = spec.limit): Query {
  return query(
    collection(db, spec.collection),
    ...spec.where.map((clause) =>
      where(clause.field === DOCUMENT_ID_FIELD ? documentId() : clause.field, clause.op, clause.value),
    ),
    ...spec.orderBy.map((clause) =>
      orderBy(clause.field === DOCUMENT_ID_FIELD ? documentId() : clause.field, clause.direction),
    ),
    limit(pageSize),
  );
}
