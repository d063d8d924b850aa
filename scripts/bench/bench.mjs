// `npm run bench`: builds the production web app and functions, measures the bundle and the functions' cold
// import here, then serves everything through the emulators (Hosting + Auth + Firestore + Functions + the Stripe
// stand-in) and measures pages, the Stripe journey and Firestore reads (live.mjs). Prints one table, writes it to
// bench-results/ (git-ignored) and exits non-zero when a budget is broken; then runs the collector benchmark
// (scripts/bench/collector.mjs). See scripts/bench/README.md.
// Usage: npm run bench [-- --runs N] [-- --skip-build]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { ensureChromium } from '../lib/chromium.ts';
import { writeEmulatorConfig } from '../lib/emulator-config.ts';
import { PROJECT_ID, repoRoot } from '../lib/paths.ts';
import { spawnChild, stopAll, stopAllOnSignals } from '../lib/processes.ts';
import { buildFunctions, buildWeb, ensureLocalConfig, spawnLockedEmulatorsExec } from '../lib/stack.ts';
import { evaluateBudgets } from './lib/budgets.ts';
import { measureColdImport } from './lib/cold-import.ts';
import { renderBrokenBudgets, renderDiagnostics, renderTable } from './lib/report.ts';
import { liveNotMeasured } from './lib/routes.ts';

const RESULTS_DIR = join(repoRoot, 'bench-results');
// The benchmark serves its own build: web/dist is shared with every other run on this machine, and a rebuild
// in the middle of a measurement (Vite empties its output first) would turn pages into 404s.
const WEB_BUILD = join(RESULTS_DIR, 'web-dist');
// firebase-tools takes the folder of its config file as the project folder and refuses paths outside it, so the
// benchmark's copy of firebase.json lives next to it (git-ignored) for the length of the run.
const FIREBASE_CONFIG = join(repoRoot, 'firebase.bench.json');

function parseArgs(argv) {
  if (argv.includes('--help')) {
    console.log(
      'Usage: npm run bench [-- --runs N (Lighthouse runs per page, default 3)] [-- --skip-build (reuse the last build)]',
    );
    process.exit(0);
  }
  const runsIndex = argv.indexOf('--runs');
  const runs = runsIndex === -1 ? 3 : Number(argv[runsIndex + 1]);
  if (!Number.isInteger(runs) || runs < 1) {
    console.error('--runs needs a positive whole number');
    process.exit(2);
  }
  return { runs, skipBuild: argv.includes('--skip-build') };
}

