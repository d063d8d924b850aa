// Every role × collection × operation, with the expected decision asserted in both directions.
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  type Firestore,
  getDoc,
  getDocs,
  limit,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
} from 'firebase/firestore';
import { blogSummaryDoc } from '@bargains/model/blog';
import { COLLECTIONS, dealDocPath, dealSearchDocPath } from '@bargains/model/paths';
import {
  blogQuerySpec,
  DEFAULT_DEAL_FILTER,
  DEFAULT_DEAL_SORT,
  dealQuerySpec,
} from '@bargains/model/queries';
import { newUserDoc } from '@bargains/model/user';
import {
  BLOG_SEED,
  dbFor,
  DEAL_SEARCH_SEED,
  DEAL_SEED,
  queryFromSpec,
  type Operation,
  type Role,
  ROLES,
  SEEDED,
  UIDS,
  useSeededRulesEnvironment,
} from './harness';

const OPERATIONS: readonly Operation[] = ['get', 'list', 'create', 'update', 'delete'];

interface CollectionUnderTest {
  name: string;
  /** A create must target a missing document (otherwise it is an update): removes it with rules disabled. */
  prepareCreate?: (env: RulesTestEnvironment, role: Role) => Promise<void>;
  attempt: Record<Operation, (db: Firestore, role: Role) => Promise<unknown>>;
  /** Which roles each operation is allowed for; everything else must be denied. */
  allowed: Partial<Record<Operation, readonly Role[]>>;
}

/** Signed-in users act on their own document; the others try the free user's document. */
const userTarget = (role: Role): string =>
  `${COLLECTIONS.users}/${role === 'free' || role === 'subscriber' ? UIDS[role] : UIDS.free}`;

function serverOnly(name: string, path: string, data: Record<string, unknown>): CollectionUnderTest {
  const parent = path.slice(0, path.lastIndexOf('/'));
  return {
    name,
    attempt: {
      get: (db) => getDoc(doc(db, path)),
      list: (db) => getDocs(query(collection(db, parent), limit(1))),
      create: (db) => setDoc(doc(db, `${parent}/new-doc`), data),
      update: (db) => updateDoc(doc(db, path), { touched: true }),
      delete: (db) => deleteDoc(doc(db, path)),
    },
    allowed: {},
  };
}

