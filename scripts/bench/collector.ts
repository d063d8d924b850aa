// `npm run bench:collector` (also run at the end of `npm run bench`): the deal collector at 100k-deal scale.
// Generates a deterministic catalogue (seeded PRNG; dates relative to today's UTC day) and deals it round-robin
// over the sources (deal n belongs to source n mod their count). By default the sources are the three affiliate
// networks (awin, impact, cj): each deal is rewritten as an Awin promotion, impact.com ad or CJ link in the
// network's documented shape (network-catalogue.ts), every 150th deal is also published by a second network (one
// deal in the catalogue: the shared-offer dedupe), and a local server answers each network's pages at the page
// sizes the clients ask for (no injected 429/500, and the clients' rate-limit spacing lifted: the bench measures
// the collector, not the networks' call budgets). `--sources wired` measures the feed-file path instead (one
// NDJSON file per source, imported by `npm run import-deals`). Then, in a Firestore emulator started with the demo
// data (queued on the machine-wide stack lock):
//   0. the floor: a bare Admin SDK BulkWriter (default settings, no validation, no manifest, no backpressure)
//      writes the documents the collector will write, built from the same offers by the same code, into a
//      project of its own on the same emulator (cleared afterwards) → its deals/s, the yardstick of step 1
//   1. each source's collector run (network: paging, parsing, mapping, dedupe, writes) into an empty catalogue
//      → deals/s as a share of the floor's, peak RSS
//   2. the same catalogue again                      → deal writes must be 0
//   3. 1% of the deals changed and 5% removed        → deal writes must equal the changes (updates + expiries)
// and reads the dashboard's first page (default filter and sort) after the import: documents returned and, if
// the emulator's query explain reports it, index entries scanned. Prints a table, writes
// bench-results/collector.json and exits non-zero when a budget is broken. The floor runs in a child process
// of its own (this script with --floor), like each source's run (--collect, or import-deals for a feed file), so
// JIT and memory are measured alike.
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
import {
  isNetworkId,
  NETWORK_IDS,
  networkAdapter,
  type NetworkId,
  openNetworkFeed,
} from '../../functions/src/collector/networks/registry';
import { loadSharedOffers, NETWORK_PRECEDENCE } from '../../functions/src/collector/networks/shared-offers';
import { runCollection, type RunSummary } from '../../functions/src/collector/pipeline';
import { buildDealDoc, dealDocuments } from '@bargains/model/deal';
import { DOCUMENT_ID_FIELD } from '@bargains/model/paths';
import { dealQuerySpec, DEFAULT_DEAL_FILTER, DEFAULT_DEAL_SORT } from '@bargains/model/queries';
import { feedRecord, startOfUtcDay } from '../../tools/deal-feed/feed-records';
import { seededRandom } from '../../tools/seeded-random';
import { exitWithUsage, parseCommandLine, runMain } from '../lib/cli';
import { PROJECT_ID, repoRoot } from '../lib/paths';
import { type Check, runFirestoreBench, wholeNumber } from './firestore-bench';
import { LOAD_OPTION } from './load';
import {
  benchAccount,
  emptyNetworkCatalogue,
  type NetworkCatalogue,
  networkOffer,
  secondNetworkOf,
  sourceOfDeal,
  startBenchNetworkServer,
} from './network-catalogue';

const DEFAULT_SOURCES = NETWORK_IDS.join(',');
const USAGE = `Usage: npm run bench:collector [-- --deals N] [--sources ${ADAPTER_IDS.join(',')}] [--load]
       (N ≥ 100, default 100000; the catalogue is split over the sources, default ${DEFAULT_SOURCES})`;
const RSS_BUDGET_MIB = 512;
/** The collector's first import must write at least this share of the floor's deals per second. */
const FLOOR_SHARE_BUDGET = 0.7;
/** The floor writes into a project of its own on the same emulator, so the collector's starts empty. */
const FLOOR_PROJECT_ID = `${PROJECT_ID}-floor`;
/** Untimed writes before the floor's timed ones: the emulator's JVM is cold when the floor runs first. */
const FLOOR_WARM_UP_DOCS = 4000;
const CHANGED_EVERY = 100; // 1%
const REMOVED_EVERY = 20; // 5%

/** A source's run (import-deals --json or --collect): the run's summary and the process's peak RSS. */
type ImportSummary = RunSummary & { peak_rss_mib: number };

/** One source of the catalogue: a feed file for the wired format, the bench server's listing for a network. */
type SourceFeed = { source: string; file: string } | { source: NetworkId; network: true };

