// `npm run bench`: builds the functions and the production web app, times the functions' cold import, then serves
// the build through the emulators and measures pages, bundles and the dashboard (live.ts). Prints one table,
// writes it to bench-results/ (git-ignored) and exits non-zero when a budget is broken; then runs the collector
// benchmark (and the digests one, when package.json has it). See README.md § Performance.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { ensureChromium } from '../lib/chromium';
import { parseCommandLine } from '../lib/cli';
import { writeEmulatorConfig } from '../lib/emulator-config';
import { PROJECT_ID, repoRoot } from '../lib/paths';
import { isStopping, run, stopAll, stopAllOnSignals } from '../lib/processes';
import { buildFunctions, buildWeb, ensureLocalConfig, spawnLockedEmulatorsExec } from '../lib/stack';
import { RESULTS_DIR, wholeNumber } from './firestore-bench';
import { LOADED_HEADER, startLoad } from './load';
import { COLD_IMPORT_BUDGETS, notMeasured, renderTable, rowOk, timesFloorMetrics, type Row } from './table';

// Its own build: web/dist-emulator is shared with other runs, and a rebuild mid-measurement would empty it.
const WEB_BUILD = join(RESULTS_DIR, 'web-dist');
// firebase-tools takes its config file's folder as the project folder, so the copy lives there for the run.
const FIREBASE_CONFIG = join(repoRoot, 'firebase.bench.json');
const COLD_IMPORT_SAMPLES = 5;

const USAGE =
  'Usage: npm run bench -- [--runs N] [--skip-build] [--dashboard-only] [--load] [--skip-collector]';
const { values: args } = parseCommandLine(USAGE, {
  options: {
    runs: { type: 'string', default: '3' },
    'skip-build': { type: 'boolean', default: false },
    // Only the signed-in dashboard's rows (first cards, typing, its JS), for iterating on the dashboard.
    'dashboard-only': { type: 'boolean', default: false },
    // Two busy processes beside the whole run: the verdicts must not change on a loaded machine.
    load: { type: 'boolean', default: false },
    // The collector's own benchmark (100,000 deals, about 20 minutes) left out, for repeated runs of the rest.
    'skip-collector': { type: 'boolean', default: false },
  },
});
const dashboardOnly = args['dashboard-only'];
const runs = wholeNumber(USAGE, 'runs', args.runs, 1);

// Times only loading the modules in order (not Node's start-up); exits itself, as the Admin SDK keeps it alive.
const TIMER = `import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
const require = createRequire(pathToFileURL(process.argv[1]).href);
const t = performance.now();
for (const path of process.argv.slice(1)) path.endsWith('.mjs') ? await import(pathToFileURL(path).href) : require(path);
process.stdout.write('cold-import-ms=' + (performance.now() - t));
process.exit(0);`;

/**
 * The cold imports' floor: the Firebase Functions SDK modules functions/lib/index.js loads first (resolved as it
 * resolves them), the part of a cold start that is the framework's, not the project's.
 */
const functionsRequire = createRequire(join(repoRoot, 'functions', 'package.json'));
const COLD_IMPORT_FLOOR = [
  'firebase-functions/v2/firestore',
  'firebase-functions/v2/https',
  'firebase-functions/v2/scheduler',
].map((module) => functionsRequire.resolve(module));

/** This process's environment without the emulator variables, as a production instance has it. */
const PRODUCTION_LIKE_ENV = {
  ...Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/_EMULATOR_HOST$|^FUNCTIONS_EMULATOR$|^FIREBASE_|^NODE_OPTIONS$/.test(key),
    ),
  ),
  GCLOUD_PROJECT: PROJECT_ID,
};

/** A fresh Node process loading `modules`, like a new production instance (no emulator variables): ms, or why not. */
function coldImportOnce(modules: readonly string[]): number | string {
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', TIMER, ...modules], {
    env: PRODUCTION_LIKE_ENV,
    encoding: 'utf8',
  });
  const ms = Number(/cold-import-ms=([\d.]+)/.exec(child.stdout)?.[1]);
  return Number.isFinite(ms) ? ms : (child.stderr.split('\n')[0] ?? 'no timing printed');
}

