// Runs `firebase emulators:exec …` after checking that the stack's ports are free (clear message if not).
// test.ts runs this under `flock` so that concurrent runs on one machine queue instead of colliding; with
// `--build`, the builds happen inside the lock too, so no other run can rebuild web/dist under a running suite.
// Usage: node --import tsx scripts/lib/emulators-exec.ts [--build] -- <command> [args…]
import { spawn } from 'node:child_process';
import { exitWithUsage, parseCommandLine } from './cli';
import { busyPortsMessage } from './ports';
import { buildFunctions, buildWeb } from './stack';

const USAGE = 'Usage: node --import tsx scripts/lib/emulators-exec.ts [--build] -- <command> [args…]';

async function main(): Promise<void> {
  const { values, positionals } = parseCommandLine(USAGE, {
    options: { build: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const [command, ...args] = positionals;
  if (!command) exitWithUsage(USAGE, 'No command to run.');

  const busy = await busyPortsMessage();
  if (busy) {
    console.error(busy);
    process.exit(1);
  }
  if (values.build) {
    console.log('\n▶ build (functions + web for the emulators)');
    // buildWeb puts NODE_ENV back after Vite's build: the suites must not inherit `production` (React's production
    // build has no act(), so every component test would fail).
    await Promise.all([buildFunctions(), buildWeb()]);
  }
  const child = spawn(command, args, { stdio: 'inherit', env: process.env });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

main().catch((error: unknown) => {
  console.error(`emulators-exec failed: ${(error as Error).message}`);
  process.exit(1);
});
