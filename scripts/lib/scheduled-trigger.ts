// Runs an emulated scheduled function now, while `npm start` (or a test run) is up. The Functions emulator never
// fires schedules itself (without the Pub/Sub emulator it even lists a scheduled function as "ignored"), but it
// still serves the function's scheduler-facing HTTP trigger at /functions/projects/{project}/triggers/{key}; a POST
// there is what Cloud Scheduler does in production. The key carries a reload generation
// (us-central1-collect_deals-0, then -1 after a hot reload…), so it is read from the emulator's own list first.
const PROJECT_ID = 'demo-bargains';
const FUNCTIONS_ORIGIN = process.env.FUNCTIONS_EMULATOR_ORIGIN ?? 'http://127.0.0.1:5001';
const TRIGGERS = `${FUNCTIONS_ORIGIN}/functions/projects/${PROJECT_ID}/triggers`;

/** The emulator answers an unknown trigger with "… valid functions are: a, b, c". */
export async function scheduledTriggerUrl(functionName: string): Promise<string> {
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
