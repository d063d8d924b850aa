// `npm run collect-deals [-- --source wired|awin|impact|cj|all]`: runs the emulated collector of a source now
// (collect_deals for the deal feed, collect_awin / collect_impact / collect_cj for the affiliate networks' local
// stand-ins), while `npm start` (or a test run) is up, and prints each run's summary from collector_runs
// (scripts/lib/scheduled-trigger.ts runs the scheduled function). `all` runs them one after another.
import { COLLECTIONS } from '@bargains/model/paths';
import { renderSummary } from '../functions/src/collector/report';
import type { RunSummary } from '../functions/src/collector/pipeline';
import { runScheduledFunction, runScheduledFunctionForItsRun } from './lib/scheduled-trigger';
import { exitWithUsage, parseCommandLine, runMain } from './lib/cli';

/** Each source's scheduled function. */
export const COLLECTOR_FUNCTIONS = {
  wired: 'collect_deals',
  awin: 'collect_awin',
  impact: 'collect_impact',
  cj: 'collect_cj',
} as const;
export type CollectorSource = keyof typeof COLLECTOR_FUNCTIONS;
const SOURCES = Object.keys(COLLECTOR_FUNCTIONS) as CollectorSource[];

const USAGE = `Usage: npm run collect-deals [-- --source ${SOURCES.join('|')}|all] (while \`npm start\` runs; default wired)`;

/** Runs a source's collector in the emulator and resolves once it finished. */
export const triggerCollectDeals = (source: CollectorSource = 'wired'): Promise<void> =>
  runScheduledFunction(COLLECTOR_FUNCTIONS[source]);

async function collect(source: CollectorSource): Promise<RunSummary> {
  const functionName = COLLECTOR_FUNCTIONS[source];
  const run = await runScheduledFunctionForItsRun(functionName, COLLECTIONS.collectorRuns);
  const data = run.data();
  const summary = {
    ...data,
    run_id: run.id,
    started_at: data.started_at.toDate().toISOString(),
    finished_at: data.finished_at.toDate().toISOString(),
  } as RunSummary;
  console.log(`\n${functionName} (emulator)\n\n${renderSummary(summary)}\n`);
  return summary;
}

async function main(): Promise<number> {
  const { values } = parseCommandLine(USAGE, { options: { source: { type: 'string', default: 'wired' } } });
  const chosen = values.source;
  if (chosen !== 'all' && !SOURCES.includes(chosen as CollectorSource))
    exitWithUsage(USAGE, `--source must be one of ${SOURCES.join(', ')} or all`);
  const sources = chosen === 'all' ? SOURCES : [chosen as CollectorSource];
  let failed = 0;
  for (const source of sources) {
    const summary = await collect(source);
    if (summary.status !== 'succeeded') failed += 1;
  }
  return failed === 0 ? 0 : 1;
}

if (process.argv[1]?.endsWith('collect-deals.ts')) {
  runMain('collect-deals', main);
}
