// The pure parts of `npm run dev` (scripts/dev.ts): which long-running processes it starts and with what
// arguments, and how it reads the functions' watch build. Kept apart from the script so they are unit-tested
// without starting anything.
import { join } from 'node:path';

/**
 * The Vite dev server's address. It takes the Hosting emulator's port (Hosting does not run in the dev loop):
 * APP_ORIGIN in functions/.env.demo-bargains is http://127.0.0.1:5000, so Checkout's return, the links in the
 * mail the functions send and the Stripe stand-in's redirects all land on the dev server.
 */
export const DEV_HOST = '127.0.0.1';
export const DEV_PORT = 5000;
export const DEV_URL = `http://${DEV_HOST}:${DEV_PORT}`;

/** The emulators the dev loop runs: the pages come from the Vite dev server, so no Hosting emulator. */
export const DEV_EMULATORS = 'auth,firestore,functions';

/** One long-running process of the dev loop: a name for messages, the command, and where it runs. */
export interface DevProcess {
  name: string;
  command: string;
  args: string[];
  cwd: string;
}

/**
 * Where the functions' watch build records what it compiled: inside functions/lib, so that whatever empties
 * functions/lib (the clean build of `npm start`, the tests and the deploy) also forgets the record, and the next
 * `npm run dev` compiles everything again instead of trusting output that is gone.
 */
export const FUNCTIONS_BUILD_INFO = 'functions/lib/.tsbuildinfo';

/**
 * The functions' compiler in watch mode: the same tsc and tsconfig as the build (scripts/lib/stack.ts
 * buildFunctions), writing functions/lib on every save, which the Functions emulator watches and reloads.
 * Incremental, so a restart re-checks only what changed since the last run. It keeps earlier output on screen
 * (`--preserveWatchOutput`) instead of clearing the terminal the other processes share.
 */
export function functionsWatcher(repoRoot: string, node: string): DevProcess {
  return {
    name: 'functions watch build',
    command: node,
    args: [
      join(repoRoot, 'node_modules/typescript/bin/tsc'),
      '-p',
      'functions/tsconfig.build.json',
      '--watch',
      '--preserveWatchOutput',
      '--incremental',
      '--tsBuildInfoFile',
      join(repoRoot, FUNCTIONS_BUILD_INFO),
    ],
    cwd: repoRoot,
  };
}

/**
 * The Vite dev server in the emulator mode (web/.env.emulator: the app talks to the Auth and Firestore
 * emulators; web/vite.config.ts forwards the functions' paths to the Functions emulator), on DEV_URL exactly
 * (`--strictPort`: a busy port is an error, not another port nobody's links point at).
 */
export function viteDevServer(repoRoot: string, node: string): DevProcess {
  return {
    name: 'vite dev server',
    command: node,
    args: [
      join(repoRoot, 'node_modules/vite/bin/vite.js'),
      '--mode',
      'emulator',
      '--host',
      DEV_HOST,
      '--port',
      String(DEV_PORT),
      '--strictPort',
    ],
    cwd: join(repoRoot, 'web'),
  };
}

/** What one line of `tsc --watch` output says about the build it just finished, if anything. */
export type WatchBuildReport = { errors: number } | null;

/**
 * Reads a line of `tsc --watch`: after every (re)build it prints "Found N error(s). Watching for file changes."
 * (with a timestamp prefix), which is the only line that says a build finished.
 */
export function watchBuildReport(line: string): WatchBuildReport {
  const match = /Found (\d+) errors?\. Watching for file changes\./.exec(line);
  return match ? { errors: Number(match[1]) } : null;
}

/** The service lines printed when the loop is ready. */
export function readyMessage({
  seconds,
  accounts,
  mailInboxUrl,
}: {
  seconds: number;
  accounts: string[];
  mailInboxUrl: string;
}): string {
  return [
    '',
    `Dev loop ready in ${seconds}s. Open ${DEV_URL} (Vite dev server: components hot-reload on save).`,
    '',
    'Demo accounts:',
    ...accounts.map((account) => `  ${account}`),
    '',
    `Blog: ${DEV_URL}/blog · Dashboard: ${DEV_URL}/dashboard (sign in first) · Sitemap: ${DEV_URL}/sitemap.xml`,
    'Functions rebuild on save (tsc --watch into functions/lib); the Functions emulator reloads them, and the next request runs the new code.',
    'Services: Auth 127.0.0.1:9099 · Firestore 127.0.0.1:8080 · Functions 127.0.0.1:5001 · Stripe stand-in 127.0.0.1:12111 · Deal feed and network stand-ins 127.0.0.1:12112',
    `Mail the functions send lands in the local inbox: ${mailInboxUrl}.`,
    'Server-drawn pages as deployed (render_blog / render_dashboard HTML, snapshots): use `npm start` instead.',
    'Press Ctrl-C to stop everything.',
    '',
  ].join('\n');
}
