// Cold import time of the functions module: what a new Cloud Functions instance pays before its first request.
// Each sample is a fresh Node process that times only loading the modules (`require`, or `import` for ES
// modules), not Node's own start-up.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { median } from './stats';
import { measured, skipped, type ColdImport, type Outcome } from './results';

// An ES module script (top-level await). Exits explicitly: an initialised Admin SDK would keep the process alive.
const TIMER = [
  "import { createRequire } from 'node:module';",
  "import { pathToFileURL } from 'node:url';",
  'const require = createRequire(pathToFileURL(process.argv[1]).href);',
  'const t = performance.now();',
  "for (const path of process.argv.slice(1)) path.endsWith('.mjs') ? await import(pathToFileURL(path).href) : require(path);",
  'process.stdout.write(`\\ncold-import-ms=${performance.now() - t}\\n`);',
  'process.exit(0);',
].join('\n');

/** Loads `modulePaths` in order in each fresh process (e.g. the index, then what a function loads lazily). */
export function measureColdImport(
  modulePaths: readonly string[],
  { samples = 5, projectId }: { samples?: number; projectId: string },
): Outcome<ColdImport> {
  const missing = modulePaths.find((path) => !existsSync(path));
  if (missing) return skipped(`${missing} not built yet`);
  const modulePath = modulePaths.join(' + ');
  // Like production: no emulator variables, only the project id that firebase-admin reads at initialisation.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/_EMULATOR_HOST$|^FUNCTIONS_EMULATOR$|^FIREBASE_/.test(key),
    ),
  );
  env.GCLOUD_PROJECT = projectId;
  delete env.NODE_OPTIONS; // tsx's loader would be timed too.
  const samplesMs: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', TIMER, ...modulePaths], {
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    const ms = Number(/cold-import-ms=([\d.]+)/.exec(run.stdout ?? '')?.[1]);
    if (run.status !== 0 || !Number.isFinite(ms)) {
      const error = (run.stderr || run.error?.message || `exit ${run.status}`)
        .trim()
        .split('\n')
        .slice(0, 3)
        .join(' ');
      return skipped(`importing ${modulePath} failed: ${error}`);
    }
    samplesMs.push(ms);
  }
  // Other work on the machine slows the samples down: the load average says how busy it was.
  return measured({ samplesMs, medianMs: median(samplesMs), loadAverage: loadavg()[0] ?? 0 });
}
