// `npm start` end to end: it serves the app, and Ctrl-C leaves no process or port behind.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const PORTS = [9099, 8080, 9150, 5001, 5000, 4400, 4500, 12111, 12112, 1025, 1080];

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

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

/** Waits until none of `pids` runs, or the deadline passes; returns the survivors, described. */
async function survivorsAfter(pids: number[], timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let alive = pids.filter(isAlive);
  while (alive.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    alive = alive.filter(isAlive);
  }
  return alive.map(describeProcess);
}

/** Every function functions/lib exports (read from the build, like npm start does). */
function exportedFunctions(): Array<{ name: string; regions: string[]; trigger: string }> {
  const output = execFileSync(
    process.execPath,
    [join(root, 'scripts/lib/probe-functions.cjs'), join(root, 'functions')],
    { cwd: root, env: { PATH: process.env.PATH, GCLOUD_PROJECT: 'demo-bargains' }, encoding: 'utf8' },
  );
  return (JSON.parse(output) as { functions: Array<{ name: string; regions: string[]; trigger: string }> })
    .functions;
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

  await new Promise<void>((resolve, reject) => {
    const poll = setInterval(() => {
      if (output.includes('Bargains is running')) {
        clearInterval(poll);
        resolve();
      } else if (output.includes('npm start failed')) {
        clearInterval(poll);
        reject(new Error(output));
      }
    }, 250);
  });
  // At once, before anything else: "running" means every function is loaded, directly and behind Hosting.
  const functions = exportedFunctions().filter((fn) => fn.trigger === 'https');
  const urls = [
    ...functions.map((fn) => `http://127.0.0.1:5001/demo-bargains/${fn.regions[0]}/${fn.name}`),
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
  expect(await survivorsAfter(children, 10_000)).toEqual([]);
  for (const port of PORTS) expect(await portIsFree(port)).toBe(true);
}, 600_000); // Generous: npm start first queues for the machine-wide emulator lock behind other runs.
