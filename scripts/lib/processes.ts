// Child-process supervision: every child runs in its own process group so that stopping it also stops the
// grandchildren it spawned (firebase-tools starts Java and Node workers), and nothing is left bound on exit.
import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';

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

/** Stops a child: polite signal first, then SIGKILL to the whole group after the grace period. */
export async function stopChild(
  record: ChildRecord,
  { signal = 'SIGINT', graceMs = 15000 }: StopOptions = {},
) {
  signalGroup(record, signal);
  const timer = setTimeout(() => signalGroup(record, 'SIGKILL'), graceMs);
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
