// The collector pipeline against the Firestore emulator: idempotent re-imports, expiry, refused feeds, the lease,
// dry runs and the run documents. Each test works in its own project (the demo data of `demo-bargains` stays
// untouched for the later stages) and its own source id.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import {
  type BulkWriter,
  type DocumentReference,
  type Firestore,
  getFirestore,
  Timestamp,
} from 'firebase-admin/firestore';
import { type SourceAdapter, wiredAdapter } from '../../functions/src/collector/adapters';
import { openFeedFile, openFeedUrl } from '../../functions/src/collector/feed';
import { LEASE_TTL_MS } from '../../functions/src/collector/lease';
import {
  type CollectionOptions,
  type RunSummary,
  RETENTION_DAYS,
  runCollection,
  SUMMARY_LOG_MESSAGE,
} from '../../functions/src/collector/pipeline';
import { contentHash, Manifest, manifestCollectionPath } from '../../functions/src/collector/manifest';
import { buildDealSearchDoc, type DealDoc, isDealLive, parseDeal } from '@bargains/model/deal';
import { searchTermsOf } from '@bargains/model/search';
import {
  COLLECTIONS,
  collectorRunDocPath,
  collectorStateDocPath,
  STORE_SUMMARY_DOC_PATH,
} from '@bargains/model/paths';
import { FIRESTORE_EMULATOR } from './support/env';

process.env.FIRESTORE_EMULATOR_HOST ??= FIRESTORE_EMULATOR;

const DAY_MS = 24 * 60 * 60 * 1000;
const RUN_TIME = new Date('2026-03-01T12:00:00.000Z');
const dir = mkdtempSync(join(tmpdir(), 'collector-it-'));

let app: App;
let db: Firestore;
let adapter: SourceAdapter;
const logged: Array<{ message: string; data: object; level: string }> = [];

beforeAll(() => {
  app = initializeApp({ projectId: 'demo-bargains-collector' }, 'collector-tests');
  db = getFirestore(app);
});
afterAll(async () => {
  await deleteApp(app);
});
beforeEach(() => {
  // A fresh source per test: its own manifest, lease and document ids.
  adapter = { ...wiredAdapter, id: `it${randomUUID().slice(0, 8)}` };
  logged.length = 0;
});

function record(n: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: `d${n}`,
    title: `Deal ${n}`,
    description: 'Test deal.',
    savings: `${n % 90}% off`,
    type: 'code',
    code: `C${n}`,
    start_date: '2026-02-01T00:00:00Z',
    end_date: '2027-02-01T00:00:00Z',
    shop_id: 'acme',
    shop_name: 'Acme',
    shop_url: 'https://acme.example',
    url_home: `https://acme.example/d${n}`,
    is_verified: n % 2 === 0,
    ...overrides,
  };
}

const range = (count: number): number[] => Array.from({ length: count }, (_, i) => i + 1);

