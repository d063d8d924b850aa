// Waiting for the local stack without a fixed deadline: a slow or busy machine gets a running stack, only later.
// Every awaited service is checked in rounds; a service is given up on only when it has made no progress for a
// whole stall window (no new milestone, such as one more function loaded, and its processes burned next to no CPU
// time), and the error names it. The decisions are pure (assessService) and unit-tested on their own.
import { type ChildProcess, execFileSync } from 'node:child_process';

/** One check of one service. */
export interface ServiceObservation {
  ready: boolean;
  /** A count that grows as the service gets ready (e.g. functions loaded); 0 when it has none. */
  milestones: number;
  /** CPU seconds its processes have used so far, or null when they cannot be measured. */
  cpuSeconds: number | null;
  /** Where it stands, for the progress lines and the stall error ("7 of 12 functions loaded"). */
  detail: string;
}

/** What a service had reached when it last made progress. */
export interface ServiceProgress {
  at: number;
  milestones: number;
  cpuSeconds: number | null;
}

export interface ReadinessPolicy {
  /** Give up on a service after this long without progress. */
  stallMs: number;
  /** CPU seconds its processes must burn to count as working rather than idle (an idle JVM ticks too). */
  minCpuSeconds: number;
}

export const DEFAULT_READINESS_POLICY: ReadinessPolicy = { stallMs: 180_000, minCpuSeconds: 3 };

export type Verdict = 'ready' | 'progressing' | 'stalled';

/**
 * Whether a service is ready, still getting there, or stalled, given what it had reached at its last progress
 * (`since`, undefined on the first check) and the new observation at `now`. Progress is a new milestone, or at
 * least `minCpuSeconds` of CPU used since the last progress. Returns the progress to carry to the next check.
 */
export function assessService(
  since: ServiceProgress | undefined,
  observation: ServiceObservation,
  now: number,
  policy: ReadinessPolicy,
): { verdict: Verdict; progress: ServiceProgress } {
  const reached = { at: now, milestones: observation.milestones, cpuSeconds: observation.cpuSeconds };
  if (observation.ready) return { verdict: 'ready', progress: reached };
  if (since === undefined) return { verdict: 'progressing', progress: reached };
  const moreMilestones = observation.milestones > since.milestones;
  const working =
    observation.cpuSeconds !== null &&
    since.cpuSeconds !== null &&
    observation.cpuSeconds - since.cpuSeconds >= policy.minCpuSeconds;
  // A measurement that just became available (or went away) starts a fresh baseline rather than counting.
  const baselineChanged = (observation.cpuSeconds === null) !== (since.cpuSeconds === null);
  if (moreMilestones || working || baselineChanged) return { verdict: 'progressing', progress: reached };
  return {
    verdict: now - since.at >= policy.stallMs ? 'stalled' : 'progressing',
    progress: since,
  };
}

/** A service to wait for: its name (in messages) and how to observe it. */
export interface AwaitedService {
  name: string;
  observe: () => Promise<ServiceObservation>;
}

const HTTP_CHECK_TIMEOUT_MS = 30_000;

/**
 * A server to wait for until it answers `url` below 500 (anything it decided to say, even a 404, means it is up),
 * its progress the CPU time `cpuSeconds` reports for its processes.
 */
