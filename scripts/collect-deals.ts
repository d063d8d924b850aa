// `npm run collect-deals`: runs the emulated collect_deals now, while `npm start` (or a test run) is up, and
// prints the run's summary from collector_runs. The Functions emulator never fires schedules itself (without
// the Pub/Sub emulator it even lists a scheduled function as "ignored"), but it still serves the function's
// scheduler-facing HTTP trigger at /functions/projects/{project}/triggers/{key}; a POST there is what Cloud
// Scheduler does in production. The key carries a reload generation (us-central1-collect_deals-0, then -1 after a
// hot reload…), so it is read from the emulator's own list of triggers first.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../functions/src/model/paths';
import { renderSummary } from '../functions/src/collector/report';
import type { RunSummary } from '../functions/src/collector/pipeline';
import { parseCommandLine } from './lib/cli';

const PROJECT_ID = 'demo-bargains';
const FUNCTIONS_ORIGIN = process.env.FUNCTIONS_EMULATOR_ORIGIN ?? 'http://127.0.0.1:5001';
const TRIGGERS = `${FUNCTIONS_ORIGIN}/functions/projects/${PROJECT_ID}/triggers`;
const TRIGGER_KEY = /^us-central1-collect_deals-(\d+)$/;

/** The emulator answers an unknown trigger with "… valid functions are: a, b, c". */
export async function collectDealsTriggerUrl(): Promise<string> {
  let text: string;
  try {
    text = await (await fetch(`${TRIGGERS}/-list-`, { method: 'POST' })).text();
  } catch {
    throw new Error(
      `the Functions emulator is not answering at ${FUNCTIONS_ORIGIN}: start the stack with \`npm start\``,
    );
  }
  const generations = (text.split('valid functions are:')[1] ?? '')
    .split(',')
    .map((key) => TRIGGER_KEY.exec(key.trim()))
    .filter((match): match is RegExpExecArray => match !== null)
    .sort((a, b) => Number(b[1]) - Number(a[1]));
  const newest = generations[0];
  if (!newest) throw new Error(`the Functions emulator has no collect_deals trigger (${text.trim()})`);
  return `${TRIGGERS}/${newest[0]}`;
}

/** Runs collect_deals in the emulator and resolves once it finished (it answers 200 when the run completed). */
export async function triggerCollectDeals(): Promise<void> {
  const response = await fetch(await collectDealsTriggerUrl(), {
    method: 'POST',
    headers: {
      'X-CloudScheduler-JobName': 'manual',
      'X-CloudScheduler-ScheduleTime': new Date().toISOString(),
    },
  });
  if (!response.ok) throw new Error(`collect_deals answered HTTP ${response.status}; see the emulator log`);
}

async function main(): Promise<void> {
  parseCommandLine('Usage: npm run collect-deals (while `npm start` runs; no options)', {});
  const started = new Date();
  await triggerCollectDeals();
  process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const app = initializeApp({ projectId: PROJECT_ID }, 'collect-deals');
  try {
    const latest = await getFirestore(app)
      .collection(COLLECTIONS.collectorRuns)
      .where('started_at', '>=', started)
      .orderBy('started_at', 'desc')
      .limit(1)
      .get();
    const run = latest.docs[0];
    if (!run) throw new Error('collect_deals ran but wrote no collector_runs document; see the emulator log');
    const data = run.data();
    const summary = {
      ...data,
      run_id: run.id,
      started_at: data.started_at.toDate().toISOString(),
      finished_at: data.finished_at.toDate().toISOString(),
    } as RunSummary;
    console.log(`\ncollect_deals (emulator)\n\n${renderSummary(summary)}\n`);
  } finally {
    await deleteApp(app);
  }
}

if (process.argv[1]?.endsWith('collect-deals.ts')) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`collect-deals failed: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
