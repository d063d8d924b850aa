// `npm run bench:collector` (also run at the end of `npm run bench`): the deal collector at 100k-deal scale.
// Generates a deterministic feed (seeded PRNG; dates relative to today's UTC day), then, in a Firestore emulator
// started with the demo data (queued on the machine-wide stack lock), runs `npm run import-deals` three times:
//   1. the whole feed into an empty source          → deals/s, peak RSS
//   2. the same feed again                          → deal writes must be 0
//   3. 1% of the deals changed and 5% removed       → deal writes must equal the changes (updates + expiries)
// and reads the dashboard's first page (default filter and sort) after the import: documents returned and, if
// the emulator's query explain reports it, index entries scanned. Prints a table, writes
// bench-results/collector.json and exits non-zero when a budget is broken.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldPath, getFirestore, type Query } from 'firebase-admin/firestore';
import type { RunSummary } from '../../functions/src/collector/pipeline';
import { DOCUMENT_ID_FIELD } from '../../functions/src/model/paths';
import { dealQuerySpec, DEFAULT_DEAL_FILTER, DEFAULT_DEAL_SORT } from '../../functions/src/model/queries';
import { feedRecord, startOfUtcDay } from '../../tools/deal-feed/feed-records';
import { seededRandom } from '../../tools/seeded-random';
import { parseCommandLine } from '../lib/cli';
import { PROJECT_ID, repoRoot } from '../lib/paths';
import { type Check, runFirestoreBench, wholeNumber } from './firestore-bench';

const USAGE = 'Usage: npm run bench:collector [-- --deals N]   (N ≥ 100, default 100000)';
const RSS_BUDGET_MIB = 512;
const CHANGED_EVERY = 100; // 1%
const REMOVED_EVERY = 20; // 5%

/** import-deals --json: the run's summary and the process's peak RSS. */
type ImportSummary = RunSummary & { peak_rss_mib: number };

async function writeFeed(path: string, deals: number, variant: 'base' | 'changed') {
  const anchor = startOfUtcDay(new Date());
  const random = seededRandom(0xb3ec);
  const out = createWriteStream(path);
  let removed = 0;
  let changed = 0;
  for (let n = 0; n < deals; n += 1) {
    // Every record draws from the PRNG in the same order whatever the variant, so unchanged deals stay identical.
    const base = feedRecord(n, anchor, random);
    if (variant === 'changed' && n % REMOVED_EVERY === 1) {
      removed += 1;
      continue;
    }
    const change = variant === 'changed' && n % CHANGED_EVERY === 0;
    const record = change ? { ...base, title: `${base.title} (now better)` } : base;
    if (change) changed += 1;
    if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'close');
  return { changed, removed };
}

function importFeed(file: string): Promise<ImportSummary> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'scripts/import-deals.ts'), '--file', file, '--emulator', '--json'],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, GCLOUD_PROJECT: PROJECT_ID },
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', () => {
      try {
        resolve(JSON.parse(output.trim().split('\n').at(-1) ?? '') as ImportSummary);
      } catch {
        reject(new Error(`import-deals printed no summary: ${output.slice(0, 500)}`));
      }
    });
  });
}

async function dashboardFirstPage() {
  const app = initializeApp({ projectId: PROJECT_ID }, 'collector-bench');
  try {
    const db = getFirestore(app);
    const spec = dealQuerySpec(DEFAULT_DEAL_FILTER, DEFAULT_DEAL_SORT);
    let query: Query = db.collection(spec.collection);
    for (const clause of spec.where) query = query.where(clause.field, clause.op, clause.value);
    for (const clause of spec.orderBy)
      query = query.orderBy(
        clause.field === DOCUMENT_ID_FIELD ? FieldPath.documentId() : clause.field,
        clause.direction,
      );
    query = query.limit(spec.limit);
    const started = Date.now();
    const snapshot = await query.get();
    const ms = Date.now() - started;
    let indexEntriesScanned = 'not reported by the emulator';
    try {
      const explained = await query.explain({ analyze: true });
      const scanned: unknown = explained.metrics.executionStats?.debugStats?.index_entries_scanned;
      if (scanned !== undefined) indexEntriesScanned = String(scanned);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      indexEntriesScanned = `not reported by the emulator (${message.split('\n')[0]?.slice(0, 80)})`;
    }
    const total = (await db.collection(spec.collection).count().get()).data().count;
    return { documents: snapshot.size, ms, indexEntriesScanned, storedDeals: total };
  } finally {
    await deleteApp(app);
  }
}

