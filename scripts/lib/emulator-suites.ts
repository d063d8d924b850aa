// Runs inside `firebase emulators:exec`: starts the Stripe stand-in (fresh state), the deal feed and the mail catcher, rebases the demo data to today
// and seeds the demo subscriber into the stand-in, then the emulator-backed Jest projects in order, failing fast.
// Writes per-stage results for test.ts. The `billing-realistic` stage is the integration project's billing suites
// once more, with the stand-in in its realistic delivery mode and fault mode (docs/stripe-standin.md).
import { writeFileSync } from 'node:fs';
import { exitWithUsage, parseCommandLine } from './cli';
import { stopAll, stopAllOnSignals } from './processes';
import { runJestProject, type TestCounts } from './jest';
import { waitForFunctions } from './functions-ready';
import { startMailCatcher } from './mail-catcher';
import { STRIPE_STANDIN_PORT } from './ports';
import { cpuMeter, processGroupOf } from './readiness';
import { prepareDemoData, startDealFeed, startStripeStandin } from './stack';

/** One stage's line in the closing summary (written to the summary file for test.ts). */
export interface StageResult {
  stage: string;
  ok: boolean;
  seconds: number;
  counts?: TestCounts;
}

const USAGE =
  'Usage: node --import tsx scripts/lib/emulator-suites.ts --stages <stage,…> --summary <file.json> [-- <jest args>]';

/** The suites whose subscriptions go through the stand-in's checkout and webhook deliveries. */
const REALISTIC_BILLING_SUITES = [
  'tests/functions/billing-defects.test.ts',
  'tests/functions/checkout.test.ts',
  'tests/functions/delete-account.test.ts',
  'tests/functions/lifecycle.test.ts',
  'tests/functions/portal.test.ts',
];
/** Low enough that the SDK's two retries practically always recover, high enough that they run. */
const REALISTIC_API_FAULT_RATE = 0.02;

async function setStandinModes(modes: { delivery: string; api_fault_rate: number }): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${STRIPE_STANDIN_PORT}/_control/modes`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(modes),
  });
  if (!response.ok) throw new Error(`Stripe stand-in modes: ${response.status} ${await response.text()}`);
}

async function runStage(stage: string, jestArgs: string[]): Promise<{ ok: boolean; counts: TestCounts }> {
  if (stage !== 'billing-realistic') return runJestProject(stage, { extraArgs: jestArgs, inBand: true });
  await setStandinModes({ delivery: 'realistic', api_fault_rate: REALISTIC_API_FAULT_RATE });
  try {
    const suites = jestArgs.length > 0 ? jestArgs : REALISTIC_BILLING_SUITES;
    return await runJestProject('integration', { extraArgs: suites, inBand: true });
  } finally {
    await setStandinModes({ delivery: 'immediate', api_fault_rate: 0 });
  }
}

async function main(): Promise<void> {
  const { values, positionals: jestArgs } = parseCommandLine(USAGE, {
    options: { stages: { type: 'string' }, summary: { type: 'string' } },
    allowPositionals: true,
  });
  const { stages: stageList, summary: summaryFile } = values;
  if (!stageList || !summaryFile) return exitWithUsage(USAGE, '--stages and --summary are required.');
  const stages = stageList.split(',');
  stopAllOnSignals();

  const results: StageResult[] = [];
  let ok = true;
  try {
    await startStripeStandin();
    await startDealFeed();
    await startMailCatcher();
    await prepareDemoData();
    // The suites' first request to each function would cold-start its worker inside a test's own wait; loaded a
    // few at a time first, as `npm start` does. The emulators run in this process's group (emulators:exec).
    if (stages.some((stage) => stage !== 'rules'))
      await waitForFunctions({ cpuSeconds: cpuMeter({ pgid: processGroupOf(process.pid) }) });
    for (const stage of stages) {
      const started = Date.now();
      console.log(`\n▶ ${stage}`);
      const result = await runStage(stage, jestArgs);
      results.push({ stage, ok: result.ok, seconds: (Date.now() - started) / 1000, counts: result.counts });
      if (!result.ok) {
        ok = false;
        break;
      }
    }
  } catch (error) {
    console.error(`✖ emulator stages: ${(error as Error).message}`);
    results.push({ stage: 'emulator setup', ok: false, seconds: 0 });
    ok = false;
  }
  writeFileSync(summaryFile, JSON.stringify(results));
  await stopAll();
  process.exit(ok ? 0 : 1);
}

main().catch(async (error: unknown) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});
