// `npm run collect-deals`: runs the emulated collect_deals now, while `npm start` (or a test run) is up, and
// prints the run's summary from collector_runs (scripts/lib/scheduled-trigger.ts runs the scheduled function).
import { COLLECTIONS } from '../functions/src/model/paths';
import { renderSummary } from '../functions/src/collector/report';
import type { RunSummary } from '../functions/src/collector/pipeline';
import { runScheduledFunction, runScheduledFunctionForItsRun } from './lib/scheduled-trigger';
import { parseCommandLine, runMain } from './lib/cli';

/** Runs collect_deals in the emulator and resolves once it finished. */
export const triggerCollectDeals = (): Promise<void> => runScheduledFunction('collect_deals');

async function main(): Promise<void> {
  parseCommandLine('Usage: npm run collect-deals (while `npm start` runs; no options)', {});
  const run = await runScheduledFunctionForItsRun('collect_deals', COLLECTIONS.collectorRuns);
  const data = run.data();
  const summary = {
    ...data,
    run_id: run.id,
    started_at: data.started_at.toDate().toISOString(),
    finished_at: data.finished_at.toDate().toISOString(),
  } as RunSummary;
  console.log(`\ncollect_deals (emulator)\n\n${renderSummary(summary)}\n`);
}

if (process.argv[1]?.endsWith('collect-deals.ts')) {
  runMain('collect-deals', main);
}