async function inner(deals: number) {
  const dir = mkdtempSync(join(tmpdir(), 'collector-bench-'));
  try {
    const base = join(dir, 'feed.ndjson');
    const changedFile = join(dir, 'feed-changed.ndjson');
    console.log(`Generating a ${deals}-deal feed…`);
    await writeFeed(base, deals, 'base');
    const { changed, removed } = await writeFeed(changedFile, deals, 'changed');
    console.log('Import 1: the whole feed…');
    const first = await importFeed(base);
    console.log('Import 2: the same feed…');
    const second = await importFeed(base);
    console.log(`Import 3: ${changed} changed, ${removed} removed…`);
    const third = await importFeed(changedFile);
    const page = await dashboardFirstPage();
    return { deals, changed, removed, first, second, third, page };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function report(result: Awaited<ReturnType<typeof inner>>) {
  const { first, second, third, page } = result;
  const expectedWrites = result.changed + result.removed;
  const dealsPerSecond = Math.round(first.counts.valid / (first.duration_ms / 1000));
  const seconds = (summary: ImportSummary) => (summary.duration_ms / 1000).toFixed(1);
  const checks: Check[] = [
    ['import 1: status', first.status, first.status === 'succeeded'],
    ['import 1: deals created', String(first.counts.created), first.counts.created === result.deals],
    ['import 1: throughput', `${dealsPerSecond} deals/s (${seconds(first)}s)`, true],
    [
      'import 1: peak RSS',
      `${first.peak_rss_mib} MiB (budget ${RSS_BUDGET_MIB})`,
      first.peak_rss_mib < RSS_BUDGET_MIB,
    ],
    ['import 2 (unchanged): deal writes', `${second.deal_writes} (budget 0)`, second.deal_writes === 0],
    [
      'import 2: duration / peak RSS',
      `${seconds(second)}s / ${second.peak_rss_mib} MiB`,
      second.peak_rss_mib < RSS_BUDGET_MIB,
    ],
    [
      'import 3 (1% changed, 5% removed): deal writes',
      `${third.deal_writes} = ${third.counts.updated} updated + ${third.counts.expired} expired (budget ${expectedWrites})`,
      third.deal_writes === expectedWrites &&
        third.counts.updated === result.changed &&
        third.counts.expired === result.removed,
    ],
    [
      'import 3: duration / peak RSS',
      `${seconds(third)}s / ${third.peak_rss_mib} MiB`,
      third.peak_rss_mib < RSS_BUDGET_MIB,
    ],
    [
      'dashboard first page: documents read',
      `${page.documents} of ${page.storedDeals} stored (budget 20)`,
      page.documents === 20,
    ],
    ['dashboard first page: index entries scanned', page.indexEntriesScanned, true],
    ['dashboard first page: emulator time', `${page.ms} ms`, true],
  ];
  const header = `Collector benchmark ${new Date().toISOString()} · ${result.deals} deals`;
  return { header, checks, extra: { dealsPerSecond } };
}

const { values } = parseCommandLine(USAGE, {
  options: { deals: { type: 'string', default: '100000' }, inner: { type: 'string' } },
});
const deals = wholeNumber(USAGE, 'deals', values.deals, 100);
runFirestoreBench(
  {
    name: 'collector',
    script: 'scripts/bench/collector.ts',
    args: [`--deals ${deals}`],
    importData: true,
    scale: `${deals} deals`,
    inner: () => inner(deals),
    report,
  },
  values.inner,
);
