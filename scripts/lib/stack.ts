// Pieces shared by `npm start`, `npm test` and the benchmark: builds, local config, the Stripe stand-in.
import { appendFileSync, copyFileSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { SpawnOptions } from 'node:child_process';
import { bundleRenderBlog } from './bundle-render-blog';
import { compileModelIntoFunctions } from './model-into-functions';
import { firebaseBin, repoRoot, PROJECT_ID } from './paths';
import { firestoreEmulatorEnv } from './firestore-emulator';
import { writeEmulatorConfig } from './emulator-config';
import { firebaseCli, functionsNodeBinary } from './functions-node';
import { type ChildRecord, run, spawnChild } from './processes';
import { DEAL_FEED_PORT, STRIPE_STANDIN_PORT } from './ports';
import { waitForServer } from './readiness';

const settingNames = (text: string) =>
  new Set([...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));

/**
 * Creates git-ignored local config (functions secrets and env for the emulator) from the committed examples, and
 * adds to an existing copy the settings the example gained since (e.g. a new function's secret), keeping its values.
 */
export function ensureLocalConfig(): void {
  const dir = join(repoRoot, 'functions');
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.example')) continue;
    const name = file.slice(0, -'.example'.length);
    const target = join(dir, name);
    if (!existsSync(target)) {
      copyFileSync(join(dir, file), target);
      console.log(`Created functions/${name} from its example.`);
      continue;
    }
    const example = readFileSync(join(dir, file), 'utf8');
    const present = settingNames(readFileSync(target, 'utf8'));
    const missing = example.split('\n').filter((line) => {
      const setting = /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1];
      return setting !== undefined && !present.has(setting);
    });
    if (missing.length > 0) {
      appendFileSync(target, `\n${missing.join('\n')}\n`);
      console.log(
        `Added ${missing.map((line) => line.split('=')[0]).join(', ')} to functions/${name} from its example.`,
      );
    }
  }
}

/**
 * Compiles the functions into a clean functions/lib (a deleted module must not linger there) with the model beside
 * them (model-into-functions.ts), then replaces render_blog's handler with its one-file bundle (bundle-render-blog.ts).
 */
export async function buildFunctions(): Promise<void> {
  rmSync(join(repoRoot, 'functions/lib'), { recursive: true, force: true });
  await run(
    'build functions',
    process.execPath,
    [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', 'functions/tsconfig.build.json'],
    {
      cwd: repoRoot,
    },
  );
  await compileModelIntoFunctions();
  await bundleRenderBlog();
}

/**
 * Builds the production web bundle wired to the emulators: into web/dist-emulator (what the Hosting emulator
 * serves; web/vite.config.ts keeps web/dist for the deploy build) or, given `outDir`, into a folder of the
 * caller's own (emptied first).
 */
export async function buildWeb({ mode = 'emulator', outDir }: { mode?: string; outDir?: string } = {}) {
  const { build } = await import('vite');
  // Every build compiles for production, as Vite does when NODE_ENV is unset. A caller's NODE_ENV (Jest's `test`,
  // a shell's `development`) would switch JSX to the dev runtime, while the blog's server renderer bundles React's
  // production build, which has no jsxDEV: every server-rendered blog page would fail. Vite also writes
  // NODE_ENV into this process; the caller's value is put back, so child processes never inherit the build's.
  const callerNodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root: join(repoRoot, 'web'),
      mode,
      logLevel: 'warn',
      configFile: join(repoRoot, 'web/vite.config.ts'),
      ...(outDir ? { build: { outDir, emptyOutDir: true } } : {}),
    });
  } finally {
    if (callerNodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = callerNodeEnv;
  }
}

export const stripeStandinEntry = join(repoRoot, 'tools/stripe-standin/src/main.ts');

/** Starts the local Stripe stand-in when it exists; resolves once it answers. */
export async function startStripeStandin(env: NodeJS.ProcessEnv = {}): Promise<ChildRecord | null> {
  if (!existsSync(stripeStandinEntry)) return null;
  const record = spawnChild('stripe stand-in', process.execPath, ['--import', 'tsx', stripeStandinEntry], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
  });
  await waitForServer(
    record.child,
    'Stripe stand-in',
    `http://127.0.0.1:${STRIPE_STANDIN_PORT}/_control/health`,
    {
      ownGroup: true,
    },
  );
  return record;
}

/** Starts the local deal feed that the emulated collect_deals fetches; resolves once it answers. */
export async function startDealFeed(): Promise<ChildRecord> {
  const record = spawnChild(
    'deal feed',
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'tools/deal-feed/server.ts')],
    { cwd: repoRoot },
  );
  await waitForServer(record.child, 'Deal feed', `http://127.0.0.1:${DEAL_FEED_PORT}/_control/health`, {
    ownGroup: true,
  });
  return record;
}

/**
 * Prepares the demo data in running emulators as `npm start` and the tests have it: dates moved to today, then the
 * demo subscriber's billing seeded into the Stripe stand-in. `env` adds to this process's environment (e.g. the
 * emulator hosts when not inside `firebase emulators:exec`).
 */
