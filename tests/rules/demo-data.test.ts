// The generated demo data against the emulator: the rebase moves it to "today" exactly once, and under the
// security rules the demo subscriber pages through exactly the live deals of every dashboard query, in order;
// the demo blog posts are published through the publisher's steps.
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { type Firestore as AdminFirestore, getFirestore, type Timestamp } from 'firebase-admin/firestore';
import { type DocumentSnapshot, getDoc, getDocs, query, startAfter, doc } from 'firebase/firestore';
import {
  buildDealSearchDoc,
  newestKeyOf,
  dealSearchTexts,
  parseDeal,
  type Deal,
  isDealLive,
} from '@bargains/model/deal';
import { searchTermsOf } from '@bargains/model/search';
import {
  blogSummaryDocPath,
  COLLECTIONS,
  dealDocPath,
  dealSearchDocPath,
  DEMO_META_DOC_PATH,
  DOCUMENT_ID_FIELD,
  STORE_SUMMARY_DOC_PATH,
  userDocPath,
} from '@bargains/model/paths';
import {
  DEAL_FILTERS,
  DEAL_PAGE_SIZE,
  DEAL_SORTS,
  type DealFilter,
  type DealNarrowing,
  dealQuerySpec,
  type QuerySpec,
} from '@bargains/model/queries';
import { DEMO_ACCOUNTS, DEMO_ANCHOR } from '../../scripts/demo-data/constants';
import { buildDemoDataset } from '../../scripts/demo-data/dataset';
import { writeDemoFirestore } from '../../scripts/demo-data/generate';
import { rebaseDemoData } from '../../scripts/demo-data/rebase';
import { activityDocId } from '@bargains/model/popularity';
import { dealVoteDocPath } from '@bargains/model/votes';
import { demoBlogPosts, HOSTILE_POST_ID } from '../../tools/blog/demo-posts';
import { clientDb, createRulesTestEnvironment, queryFromSpec } from './harness';

/** Its own project, so these writes never meet the rules matrix fixtures or the imported demo project. */
const PROJECT_ID = 'demo-bargains-demo-data';
const DAY_MS = 24 * 3600 * 1000;
const dataset = buildDemoDataset();

let env: RulesTestEnvironment;
let adminApp: App;
let adminDb: AdminFirestore;

beforeAll(async () => {
  env = await createRulesTestEnvironment(PROJECT_ID);
  adminApp = initializeApp({ projectId: PROJECT_ID }, 'demo-data-test');
  adminDb = getFirestore(adminApp);
});
afterAll(async () => {
  await env.cleanup();
  await deleteApp(adminApp);
});
beforeEach(async () => {
  await env.clearFirestore();
  await writeDemoFirestore(adminDb, dataset);
});

async function storedDeal(id: string): Promise<Record<string, unknown> | undefined> {
  return (await adminDb.doc(dealDocPath(id)).get()).data();
}
async function storedSearchDoc(id: string): Promise<Record<string, unknown> | undefined> {
  return (await adminDb.doc(dealSearchDocPath(id)).get()).data();
}