/**
 * The median of fresh processes loading `modules`, each followed by one loading the floor (A B A B, so both meet the
 * same moments of the machine's load), and their ratio against `maxRatio`.
 */
function coldImport(measurement: string, modules: string[], maxRatio?: number): Row {
  const samples: number[] = [];
  const floors: number[] = [];
  for (let i = 0; i < COLD_IMPORT_SAMPLES; i += 1) {
    const sample = coldImportOnce(modules);
    const floor = coldImportOnce(COLD_IMPORT_FLOOR);
    if (typeof sample === 'string' || typeof floor === 'string')
      return notMeasured(
        measurement,
        timesFloorMetrics([], [], maxRatio),
        String(typeof sample === 'string' ? sample : floor),
      );
    samples.push(sample);
    floors.push(floor);
  }
  const runsText = (values: number[]) => values.map(Math.round).join('/');
  return {
    measurement,
    metrics: timesFloorMetrics(samples, floors, maxRatio),
    note: `runs ${runsText(samples)} ms; floor (the Functions SDK's modules) ${runsText(floors)} ms; load average ${loadavg()[0]?.toFixed(2)}`,
  };
}

/** Runs live.ts inside `firebase emulators:exec`, queued on the machine's emulator lock like `npm test`. */
async function measureServedBuild(): Promise<Row[]> {
  const rowsFile = join(RESULTS_DIR, '.live.json');
  rmSync(rowsFile, { force: true });
  writeEmulatorConfig({ file: FIREBASE_CONFIG, publicDir: relative(repoRoot, WEB_BUILD) });
  const inner = `node --import tsx scripts/bench/live.ts ${JSON.stringify(rowsFile)} ${runs} ${JSON.stringify(WEB_BUILD)}${dashboardOnly ? ' --dashboard-only' : ''}${args.load ? ' --load' : ''}`;
  const emulators = spawnLockedEmulatorsExec(inner, {
    config: FIREBASE_CONFIG,
    spawnOptions: { stdio: ['inherit', 'pipe', 'pipe'] },
  });
  // The Hosting emulator logs every request (hundreds per Lighthouse run): they would bury the progress lines.
  for (const [from, to] of [
    [emulators.child.stdout, process.stdout],
    [emulators.child.stderr, process.stderr],
  ] as const) {
    if (from)
      createInterface({ input: from }).on(
        'line',
        (line) => /^i {2}hosting: \S+ - - \[/.test(line) || to.write(`${line}\n`),
      );
  }
  const { code } = await emulators.exit;
  rmSync(FIREBASE_CONFIG, { force: true });
  if (existsSync(rowsFile)) return JSON.parse(readFileSync(rowsFile, 'utf8')) as Row[];
  return [notMeasured('Served pages', [], `the emulators did not run the measurements (exit ${code})`)];
}

const gitText = (gitArgs: string[]) =>
  spawnSync('git', gitArgs, { cwd: repoRoot, encoding: 'utf8' }).stdout.trim();

async function main() {
  stopAllOnSignals(async () => rmSync(FIREBASE_CONFIG, { force: true }));
  mkdirSync(RESULTS_DIR, { recursive: true });
  ensureLocalConfig();
  process.env.CHROMIUM_PATH = ensureChromium();
  if (args['skip-build']) {
    if (!existsSync(join(WEB_BUILD, 'index.html')))
      throw new Error('--skip-build needs an earlier bench build');
  } else {
    console.log('▶ build (functions + production web app)');
    await Promise.all([buildFunctions(), buildWeb({ outDir: WEB_BUILD })]);
  }
  const functionsLib = (file: string) => join(repoRoot, 'functions', file);
  if (!dashboardOnly) console.log(`\n▶ cold imports (${COLD_IMPORT_SAMPLES} fresh Node processes each)`);
  const coldImports = () => [
    coldImport(
      'Functions cold import (index.js)',
      [functionsLib('lib/index.js')],
      COLD_IMPORT_BUDGETS.indexTimesFloor,
    ),
    // What a new render_blog instance loads before its first page (jsdom follows with the first post).
    coldImport(
      'render_blog cold import',
      [
        functionsLib('lib/index.js'),
        functionsLib('lib/handlers/render-blog.js'),
        functionsLib('web-render/render-blog.mjs'),
      ],
      COLD_IMPORT_BUDGETS.renderBlogTimesFloor,
    ),
    // Reported, no budget: what a new render_dashboard instance loads before its first page.
    coldImport('render_dashboard cold import', [
      functionsLib('lib/index.js'),
      functionsLib('lib/handlers/render-dashboard.js'),
      functionsLib('web-render/render-dashboard.mjs'),
    ]),
  ];
  // Under --load, the cold imports run beside the busy processes here, the served pages inside live.ts.
  const stopLoad = args.load && !dashboardOnly ? startLoad() : async () => undefined;
  const imports = dashboardOnly ? [] : coldImports();
  await stopLoad();
  const rows = [...imports, ...(await measureServedBuild())];

  const generatedAt = new Date().toISOString();
  const dirty = gitText(['status', '--porcelain']) ? ' (uncommitted changes)' : '';
  const header = `Benchmark ${generatedAt} · commit ${gitText(['rev-parse', '--short', 'HEAD'])}${dirty} · Lighthouse mobile preset, median of ${runs}${dashboardOnly ? ' · dashboard only' : ''}${args.load ? LOADED_HEADER : ''} · ${cpus().length} × ${cpus()[0]?.model} · load average at the end ${loadavg()[0]?.toFixed(2)}`;
  const broken = rows.filter((row) => !rowOk(row)).map((row) => row.measurement);
  const verdict = broken.length ? `BROKEN budgets: ${broken.join('; ')}` : 'All budgets met.';
  const table = `${header}\n\n${renderTable(rows)}\n\n${verdict}\n`;
  console.log(`\n${table}`);
  const stamp = generatedAt.replace(/[:.]/g, '-');
  writeFileSync(join(RESULTS_DIR, 'latest.md'), table);
  for (const file of ['latest.json', `${stamp}.json`])
    writeFileSync(
      join(RESULTS_DIR, file),
      JSON.stringify({ generatedAt, runs, load: args.load, rows, broken }, null, 2),
    );
  console.log(`Written: bench-results/latest.md, latest.json, ${stamp}.json`);

  // The collector and digests benchmarks have their own tables and budgets. Node runs each script itself, not
  // `npm run`: on Ctrl-C npm exits before its child has stopped the emulators it started, and the sweep of the
  // group would then kill that child mid-cleanup.
  let othersOk = true;
  const others = dashboardOnly ? [] : args['skip-collector'] ? ['digests'] : ['collector', 'digests'];
  for (const name of others) {
    // Ctrl-C stopped the one before: its failure must not start the next one while the bench exits.
    if (isStopping()) break;
    const script = join(repoRoot, `scripts/bench/${name}.ts`);
    // Each starts its own busy processes once it holds the emulator lock, as live.ts does.
    const loadFlag = args.load ? ['--load'] : [];
    othersOk =
      (await run(`bench:${name}`, process.execPath, ['--import', 'tsx', script, ...loadFlag], {
        cwd: repoRoot,
      }).then(
        () => true,
        (error: unknown) => {
          console.error(`bench:${name}: ${error instanceof Error ? error.message : String(error)}`);
          return false;
        },
      )) && othersOk;
  }
  await stopAll();
  process.exit(broken.length === 0 && othersOk ? 0 : 1);
}

main().catch(async (error: unknown) => {
  console.error(`npm run bench failed: ${error instanceof Error ? error.message : String(error)}`);
  rmSync(FIREBASE_CONFIG, { force: true });
  await stopAll();
  process.exit(1);
});
