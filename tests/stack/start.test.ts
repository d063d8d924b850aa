// `npm start` end to end: it serves the app, and Ctrl-C leaves no process or port behind.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportedFunctions, functionUrl } from '../../scripts/lib/functions-ready';
import { repoRoot as root } from '../../scripts/lib/paths';
import { isPortFree, stackPorts } from '../../scripts/lib/ports';
import { waitUntil } from '../../tools/wait-until';

function descendants(pid: number): number[] {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=,pgid=']).toString().trim().split('\n');
  const rows = table.map((line) => line.trim().split(/\s+/).map(Number));
  const found = new Set<number>([pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [child, parent] of rows) {
      if (child !== undefined && parent !== undefined && found.has(parent) && !found.has(child)) {
        found.add(child);
        grew = true;
      }
    }
  }
  found.delete(pid);
  return [...found];
}

/** A process that still runs (a zombie has exited and holds nothing: it only waits for its parent to reap it). */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

function describeProcess(pid: number): string {
  try {
    return `${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim()}`;
  } catch {
    return `${pid} (gone)`;
  }
}

/** The paths Hosting rewrites to a function. */
function functionRewriteSources(): string[] {
  const config = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8')) as {
    hosting: { rewrites: Array<{ source?: string; function?: unknown }> };
  };
  return config.hosting.rewrites.flatMap((rewrite) =>
    rewrite.function && rewrite.source ? [rewrite.source.replace(/\*\*?/g, 'sample')] : [],
  );
}

/** Generous: npm start first queues for the machine-wide emulator lock behind other runs (several on a shared box). */
const START_TIMEOUT_MS = 25 * 60_000;
jest.setTimeout(START_TIMEOUT_MS);

let start: ChildProcess | undefined;
afterAll(() => {
  if (start?.pid && isAlive(start.pid)) process.kill(-start.pid, 'SIGKILL');
});

test('npm start serves the app with demo accounts, and Ctrl-C stops every child and frees every port', async () => {
  // Like a terminal: `npm start` leads its own process group, and Ctrl-C signals the whole group.
  start = spawn('npm', ['start'], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  start.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  start.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => start?.on('exit', (code) => resolve(code)));

  await waitUntil(
    () => output,
    (text) => text.includes('Bargains is running') || text.includes('npm start failed'),
    { what: 'npm start', timeoutMs: START_TIMEOUT_MS - 10_000 },
  );
  if (!output.includes('Bargains is running')) throw new Error(output);
  // At once, before anything else: "running" means every function is loaded, directly and behind Hosting.
  const functions = exportedFunctions().filter((fn) => fn.trigger === 'https');
  const urls = [
    ...functions.map(functionUrl),
    ...functionRewriteSources().map((path) => `http://127.0.0.1:5000${path}`),
  ];
  const answers = await Promise.all(
    urls.map(async (url) => {
      const response = await fetch(url, { redirect: 'manual' });
      return { url, status: response.status, body: await response.text() };
    }),
  );
  expect(functions.length).toBeGreaterThanOrEqual(6);
  expect(answers.filter((answer) => /does not exist/.test(answer.body) || answer.status >= 500)).toEqual([]);

  expect(output).toContain('Open http://127.0.0.1:5000');
  expect(output).toContain('subscriber@bargains.test');

  const home = await fetch('http://127.0.0.1:5000/');
  expect(home.status).toBe(200);
  expect(await home.text()).toContain('<div id="root">');

  const pid = start.pid as number;
  const children = descendants(pid);
  expect(children.length).toBeGreaterThan(3);

  process.kill(-pid, 'SIGINT');
  await exited;
  // Every process npm start had spawned is gone shortly after it exits (no orphan keeps running).
  await waitUntil(
    () => children.filter(isAlive).map(describeProcess),
    (survivors) => survivors.length === 0,
    { what: 'every process npm start spawned to exit', timeoutMs: 10_000 },
  );
  for (const { port } of stackPorts()) expect(await isPortFree(port)).toBe(true);
});
