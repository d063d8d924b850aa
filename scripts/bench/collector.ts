// `npm run bench:collector` (also run at the end of `npm run bench`): the deal collector at 100k-deal scale.
// Generates a deterministic catalogue (seeded PRNG; dates relative to today's UTC day), split over the sources
// (deal n belongs to source n mod their count; one feed file each), then, in a Firestore emulator started with
// the demo data (queued on the machine-wide stack lock):
//   0. the floor: a bare Admin SDK BulkWriter (default settings, no validation, no manifest, no backpressure)
//      writes the documents the collector will write, built from the same feed by the same code, into a
//      project of its own on the same emulator (cleared afterwards) → its deals/s, the yardstick of step 1
//   1. `npm run import-deals` of each source's feed into an empty source → deals/s as a share of the floor's, peak RSS
//   2. the same feeds again                          → deal writes must be 0
//   3. 1% of the deals changed and 5% removed        → deal writes must equal the changes (updates + expiries)
// and reads the dashboard's first page (default filter and sort) after the import: documents returned and, if
// the emulator's query explain reports it, index entries scanned. Prints a table, writes
// bench-results/collector.json and exits non-zero when a budget is broken. The floor runs in a child process
// of its own (this script with --floor), like each import, so JIT and memory are measured alike.
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { type DocumentData, FieldPath, getFirestore, type Query } from 'firebase-admin/firestore';
import { ADAPTER_IDS, adapterFor } from '../../functions/src/collector/adapters';
import { normalizeRecord } from '../../functions/src/collector/normalize';
import type { RunSummary } from '../../functions/src/collector/pipeline';
import { buildDealDoc, dealDocuments } from '../../functions/src/model/deal';
import { DOCUMENT_ID_FIELD } from '../../functions/src/model/paths';
import { dealQuerySpec, DEFAULT_DEAL_FILTER, DEFAULT_DEAL_SORT } from '../../functions/src/model/queries';
import { feedRecord, startOfUtcDay } from '../../tools/deal-feed/feed-records';
import { seededRandom } from '../../tools/seeded-random';
import { exitWithUsage, parseCommandLine, runMain } from '../lib/cli';
import { PROJECT_ID, repoRoot } from '../lib/paths';
import { type Check, runFirestoreBench, wholeNumber } from './firestore-bench';

const USAGE = `Usage: npm run bench:collector [-- --deals N] [--sources ${ADAPTER_IDS.join(',')}]
       (N ≥ 100, default 100000; the catalogue is split over the sources, default wired)`;
const RSS_BUDGET_MIB = 512;
/** The collector's first import must write at least this share of the floor's deals per second. */
const FLOOR_SHARE_BUDGET = 0.7;
/** The floor writes into a project of its own on the same emulator, so the collector's starts empty. */
const FLOOR_PROJECT_ID = `${PROJECT_ID}-floor`;
/** Untimed writes before the floor's timed ones: the emulator's JVM is cold when the floor runs first. */
const FLOOR_WARM_UP_DOCS = 4000;
const CHANGED_EVERY = 100; // 1%
const REMOVED_EVERY = 20; // 5%

/** import-deals --json: the run's summary and the process's peak RSS. */
type ImportSummary = RunSummary & { peak_rss_mib: number };

interface SourceFeed {
  source: string;
  file: string;
}

/** The catalogue's feeds, one per source: deal n goes to source n mod the number of sources. */
async function writeFeeds(
  dir: string,
  deals: number,
  sources: readonly string[],
  variant: 'base' | 'changed',
): Promise<{ feeds: SourceFeed[]; changed: number; removed: number }> {
  const anchor = startOfUtcDay(new Date());
  const random = seededRandom(0xb3ec);
  const feeds = sources.map((source) => ({ source, file: join(dir, `${source}-${variant}.ndjson`) }));
  const outs: WriteStream[] = feeds.map(({ file }) => createWriteStream(file));
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
    const out = outs[n % outs.length] as WriteStream;
    if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain');
  }
  for (const out of outs) {
    out.end();
    await once(out, 'close');
  }
  return { feeds, changed, removed };
}

/**
 * The documents the collector writes for `feeds` (each deal's listing and search document, built by the same
 * normalize → buildDealDoc → dealDocuments), one `{path, data}` per line: what the floor writes.
 */
async function writeFloorDocuments(feeds: readonly SourceFeed[], file: string): Promise<number> {
  const now = new Date();
  const out = createWriteStream(file);
  let documents = 0;
  for (const { source, file: feedFile } of feeds) {
    const adapter = adapterFor(source);
    const lines = createInterface({ input: createReadStream(feedFile), crlfDelay: Infinity });
    for await (const line of lines) {
      const result = normalizeRecord(adapter, JSON.parse(line) as Record<string, unknown>, now);
      if (!result.ok) throw new Error(`the bench feed holds an invalid record: ${result.reason}`);
      const doc = buildDealDoc({ ...result.deal.input, scraped_at: now });
      for (const written of dealDocuments(result.deal.id, doc)) {
        documents += 1;
        if (!out.write(`${JSON.stringify(written)}\n`)) await once(out, 'drain');
      }
    }
  }
  out.end();
  await once(out, 'close');
  return documents;
}