export function httpService(name: string, url: string, cpuSeconds: () => number | null): AwaitedService {
  return {
    name,
    observe: async () => {
      // Bounded, so a server that accepted the connection but never answers cannot hold up the stall check.
      const status = await fetch(url, {
        redirect: 'manual',
        signal: AbortSignal.timeout(HTTP_CHECK_TIMEOUT_MS),
      }).then(
        (response) => response.status,
        (error: unknown) => {
          // Not listening yet (fetch's TypeError) or no answer within the bound (TimeoutError): not up yet.
          if (error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError'))
            return null;
          throw error;
        },
      );
      return {
        ready: status !== null && status < 500,
        milestones: status === null ? 0 : 1,
        cpuSeconds: cpuSeconds(),
        detail: status === null ? 'not answering yet' : `answering ${status}`,
      };
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${Math.round(ms / 1000)}s`;

/**
 * Resolves once every service is ready. Prints where the unready ones stand every `reportEveryMs`; throws, naming
 * the service, as soon as one has made no progress for the policy's stall window.
 */
export async function waitForServices(
  services: AwaitedService[],
  {
    policy = DEFAULT_READINESS_POLICY,
    intervalMs = 1000,
    reportEveryMs = 15_000,
    log = (line: string) => console.log(line),
    now = () => Date.now(),
  }: {
    policy?: ReadinessPolicy;
    intervalMs?: number;
    reportEveryMs?: number;
    log?: (line: string) => void;
    now?: () => number;
  } = {},
): Promise<void> {
  const started = now();
  let lastReport = started;
  const progress = new Map<string, ServiceProgress>();
  let pending = services;
  while (pending.length > 0) {
    const observed = await Promise.all(
      pending.map(async (service) => ({ service, observation: await service.observe() })),
    );
    const at = now();
    const waiting: Array<{ service: AwaitedService; observation: ServiceObservation }> = [];
    for (const { service, observation } of observed) {
      const { verdict, progress: reached } = assessService(
        progress.get(service.name),
        observation,
        at,
        policy,
      );
      progress.set(service.name, reached);
      if (verdict === 'stalled')
        throw new Error(
          `${service.name} made no progress for ${seconds(at - reached.at)} (${observation.detail}); giving up`,
        );
      if (verdict === 'progressing') waiting.push({ service, observation });
    }
    pending = waiting.map(({ service }) => service);
    if (pending.length === 0) return;
    if (at - lastReport >= reportEveryMs) {
      lastReport = at;
      const where = waiting.map(({ service, observation }) => `${service.name}: ${observation.detail}`);
      log(`Still starting after ${seconds(at - started)} (a busy machine takes longer): ${where.join('; ')}`);
    }
    await pause(intervalMs);
  }
}

/** Seconds of "[[DD-]HH:]MM:SS[.cc]", the cumulative CPU time `ps -o time=` prints (Linux and macOS). */
export function parseCpuTime(text: string): number {
  const [days, clock] = text.trim().includes('-') ? text.trim().split('-') : ['0', text.trim()];
  const parts = (clock ?? '').split(':').map(Number);
  if (parts.length < 2 || parts.some((part) => Number.isNaN(part)) || Number.isNaN(Number(days)))
    throw new RangeError(`Not a ps CPU time: ${JSON.stringify(text)}`);
  return Number(days) * 86_400 + parts.reduce((total, part) => total * 60 + part, 0);
}

/**
 * CPU seconds used so far by the processes of process group `pgid` (a supervised child and everything it started:
 * scripts/lib/processes.ts gives each child its own group) or by the one process `pid`, counting processes that
 * have exited since an earlier reading (e.g. a function worker the emulator dropped), so the total never goes
 * down. Null where `ps` cannot tell, or for a child that never started (undefined id).
 */
export function cpuMeter(
  which: { pgid: number | undefined } | { pid: number | undefined },
): () => number | null {
  const id = 'pgid' in which ? which.pgid : which.pid;
  const byPid = new Map<number, number>();
  return () => {
    if (id === undefined) return null;
    let table: string;
    try {
      table = execFileSync('ps', ['-A', '-o', 'pid=,pgid=,time='], { encoding: 'utf8' });
    } catch (error) {
      console.warn(`Cannot read CPU times with ps: ${(error as Error).message}`);
      return null;
    }
    for (const line of table.split('\n')) {
      const [pid, pgid, time] = line
        .trim()
        .split(/\s+/)
        .map((field) => field ?? '');
      const selected = Number('pgid' in which ? pgid : pid) === id;
      if (selected && time) byPid.set(Number(pid), parseCpuTime(time));
    }
    return [...byPid.values()].reduce((total, cpu) => total + cpu, 0);
  };
}

/** The process group of process `pid` (undefined where `ps` cannot tell). */
export function processGroupOf(pid: number): number | undefined {
  try {
    const pgid = Number(execFileSync('ps', ['-o', 'pgid=', '-p', String(pid)], { encoding: 'utf8' }).trim());
    return Number.isInteger(pgid) && pgid > 0 ? pgid : undefined;
  } catch (error) {
    console.warn(`Cannot read the process group of ${pid} with ps: ${(error as Error).message}`);
    return undefined;
  }
}

/**
 * Resolves once the server `child` runs answers `url` (httpService), its progress the CPU time of the child's
 * process group (`ownGroup`: a supervised child, scripts/lib/processes.ts) or of the child alone; fails as soon as
 * the child has exited.
 */
export async function waitForServer(
  child: ChildProcess,
  name: string,
  url: string,
  { ownGroup }: { ownGroup: boolean },
): Promise<void> {
  const server = httpService(name, url, cpuMeter(ownGroup ? { pgid: child.pid } : { pid: child.pid }));
  const observe = async () => {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `${name} exited before it answered (${child.signalCode ?? `exit code ${child.exitCode}`})`,
      );
    return server.observe();
  };
  await waitForServices([{ name, observe }], { intervalMs: 250 });
}
