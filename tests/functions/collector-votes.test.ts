// The collector keeps the votes (Firestore emulator): a re-collected deal whose text changed keeps its vote
// summary and its lowered is_verified when the code is the same; an offer that comes back with a new code starts
// fresh. Its own project, like collector.test.ts (no triggers fire there).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { type Firestore, getFirestore } from 'firebase-admin/firestore';
import { type SourceAdapter, wiredAdapter } from '../../functions/src/collector/adapters';
import { openFeedFile } from '../../functions/src/collector/feed';
import { runCollection } from '../../functions/src/collector/pipeline';
import { dealDocPath, dealSearchDocPath } from '@bargains/model/paths';
import { dealVoteFields, type Vote } from '@bargains/model/votes';
import { FIRESTORE_EMULATOR } from './support/env';

process.env.FIRESTORE_EMULATOR_HOST ??= FIRESTORE_EMULATOR;

const RUN_TIME = new Date('2026-03-01T12:00:00.000Z');
const dir = mkdtempSync(join(tmpdir(), 'collector-votes-'));
let app: App;
let db: Firestore;
let adapter: SourceAdapter;

beforeAll(() => {
  app = initializeApp({ projectId: 'demo-bargains-collector' }, 'collector-votes-tests');
  db = getFirestore(app);
  adapter = { ...wiredAdapter, id: `votes${randomUUID().slice(0, 8)}` };
});
afterAll(async () => {
  await deleteApp(app);
});

const record = (n: number, overrides: Record<string, unknown> = {}) => ({
  id: `d${n}`,
  title: `Deal ${n}`,
  savings: '20% off',
  code: `C${n}`,
  start_date: '2026-02-01T00:00:00Z',
  end_date: '2027-02-01T00:00:00Z',
  shop_name: 'Acme',
  url_home: `https://acme.example/d${n}`,
  is_verified: true,
  ...overrides,
});

function feedFile(records: object[]): string {
  const path = join(dir, `${randomUUID()}.ndjson`);
  writeFileSync(path, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return path;
}

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const run = (records: object[], minutes: number) =>
  runCollection({
    db,
    adapter,
    openFeed: () => openFeedFile(feedFile(records)),
    trigger: 'cli',
    now: new Date(RUN_TIME.getTime() + minutes * 60_000),
    logger: quiet,
  });

const dealId = (n: number) => `${adapter.id}_d${n}`;
const deadVotes = (code: string): Vote[] =>
  ['ann', 'bob'].map((uid, i) => ({ uid, worked: false, code, voted_at: new Date(RUN_TIME.getTime() + i) }));

/** What vote_on_deal would store after two No votes on the deal's code (set directly: no trigger here). */
async function reportDead(n: number, code: string): Promise<void> {
  const listing = (await db.doc(dealDocPath(dealId(n))).get()).data() ?? {};
  const fields = dealVoteFields(listing, deadVotes(code));
  if (fields === null) throw new Error('the deal has no code');
  await Promise.all(
    [dealDocPath, dealSearchDocPath].map((path) => db.doc(path(dealId(n))).update({ ...fields })),
  );
}

describe('the collector keeps the votes', () => {
  it('keeps them on the same code and starts a new code fresh', async () => {
    await run([record(1), record(2), record(3)], 0);
    await reportDead(1, 'C1');
    await reportDead(2, 'C2');

    // Deal 1 changed its title (same code), deal 2 its code, deal 3 nothing.
    const summary = await run(
      [record(1, { title: 'Deal 1, now cheaper' }), record(2, { code: 'NEW2' }), record(3)],
      60,
    );
    expect(summary.counts).toMatchObject({ updated: 2, unchanged: 1 });

    for (const path of [dealDocPath, dealSearchDocPath]) {
      const kept = (await db.doc(path(dealId(1))).get()).data();
      expect(kept).toMatchObject({
        title: 'Deal 1, now cheaper',
        votes: { code: 'C1', total: 2, not_working: true },
        source_verified: true,
        is_verified: false,
      });
      const fresh = (await db.doc(path(dealId(2))).get()).data();
      expect(fresh).toMatchObject({ code: 'NEW2', is_verified: true });
      expect(fresh).not.toHaveProperty('votes');
      expect(fresh).not.toHaveProperty('source_verified');
    }
  });
});