interface FloorResult {
  documents: number;
  failures: number;
  duration_ms: number;
  peak_rss_mib: number;
}

/** --floor <file>: a bare BulkWriter writes every document of the file (after a warm-up); prints the result. */
async function writeFloor(file: string): Promise<FloorResult> {
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const app = initializeApp({ projectId: FLOOR_PROJECT_ID }, 'collector-floor');
  try {
    const db = getFirestore(app);
    const warmUp = db.bulkWriter();
    for (let n = 0; n < FLOOR_WARM_UP_DOCS; n += 1)
      void warmUp.set(db.doc(`floor_warm_up/w${n}`), { n, text: 'warm-up' });
    await warmUp.close();

    const started = Date.now();
    const writer = db.bulkWriter();
    let documents = 0;
    let failures = 0;
    const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
    for await (const line of lines) {
      const { path, data } = JSON.parse(line) as { path: string; data: DocumentData };
      documents += 1;
      writer.set(db.doc(path), data).catch(() => (failures += 1));
    }
    await writer.close();
    const durationMs = Date.now() - started;
    return {
      documents,
      failures,
      duration_ms: durationMs,
      peak_rss_mib: Math.round(process.resourceUsage().maxRSS / 1024),
    };
  } finally {
    await deleteApp(app);
  }
}

/** This script again as `--floor <file>`, in a process of its own like import-deals. */
function runFloor(file: string): Promise<FloorResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'scripts/bench/collector.ts'), '--floor', file],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'], env: process.env },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', () => {
      try {
        resolve(JSON.parse(output.trim().split('\n').at(-1) ?? '') as FloorResult);
      } catch {
        reject(new Error(`the floor printed no result: ${output.slice(0, 500)}`));
      }
    });
  });
}

/** Drops the floor's documents (the emulator's own endpoint), so the collector's steps run beside an empty project. */
async function clearFloorProject(): Promise<void> {
  const host = process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080';
  const response = await fetch(
    `http://${host}/emulator/v1/projects/${FLOOR_PROJECT_ID}/databases/(default)/documents`,
    { method: 'DELETE' },
  );
  if (!response.ok) throw new Error(`clearing the floor's project answered HTTP ${response.status}`);
}

function importFeed({ source, file }: SourceFeed): Promise<ImportSummary> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(repoRoot, 'scripts/import-deals.ts'),
        '--file',
        file,
        '--source',
        source,
        '--emulator',
        '--json',
      ],
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

/** One import of the catalogue: each source's feed in turn, as ops would run them; counts and time summed. */
interface CatalogueImport {
  runs: ImportSummary[];
  succeeded: boolean;
  valid: number;
  created: number;
  updated: number;
  expired: number;
  deal_writes: number;
  manifest_writes: number;
  duration_ms: number;
  peak_rss_mib: number;
}

async function importCatalogue(feeds: readonly SourceFeed[]): Promise<CatalogueImport> {
  const runs: ImportSummary[] = [];
  for (const feed of feeds) runs.push(await importFeed(feed));
  const sum = (value: (run: ImportSummary) => number) => runs.reduce((total, run) => total + value(run), 0);
  return {
    runs,
    succeeded: runs.every((run) => run.status === 'succeeded'),
    valid: sum((run) => run.counts.valid),
    created: sum((run) => run.counts.created),
    updated: sum((run) => run.counts.updated),
    expired: sum((run) => run.counts.expired),
    deal_writes: sum((run) => run.deal_writes),
    manifest_writes: sum((run) => run.manifest_writes),
    duration_ms: sum((run) => run.duration_ms),
    peak_rss_mib: Math.max(...runs.map((run) => run.peak_rss_mib)),
  };
}