export async function prepareDemoData(env: NodeJS.ProcessEnv = {}): Promise<void> {
  for (const [name, script] of [
    ['rebase demo data', 'scripts/demo-data/rebase.ts'],
    ['seed the Stripe stand-in', 'scripts/demo-data/seed-stripe.ts'],
  ] as const) {
    await run(name, process.execPath, ['--import', 'tsx', join(repoRoot, script)], {
      cwd: repoRoot,
      env: { ...process.env, GCLOUD_PROJECT: PROJECT_ID, ...env },
    });
  }
}

/**
 * Seconds the Functions emulator waits for a function's code to load, when it reads the exports and whenever it
 * starts a worker (firebase-tools' FUNCTIONS_DISCOVERY_TIMEOUT; its default, 30 s for a worker, drops a worker
 * that a busy machine starts more slowly, and the request fails). Long: the wait for the stack has its own stall
 * window (scripts/lib/readiness.ts).
 */
export const FUNCTIONS_LOAD_TIMEOUT_SECONDS = 600;

/** Environment for firebase-tools: offline Firestore emulator, no telemetry prompts, patient function loading. */
export function firebaseEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    FUNCTIONS_DISCOVERY_TIMEOUT: String(FUNCTIONS_LOAD_TIMEOUT_SECONDS),
    ...process.env,
    ...firestoreEmulatorEnv(),
    FIREBASE_CLI_DISABLE_TELEMETRY: 'true',
    ...extra,
  };
}

interface EmulatorsCommandOptions {
  /** The emulators to run (`--only`). */
  only: string;
  /** Import emulator-data/ (default true). */
  importData?: boolean;
  extra?: string[];
  config?: string;
}

/**
 * Arguments for an emulators command. `config` is the firebase.json to use: by default the emulators' copy
 * (scripts/lib/emulator-config.ts), written now.
 */
export function firebaseArgs(
  command: string,
  { only, importData = true, extra = [], config }: EmulatorsCommandOptions,
): string[] {
  const configFile = config ?? writeEmulatorConfig();
  const args = [command, '--config', configFile, '--project', PROJECT_ID, '--only', only];
  if (importData) args.push('--import', join(repoRoot, 'emulator-data'));
  return [...args, ...extra];
}

export { firebaseBin };

/**
 * Command and leading arguments that run firebase-tools on the functions' Node.js major version, so the
 * Functions emulator (which uses firebase-tools' own Node when the majors match) runs them as production does.
 */
export function firebaseCommand(): [string, ...string[]] {
  return [functionsNodeBinary(), firebaseCli];
}

export const STACK_LOCK_FILE = '/tmp/bargains-emulators.lock';

/**
 * Holds the machine-wide stack lock (the one test runs take) for as long as this process runs, so that `npm start`,
 * `npm test` and `npm run bench` queue for the emulator ports instead of colliding. The lock lives in a child
 * `flock` process, released when it is stopped with the other children or when this process dies.
 */
export async function acquireStackLock(): Promise<ChildRecord> {
  let announced = false;
  const timer = setTimeout(() => {
    announced = true;
    console.log(`Waiting for another test run or stack to release ${STACK_LOCK_FILE}…`);
  }, 1000);
  const holder = spawnChild(
    'stack lock',
    'flock',
    // `tail --pid` ends with this process however it ends (even SIGKILL), so an abrupt exit cannot leave an
    // orphan holding the lock for every later run.
    [STACK_LOCK_FILE, 'sh', '-c', `echo acquired; exec tail --pid=${process.pid} -f /dev/null`],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise((resolve, reject) => {
    holder.child.stdout?.once('data', resolve);
    holder.exit.then(() => reject(new Error('could not take the stack lock')));
  });
  clearTimeout(timer);
  if (announced) console.log('Lock acquired.');
  return holder;
}

/**
 * Runs `inner` inside `firebase emulators:exec` (Auth, Firestore, Functions, Hosting) while holding the stack lock,
 * after the port check (and, with `build`, the builds) of scripts/lib/emulators-exec.ts. Returns the child record.
 */
export function spawnLockedEmulatorsExec(
  inner: string,
  {
    build = false,
    importData = true,
    extraFirebaseArgs = [],
    config,
    spawnOptions = {},
  }: {
    build?: boolean;
    importData?: boolean;
    extraFirebaseArgs?: string[];
    config?: string;
    spawnOptions?: SpawnOptions;
  } = {},
): ChildRecord {
  const [command, ...commandArgs] = firebaseCommand();
  console.log(`\n▶ emulators (waiting for ${STACK_LOCK_FILE} if another run holds the ports)`);
  return spawnChild(
    'emulators:exec',
    'flock',
    [
      STACK_LOCK_FILE,
      process.execPath,
      '--import',
      'tsx',
      'scripts/lib/emulators-exec.ts',
      ...(build ? ['--build'] : []),
      '--',
      command,
      ...commandArgs,
      ...firebaseArgs('emulators:exec', {
        only: 'auth,firestore,functions,hosting',
        importData,
        extra: extraFirebaseArgs,
        config,
      }),
      inner,
    ],
    { cwd: repoRoot, env: firebaseEnv(), ...spawnOptions },
  );
}
