// `npm start`: the whole product on the local emulators, offline. Ctrl-C stops every child.
import { DEMO_ACCOUNTS, type DemoAccount } from './demo-data/constants';
import { parseCommandLine } from './lib/cli';
import { busyPortsMessage } from './lib/ports';
import { functionsService } from './lib/functions-ready';
import { cpuMeter, httpService, waitForServices } from './lib/readiness';
import { repoRoot } from './lib/paths';
import { isStopping, spawnChild, stopAll, stopAllOnSignals } from './lib/processes';
import { MAIL_INBOX_URL, startMailCatcher } from './lib/mail-catcher';
import {
  acquireStackLock,
  buildFunctions,
  buildWeb,
  ensureLocalConfig,
  firebaseArgs,
  firebaseCommand,
  firebaseEnv,
  prepareDemoData,
  startDealFeed,
  startStripeStandin,
} from './lib/stack';

const HOSTING_URL = 'http://127.0.0.1:5000';

async function main(): Promise<void> {
  parseCommandLine('Usage: npm start (no options; Ctrl-C stops everything)', {});
  stopAllOnSignals();
  await acquireStackLock();
  const busy = await busyPortsMessage();
  if (busy) throw new Error(busy);
  const startedAt = Date.now();
  ensureLocalConfig();
  console.log('Building functions and web app…');
  await Promise.all([buildFunctions(), buildWeb()]);

  await startStripeStandin();
  await startDealFeed();
  await startMailCatcher();
  const [firebase, ...firebaseCliArgs] = firebaseCommand();
  const emulators = spawnChild(
    'firebase emulators',
    firebase,
    [...firebaseCliArgs, ...firebaseArgs('emulators:start', { only: 'auth,firestore,functions,hosting' })],
    { cwd: repoRoot, env: firebaseEnv() },
  );
  emulators.exit.then(async ({ code }) => {
    if (isStopping()) return;
    console.error(`The Firebase emulators stopped (exit code ${code}); stopping the rest.`);
    await stopAll();
    process.exit(code === 0 ? 0 : 1);
  });
  // Every exported function, not just the emulator's port: "running" must mean no request meets "does not exist".
  // No deadline: a busy machine gets there later; only a service that stops making progress ends the start.
  const emulatorsCpu = cpuMeter({ pgid: emulators.child.pid });
  const functions = functionsService({ cpuSeconds: emulatorsCpu });
  try {
    await waitForServices([
      httpService('the Hosting emulator', `${HOSTING_URL}/`, emulatorsCpu),
      functions.service,
    ]);
  } finally {
    functions.stop();
  }

  await prepareDemoData({ FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' });

  const seconds = ((Date.now() - startedAt) / 1000).toFixed(0);
  console.log(
    [
      '',
      `Bargains is running (ready in ${seconds}s). Open ${HOSTING_URL}`,
      '',
      'Demo accounts:',
      ...Object.values(DEMO_ACCOUNTS).map(
        ({ email, password, subscribed, editor }: DemoAccount) =>
          `  ${email} / ${password}  (${editor === true ? 'editor: opens the desk at /editor' : subscribed ? 'active subscription: sees the deals' : 'no subscription: sees the subscribe screen'})`,
      ),
      '',
      'Services: Auth 127.0.0.1:9099 · Firestore 127.0.0.1:8080 · Functions 127.0.0.1:5001 · Hosting 127.0.0.1:5000 · Stripe stand-in 127.0.0.1:12111 · Deal feed and network stand-ins 127.0.0.1:12112',
      `Mail the functions send (digests, alerts) lands in the local inbox: ${MAIL_INBOX_URL} (SMTP 127.0.0.1:1025).`,
      'Send the due digests and alerts now (send_digests) with `npm run send-digests` (in another terminal).',
      "Collect the deal feed now (collect_deals) with `npm run collect-deals` (in another terminal); the affiliate networks' stand-ins with `npm run collect-deals -- --source all` (or awin, impact, cj).",
      'Save the emulator state back to emulator-data/ with `npm run export-data` (in another terminal).',
      'Press Ctrl-C to stop everything.',
      '',
    ].join('\n'),
  );
}

main().catch(async (error: unknown) => {
  console.error(`npm start failed: ${(error as Error).message}`);
  await stopAll();
  process.exit(1);
});