function ndjsonFile(records: Array<Record<string, unknown> | string>): string {
  const path = join(dir, `${randomUUID()}.ndjson`);
  writeFileSync(path, records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n');
  return path;
}

function run(path: string, extra: Partial<CollectionOptions> = {}): Promise<RunSummary> {
  return runCollection({
    db,
    adapter,
    openFeed: () => openFeedFile(path),
    trigger: 'cli',
    now: RUN_TIME,
    logger: {
      info: (message, data) => logged.push({ level: 'info', message, data }),
      warn: (message, data) => logged.push({ level: 'warn', message, data }),
      error: (message, data) => logged.push({ level: 'error', message, data }),
    },
    ...extra,
  });
}

const dealRef = (n: number) => db.doc(`${COLLECTIONS.deals}/${adapter.id}_d${n}`);
const searchRef = (n: number) => db.doc(`${COLLECTIONS.dealSearch}/${adapter.id}_d${n}`);

/** Every deal document of this test's source in one collection, id → data. */
async function storedIn(collectionPath: string): Promise<Map<string, FirebaseFirestore.DocumentData>> {
  const snapshot = await db.collection(collectionPath).get();
  return new Map(
    snapshot.docs.filter((doc) => doc.id.startsWith(`${adapter.id}_`)).map((doc) => [doc.id, doc.data()]),
  );
}

/** The listing documents (coupons) of this test's source. */
const storedDeals = () => storedIn(COLLECTIONS.deals);

/** Every search document matches its listing document plus the listing's search_terms, and nothing else exists. */
async function expectSearchDocsMatchListings(): Promise<void> {
  const listings = await storedDeals();
  const searchDocs = await storedIn(COLLECTIONS.dealSearch);
  expect([...searchDocs.keys()].sort()).toEqual([...listings.keys()].sort());
  for (const [id, listing] of listings) {
    expect(listing).not.toHaveProperty('search_terms');
    expect(searchDocs.get(id)).toEqual({
      ...listing,
      search_terms: searchTermsOf([listing.title, listing.shop_name, listing.description]),
    });
  }
}

type WriteCall = (ref: DocumentReference, ...rest: unknown[]) => Promise<unknown>;

/** The db, except that every set/update/delete of the collector's BulkWriters goes through `intercept`. */
function withInterceptedWrites(
  intercept: (
    operation: string,
    ref: DocumentReference,
    rest: unknown[],
    write: WriteCall,
  ) => Promise<unknown>,
): Firestore {
  const interceptedWriter = (writer: BulkWriter): BulkWriter =>
    new Proxy(writer, {
      get(target, key) {
        const value: unknown = Reflect.get(target, key, target);
        if (typeof value !== 'function') return value;
        const write: WriteCall = (ref, ...rest) => (value as WriteCall).call(target, ref, ...rest);
        return typeof key === 'string' && ['set', 'update', 'delete'].includes(key)
          ? (ref: DocumentReference, ...rest: unknown[]) => intercept(key, ref, rest, write)
          : write;
      },
    });
  return new Proxy(db, {
    get(target, key) {
      if (key === 'bulkWriter') return () => interceptedWriter(target.bulkWriter());
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}

/** The db, except that the collector's BulkWriters fail the set/update/delete of the paths `fails` picks. */
function withFailingWrites(fails: (operation: string, path: string) => boolean): Firestore {
  return withInterceptedWrites((operation, ref, rest, write) =>
    fails(operation, ref.path)
      ? Promise.reject(new Error(`injected ${operation} failure`))
      : write(ref, ...rest),
  );
}

/**
 * The db, except that the listing documents `picks` chooses get a title the server refuses to store (a lone
 * surrogate): a real refusal by the emulator, which fails the whole batch request the document travels in.
 */
function withUnstorableListings(picks: (path: string) => boolean): Firestore {
  return withInterceptedWrites((operation, ref, rest, write) => {
    const [data, ...more] = rest;
    return operation === 'set' && picks(ref.path)
      ? write(ref, { ...(data as object), title: 'Lone \ud800 x' }, ...more)
      : write(ref, ...rest);
  });
}

describe('collector pipeline (Firestore emulator)', () => {
  it('imports a feed, then writes nothing when it is imported again unchanged', async () => {
    const feed = ndjsonFile(range(30).map((n) => record(n)));
    const first = await run(feed);
    expect(first).toMatchObject({ status: 'succeeded', deal_writes: 30 });
    expect(first.counts).toMatchObject({
      fetched: 30,
      valid: 30,
      invalid: 0,
      created: 30,
      updated: 0,
      unchanged: 0,
    });
    const afterFirst = await storedDeals();
    expect(afterFirst.size).toBe(30);
    // Each deal is two documents: the listing (no search index) and the search document.
    await expectSearchDocsMatchListings();
    const searchAfterFirst = await storedIn(COLLECTIONS.dealSearch);
    const deal = parseDeal(dealRef(4).id, afterFirst.get(dealRef(4).id));
    expect(deal).toMatchObject({ title: 'Deal 4', savings_value: 4, is_verified: true, code: 'C4' });

    // The dashboard's Store filter reads the shop summary: a run that wrote deals refreshed it…
    const summaryAfterFirst = await db.doc(STORE_SUMMARY_DOC_PATH).get();
    const shops = (summaryAfterFirst.get('shops') ?? []) as Array<{ id: string; live: number }>;
    expect(shops.find((shop) => shop.id === 'acme')?.live).toBeGreaterThanOrEqual(30);

    const second = await run(feed, { now: new Date(RUN_TIME.getTime() + 60_000) });
    expect(second).toMatchObject({ status: 'succeeded', deal_writes: 0, manifest_writes: 0 });
    expect(second.counts).toMatchObject({ valid: 30, created: 0, updated: 0, unchanged: 30, expired: 0 });
    expect(await storedDeals()).toEqual(afterFirst);
    expect(await storedIn(COLLECTIONS.dealSearch)).toEqual(searchAfterFirst);
    // …and an unchanged run leaves it alone (no write at all).
    const summaryAfterSecond = await db.doc(STORE_SUMMARY_DOC_PATH).get();
    expect(summaryAfterFirst.exists).toBe(true);
    expect(summaryAfterSecond.updateTime?.valueOf()).toBe(summaryAfterFirst.updateTime?.valueOf());
  });

  it('updates changed deals and expires (never deletes) deals that left the feed', async () => {
    await run(ndjsonFile(range(30).map((n) => record(n))));
    const before = await storedDeals();
    const later = new Date(RUN_TIME.getTime() + DAY_MS);
    const feed = range(30)
      .filter((n) => n !== 7 && n !== 8)
      .map((n) => (n === 3 ? record(3, { title: 'Deal 3, now cheaper', savings: '50% off' }) : record(n)));
    const summary = await run(ndjsonFile(feed), { now: later });
    expect(summary.counts).toMatchObject({ valid: 28, created: 0, updated: 1, unchanged: 27, expired: 2 });
    expect(summary.deal_writes).toBe(3);

    const after = await storedDeals();
    expect(after.size).toBe(30);
    expect(after.get(dealRef(3).id)).toMatchObject({ title: 'Deal 3, now cheaper', savings_value: 50 });
    for (const n of [7, 8]) {
      const expired = parseDeal(dealRef(n).id, after.get(dealRef(n).id));
      expect(expired?.end_date.toISOString()).toBe(later.toISOString());
      expect(expired && isDealLive(expired, later)).toBe(false);
      expect({ ...after.get(dealRef(n).id), end_date: null }).toEqual({
        ...before.get(dealRef(n).id),
        end_date: null,
      });
    }
    expect(after.get(dealRef(9).id)).toEqual(before.get(dealRef(9).id));
    // The search documents changed with their listings: the new title's words, the expired deals' end_date.
    await expectSearchDocsMatchListings();
    expect((await searchRef(3).get()).get('search_terms')).toContain('cheaper');
    expect((await searchRef(7).get()).get('end_date')).toBe(later.toISOString());

    // Expired once is enough: the next run writes nothing for them.
    const again = await run(ndjsonFile(feed), { now: new Date(later.getTime() + 1000) });
    expect(again.deal_writes).toBe(0);

    // A deal that comes back is live again.
    const back = await run(ndjsonFile(range(30).map((n) => record(n))), {
      now: new Date(later.getTime() + 2000),
    });
    expect(back.counts).toMatchObject({ updated: 3, expired: 0 });
    expect(after.get(dealRef(7).id)).toBeDefined();
    expect((await dealRef(7).get()).get('end_date')).toBe('2027-02-01T00:00:00.000Z');
  });

  it('deletes deals that left the feed once they ended more than the retention period ago', async () => {
    await run(ndjsonFile(range(10).map((n) => record(n))));
    const shorter = range(10).filter((n) => n !== 5);
    await run(ndjsonFile(shorter.map((n) => record(n))), { now: new Date(RUN_TIME.getTime() + 1000) });
    expect((await dealRef(5).get()).exists).toBe(true);
    const muchLater = new Date(RUN_TIME.getTime() + (RETENTION_DAYS + 1) * DAY_MS);
    const summary = await run(ndjsonFile(shorter.map((n) => record(n))), { now: muchLater });
    expect(summary.counts.purged).toBe(1);
    expect((await dealRef(5).get()).exists).toBe(false);
    expect((await searchRef(5).get()).exists).toBe(false);
    expect((await storedDeals()).size).toBe(9);
    await expectSearchDocsMatchListings();
  });

  it('skips bad records with their row and reason, duplicates included, without aborting', async () => {
    const summary = await run(
      ndjsonFile([
        record(1),
        record(2, { url_home: 'javascript:alert(1)' }),
        'not json',
        record(1, { title: 'Same id again' }),
        record(3, { start_date: 'tomorrow' }),
        record(4),
        record(5, { start_date: '2025-01-01T00:00:00Z', end_date: '2026-01-01T00:00:00Z' }),
        ...[6, 7, 8].map((n) => record(n)),
      ]),
    );
    expect(summary.status).toBe('succeeded');
    // The ended deal (row 7) is skipped without being an error.
    expect(summary.counts).toMatchObject({ fetched: 10, valid: 5, invalid: 4, ended: 1, created: 5 });
    expect(summary.errors).toEqual([
      { row: 2, reason: 'url_home is not an absolute http(s) URL' },
      { row: 3, reason: 'not valid JSON' },
      { row: 4, id: `${adapter.id}_d1`, reason: 'duplicate of row 1' },
      { row: 5, reason: expect.stringContaining('start_date is not an ISO-8601 date-time') },
    ]);
    expect((await dealRef(1).get()).get('title')).toBe('Deal 1');
    const runDoc = (await db.doc(collectorRunDocPath(summary.run_id)).get()).data();
    expect(runDoc).toMatchObject({
      source: adapter.id,
      trigger: 'cli',
      status: 'succeeded',
      counts: summary.counts,
      errors: summary.errors,
    });
    expect(runDoc?.finished_at).toBeInstanceOf(Timestamp);
    expect(logged).toEqual([
      {
        level: 'info',
        message: SUMMARY_LOG_MESSAGE,
        data: expect.objectContaining({ run_id: summary.run_id }),
      },
    ]);
  });

  describe('a document the server refuses fails its own deal only', () => {
    // 40 deals are 80 document writes, sent 20 per batch request: a refused document used to fail the 19 others
    // of its request, so two of them left 18 good deals unwritten, run after run.
    const feed40 = () => range(40).map((n) => record(n));

    it('a record with a lone surrogate is skipped at validation; the other 38 deals are written', async () => {
      const lone = (n: number) => record(n, { title: `Lone \ud800 x ${n}` });
      const feed = ndjsonFile(feed40().map((r, i) => (i === 4 || i === 25 ? lone(i + 1) : r)));
      const summary = await run(feed);
      expect(summary).toMatchObject({ status: 'succeeded', deal_writes: 38 });
      expect(summary.counts).toMatchObject({ valid: 38, invalid: 2, created: 38, write_failures: 0 });
      expect(summary.errors).toEqual([
        { row: 5, reason: 'title is not valid Unicode (it holds a lone surrogate)' },
        { row: 26, reason: 'title is not valid Unicode (it holds a lone surrogate)' },
      ]);
      expect((await storedDeals()).size).toBe(38);
      await expectSearchDocsMatchListings();
      const again = await run(feed, { now: new Date(RUN_TIME.getTime() + 1000) });
      expect(again).toMatchObject({ status: 'succeeded', deal_writes: 0 });
    });

    it('a document refused at write time fails its deal alone; the next run writes only that deal', async () => {
      const refused = (path: string) => [5, 26].some((n) => path === dealRef(n).path);
      const first = await run(ndjsonFile(feed40()), { db: withUnstorableListings(refused) });
      expect(first).toMatchObject({ status: 'partial', deal_writes: 38 });
      expect(first.counts).toMatchObject({ created: 38, write_failures: 2 });
      expect(first.errors.map((error) => error.id).sort()).toEqual([`${adapter.id}_d26`, `${adapter.id}_d5`]);
      expect(first.errors[0]?.reason).toMatch(/^write failed: /);
      const stored = await storedDeals();
      for (const n of range(40)) expect(stored.has(dealRef(n).id)).toBe(n !== 5 && n !== 26);
      const manifest = await Manifest.load(db, adapter.id);
      expect(manifest.get(`${adapter.id}_d4`)).toBeDefined();
      expect(manifest.get(`${adapter.id}_d5`)).toBeUndefined();

      const second = await run(ndjsonFile(feed40()), { now: new Date(RUN_TIME.getTime() + 1000) });
      expect(second).toMatchObject({ status: 'succeeded', deal_writes: 2 });
      expect(second.counts).toMatchObject({ created: 2, unchanged: 38, write_failures: 0 });
      expect((await storedDeals()).size).toBe(40);
      await expectSearchDocsMatchListings();
    });
  });

  describe('a deal is recorded as written only when both of its documents are', () => {
    const isDeal = (n: number, path: string) => path.endsWith(`/${adapter.id}_d${n}`);
    const inSearch = (path: string) => path.startsWith(`${COLLECTIONS.dealSearch}/`);
    const inListing = (path: string) => path.startsWith(`${COLLECTIONS.deals}/`);

    it('a failed half of a new deal leaves it out of the manifest; the next run writes it again', async () => {
      const feed = ndjsonFile(range(10).map((n) => record(n)));
      const failing = withFailingWrites(
        (operation, path) => operation === 'set' && isDeal(3, path) && inSearch(path),
      );
      const first = await run(feed, { db: failing });
      expect(first).toMatchObject({
        status: 'partial',
        message: '1 writes failed; the next run retries them',
      });
      expect(first.counts).toMatchObject({ created: 9, write_failures: 1 });
      expect(first.errors).toEqual([
        { row: 0, id: `${adapter.id}_d3`, reason: 'write failed: injected set failure' },
      ]);
      // The listing half went through, the search half did not, and the manifest does not claim the deal.
      expect((await dealRef(3).get()).exists).toBe(true);
      expect((await searchRef(3).get()).exists).toBe(false);
      expect((await Manifest.load(db, adapter.id)).get(`${adapter.id}_d3`)).toBeUndefined();

      const second = await run(feed, { now: new Date(RUN_TIME.getTime() + 1000) });
      expect(second).toMatchObject({ status: 'succeeded', deal_writes: 1 });
      expect(second.counts).toMatchObject({ created: 1, updated: 0, unchanged: 9 });
      await expectSearchDocsMatchListings();
      expect((await storedDeals()).size).toBe(10);
    });

    it('a failed half of a changed deal keeps its old hash, so the change is written again', async () => {
      await run(ndjsonFile(range(10).map((n) => record(n))));
      const changed = ndjsonFile(
        range(10).map((n) => (n === 4 ? record(4, { title: 'Deal 4 renamed' }) : record(n))),
      );
      const failing = withFailingWrites(
        (operation, path) => operation === 'set' && isDeal(4, path) && inListing(path),
      );
      const partial = await run(changed, { db: failing, now: new Date(RUN_TIME.getTime() + 1000) });
      expect(partial.counts).toMatchObject({ updated: 0, write_failures: 1 });
      expect((await searchRef(4).get()).get('title')).toBe('Deal 4 renamed');
      expect((await dealRef(4).get()).get('title')).toBe('Deal 4');

      const retried = await run(changed, { now: new Date(RUN_TIME.getTime() + 2000) });
      expect(retried.counts).toMatchObject({ updated: 1, unchanged: 9, write_failures: 0 });
      expect((await dealRef(4).get()).get('title')).toBe('Deal 4 renamed');
      await expectSearchDocsMatchListings();
    });

    it('a failed half of an expiry or a purge is retried by the next run', async () => {
      await run(ndjsonFile(range(10).map((n) => record(n))));
      const without6 = ndjsonFile(
        range(10)
          .filter((n) => n !== 6)
          .map((n) => record(n)),
      );
      const later = new Date(RUN_TIME.getTime() + DAY_MS);
      const failedExpiry = await run(without6, {
        db: withFailingWrites(
          (operation, path) => operation === 'update' && isDeal(6, path) && inSearch(path),
        ),
        now: later,
      });
      expect(failedExpiry.counts).toMatchObject({ expired: 0, write_failures: 1 });
      expect((await searchRef(6).get()).get('end_date')).toBe('2027-02-01T00:00:00.000Z');

      const expired = await run(without6, { now: new Date(later.getTime() + 1000) });
      expect(expired.counts).toMatchObject({ expired: 1, write_failures: 0 });
      expect((await searchRef(6).get()).get('end_date')).toBe(new Date(later.getTime() + 1000).toISOString());
      await expectSearchDocsMatchListings();

      const muchLater = new Date(later.getTime() + (RETENTION_DAYS + 1) * DAY_MS);
      const failedPurge = await run(without6, {
        db: withFailingWrites(
          (operation, path) => operation === 'delete' && isDeal(6, path) && inListing(path),
        ),
        now: muchLater,
      });
      expect(failedPurge.counts).toMatchObject({ purged: 0, write_failures: 1 });
      expect((await dealRef(6).get()).exists).toBe(true);
      expect((await searchRef(6).get()).exists).toBe(false);

      const purged = await run(without6, { now: new Date(muchLater.getTime() + 1000) });
      expect(purged.counts).toMatchObject({ purged: 1, write_failures: 0 });
      expect((await dealRef(6).get()).exists).toBe(false);
    });
  });

  it('rewrites every deal stored before the search index moved out of the listing documents, once', async () => {
    const feed = ndjsonFile(range(12).map((n) => record(n)));
    await run(feed);
    // The state the previous layout left: search_terms on the listing documents, no search documents, and the
    // manifest's hashes taken over those documents.
    const listings = await storedDeals();
    const before = await Manifest.load(db, adapter.id);
    const oldLayout = new Manifest();
    for (const [id, listing] of listings) {
      const { scraped_at: _scraped, ...content } = buildDealSearchDoc(listing as DealDoc);
      await db.doc(`${COLLECTIONS.deals}/${id}`).set(buildDealSearchDoc(listing as DealDoc));
      await db.doc(`${COLLECTIONS.dealSearch}/${id}`).delete();
      const entry = before.get(id);
      if (entry) oldLayout.set(id, { ...entry, hash: contentHash(content) });
    }
    for (const { shard, text, count } of oldLayout.changedShards()) {
      await db.doc(`${manifestCollectionPath(adapter.id)}/${shard}`).set({ entries: text, count });
    }

    const migration = await run(feed, { now: new Date(RUN_TIME.getTime() + 1000) });
    expect(migration.counts).toMatchObject({ updated: 12, unchanged: 0, write_failures: 0 });
    await expectSearchDocsMatchListings();
    const again = await run(feed, { now: new Date(RUN_TIME.getTime() + 2000) });
    expect(again.counts).toMatchObject({ updated: 0, unchanged: 12 });
  });

  describe('a feed that fails changes nothing', () => {
    let server: Server;
    let feedStatus = 200;
    let feedBody = '';
    let baseUrl = '';
    beforeAll(async () => {
      server = createServer((_req, res) => {
        res.writeHead(feedStatus, { 'Content-Type': 'application/x-ndjson' });
        res.end(feedBody);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    async function expectUnchanged(summary: RunSummary, status: string, message: string | RegExp) {
      expect(summary.status).toBe(status);
      expect(summary.message).toMatch(message);
      expect(summary.deal_writes).toBe(0);
      expect(logged.at(-1)).toMatchObject({ level: 'error', message: SUMMARY_LOG_MESSAGE });
      expect((await db.doc(collectorRunDocPath(summary.run_id)).get()).get('status')).toBe(status);
    }

    it('on an HTTP error, a broken file, a shrunken or a mostly invalid feed', async () => {
      await run(ndjsonFile(range(40).map((n) => record(n))));
      const before = await storedDeals();
      const later = { now: new Date(RUN_TIME.getTime() + DAY_MS) };

      feedStatus = 503;
      await expectUnchanged(
        await run('', { ...later, openFeed: () => openFeedUrl(`${baseUrl}/feed.ndjson`) }),
        'failed',
        'answered HTTP 503',
      );

      const broken = join(dir, `${randomUUID()}.csv`);
      writeFileSync(broken, 'id,title\n1,"never closed\n');
      await expectUnchanged(await run(broken, later), 'failed', /could not be read/);

      feedStatus = 200;
      feedBody = range(10)
        .map((n) => JSON.stringify(record(n)))
        .join('\n');
      await expectUnchanged(
        await run('', { ...later, openFeed: () => openFeedUrl(`${baseUrl}/feed.ndjson`) }),
        'rejected',
        'the feed has 10 valid deals, fewer than 50% of the 40 of the last run',
      );

      const mostlyInvalid = range(40).map((n) => (n <= 25 ? record(n, { url_home: 'data:,x' }) : record(n)));
      await expectUnchanged(
        await run(ndjsonFile(mostlyInvalid), later),
        'rejected',
        '25 of 40 records are invalid',
      );

      await expectUnchanged(await run(ndjsonFile(['']), later), 'rejected', 'no valid deals');
      // The majority rule holds for small feeds too.
      const smallMostlyInvalid = [record(1), ...[2, 3, 4].map((n) => record(n, { end_date: 'soon' }))];
      await expectUnchanged(
        await run(ndjsonFile(smallMostlyInvalid), { ...later, allowShrink: true }),
        'rejected',
        '3 of 4 records are invalid',
      );
      expect(await storedDeals()).toEqual(before);

      // An intended cut goes through with allowShrink.
      const cut = await run(ndjsonFile(range(10).map((n) => record(n))), { ...later, allowShrink: true });
      expect(cut.counts.expired).toBe(30);
    });

    it('on a feed that times out', async () => {
      const slow = createServer(() => {
        // Never answers.
      });
      await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(slow.address() as AddressInfo).port}/feed.ndjson`;
      try {
        const summary = await run('', { openFeed: () => openFeedUrl(url, { timeoutMs: 300 }) });
        await expectUnchanged(summary, 'failed', /could not be fetched/);
      } finally {
        slow.closeAllConnections();
        await new Promise((resolve) => slow.close(resolve));
      }
    });
  });

  it('dry run: reports what would change and writes nothing', async () => {
    await run(ndjsonFile(range(10).map((n) => record(n))));
    const before = await storedDeals();
    const feed = ndjsonFile([
      ...range(9).map((n) => (n === 1 ? record(1, { title: 'New title' }) : record(n))),
      record(11),
    ]);
    const summary = await run(feed, { dryRun: true, now: new Date(RUN_TIME.getTime() + 1000) });
    expect(summary).toMatchObject({ status: 'dry-run' });
    expect(summary.counts).toMatchObject({ created: 1, updated: 1, unchanged: 8, expired: 1 });
    expect(await storedDeals()).toEqual(before);
    expect((await db.doc(collectorRunDocPath(summary.run_id)).get()).exists).toBe(false);
  });

  describe('lease', () => {
    it('a run does not write while another run holds the lease, and runs once it expired', async () => {
      await db.doc(collectorStateDocPath(adapter.id)).set({
        lease_run_id: 'other-run',
        lease_expires_at: Timestamp.fromMillis(Date.now() + LEASE_TTL_MS),
      });
      const feed = ndjsonFile(range(5).map((n) => record(n)));
      const blocked = await run(feed);
      expect(blocked).toMatchObject({ status: 'skipped', deal_writes: 0 });
      expect(blocked.message).toContain('other-run');
      expect((await storedDeals()).size).toBe(0);
      expect((await db.doc(collectorRunDocPath(blocked.run_id)).get()).get('status')).toBe('skipped');

      await db
        .doc(collectorStateDocPath(adapter.id))
        .update({ lease_expires_at: Timestamp.fromMillis(Date.now() - 1) });
      expect((await run(feed)).status).toBe('succeeded');
      expect((await db.doc(collectorStateDocPath(adapter.id)).get()).get('lease_run_id')).toBeNull();
    });

    it('of two overlapping runs, exactly one writes', async () => {
      const feed = ndjsonFile(range(200).map((n) => record(n)));
      const results = await Promise.all([run(feed), run(feed)]);
      expect(results.map((r) => r.status).sort()).toEqual(['skipped', 'succeeded']);
      expect(results.reduce((sum, r) => sum + r.deal_writes, 0)).toBe(200);
    });
  });
});