describe('rebaseDemoData', () => {
  it('moves every deal date, the period end and the anchor by the days since the anchor, once', async () => {
    const today = new Date(Date.parse(`${DEMO_ANCHOR}T08:00:00Z`) + 10 * DAY_MS);
    await expect(rebaseDemoData(adminDb, today)).resolves.toEqual({
      status: 'rebased',
      from: DEMO_ANCHOR,
      to: '2025-06-11',
      days: 10,
      deals: dataset.deals.length,
      votes: dataset.votes.length,
    });
    const shift = (iso: string) => new Date(Date.parse(iso) + 10 * DAY_MS).toISOString();
    for (const { id, doc: generated } of dataset.deals) {
      const lastWorked = 'votes' in generated ? generated.votes.last_worked_at : null;
      const shifted = {
        start_date: shift(generated.start_date),
        end_date: shift(generated.end_date),
        scraped_at: shift(generated.scraped_at),
        newest_key: newestKeyOf({ ...generated, scraped_at: shift(generated.scraped_at) }),
        ...('votes' in generated
          ? { votes: { ...generated.votes, last_worked_at: lastWorked === null ? null : shift(lastWorked) } }
          : {}),
        ...(generated.popularity
          ? {
              popularity: {
                ...generated.popularity,
                window_start: shift(`${generated.popularity.window_start}T00:00:00.000Z`).slice(0, 10),
              },
            }
          : {}),
      };
      // Both documents of the deal move: the listing (no search index) and the search document.
      expect(await storedDeal(id)).toEqual({ ...generated, ...shifted });
      expect(await storedSearchDoc(id)).toEqual({ ...buildDealSearchDoc(generated), ...shifted });
    }
    const subscriber = dataset.users.find(({ uid }) => uid === DEMO_ACCOUNTS.subscriber.uid)?.doc;
    const periodEnd = subscriber && 'current_period_end' in subscriber ? subscriber.current_period_end : null;
    expect(
      (await adminDb.doc(userDocPath(DEMO_ACCOUNTS.subscriber.uid)).get()).get('current_period_end'),
    ).toBe((periodEnd ?? NaN) + 10 * 86400);
    // Every vote moves with its deal (a Timestamp stays a Timestamp).
    for (const { dealId, uid, doc: vote } of dataset.votes) {
      const stored = (await adminDb.doc(dealVoteDocPath(dealId, uid)).get()).get('voted_at') as Timestamp;
      expect(stored.toDate()).toEqual(new Date(vote.voted_at.getTime() + 10 * DAY_MS));
    }
    // Every activity record moves to its new day, whose id names it (model/popularity.ts).
    const moved = await adminDb.collectionGroup(COLLECTIONS.activity).get();
    expect(moved.docs.map((record) => `${record.ref.parent.parent?.id}/${record.id}`).sort()).toEqual(
      dataset.activity
        .map(({ dealId, doc }) => `${dealId}/${activityDocId(doc.kind, doc.day + 10, doc.uid)}`)
        .sort(),
    );
    expect((await adminDb.doc(DEMO_META_DOC_PATH).get()).data()).toEqual({ anchor: '2025-06-11' });

    const [firstId] = dataset.deals.map(({ id }) => id);
    const before = await storedDeal(firstId ?? '');
    const searchBefore = await storedSearchDoc(firstId ?? '');
    await expect(rebaseDemoData(adminDb, new Date('2025-06-11T23:59:00Z'))).resolves.toEqual({
      status: 'current',
      anchor: '2025-06-11',
    });
    expect(await storedDeal(firstId ?? '')).toEqual(before);
    expect(await storedSearchDoc(firstId ?? '')).toEqual(searchBefore);
  });

  it('moves backwards too, and does nothing without the anchor document', async () => {
    await expect(rebaseDemoData(adminDb, new Date('2025-05-29T00:00:00Z'))).resolves.toMatchObject({
      days: -3,
    });
    await adminDb.doc(DEMO_META_DOC_PATH).delete();
    await expect(rebaseDemoData(adminDb, new Date('2025-07-01T00:00:00Z'))).resolves.toEqual({
      status: 'no-demo-data',
    });
  });
});

/** What Most popular orders by (stored on the deal, not part of a parsed Deal). */
const popularityScores = new Map(dataset.deals.map(({ id, doc }) => [id, doc.popularity_score]));

/** The order a QuerySpec asks for, applied in memory to the expected deals. */
function compareBySpec(spec: QuerySpec) {
  return (a: Deal, b: Deal): number => {
    for (const { field, direction } of spec.orderBy) {
      const key = (deal: Deal): string | number =>
        field === DOCUMENT_ID_FIELD
          ? deal.id
          : field === 'savings_value'
            ? deal.savings_value
            : field === 'popularity_score'
              ? (popularityScores.get(deal.id) ?? 0)
              : field === 'newest_key'
                ? newestKeyOf({ ...deal, scraped_at: deal.scraped_at?.toISOString() ?? '' })
                : (deal[field as 'start_date' | 'end_date' | 'scraped_at']?.getTime() ?? 0);
      const [x, y] = [key(a), key(b)];
      if (x !== y) return (x < y ? -1 : 1) * (direction === 'asc' ? 1 : -1);
    }
    return 0;
  };
}

const matchesFilter = (filter: DealFilter, deal: Deal) =>
  filter === 'all' || deal.is_verified === (filter === 'verified');

