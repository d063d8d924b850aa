// `npm run dev`: the daily edit loop (docs/dev-loop.md). The emulators with the demo data and the local stand-ins as
// `npm start` runs them, the functions compiled by `tsc --watch` (the Functions emulator reloads functions/lib on
// every change), and the Vite dev server with hot reload in place of Hosting and the production build. One Ctrl-C
// stops everything; any part that stops by itself stops the rest.
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { DEMO_ACCOUNTS, type DemoAccount } from './demo-data/constants';
import { parseCommandLine } from './lib/cli';
import {
  DEV_EMULATORS,
  DEV_URL,
  type DevProcess,
  functionsWatcher,
  readyMessage,
  viteDevServer,
  watchBuildReport,
} from './lib/dev-plan';
import { functionsService } from './lib/functions-ready';
import { compileModelIntoFunctions } from './lib/model-into-functions';
import { MAIL_INBOX_URL, startMailCatcher } from './lib/mail-catcher';
import { repoRoot } from './lib/paths';
import { busyPortsMessage } from './lib/ports';
import { type ChildRecord, isStopping, spawnChild, stopAll, stopAllOnSignals } from './lib/processes';
import { cpuMeter, httpService, waitForServer, waitForServices } from './lib/readiness';
import {
  acquireStackLock,
  ensureLocalConfig,
  firebaseArgs,
  firebaseCommand,
  firebaseEnv,
  prepareDemoData,
  startDealFeed,
  startStripeStandin,
} from './lib/stack';

const USAGE =
  'Usage: npm run dev (no options): emulators with the demo data, functions rebuilt on save, the Vite dev server with hot reload; Ctrl-C stops everything';

/** Stops everything, with `why`, the moment `record` exits while the loop is not already stopping. */
function stopAllWhenItExits(record: ChildRecord): void {
  void record.exit.then(async ({ code, signal }) => {
    if (isStopping()) return;
    console.error(
      `\n${record.name} stopped (${signal ?? `exit code ${code}`}); stopping the rest of the dev loop.`,
    );
    await stopAll();
    process.exit(1);
  });
}

function spawnDevProcess(plan: DevProcess, options: Parameters<typeof spawnChild>[3] = {}): ChildRecord {
  return spawnChild(plan.name, plan.command, plan.args, { cwd: plan.cwd, ...options });
}

/**
 * Starts `tsc --watch` and resolves once its first build is done; rejects when that build has type errors
 * (printed above), so the loop never runs code that does not compile. Later builds only print their errors: the
 * loop keeps running while the code is being edited. functions/lib is not emptied first: the build is incremental
 * (FUNCTIONS_BUILD_INFO), and a module deleted since lingers there unused (nothing imports it) until the next clean
 * build (`npm start`, the tests, the deploy).
 */
async function startFunctionsWatcher(): Promise<ChildRecord> {
  const record = spawnDevProcess(functionsWatcher(repoRoot, process.execPath), {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const { stdout } = record.child;
  if (stdout === null) throw new Error('tsc --watch was started without a pipe for its output');
  const lines = createInterface({ input: stdout });
  let firstBuild = true;
  // Every build is followed by the model step, one at a time: tsc leaves `@bargains/model/<module>` requires in
  // functions/lib, which only resolve once the model is compiled beside them and the requires point at it.
  let modelSteps = Promise.resolve();
  await new Promise<void>((resolve, reject) => {
    lines.on('line', (line) => {
      if (line.trim() !== '') console.log(`[functions] ${line}`);
      const report = watchBuildReport(line);
      if (report === null) return;
      const isFirst = firstBuild;
      firstBuild = false;
      if (isFirst && report.errors > 0) {
        reject(
          new Error(
            `the functions do not compile (${report.errors} type error${report.errors === 1 ? '' : 's'} above)`,
          ),
        );
        return;
      }
      modelSteps = modelSteps.then(async () => {
        try {
          await compileModelIntoFunctions();
          if (isFirst) resolve();
        } catch (error) {
          if (isFirst) reject(error instanceof Error ? error : new Error(String(error)));
          // A later save with a model type error: tsc printed it; the loop keeps running until the next save.
          else console.error(`[functions] the model did not compile: ${String(error)}`);
        }
      });
    });
    void record.exit.then(({ code, signal }) =>
      reject(new Error(`tsc --watch stopped before its first build (${signal ?? `exit code ${code}`})`)),
    );
  });
  return record;
}

/** Starts the Auth, Firestore and Functions emulators on functions/lib; stops the loop if they stop. */
function startEmulators(): ChildRecord {
  const [firebase, ...firebaseCliArgs] = firebaseCommand();
  const emulators = spawnChild(
    'firebase emulators',
    firebase,
    // No --export-on-exit: like `npm start`, the demo data in emulator-data/ stays as committed.
    [...firebaseCliArgs, ...firebaseArgs('emulators:start', { only: DEV_EMULATORS })],
    { cwd: repoRoot, env: firebaseEnv() },
  );
  stopAllWhenItExits(emulators);
  return emulators;
}

async function main(): Promise<void> {
  parseCommandLine(USAGE, {});
  stopAllOnSignals();
  await acquireStackLock();
  const busy = await busyPortsMessage();
  if (busy) throw new Error(busy);
  const startedAt = Date.now();
  ensureLocalConfig();

  console.log('Compiling the functions (tsc --watch) and starting the stand-ins and the Vite dev server…');
  const vite = spawnDevProcess(viteDevServer(repoRoot, process.execPath));
  stopAllWhenItExits(vite);
  // With an earlier build in functions/lib the emulators start beside the incremental build (which rewrites only
  // what changed, and the emulator reloads that); on a clean checkout they wait for the first build.
  const earlierBuild = existsSync(join(repoRoot, 'functions/lib/index.js'));
  const watcherBuilt = startFunctionsWatcher();
  let emulators = earlierBuild ? startEmulators() : null;
  const [watcher, ...standins] = await Promise.all([
    watcherBuilt,
    startStripeStandin(),
    startDealFeed(),
    startMailCatcher(),
  ]);
  for (const record of [watcher, ...standins]) if (record) stopAllWhenItExits(record);
  emulators ??= startEmulators();

  const emulatorsCpu = cpuMeter({ pgid: emulators.child.pid });
  // Every exported function listed by the emulator, none asked: each worker starts on its first request.
  const functions = functionsService({ cpuSeconds: emulatorsCpu, warm: false });
  try {
    await waitForServices([
      httpService('the Auth emulator', 'http://127.0.0.1:9099/', emulatorsCpu),
      httpService('the Firestore emulator', 'http://127.0.0.1:8080/', emulatorsCpu),
      functions.service,
    ]);
  } finally {
    functions.stop();
  }
  await prepareDemoData({ FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080' });
  await waitForServer(vite.child, 'the Vite dev server', `${DEV_URL}/`, { ownGroup: true });

  console.log(
    readyMessage({
      seconds: Math.round((Date.now() - startedAt) / 1000),
      accounts: Object.values(DEMO_ACCOUNTS).map(
        ({ email, password, subscribed, editor }: DemoAccount) =>
          `${email} / ${password}  (${editor === true ? 'editor: opens the desk at /editor' : subscribed ? 'active subscription: sees the deals' : 'no subscription: sees the subscribe screen'})`,
      ),
      mailInboxUrl: MAIL_INBOX_URL,
    }),
  );
}

main().catch(async (error: unknown) => {
  console.error(`npm run dev failed: ${(error as Error).message}`);
  await stopAll();
  process.exit(1);
});
