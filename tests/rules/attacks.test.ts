// Targeted attacks on the rules, each next to the legitimate request it is a variation of, so a rule that
// denies everything (or allows everything) fails here too.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
} from 'firebase/firestore';
import { COLLECTIONS, dealDocPath, dealSearchDocPath, userDocPath } from '@bargains/model/paths';
import {
  BLOG_PAGE_SIZE,
  blogQuerySpec,
  DEAL_FILTERS,
  DEAL_PAGE_SIZE,
  DEAL_SORTS,
  dealQuerySpec,
} from '@bargains/model/queries';
import { newUserDoc, USER_BILLING_FIELDS } from '@bargains/model/user';
import {
  BLOG_SEED,
  dbFor,
  DEAL_SEARCH_SEED,
  DEAL_SEED,
  queryFromSpec,
  SEEDED,
  UIDS,
  userSeed,
  useSeededRulesEnvironment,
} from './harness';

const env = useSeededRulesEnvironment();

async function removeUserDoc(uid: string): Promise<void> {
  await env().withSecurityRulesDisabled(async (context) => {
    await context.firestore().doc(userDocPath(uid)).delete();
  });
}

async function seedUserDoc(uid: string, data: Record<string, unknown>): Promise<void> {
  await env().withSecurityRulesDisabled(async (context) => {
    await context.firestore().doc(userDocPath(uid)).set(data);
  });
}

describe('creating the own user document', () => {
  const ownDoc = () => doc(dbFor(env(), 'free'), userDocPath(UIDS.free));

  beforeEach(async () => {
    await removeUserDoc(UIDS.free);
  });

  it('succeeds with exactly the initial fields and server timestamps', async () => {
    await assertSucceeds(setDoc(ownDoc(), newUserDoc(serverTimestamp())));
    const stored = await getDoc(ownDoc());
    expect(stored.data()).toMatchObject({ subscription_active: false, subscription_status: 'inactive' });
  });

  const createAttacks: Array<[string, Record<string, unknown>]> = [
    ['subscription_active: true', { subscription_active: true }],
    ["subscription_status: 'active'", { subscription_status: 'active' }],
    ['an extra field', { is_admin: true }],
    ...USER_BILLING_FIELDS.map((field): [string, Record<string, unknown>] => [
      `the billing field ${field}`,
      { [field]: 'x' },
    ]),
    ['a client clock created_at', { created_at: Timestamp.fromDate(new Date('2020-01-01T00:00:00Z')) }],
    ['a client clock updated_at', { updated_at: Timestamp.now() }],
    ['a string flag', { subscription_active: 'false' }],
  ];

  it.each(createAttacks)('is denied with %s', async (_case, change) => {
    await assertFails(setDoc(ownDoc(), { ...newUserDoc(serverTimestamp()), ...change }));
  });

  it('is denied with a field missing', async () => {
    const { updated_at: _updatedAt, ...missingOne } = newUserDoc(serverTimestamp());
    await assertFails(setDoc(ownDoc(), missingOne));
  });

  it('is denied for another uid, even with valid initial fields', async () => {
    await removeUserDoc(UIDS.other);
    await assertFails(
      setDoc(doc(dbFor(env(), 'free'), userDocPath(UIDS.other)), newUserDoc(serverTimestamp())),
    );
    await assertFails(
      setDoc(doc(dbFor(env(), 'signedOut'), userDocPath(UIDS.other)), newUserDoc(serverTimestamp())),
    );
  });
});

describe('changing the own user document', () => {
  const ownDoc = () => doc(dbFor(env(), 'free'), userDocPath(UIDS.free));

  const updateAttacks: Array<[string, Record<string, unknown>]> = [
    ["subscription_status to 'active'", { subscription_status: 'active' }],
    ['subscription_active to true', { subscription_active: true }],
    ...USER_BILLING_FIELDS.map((field): [string, Record<string, unknown>] => [
      `the billing field ${field}`,
      { [field]: 1 },
    ]),
    ['only updated_at', { updated_at: serverTimestamp() }],
    ['a new field', { nickname: 'x' }],
    ['by deleting a field', { subscription_status: deleteField() }],
  ];

  it.each(updateAttacks)('is denied: %s', async (_case, change) => {
    await assertFails(updateDoc(ownDoc(), change));
  });

  it('is denied as a merge write, and as a re-create over the existing document', async () => {
    await assertFails(setDoc(ownDoc(), { subscription_active: true }, { merge: true }));
    await assertFails(setDoc(ownDoc(), newUserDoc(serverTimestamp())));
  });

  it('a subscriber cannot cancel or extend its own subscription either', async () => {
    const subscriberDoc = doc(dbFor(env(), 'subscriber'), userDocPath(UIDS.subscriber));
    await assertSucceeds(getDoc(subscriberDoc));
    await assertFails(updateDoc(subscriberDoc, { cancel_at_period_end: true }));
    await assertFails(updateDoc(subscriberDoc, { current_period_end: 4102444800 }));
  });
});

describe('reading user documents', () => {
  it('the owner reads its own; nobody reads another user’s', async () => {
    await assertSucceeds(getDoc(doc(dbFor(env(), 'free'), userDocPath(UIDS.free))));
    await assertFails(getDoc(doc(dbFor(env(), 'free'), userDocPath(UIDS.subscriber))));
    await assertFails(getDoc(doc(dbFor(env(), 'subscriber'), userDocPath(UIDS.free))));
  });

  it('nobody lists users, not even filtered to the own document', async () => {
    const users = collection(dbFor(env(), 'subscriber'), COLLECTIONS.users);
    await assertFails(getDocs(query(users, limit(1))));
  });
});