function commandOutput(command, args) {
  try {
    return execFileSync(command, args, {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return 'unknown';
  }
}

function environment(chromePath) {
  const dirty = commandOutput('git', ['status', '--porcelain']) !== '';
  return {
    commit: `${commandOutput('git', ['rev-parse', '--short', 'HEAD'])}${dirty ? ' (uncommitted changes)' : ''}`,
    node: process.version,
    chromium: commandOutput(chromePath, ['--version']).split('\n').pop() ?? 'unknown',
    lighthouse: JSON.parse(readFileSync(join(repoRoot, 'node_modules/lighthouse/package.json'), 'utf8'))
      .version,
    cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
    loadAverageAtStart: loadavg()
      .map((load) => load.toFixed(2))
      .join(' '),
  };
}

/** The emulators' firebase.json with Hosting serving the benchmark's build. */
function writeFirebaseConfig() {
  writeEmulatorConfig({ file: FIREBASE_CONFIG, publicDir: relative(repoRoot, WEB_BUILD) });
}

const removeFirebaseConfig = () => rmSync(FIREBASE_CONFIG, { force: true });

// The Hosting emulator logs every request (hundreds per Lighthouse run); they would bury the measurements.
const HOSTING_ACCESS_LOG = /^i {2}hosting: \S+ - - \[/;

function forwardWithoutAccessLog(from, to) {
  createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => {
    if (!HOSTING_ACCESS_LOG.test(line)) to.write(`${line}\n`);
  });
}

/** Runs live.mjs inside `firebase emulators:exec`, queued behind other emulator runs on this machine. */
async function measureLiveStack(runs) {
  const liveFile = join(RESULTS_DIR, '.live.json');
  rmSync(liveFile, { force: true });
  const hasExport = existsSync(join(repoRoot, 'emulator-data', 'firebase-export-metadata.json'));
  if (!hasExport)
    console.warn(
      'emulator-data/ holds no export yet: the emulators start empty (no demo users, deals or posts).',
    );
  writeFirebaseConfig();
  const inner = `node --import tsx scripts/bench/live.mjs ${JSON.stringify(liveFile)} ${runs} ${JSON.stringify(WEB_BUILD)}`;
  const child = spawnLockedEmulatorsExec(inner, {
    importData: hasExport,
    config: FIREBASE_CONFIG,
    spawnOptions: { stdio: ['inherit', 'pipe', 'pipe'] },
  });
  forwardWithoutAccessLog(child.child.stdout, process.stdout);
  forwardWithoutAccessLog(child.child.stderr, process.stderr);
  const { code } = await child.exit;
  removeFirebaseConfig();
  if (existsSync(liveFile)) return JSON.parse(readFileSync(liveFile, 'utf8'));
  return liveNotMeasured(`the emulators did not run the measurements (exit code ${code}; see the log above)`);
}

async function main() {
  const { runs, skipBuild } = parseArgs(process.argv.slice(2));
  stopAllOnSignals(removeFirebaseConfig);
  mkdirSync(RESULTS_DIR, { recursive: true });
  ensureLocalConfig();
  const chromePath = ensureChromium();
  process.env.CHROMIUM_PATH = chromePath;
  const env = environment(chromePath);

  if (skipBuild) {
    console.log(
      '▶ build skipped (--skip-build): measuring the existing bench-results/web-dist and functions/lib',
    );
    if (!existsSync(join(WEB_BUILD, 'index.html')))
      throw new Error('--skip-build needs an earlier build in bench-results/web-dist');
  } else {
    console.log('▶ build (functions + production web app)');
    const [functionsBuild, webBuild] = await Promise.allSettled([
      buildFunctions(),
      buildWeb({ outDir: WEB_BUILD }),
    ]);
    if (webBuild.status === 'rejected') throw new Error(`the web build failed: ${webBuild.reason.message}`);
    if (functionsBuild.status === 'rejected')
      console.warn(`The functions build failed (${functionsBuild.reason.message}); measuring what exists.`);
  }

  console.log('\n▶ functions cold import (5 fresh Node processes)');
  const coldImport = measureColdImport([join(repoRoot, 'functions/lib/index.js')], {
    samples: 5,
    projectId: PROJECT_ID,
  });
  // What a new render_blog instance loads before its first page (jsdom follows on the first post).
  const renderColdImport = measureColdImport(
    [
      join(repoRoot, 'functions/lib/index.js'),
      join(repoRoot, 'functions/lib/handlers/render-blog.js'),
      join(repoRoot, 'functions/web-render/render-blog.mjs'),
    ],
    { samples: 5, projectId: PROJECT_ID },
  );

  const live = await measureLiveStack(runs);
  const results = {
    generatedAt: new Date().toISOString(),
    environment: env,
    coldImport,
    renderColdImport,
    ...live,
  };
  const checks = evaluateBudgets(results);
  const table = renderTable(results, checks);
  const verdict = renderBrokenBudgets(checks);

  const header = `Benchmark ${results.generatedAt} · commit ${env.commit} · ${env.chromium} · Lighthouse ${env.lighthouse} (mobile preset, median of ${runs}) · ${env.cpus}`;
  const notes = results.notes.length
    ? `Notes:\n${results.notes.map((note) => `  - ${note}`).join('\n')}`
    : '';
  const diagnostics = renderDiagnostics(results, repoRoot);
  console.log([`\n${header}`, table, verdict, notes, diagnostics].filter(Boolean).join('\n\n'));

  const report = { ...results, lighthouseRuns: runs, budgets: checks, table };
  const stamp = results.generatedAt.replace(/[:.]/g, '-');
  writeFileSync(join(RESULTS_DIR, 'latest.json'), JSON.stringify(report, null, 2));
  writeFileSync(join(RESULTS_DIR, `${stamp}.json`), JSON.stringify(report, null, 2));
  writeFileSync(join(RESULTS_DIR, 'latest.md'), `${header}\n\n${table}\n\n${verdict}\n`);
  console.log(
    `\nWritten: bench-results/latest.json, bench-results/latest.md (and bench-results/${stamp}.json)`,
  );
  // The deal collector at 100k-deal scale has its own table and budgets (scripts/bench/collector.mjs).
  const collector = spawnChild('collector benchmark', process.execPath, [
    '--import',
    'tsx',
    join(repoRoot, 'scripts/bench/collector.mjs'),
  ]);
  const { code: collectorCode } = await collector.exit;
  await stopAll();
  process.exit(checks.every((check) => check.ok) && collectorCode === 0 ? 0 : 1);
}

main().catch(async (error) => {
  console.error(`npm run bench failed: ${error.message}`);
  await stopAll();
  removeFirebaseConfig();
  process.exit(1);
});
