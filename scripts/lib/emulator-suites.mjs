// Runs inside `firebase emulators:exec`: starts the Stripe stand-in (fresh state) and the deal feed, rebases the demo data to today
// and seeds the demo subscriber into the stand-in, then the emulator-backed Jest projects in order, failing fast.
// Writes per-stage results for test.mjs.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopAll, stopAllOnSignals } from './processes.mjs';
import { runJestProject } from './jest.mjs';
import { prepareDemoData, startDealFeed, startStripeStandin } from './stack.mjs';

const [stageList, summaryFile, ...jestArgs] = process.argv.slice(2);
const stages = stageList.split(',');
stopAllOnSignals();

const results = [];
let ok = true;
try {
  const stateFile = join(mkdtempSync(join(tmpdir(), 'bargains-stripe-')), 'state.json');
  await startStripeStandin({ STRIPE_STANDIN_STATE_FILE: stateFile });
  await startDealFeed();
  await prepareDemoData();
  for (const stage of stages) {
    const started = Date.now();
    console.log(`\n▶ ${stage}`);
    const result = await runJestProject(stage, { extraArgs: jestArgs, inBand: true });
    results.push({ stage, ok: result.ok, seconds: (Date.now() - started) / 1000, counts: result.counts });
    if (!result.ok) {
      ok = false;
      break;
    }
  }
} catch (error) {
  console.error(`✖ emulator stages: ${error.message}`);
  results.push({ stage: 'emulator setup', ok: false, seconds: 0 });
  ok = false;
}
writeFileSync(summaryFile, JSON.stringify(results));
await stopAll();
process.exit(ok ? 0 : 1);
