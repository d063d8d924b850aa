// What the collector and digests benchmarks share: the script runs itself a second time, as `--inner <result file>`,
// inside `firebase emulators:exec` with only Firestore (queued on the machine-wide emulator lock like every emulator
// run); the outer run reads that result, prints a ✔/✖ table of checks, writes bench-results/<name>.json and exits
// non-zero when a check failed.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exitWithUsage } from '../lib/cli';
import { repoRoot } from '../lib/paths';
import { spawnChild, stopAll, stopAllOnSignals } from '../lib/processes';
import { LOADED_HEADER, startLoad } from './load';
import { firebaseArgs, firebaseBin, firebaseEnv, STACK_LOCK_FILE } from '../lib/stack';

export const RESULTS_DIR = join(repoRoot, 'bench-results');

/** One line of a benchmark's table: what was measured, its value (and budget), whether it is within budget. */
export type Check = [label: string, value: string, ok: boolean];

export interface FirestoreBench<Result> {
  name: string; // `collector`: `npm run bench:collector`, bench-results/collector.json
  script: string; // this script, relative to the repository
  args: string[]; // the script's own options, passed on to the inner run
  nodeFlags?: string; // for the inner run, e.g. --expose-gc
  load: boolean; // --load: busy processes beside the inner run, which holds the emulator lock
  importData: boolean; // start the emulator with emulator-data/ (the demo data)
  scale: string; // what the progress line says is measured, e.g. "2000 deals"
  inner: () => Promise<Result>; // measures inside the emulator; the result travels as JSON
  report: (result: Result) => { header: string; checks: Check[]; extra?: object };
}

/** A whole-number option of at least `min` (a command-line problem exits with the usage). */
export function wholeNumber(usage: string, flag: string, text: string, min: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min)
    exitWithUsage(usage, `--${flag} needs a whole number of at least ${min}`);
  return value;
}

function renderChecks(checks: readonly Check[]): string {
  const width = Math.max(...checks.map(([label]) => label.length));
  return checks
    .map(([label, value, ok]) => `  ${ok ? '✔' : '✖'} ${label.padEnd(width)}  ${value}`)
    .join('\n');
}

async function outer<Result>(bench: FirestoreBench<Result>): Promise<number> {
  stopAllOnSignals();
  mkdirSync(RESULTS_DIR, { recursive: true });
  const resultFile = join(RESULTS_DIR, `.${bench.name}.json`);
  rmSync(resultFile, { force: true });
  console.log(
    `\n▶ ${bench.name} benchmark (${bench.scale}; waiting for ${STACK_LOCK_FILE} if another run holds the ports)`,
  );
  const innerCommand = `node ${bench.nodeFlags ?? ''} --import tsx ${bench.script} --inner ${JSON.stringify(resultFile)} ${[...bench.args, ...(bench.load ? ['--load'] : [])].join(' ')}`;
  const emulators = spawnChild(
    `emulators:exec (${bench.name} benchmark)`,
    'flock',
    [
      STACK_LOCK_FILE,
      firebaseBin,
      ...firebaseArgs('emulators:exec', { only: 'firestore', importData: bench.importData }),
      innerCommand,
    ],
    { cwd: repoRoot, env: firebaseEnv() },
  );
  const { code } = await emulators.exit;
  let result: Result;
  try {
    result = JSON.parse(readFileSync(resultFile, 'utf8')) as Result;
  } catch {
    console.error(`The ${bench.name} benchmark did not finish (exit code ${code}; see the log above).`);
    return 1;
  }
  const report = bench.report(result);
  const { checks, extra } = report;
  const header = `${report.header}${bench.load ? LOADED_HEADER : ''}`;
  const table = renderChecks(checks);
  console.log(`\n${header}\n${table}\n`);
  writeFileSync(
    join(RESULTS_DIR, `${bench.name}.json`),
    JSON.stringify({ header, ...extra, ...result, table }, null, 2),
  );
  console.log(`Written: bench-results/${bench.name}.json`);
  return checks.every(([, , ok]) => ok) ? 0 : 1;
}

/** The inner run's measurements, beside the busy processes under `--load` (stopAll stops them on a failure). */
async function measureInner<Result>(bench: FirestoreBench<Result>): Promise<Result> {
  const stopLoad = bench.load ? startLoad() : async () => undefined;
  const result = await bench.inner();
  await stopLoad();
  return result;
}

/** Runs the outer half, or with `innerResultFile` (`--inner <file>`) the inner one; exits the process either way. */
export function runFirestoreBench<Result>(bench: FirestoreBench<Result>, innerResultFile?: string): void {
  const run =
    innerResultFile === undefined
      ? outer(bench)
      : measureInner(bench).then((result) => writeFileSync(innerResultFile, JSON.stringify(result)));
  const inner = innerResultFile === undefined ? '' : ' (inner)';
  run.then(
    async (code) => {
      await stopAll();
      process.exit(code ?? 0);
    },
    async (error: unknown) => {
      // The inner run's stack says where in the measurement it broke; the outer one's message is enough.
      const problem = inner ? ((error as Error).stack ?? String(error)) : (error as Error).message;
      console.error(`bench:${bench.name}${inner} failed: ${problem}`);
      await stopAll();
      process.exit(1);
    },
  );
}
