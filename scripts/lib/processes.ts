// Child-process supervision: every child runs in its own process group so that stopping it also stops the
// grandchildren it spawned (firebase-tools starts Java and Node workers), and nothing is left bound on exit.
import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ChildRecord {
  name: string;
  child: ChildProcess;
  exited: boolean;
  exit: Promise<ChildExit>;
}

const children = new Set<ChildRecord>();
let stopping = false;

/** True once a shutdown began, so exit listeners of stopped children do not report them as crashes. */
export function isStopping(): boolean {
  return stopping;
}

export function spawnChild(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions = {},
): ChildRecord {
  const child = spawn(command, args, { stdio: 'inherit', detached: true, ...options });
  const record: ChildRecord = {
    name,
    child,
    exited: false,
    exit: new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        record.exited = true;
        children.delete(record);
        resolve({ code, signal });
      });
    }),
  };
  child.on('error', (error) => console.error(`[${name}] failed to start: ${error.message}`));
  children.add(record);
  return record;
}

function signalGroup(record: ChildRecord, signal: NodeJS.Signals): void {
  if (record.exited || !record.child.pid) return;
  try {
    process.kill(-record.child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

interface StopOptions {
  signal?: NodeJS.Signals;
  graceMs?: number;
}

/** The parent of every process, from /proc (Linux); empty where /proc is missing. */
function parentsByPid(): Map<number, number> {
  const parents = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return parents;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the parenthesised command name: state, ppid, …
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // The process exited while the table was read.
    }
  }
  return parents;
}

/** Every process below `pid`, in any process group. */
export function descendantsOf(pid: number, parents = parentsByPid()): number[] {
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const [child, parent] of parents) {
      if (parent === current && !found.includes(child)) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

function killProcess(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * Stops a child: polite signal first, then SIGKILL to the whole group after the grace period. firebase-tools starts
 * the Firestore emulator's Java in a process group of its own: when the CLI hangs in its shutdown and is killed, that
 * Java would be orphaned (holding its port), so the processes below the child are noted before the kill and killed
 * with it.
 */
export async function stopChild(
  record: ChildRecord,
  { signal = 'SIGINT', graceMs = 15000 }: StopOptions = {},
) {
  signalGroup(record, signal);
  const timer = setTimeout(() => {
    const below = record.child.pid ? descendantsOf(record.child.pid) : [];
    signalGroup(record, 'SIGKILL');
    below.forEach(killProcess);
  }, graceMs);
  await record.exit;
  clearTimeout(timer);
  // The leader may exit before its workers: sweep the group.
  signalGroup(record, 'SIGKILL');
}

export async function stopAll(options?: StopOptions): Promise<void> {
  stopping = true;
  const running = [...children].reverse();
  for (const record of running) await stopChild(record, options);
}

/** Installs Ctrl-C / SIGTERM handling that stops every child before exiting. */
export function stopAllOnSignals(onStop?: () => Promise<void>): void {
  let handled = false;
  const handler = async (signal: NodeJS.Signals) => {
    if (handled) return;
    handled = true;
    console.log(`\nReceived ${signal}: stopping every service…`);
    await stopAll();
    if (onStop) await onStop();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  process.on('SIGHUP', handler);
}

export function run(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions = {},
): Promise<void> {
  const record = spawnChild(name, command, args, options);
  return record.exit.then(({ code, signal }) => {
    if (code !== 0) throw new Error(`${name} failed (${signal ?? `exit code ${code}`})`);
  });
}