describe('reading deals', () => {
  it.each(DEAL_FILTERS.flatMap((filter) => DEAL_SORTS.map((sort) => [filter, sort] as const)))(
    'a subscriber runs the %s × %s page query',
    async (filter, sort) => {
      await assertSucceeds(getDocs(queryFromSpec(dbFor(env(), 'subscriber'), dealQuerySpec(filter, sort))));
    },
  );

  it.each(DEAL_FILTERS.flatMap((filter) => DEAL_SORTS.map((sort) => [filter, sort] as const)))(
    'a subscriber runs the %s × %s keyword search on the search documents',
    async (filter, sort) => {
      const spec = dealQuerySpec(filter, sort, new Date(), { term: 'acme' });
      expect(spec.collection).toBe(COLLECTIONS.dealSearch);
      await assertSucceeds(getDocs(queryFromSpec(dbFor(env(), 'subscriber'), spec)));
    },
  );

  it.each([
    ['listing', dealQuerySpec('all', 'newest')],
    ['search', dealQuerySpec('all', 'newest', new Date(), { term: 'acme' })],
  ])(`%s pages are capped at ${DEAL_PAGE_SIZE}`, async (_kind, spec) => {
    const db = dbFor(env(), 'subscriber');
    await assertSucceeds(getDocs(queryFromSpec(db, spec, DEAL_PAGE_SIZE)));
    await assertFails(getDocs(queryFromSpec(db, spec, DEAL_PAGE_SIZE + 1)));
    await assertFails(getDocs(queryFromSpec(db, spec, 1000)));
    await assertFails(getDocs(collection(db, spec.collection)));
  });

  it.each([
    ['listing', SEEDED.deal],
    ['search', SEEDED.dealSearch],
  ])('a %s document needs subscription_active === true in the caller’s own document', async (_kind, path) => {
    const deal = (role: 'free' | 'other') => getDoc(doc(dbFor(env(), role), path));
    await assertFails(deal('free'));
    await assertFails(deal('other'));
    await seedUserDoc(UIDS.other, { ...userSeed(false), subscription_active: 'true' });
    await assertFails(deal('other'));
    await seedUserDoc(UIDS.other, { ...userSeed(false), subscription_status: 'active' });
    await assertFails(deal('other'));
    await seedUserDoc(UIDS.other, userSeed(true));
    await assertSucceeds(deal('other'));
  });

  it('access ends when the server clears the flag', async () => {
    // One read at a time: a denied read left waiting would be an unhandled rejection.
    const read = (path: string) => getDoc(doc(dbFor(env(), 'subscriber'), path));
    for (const path of [SEEDED.deal, SEEDED.dealSearch]) await assertSucceeds(read(path));
    await seedUserDoc(UIDS.subscriber, {
      ...userSeed(true),
      subscription_active: false,
      subscription_status: 'canceled',
    });
    for (const path of [SEEDED.deal, SEEDED.dealSearch]) await assertFails(read(path));
  });
});

describe('writing content', () => {
  it('a subscriber cannot write deals', async () => {
    const db = dbFor(env(), 'subscriber');
    await assertSucceeds(getDoc(doc(db, SEEDED.deal)));
    await assertFails(setDoc(doc(db, dealDocPath('injected')), DEAL_SEED));
    await assertFails(updateDoc(doc(db, SEEDED.deal), { url_home: 'https://evil.example' }));
    await assertFails(setDoc(doc(db, SEEDED.deal), { ...DEAL_SEED, savings_value: 1000 }));
  });

  it('a subscriber cannot write deal search documents (e.g. to make a deal match every search)', async () => {
    const db = dbFor(env(), 'subscriber');
    await assertSucceeds(getDoc(doc(db, SEEDED.dealSearch)));
    await assertFails(setDoc(doc(db, dealSearchDocPath('injected')), DEAL_SEARCH_SEED));
    await assertFails(updateDoc(doc(db, SEEDED.dealSearch), { search_terms: ['laptops', 'shoes'] }));
    await assertFails(deleteDoc(doc(db, SEEDED.dealSearch)));
  });

  it('nobody writes blog posts', async () => {
    for (const role of ['signedOut', 'free', 'subscriber'] as const) {
      const db = dbFor(env(), role);
      await assertFails(setDoc(doc(db, `${COLLECTIONS.blogs}/injected`), BLOG_SEED));
      await assertFails(updateDoc(doc(db, SEEDED.blog), { html_content: '<script>alert(1)</script>' }));
      await assertFails(updateDoc(doc(db, SEEDED.blogSummary), { title: '<script>alert(1)</script>' }));
    }
  });
});

describe('reading the blog', () => {
  it(`is public in pages of at most ${BLOG_PAGE_SIZE}`, async () => {
    const db = dbFor(env(), 'signedOut');
    await assertSucceeds(getDoc(doc(db, SEEDED.blog)));
    await assertSucceeds(getDocs(queryFromSpec(db, blogQuerySpec())));
    await assertFails(getDocs(queryFromSpec(db, blogQuerySpec(), BLOG_PAGE_SIZE + 1)));
    await assertFails(getDocs(collection(db, COLLECTIONS.blogs)));
    await assertFails(getDocs(collection(db, COLLECTIONS.blogSummaries)));
  });
});

describe('server-only collections', () => {
  it('are closed even to the subscriber they describe', async () => {
    const db = dbFor(env(), 'subscriber');
    await assertFails(getDoc(doc(db, SEEDED.stripeCustomer)));
    await assertFails(setDoc(doc(db, `${COLLECTIONS.stripeCustomers}/cus_mine`), { uid: UIDS.subscriber }));
    await assertFails(
      setDoc(doc(db, `${COLLECTIONS.stripeEvents}/evt_fake`), { type: 'invoice.paid', created: 1 }),
    );
    await assertFails(getDoc(doc(db, SEEDED.meta)));
  });
});
