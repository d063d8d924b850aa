// `npm run bench:collector` (also run at the end of `npm run bench`): the deal collector at 100k-deal scale.
// Generates a deterministic feed (seeded PRNG; dates relative to today's UTC day), then, in a Firestore emulator
// started with the demo data (queued on the machine-wide stack lock), runs `npm run import-deals` three times:
//   1. the whole feed into an empty source          → deals/s, peak RSS
//   2. the same feed again                          → deal writes must be 0
//   3. 1% of the deals changed and 5% removed       → deal writes must equal the changes (updates + expiries)
// and reads the dashboard's first page (default filter and sort) after the import: documents returned and, if
// the emulator's query explain reports it, index entries scanned. Prints a table, writes
// bench-results/collector.json and exits non-zero when a budget is broken.
// Usage: npm run bench:collector [-- --deals N]
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ID, repoRoot } from '../lib/paths.ts';
import { stopAll, stopAllOnSignals, spawnChild } from '../lib/processes.ts';
import { firebaseArgs, firebaseBin, firebaseEnv, STACK_LOCK_FILE } from '../lib/stack.ts';

const RESULTS_DIR = join(repoRoot, 'bench-results');
const RSS_BUDGET_MIB = 512;
const CHANGED_EVERY = 100; // 1%
const REMOVED_EVERY = 20; // 5%

function parseDeals(argv) {
  const index = argv.indexOf('--deals');
  const deals = index === -1 ? 100_000 : Number(argv[index + 1]);
  if (!Number.isInteger(deals) || deals < 100)
    throw new Error('--deals needs a whole number of at least 100');
  return deals;
}

async function writeFeed(path, deals, variant) {
  const { feedRecord, startOfUtcDay } = await import('../../tools/deal-feed/feed-records.ts');
  const { seededRandom } = await import('../../tools/seeded-random.ts');
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
    const record =
      variant === 'changed' && n % CHANGED_EVERY === 0
        ? { ...base, title: `${base.title} (now better)` }
        : base;
    if (variant === 'changed' && n % CHANGED_EVERY === 0) changed += 1;
    if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'close');
  return { changed, removed };
}

function importFeed(file) {
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
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', () => {
      try {
        resolve(JSON.parse(output.trim().split('\n').at(-1)));
      } catch {
        reject(new Error(`import-deals printed no summary: ${output.slice(0, 500)}`));
      }
    });
  });
}

async function dashboardFirstPage() {
  const { initializeApp, deleteApp } = await import('firebase-admin/app');
  const { getFirestore, FieldPath } = await import('firebase-admin/firestore');
  const { dealQuerySpec, DEFAULT_DEAL_FILTER, DEFAULT_DEAL_SORT } =
    await import('../../functions/src/model/queries.ts');
  const { DOCUMENT_ID_FIELD } = await import('../../functions/src/model/paths.ts');
  const app = initializeApp({ projectId: PROJECT_ID }, 'collector-bench');
  try {
    const db = getFirestore(app);
    const spec = dealQuerySpec(DEFAULT_DEAL_FILTER, DEFAULT_DEAL_SORT);
    let query = db.collection(spec.collection);
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
      const scanned = explained.metrics.executionStats?.debugStats?.index_entries_scanned;
      if (scanned !== undefined) indexEntriesScanned = String(scanned);
    } catch (error) {
      indexEntriesScanned = `not reported by the emulator (${String(error.message ?? error)
        .split('\n')[0]
        .slice(0, 80)})`;
    }
    const total = (await db.collection(spec.collection).count().get()).data().count;
    return { documents: snapshot.size, ms, indexEntriesScanned, storedDeals: total };
  } finally {
    await deleteApp(app);
  }
}

async function inner(deals) {
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

function report(result) {
  const { first, second, third, page } = result;
  const expectedWrites = result.changed + result.removed;
  const dealsPerSecond = Math.round(first.counts.valid / (first.duration_ms / 1000));
  const checks = [
    ['import 1: status', first.status, first.status === 'succeeded'],
    ['import 1: deals created', String(first.counts.created), first.counts.created === result.deals],
    ['import 1: throughput', `${dealsPerSecond} deals/s (${(first.duration_ms / 1000).toFixed(1)}s)`, true],
    [
      'import 1: peak RSS',
      `${first.peak_rss_mib} MiB (budget ${RSS_BUDGET_MIB})`,
      first.peak_rss_mib < RSS_BUDGET_MIB,
    ],
    ['import 2 (unchanged): deal writes', `${second.deal_writes} (budget 0)`, second.deal_writes === 0],
    [
      'import 2: duration / peak RSS',
      `${(second.duration_ms / 1000).toFixed(1)}s / ${second.peak_rss_mib} MiB`,
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
      `${(third.duration_ms / 1000).toFixed(1)}s / ${third.peak_rss_mib} MiB`,
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
  const width = Math.max(...checks.map(([label]) => label.length));
  const table = checks
    .map(([label, value, ok]) => `  ${ok ? '✔' : '✖'} ${label.padEnd(width)}  ${value}`)
    .join('\n');
  return { table, ok: checks.every(([, , ok]) => ok), dealsPerSecond };
}

async function outer(argv) {
  const deals = parseDeals(argv);
  stopAllOnSignals();
  mkdirSync(RESULTS_DIR, { recursive: true });
  const resultFile = join(RESULTS_DIR, '.collector.json');
  rmSync(resultFile, { force: true });
  console.log(
    `\n▶ collector benchmark (${deals} deals; waiting for ${STACK_LOCK_FILE} if another run holds the ports)`,
  );
  const innerCommand = `node --import tsx scripts/bench/collector.mjs --inner ${JSON.stringify(resultFile)} --deals ${deals}`;
  const child = spawnChild(
    'emulators:exec (collector benchmark)',
    'flock',
    [STACK_LOCK_FILE, firebaseBin, ...firebaseArgs('emulators:exec', { only: 'firestore' }), innerCommand],
    { cwd: repoRoot, env: firebaseEnv() },
  );
  const { code } = await child.exit;
  let result;
  try {
    result = JSON.parse((await import('node:fs')).readFileSync(resultFile, 'utf8'));
  } catch {
    console.error(`The collector benchmark did not finish (exit code ${code}; see the log above).`);
    await stopAll();
    process.exit(1);
  }
  const { table, ok, dealsPerSecond } = report(result);
  const header = `Collector benchmark ${new Date().toISOString()} · ${deals} deals`;
  console.log(`\n${header}\n${table}\n`);
  writeFileSync(
    join(RESULTS_DIR, 'collector.json'),
    JSON.stringify({ header, dealsPerSecond, ...result, table }, null, 2),
  );
  console.log('Written: bench-results/collector.json');
  await stopAll();
  process.exit(ok ? 0 : 1);
}

const argv = process.argv.slice(2);
if (argv[0] === '--inner') {
  const result = await inner(parseDeals(argv));
  writeFileSync(argv[1], JSON.stringify(result));
  process.exit(0);
} else {
  outer(argv).catch(async (error) => {
    console.error(`bench:collector failed: ${error.message}`);
    await stopAll();
    process.exit(1);
  });
}