/** Client options of the bench's network runs: no spacing between calls (the local server has no call budget). */
const BENCH_NETWORK_HTTP = { callsPerMinute: Number.POSITIVE_INFINITY };

/** The sources in the order they run: feed sources first, then the networks in shared-offer precedence. */
function runOrder(sources: readonly string[]): string[] {
  const rank = (source: string) => (isNetworkId(source) ? 1 + NETWORK_PRECEDENCE.indexOf(source) : 0);
  return [...sources].sort((a, b) => rank(a) - rank(b));
}

interface Catalogue {
  feeds: SourceFeed[];
  /** What the bench server answers for each network. */
  networks: NetworkCatalogue;
  changed: number;
  removed: number;
  /** Deals a second network also publishes. */
  shared: number;
}

/**
 * The catalogue's sources: deal n goes to source n mod the number of sources (a feed file line for the wired
 * format, an offer of the network's listing otherwise), and every SHARED_EVERY-th network deal to a second network.
 */
async function writeCatalogue(
  dir: string,
  deals: number,
  sources: readonly string[],
  variant: 'base' | 'changed',
): Promise<Catalogue> {
  const anchor = startOfUtcDay(new Date());
  const random = seededRandom(0xb3ec);
  const networks = emptyNetworkCatalogue();
  const networkSources = sources.filter(isNetworkId);
  const feeds: SourceFeed[] = runOrder(sources).map((source) =>
    isNetworkId(source)
      ? { source, network: true }
      : { source, file: join(dir, `${source}-${variant}.ndjson`) },
  );
  const outs = new Map<string, WriteStream>();
  for (const feed of feeds) if ('file' in feed) outs.set(feed.source, createWriteStream(feed.file));
  let removed = 0;
  let changed = 0;
  let shared = 0;
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
    const source = sourceOfDeal(n, sources);
    if (isNetworkId(source)) {
      networks[source].push(networkOffer(source, record, n));
      const second = secondNetworkOf(n, sources, networkSources);
      if (second !== null && isNetworkId(second)) {
        networks[second].push(networkOffer(second, record, n));
        shared += 1;
      }
      continue;
    }
    const out = outs.get(source) as WriteStream;
    if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain');
  }
  for (const out of outs.values()) {
    out.end();
    await once(out, 'close');
  }
  return { feeds, networks, changed, removed, shared };
}

/**
 * The documents the collector writes for the catalogue (each deal's listing and search document, built by the
 * same normalize → buildDealDoc → dealDocuments, in the sources' run order; an offer a second network also
 * publishes is written once, with the text of the first), one `{path, data}` per line: what the floor writes.
 */
async function writeFloorDocuments(catalogue: Catalogue, file: string): Promise<number> {
  const now = new Date();
  const out = createWriteStream(file);
  const written = new Set<string>();
  let documents = 0;
  async function write(adapterId: string, record: Record<string, unknown>) {
    const result = normalizeRecord(adapterFor(adapterId), record, now);
    if (!result.ok)
      throw new Error(`the bench catalogue holds an invalid ${adapterId} record: ${result.reason}`);
    if (written.has(result.deal.id)) return;
    written.add(result.deal.id);
    const doc = buildDealDoc({ ...result.deal.input, scraped_at: now });
    for (const document of dealDocuments(result.deal.id, doc)) {
      documents += 1;
      if (!out.write(`${JSON.stringify(document)}\n`)) await once(out, 'drain');
    }
  }
  for (const feed of catalogue.feeds) {
    if ('network' in feed) {
      for (const offer of catalogue.networks[feed.source]) await write(feed.source, offer);
      continue;
    }
    const lines = createInterface({ input: createReadStream(feed.file), crlfDelay: Infinity });
    for await (const line of lines) await write(feed.source, JSON.parse(line) as Record<string, unknown>);
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

/** A source's run in a process of its own: a network's through --collect, a feed file's through import-deals. */
function importFeed(feed: SourceFeed, networkApi: string): Promise<ImportSummary> {
  const args =
    'network' in feed
      ? [join(repoRoot, 'scripts/bench/collector.ts'), '--collect', feed.source, '--api', networkApi]
      : [
          join(repoRoot, 'scripts/import-deals.ts'),
          ...['--file', feed.file, '--source', feed.source, '--emulator', '--json'],
        ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, GCLOUD_PROJECT: PROJECT_ID },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', () => {
      try {
        resolve(JSON.parse(output.trim().split('\n').at(-1) ?? '') as ImportSummary);
      } catch {
        reject(new Error(`the ${feed.source} run printed no summary: ${output.slice(0, 500)}`));
      }
    });
  });
}