async function inner(deals: number, sources: readonly string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'collector-bench-'));
  try {
    console.log(`Generating a ${deals}-deal catalogue over ${sources.join(', ')}…`);
    const base = await writeFeeds(dir, deals, sources, 'base');
    const { feeds: changedFeeds, changed, removed } = await writeFeeds(dir, deals, sources, 'changed');
    const floorFile = join(dir, 'floor-documents.ndjson');
    await writeFloorDocuments(base.feeds, floorFile);
    console.log('Floor: a bare BulkWriter writes the same documents…');
    const floor = await runFloor(floorFile);
    await clearFloorProject();
    console.log('Import 1: the whole catalogue…');
    const first = await importCatalogue(base.feeds);
    console.log('Import 2: the same feeds…');
    const second = await importCatalogue(base.feeds);
    console.log(`Import 3: ${changed} changed, ${removed} removed…`);
    const third = await importCatalogue(changedFeeds);
    const page = await dashboardFirstPage();
    return { deals, sources, changed, removed, floor, first, second, third, page };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function report(result: Awaited<ReturnType<typeof inner>>) {
  const { floor, first, second, third, page } = result;
  const expectedWrites = result.changed + result.removed;
  const perSecond = (count: number, ms: number) => count / (ms / 1000);
  const floorDeals = floor.documents / 2; // a listing and a search document per deal
  const floorDealsPerSecond = perSecond(floorDeals, floor.duration_ms);
  const dealsPerSecond = perSecond(first.created, first.duration_ms);
  const floorShare = dealsPerSecond / floorDealsPerSecond;
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  const percent = (share: number) => `${Math.round(share * 100)}%`;
  const checks: Check[] = [
    [
      'floor: bare BulkWriter, same documents',
      `${Math.round(floorDealsPerSecond)} deals/s (${floor.documents} documents in ${seconds(floor.duration_ms)}s, ${floor.failures} failed; peak RSS ${floor.peak_rss_mib} MiB)`,
      floor.failures === 0 && floorDeals === result.deals,
    ],
    ['import 1: status', first.runs.map((run) => run.status).join(', '), first.succeeded],
    ['import 1: deals created', String(first.created), first.created === result.deals],
    [
      'import 1: throughput',
      `${Math.round(dealsPerSecond)} deals/s (${seconds(first.duration_ms)}s) = ${percent(floorShare)} of the floor (budget ≥ ${percent(FLOOR_SHARE_BUDGET)})`,
      floorShare >= FLOOR_SHARE_BUDGET,
    ],
    [
      'import 1: writes',
      `${first.deal_writes * 2} deal documents + ${first.manifest_writes} manifest shards (floor: ${floor.documents})`,
      first.deal_writes * 2 === floor.documents,
    ],
    [
      'import 1: peak RSS',
      `${first.peak_rss_mib} MiB (budget ${RSS_BUDGET_MIB})`,
      first.peak_rss_mib <= RSS_BUDGET_MIB,
    ],
    ['import 2 (unchanged): deal writes', `${second.deal_writes} (budget 0)`, second.deal_writes === 0],
    [
      'import 2: duration / peak RSS',
      `${seconds(second.duration_ms)}s / ${second.peak_rss_mib} MiB`,
      second.succeeded && second.peak_rss_mib <= RSS_BUDGET_MIB,
    ],
    [
      'import 3 (1% changed, 5% removed): deal writes',
      `${third.deal_writes} = ${third.updated} updated + ${third.expired} expired (budget ${expectedWrites})`,
      third.deal_writes === expectedWrites &&
        third.updated === result.changed &&
        third.expired === result.removed,
    ],
    [
      'import 3: duration / peak RSS',
      `${seconds(third.duration_ms)}s / ${third.peak_rss_mib} MiB`,
      third.succeeded && third.peak_rss_mib <= RSS_BUDGET_MIB,
    ],
    [
      'dashboard first page: documents read',
      `${page.documents} of ${page.storedDeals} stored (budget 20)`,
      page.documents === 20,
    ],
    ['dashboard first page: index entries scanned', page.indexEntriesScanned, true],
    ['dashboard first page: emulator time', `${page.ms} ms`, true],
  ];
  const header = `Collector benchmark ${new Date().toISOString()} · ${result.deals} deals · sources ${result.sources.join(', ')}`;
  return {
    header,
    checks,
    extra: {
      dealsPerSecond: Math.round(dealsPerSecond),
      floorDealsPerSecond: Math.round(floorDealsPerSecond),
      floorShare: Number(floorShare.toFixed(3)),
    },
  };
}

const { values } = parseCommandLine(USAGE, {
  options: {
    deals: { type: 'string', default: '100000' },
    sources: { type: 'string', default: 'wired' },
    inner: { type: 'string' },
    floor: { type: 'string' },
  },
});
if (values.floor !== undefined) {
  const floorFile = values.floor;
  runMain('bench:collector (floor)', async () => console.log(JSON.stringify(await writeFloor(floorFile))));
} else {
  const deals = wholeNumber(USAGE, 'deals', values.deals, 100);
  const sources = values.sources.split(',').map((source) => source.trim());
  const unknown = sources.filter((source) => !ADAPTER_IDS.includes(source));
  if (unknown.length > 0 || new Set(sources).size !== sources.length)
    exitWithUsage(USAGE, `--sources takes distinct source ids of ${ADAPTER_IDS.join(', ')}`);
  runFirestoreBench(
    {
      name: 'collector',
      script: 'scripts/bench/collector.ts',
      args: [`--deals ${deals}`, `--sources ${sources.join(',')}`],
      importData: true,
      scale: `${deals} deals from ${sources.join(', ')}`,
      inner: () => inner(deals, sources),
      report,
    },
    values.inner,
  );
}
