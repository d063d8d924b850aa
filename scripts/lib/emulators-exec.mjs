// Runs `firebase emulators:exec …` after checking that the stack's ports are free (clear message if not).
// test.mjs runs this under `flock` so that concurrent test runs on one machine queue instead of colliding.
import { spawn } from 'node:child_process';
import { busyPortsMessage } from './ports.mjs';

const busy = await busyPortsMessage();
if (busy) {
  console.error(busy);
  process.exit(1);
}
const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: 'inherit' });
const forward = (signal) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