/**
 * --collect <network> --api <url>: the scheduled collect_<network>'s run (runCollection with the other networks'
 * shared offers and the network's feed, as handlers/collect-network.ts does) against the bench's server;
 * prints the summary and the peak RSS like import-deals --json.
 */
async function collectNetwork(network: NetworkId, api: string): Promise<ImportSummary> {
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const app = initializeApp({ projectId: PROJECT_ID }, 'collector-bench-collect');
  try {
    const db = getFirestore(app);
    const now = new Date();
    const silent = { info: () => {}, warn: () => {}, error: () => {} };
    const summary = await runCollection({
      db,
      now,
      sharedOffers: await loadSharedOffers(db, network, now),
      adapter: networkAdapter(network),
      openFeed: async () => openNetworkFeed(network, benchAccount(network, api), BENCH_NETWORK_HTTP),
      trigger: 'cli',
      logger: silent,
    });
    return { ...summary, peak_rss_mib: Math.round(process.resourceUsage().maxRSS / 1024) };
  } finally {
    await deleteApp(app);
  }
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
  fetched: number;
  valid: number;
  created: number;
  updated: number;
  expired: number;
  deal_writes: number;
  manifest_writes: number;
  duration_ms: number;
  peak_rss_mib: number;
}

async function importCatalogue(feeds: readonly SourceFeed[], networkApi: string): Promise<CatalogueImport> {
  const runs: ImportSummary[] = [];
  for (const feed of feeds) runs.push(await importFeed(feed, networkApi));
  const sum = (value: (run: ImportSummary) => number) => runs.reduce((total, run) => total + value(run), 0);
  return {
    runs,
    succeeded: runs.every((run) => run.status === 'succeeded'),
    fetched: sum((run) => run.counts.fetched),
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
  let served = emptyNetworkCatalogue();
  const { baseUrl, server } = await startBenchNetworkServer(() => served);
  try {
    console.log(`Generating a ${deals}-deal catalogue over ${sources.join(', ')}…`);
    const base = await writeCatalogue(dir, deals, sources, 'base');
    const floorFile = join(dir, 'floor-documents.ndjson');
    await writeFloorDocuments(base, floorFile);
    console.log('Floor: a bare BulkWriter writes the same documents…');
    const floor = await runFloor(floorFile);
    await clearFloorProject();
    served = base.networks;
    console.log('Import 1: the whole catalogue…');
    const first = await importCatalogue(base.feeds, baseUrl);
    console.log('Import 2: the same catalogue…');
    const second = await importCatalogue(base.feeds, baseUrl);
    // Only one variant's offers are held at a time.
    served = emptyNetworkCatalogue();
    base.networks = emptyNetworkCatalogue();
    const changedCatalogue = await writeCatalogue(dir, deals, sources, 'changed');
    const { changed, removed } = changedCatalogue;
    served = changedCatalogue.networks;
    console.log(`Import 3: ${changed} changed, ${removed} removed…`);
    const third = await importCatalogue(changedCatalogue.feeds, baseUrl);
    const page = await dashboardFirstPage();
    return {
      deals,
      sources: base.feeds.map((feed) => feed.source),
      shared: base.shared,
      changed,
      removed,
      floor,
      first,
      second,
      third,
      page,
    };
  } finally {
    server.close();
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
    [
      'import 1: offers fetched',
      `${first.fetched} (${result.shared} of them published by two networks)`,
      first.fetched === result.deals + result.shared,
    ],
    ['import 1: deals created', `${first.created} (each shared offer once)`, first.created === result.deals],
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
    sources: { type: 'string', default: DEFAULT_SOURCES },
    load: LOAD_OPTION,
    inner: { type: 'string' },
    floor: { type: 'string' },
    collect: { type: 'string' },
    api: { type: 'string' },
  },
});
if (values.floor !== undefined) {
  const floorFile = values.floor;
  runMain('bench:collector (floor)', async () => console.log(JSON.stringify(await writeFloor(floorFile))));
} else if (values.collect !== undefined) {
  const network = values.collect;
  const api = values.api;
  if (!isNetworkId(network) || api === undefined)
    exitWithUsage(USAGE, `--collect takes one of ${NETWORK_IDS.join(', ')} and --api <the bench server>`);
  runMain('bench:collector (collect)', async () =>
    console.log(JSON.stringify(await collectNetwork(network, api))),
  );
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
      load: values.load,
      scale: `${deals} deals from ${sources.join(', ')}`,
      inner: () => inner(deals, sources),
      report,
    },
    values.inner,
  );
}