const COLLECTIONS_UNDER_TEST: CollectionUnderTest[] = [
  {
    name: 'users',
    prepareCreate: (env, role) =>
      env.withSecurityRulesDisabled(async (context) => {
        await context.firestore().doc(userTarget(role)).delete();
      }),
    attempt: {
      get: (db, role) => getDoc(doc(db, userTarget(role))),
      list: (db) => getDocs(query(collection(db, COLLECTIONS.users), limit(10))),
      create: (db, role) => setDoc(doc(db, userTarget(role)), newUserDoc(serverTimestamp())),
      update: (db, role) => updateDoc(doc(db, userTarget(role)), { updated_at: serverTimestamp() }),
      delete: (db, role) => deleteDoc(doc(db, userTarget(role))),
    },
    allowed: { get: ['free', 'subscriber'], create: ['free', 'subscriber'], delete: ['free', 'subscriber'] },
  },
  {
    name: 'deals',
    attempt: {
      get: (db) => getDoc(doc(db, SEEDED.deal)),
      list: (db) => getDocs(queryFromSpec(db, dealQuerySpec(DEFAULT_DEAL_FILTER, DEFAULT_DEAL_SORT))),
      create: (db) => setDoc(doc(db, dealDocPath('deal-new')), DEAL_SEED),
      update: (db) => updateDoc(doc(db, SEEDED.deal), { is_verified: false }),
      delete: (db) => deleteDoc(doc(db, SEEDED.deal)),
    },
    allowed: { get: ['subscriber'], list: ['subscriber'] },
  },
  {
    name: 'deal search documents',
    attempt: {
      get: (db) => getDoc(doc(db, SEEDED.dealSearch)),
      list: (db) =>
        getDocs(
          queryFromSpec(
            db,
            dealQuerySpec(DEFAULT_DEAL_FILTER, DEFAULT_DEAL_SORT, new Date(), { term: 'acme' }),
          ),
        ),
      create: (db) => setDoc(doc(db, dealSearchDocPath('deal-new')), DEAL_SEARCH_SEED),
      update: (db) => updateDoc(doc(db, SEEDED.dealSearch), { search_terms: ['injected'] }),
      delete: (db) => deleteDoc(doc(db, SEEDED.dealSearch)),
    },
    allowed: { get: ['subscriber'], list: ['subscriber'] },
  },
  {
    name: 'blogs',
    attempt: {
      get: (db) => getDoc(doc(db, SEEDED.blog)),
      list: (db) => getDocs(queryFromSpec(db, { ...blogQuerySpec(), collection: COLLECTIONS.blogs })),
      create: (db) => setDoc(doc(db, `${COLLECTIONS.blogs}/post-new`), BLOG_SEED),
      update: (db) => updateDoc(doc(db, SEEDED.blog), { title: 'Defaced' }),
      delete: (db) => deleteDoc(doc(db, SEEDED.blog)),
    },
    allowed: { get: ROLES, list: ROLES },
  },
  {
    name: 'blog_summaries',
    attempt: {
      get: (db) => getDoc(doc(db, SEEDED.blogSummary)),
      list: (db) => getDocs(queryFromSpec(db, blogQuerySpec())),
      create: (db) => setDoc(doc(db, `${COLLECTIONS.blogSummaries}/post-new`), blogSummaryDoc(BLOG_SEED)),
      update: (db) => updateDoc(doc(db, SEEDED.blogSummary), { title: 'Defaced' }),
      delete: (db) => deleteDoc(doc(db, SEEDED.blogSummary)),
    },
    allowed: { get: ROLES, list: ROLES },
  },
  serverOnly('stripe_events', SEEDED.stripeEvent, { type: 'invoice.paid', created: 1 }),
  serverOnly('stripe_customers', SEEDED.stripeCustomer, { uid: UIDS.free }),
  serverOnly('_meta', SEEDED.meta, { anchor: '2025-01-02' }),
  serverOnly('collector_runs', SEEDED.collectorRun, { source: 'wired', status: 'succeeded' }),
  serverOnly('alert_batches', SEEDED.alertBatch, { hour: '2026-01-01T01', status: 'sent' }),
  serverOnly('email_runs', SEEDED.emailRun, { sent: 0 }),
  serverOnly('collector_state', SEEDED.collectorState, { lease_run_id: 'client-run' }),
  serverOnly('collector_state manifest', SEEDED.collectorManifest, { entries: '', count: 0 }),
  serverOnly('deleted_users', SEEDED.deletedUser, { deleted_at: new Date(), expires_at: new Date() }),
];

const cases = COLLECTIONS_UNDER_TEST.flatMap((target) =>
  OPERATIONS.flatMap((operation) =>
    ROLES.map((role) => {
      const allowed = target.allowed[operation]?.includes(role) ?? false;
      return { target, operation, role, allowed, verdict: allowed ? 'allowed' : 'denied' };
    }),
  ),
);

describe('firestore.rules access matrix', () => {
  const env = useSeededRulesEnvironment();

  it.each(cases.map((c) => [c.target.name, c.operation, c.role, c.verdict, c] as const))(
    '%s: %s by %s is %s',
    async (_name, operation, role, _verdict, { target, allowed }) => {
      if (operation === 'create') await target.prepareCreate?.(env(), role);
      const attempt = target.attempt[operation](dbFor(env(), role), role);
      if (allowed) await assertSucceeds(attempt);
      else await assertFails(attempt);
    },
  );

  it('covers every role × collection × operation', () => {
    expect(cases).toHaveLength(ROLES.length * COLLECTIONS_UNDER_TEST.length * OPERATIONS.length);
    // users: 3 operations × 2 owners; deals and their search documents: get and list by the subscriber; the
    // blog collections: get and list by everyone.
    expect(cases.filter((c) => c.allowed)).toHaveLength(2 * 3 + 2 + 2 + 2 * 2 * ROLES.length);
  });
});
