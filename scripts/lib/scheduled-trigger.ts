// Runs an emulated scheduled function now, while `npm start` (or a test run) is up. The Functions emulator never
// fires schedules itself (without the Pub/Sub emulator it even lists a scheduled function as "ignored"), but it
// still serves the function's scheduler-facing HTTP trigger at /functions/projects/{project}/triggers/{key}; a POST
// there is what Cloud Scheduler does in production. The key carries a reload generation
// (us-central1-collect_deals-0, then -1 after a hot reload…), so it is read from the emulator's own list first.
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';

const PROJECT_ID = 'demo-bargains';
const FUNCTIONS_ORIGIN = process.env.FUNCTIONS_EMULATOR_ORIGIN ?? 'http://127.0.0.1:5001';
const TRIGGERS = `${FUNCTIONS_ORIGIN}/functions/projects/${PROJECT_ID}/triggers`;

/** The emulator answers an unknown trigger with "… valid functions are: a, b, c". */
async function scheduledTriggerUrl(functionName: string): Promise<string> {
  const key = new RegExp(`^us-central1-${functionName}-(\\d+)$`);
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
    .map((entry) => key.exec(entry.trim()))
    .filter((match): match is RegExpExecArray => match !== null)
    .sort((a, b) => Number(b[1]) - Number(a[1]));
  const newest = generations[0];
  if (!newest) throw new Error(`the Functions emulator has no ${functionName} trigger (${text.trim()})`);
  return `${TRIGGERS}/${newest[0]}`;
}

/** Runs the scheduled function in the emulator and resolves once it finished (200 when the run completed). */
export async function runScheduledFunction(functionName: string): Promise<void> {
  const response = await fetch(await scheduledTriggerUrl(functionName), {
    method: 'POST',
    headers: {
      'X-CloudScheduler-JobName': 'manual',
      'X-CloudScheduler-ScheduleTime': new Date().toISOString(),
    },
  });
  if (!response.ok) throw new Error(`${functionName} answered HTTP ${response.status}; see the emulator log`);
}

/**
 * Runs the scheduled function now and returns the run document it wrote: the newest in `runsCollection` started
 * since this call, read from the Firestore emulator.
 */
export async function runScheduledFunctionForItsRun(
  functionName: string,
  runsCollection: string,
): Promise<QueryDocumentSnapshot> {
  const started = new Date();
  await runScheduledFunction(functionName);
  process.env.FIRESTORE_EMULATOR_HOST ??= '127.0.0.1:8080';
  process.env.METADATA_SERVER_DETECTION ??= 'none';
  const app = initializeApp({ projectId: PROJECT_ID }, functionName);
  try {
    const latest = await getFirestore(app)
      .collection(runsCollection)
      .where('started_at', '>=', started)
      .orderBy('started_at', 'desc')
      .limit(1)
      .get();
    const run = latest.docs[0];
    if (!run)
      throw new Error(`${functionName} ran but wrote no ${runsCollection} document; see the emulator log`);
    return run;
  } finally {
    await deleteApp(app);
  }
}
