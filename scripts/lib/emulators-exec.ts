// Runs `firebase emulators:exec …` after checking that the stack's ports are free (clear message if not).
// test.mjs runs this under `flock` so that concurrent runs on one machine queue instead of colliding; with
// `--build`, the builds happen inside the lock too, so no other run can rebuild web/dist under a running suite.
import { spawn } from 'node:child_process';
import { busyPortsMessage } from './ports.mjs';
import { buildFunctions, buildWeb } from './stack.mjs';

const argv = process.argv.slice(2);
const build = argv[0] === '--build';
const [command, ...args] = build ? argv.slice(1) : argv;

const busy = await busyPortsMessage();
if (busy) {
  console.error(busy);
  process.exit(1);
}
if (build) {
  console.log('\n▶ build (functions + web for the emulators)');
  // buildWeb puts NODE_ENV back after Vite's build: the suites must not inherit `production` (React's production
  // build has no act(), so every component test would fail).
  await Promise.all([buildFunctions(), buildWeb()]);
}
const child = spawn(command, args, { stdio: 'inherit', env: process.env });
const forward = (signal) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
