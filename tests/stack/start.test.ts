// `npm start` end to end: it serves the app, and Ctrl-C leaves no process or port behind.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const PORTS = [9099, 8080, 9150, 5001, 5000, 4400, 4500, 12111];

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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
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
  // Give the kernel a moment to reap the last workers before checking.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(children.filter(isAlive)).toEqual([]);
  for (const port of PORTS) expect(await portIsFree(port)).toBe(true);
}, 240_000);
