// Cold import time of the functions module: what a new Cloud Functions instance pays before its first request.
// Each sample is a fresh Node process that times only `require(...)`, not Node's own start-up.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { median } from './stats';
import { measured, skipped, type ColdImport, type Outcome } from './results';

// Exits explicitly: an initialised Admin SDK would keep the process alive.
const TIMER =
  'const t = performance.now(); require(process.argv[1]); process.stdout.write(`\\ncold-import-ms=${performance.now() - t}\\n`); process.exit(0);';

export function measureColdImport(
  modulePath: string,
  { samples = 5, projectId }: { samples?: number; projectId: string },
): Outcome<ColdImport> {
  if (!existsSync(modulePath)) return skipped(`${modulePath} not built yet`);
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
    const run = spawnSync(process.execPath, ['-e', TIMER, modulePath], {
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
