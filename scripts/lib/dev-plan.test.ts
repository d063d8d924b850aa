import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEV_EMULATORS,
  DEV_PORT,
  DEV_URL,
  functionsWatcher,
  readyMessage,
  viteDevServer,
  watchBuildReport,
} from './dev-plan';
import { repoRoot } from './paths';

describe('the dev loop plan', () => {
  it('compiles the functions with the build tsconfig in watch mode, its record inside functions/lib', () => {
    const plan = functionsWatcher('/repo', '/node');
    expect(plan.command).toBe('/node');
    expect(plan.args).toEqual([
      '/repo/node_modules/typescript/bin/tsc',
      '-p',
      'functions/tsconfig.build.json',
      '--watch',
      '--preserveWatchOutput',
      '--incremental',
      '--tsBuildInfoFile',
      '/repo/functions/lib/.tsbuildinfo',
    ]);
    expect(plan.cwd).toBe('/repo');
  });

  it('runs Vite in the emulator mode on exactly the origin the functions send people back to', () => {
    const plan = viteDevServer('/repo', '/node');
    expect(plan.args).toEqual([
      '/repo/node_modules/vite/bin/vite.js',
      '--mode',
      'emulator',
      '--host',
      '127.0.0.1',
      '--port',
      String(DEV_PORT),
      '--strictPort',
    ]);
    expect(plan.cwd).toBe('/repo/web');
    // Checkout's return URL and the links in mail are built from APP_ORIGIN.
    const demoParams = readFileSync(join(repoRoot, 'functions/.env.demo-bargains'), 'utf8');
    expect(demoParams).toMatch(new RegExp(`^APP_ORIGIN=${DEV_URL}$`, 'm'));
  });

  it('runs the emulators the app needs, without Hosting (the dev server serves the pages)', () => {
    expect(DEV_EMULATORS.split(',').sort()).toEqual(['auth', 'firestore', 'functions']);
  });

  it('names files the plan runs that exist in this repository', () => {
    for (const plan of [functionsWatcher(repoRoot, 'node'), viteDevServer(repoRoot, 'node')])
      expect(existsSync(plan.args[0] ?? '')).toBe(true);
  });
});

describe('watchBuildReport', () => {
  it('reads the error count of a finished watch build', () => {
    expect(watchBuildReport('11:02:03 PM - Found 0 errors. Watching for file changes.')).toEqual({
      errors: 0,
    });
    expect(watchBuildReport('[11:02:03] Found 1 error. Watching for file changes.')).toEqual({ errors: 1 });
    expect(watchBuildReport('11:02:03 PM - Found 12 errors. Watching for file changes.')).toEqual({
      errors: 12,
    });
  });

  it('ignores every other line', () => {
    expect(watchBuildReport('11:02:00 PM - Starting compilation in watch mode...')).toBeNull();
    expect(watchBuildReport("src/index.ts(3,1): error TS2304: Cannot find name 'x'.")).toBeNull();
  });
});

describe('readyMessage', () => {
  it('names the dev URL, the accounts, the inbox and when to use npm start', () => {
    const text = readyMessage({
      seconds: 42,
      accounts: ['a@example.test / pw  (subscriber)'],
      mailInboxUrl: 'http://127.0.0.1:1080',
    });
    expect(text).toContain(`ready in 42s. Open ${DEV_URL}`);
    expect(text).toContain('  a@example.test / pw  (subscriber)');
    expect(text).toContain('http://127.0.0.1:1080');
    expect(text).toContain('npm start');
    expect(text).toContain('Ctrl-C');
  });
});
