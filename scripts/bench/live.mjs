// Inner half of `npm run bench`, run inside `firebase emulators:exec` (see bench.mjs): starts the Stripe stand-in
// with fresh state, prepares the demo data as the tests do, measures everything that needs the running stack, and
// writes the results as JSON. Arguments: output file, Lighthouse runs per page, the web build being served.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ID, repoRoot } from '../lib/paths.ts';
import { stopAll, stopAllOnSignals } from '../lib/processes.ts';
import { STRIPE_STANDIN_PORT } from '../lib/ports.ts';
import { prepareDemoData, startStripeStandin } from '../lib/stack.ts';
import { measureLive } from './measure-live.ts';
import { liveNotMeasured } from './lib/routes.ts';

const [outFile, lighthouseRuns, distDir] = process.argv.slice(2);
stopAllOnSignals();

let results;
try {
  const stateFile = join(mkdtempSync(join(tmpdir(), 'bargains-bench-stripe-')), 'state.json');
  await startStripeStandin({ STRIPE_STANDIN_STATE_FILE: stateFile });
  await prepareDemoData();
  results = await measureLive({
    repoRoot,
    distDir,
    projectId: PROJECT_ID,
    origin: 'http://127.0.0.1:5000',
    firestoreHost: process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080',
    authHost: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
    stripeOrigin: `http://127.0.0.1:${STRIPE_STANDIN_PORT}`,
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    lighthouseRuns: Number(lighthouseRuns),
  });
} catch (error) {
  console.error(`✖ live measurements: ${error.stack ?? error.message}`);
  results = liveNotMeasured(`live measurements failed: ${error.message.split('\n')[0]}`);
}
writeFileSync(outFile, JSON.stringify(results, null, 2));
await stopAll();
process.exit(0);