describe('the demo subscriber on the dashboard', () => {
  // A stack started 100 days after the anchor: after the rebase, "now" sees what the anchor day saw.
  const anchorAfternoon = new Date(`${DEMO_ANCHOR}T15:30:00Z`);
  const now = new Date(anchorAfternoon.getTime() + 100 * DAY_MS);
  const deals = dataset.deals
    .map(({ id, doc: stored }) => parseDeal(id, stored))
    .filter((deal) => deal !== null);

  async function pageThrough(spec: QuerySpec): Promise<string[]> {
    const db = clientDb(env.authenticatedContext(DEMO_ACCOUNTS.subscriber.uid));
    const seen: string[] = [];
    let cursor: DocumentSnapshot | undefined;
    for (;;) {
      const base = queryFromSpec(db, spec);
      const page = await getDocs(cursor ? query(base, startAfter(cursor)) : base);
      expect(page.size).toBeLessThanOrEqual(DEAL_PAGE_SIZE);
      seen.push(...page.docs.map((snapshot) => snapshot.id));
      if (page.size < DEAL_PAGE_SIZE) break;
      cursor = page.docs[page.docs.length - 1];
    }
    return seen;
  }

  const matchesNarrowing = ({ shop, category, term }: DealNarrowing, deal: Deal) =>
    (!shop || deal.shop_id === shop) &&
    (!category || deal.category === category) &&
    (!term || searchTermsOf(dealSearchTexts(deal)).includes(term));

  function expectedIds(spec: QuerySpec, filter: DealFilter, narrowing: DealNarrowing): string[] {
    return deals
      .filter(
        (deal) =>
          isDealLive(deal, anchorAfternoon) &&
          matchesFilter(filter, deal) &&
          matchesNarrowing(narrowing, deal),
      )
      .sort(compareBySpec(spec))
      .map((deal) => deal.id);
  }

  it.each(DEAL_FILTERS.flatMap((filter) => DEAL_SORTS.map((sort) => [filter, sort] as const)))(
    '%s × %s pages through exactly the live deals, in order, 20 at a time',
    async (filter, sort) => {
      await rebaseDemoData(adminDb, now);
      const spec = dealQuerySpec(filter, sort, now);
      const expected = expectedIds(spec, filter, {});
      expect(expected.length).toBeGreaterThan(DEAL_PAGE_SIZE);
      expect(await pageThrough(spec)).toEqual(expected);
    },
  );

  // Each narrowing field alone and all together, under every sort (the filter varies too).
  const narrowings: Array<[string, DealFilter, DealNarrowing]> = [
    ['search "save" (more than a page)', 'all', { term: 'save' }],
    ['search "head"', 'all', { term: 'head' }],
    ['store Bluebird Electronics', 'verified', { shop: 'bluebird-electronics' }],
    ['category home', 'unverified', { category: 'home' }],
    ['store + category + search', 'all', { shop: 'pantry-fresh', category: 'food', term: 'co' }],
  ];
  it.each(narrowings.flatMap((narrowing) => DEAL_SORTS.map((sort) => [...narrowing, sort] as const)))(
    '%s (%s) × %s returns exactly the matching live deals, in order',
    async (_name, filter, narrowing, sort) => {
      await rebaseDemoData(adminDb, now);
      const spec = dealQuerySpec(filter, sort, now, narrowing);
      const expected = expectedIds(spec, filter, narrowing);
      expect(expected.length).toBeGreaterThan(0);
      expect(await pageThrough(spec)).toEqual(expected);
    },
  );

  it('finds more than one page for "save" and nothing for a word no deal has', async () => {
    await rebaseDemoData(adminDb, now);
    expect(expectedIds(dealQuerySpec('all', 'newest', now), 'all', { term: 'save' }).length).toBeGreaterThan(
      DEAL_PAGE_SIZE,
    );
    expect(await pageThrough(dealQuerySpec('all', 'newest', now, { term: 'zzzz' }))).toEqual([]);
  });

  it('reads the shop summary in one document (subscribers only)', async () => {
    const subscriber = clientDb(env.authenticatedContext(DEMO_ACCOUNTS.subscriber.uid));
    const free = clientDb(env.authenticatedContext(DEMO_ACCOUNTS.free.uid));
    const summary = await assertSucceeds(getDoc(doc(subscriber, STORE_SUMMARY_DOC_PATH)));
    expect(summary.get('shops')).toHaveLength(18);
    await assertFails(getDoc(doc(free, STORE_SUMMARY_DOC_PATH)));
  });

  it.each([
    ['listing', dealDocPath],
    ['search', dealSearchDocPath],
  ])('the free demo user is refused a %s document, the subscriber is not', async (_kind, pathOf) => {
    const dealPath = pathOf(dataset.deals[0]?.id ?? '');
    const free = clientDb(env.authenticatedContext(DEMO_ACCOUNTS.free.uid));
    const subscriber = clientDb(env.authenticatedContext(DEMO_ACCOUNTS.subscriber.uid));
    await assertFails(getDoc(doc(free, dealPath)));
    const snapshot = await assertSucceeds(getDoc(doc(subscriber, dealPath)));
    expect(snapshot.exists()).toBe(true);
  });
});

describe('the demo blog posts', () => {
  it('are published with their list summaries and fixed dates, bodies as authored', async () => {
    const posts = demoBlogPosts();
    const stored = await adminDb.collection(COLLECTIONS.blogs).get();
    const summaries = await adminDb.collection(COLLECTIONS.blogSummaries).get();
    expect(stored.docs.map((snapshot) => snapshot.id).sort()).toEqual(posts.map((post) => post.id).sort());
    expect(summaries.docs.map((snapshot) => snapshot.id).sort()).toEqual(posts.map((post) => post.id).sort());
    for (const post of posts) {
      const data = stored.docs.find((snapshot) => snapshot.id === post.id);
      expect(data?.get('html_content')).toBe(post.html_content);
      expect(data?.get('title')).toEqual(expect.any(String));
      expect((data?.get('publishedAt') as Timestamp).toDate()).toEqual(post.publishedAt);
      expect((data?.get('updatedAt') as Timestamp).toDate()).toEqual(post.publishedAt);
    }
    // Not sanitized on the way in: the hostile post exercises the sanitizing at render time.
    const hostile = stored.docs.find((snapshot) => snapshot.id === HOSTILE_POST_ID);
    expect(String(hostile?.get('html_content'))).toMatch(/<script|onerror=/i);
    // And a visitor reads them under the rules.
    const visitor = clientDb(env.unauthenticatedContext());
    await assertSucceeds(getDoc(doc(visitor, blogSummaryDocPath(HOSTILE_POST_ID))));
  });
});
