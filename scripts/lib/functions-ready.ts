// "Ready" for the Functions emulator means every function the build exports is loaded: the emulator answers its
// port before it has read functions/lib, and until then a function's URL says "Function us-central1-… does not
// exist". The exported functions are read from the build itself (scripts/lib/probe-functions.ts), so a new
// function is waited for without being listed anywhere. Asking an HTTPS function's URL starts its worker (a cold
// start); they are asked a few at a time, so that on a busy machine each starts in time instead of all of them
// sharing the CPU at once, and the wait itself has no deadline, only a stall window (scripts/lib/readiness.ts).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ExportedFunction, FunctionsProbe } from '../deploy/lib/checks';
import { PROJECT_ID, repoRoot } from './paths';
import { type AwaitedService, type ReadinessPolicy, waitForServices } from './readiness';

const FUNCTIONS_ORIGIN = 'http://127.0.0.1:5001';

/**
 * Runs scripts/lib/probe-functions.ts on `node` against the built functions in `dir`, in an environment of only
 * `env` (a fresh instance has nothing else), and returns what it reports.
 */
export function probeFunctions(
  node: string,
  dir: string,
  env: Record<string, string | undefined>,
): FunctionsProbe {
  // tsx by its path: `dir` may be a copy outside the repository, with only the functions' own node_modules.
  const tsx = pathToFileURL(require.resolve('tsx')).href;
  const output = execFileSync(
    node,
    ['--import', tsx, join(repoRoot, 'scripts/lib/probe-functions.ts'), dir],
    {
      cwd: dir,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return JSON.parse(output) as FunctionsProbe;
}

/** The functions functions/lib exports. */
export function exportedFunctions(): ExportedFunction[] {
  return probeFunctions(process.execPath, join(repoRoot, 'functions'), {
    PATH: process.env.PATH,
    GCLOUD_PROJECT: PROJECT_ID,
  }).functions;
}

/** The emulator's URL of an exported function (its first region). */
export function functionUrl(fn: ExportedFunction): string {
  return `${FUNCTIONS_ORIGIN}/${PROJECT_ID}/${fn.regions[0]}/${fn.name}`;
}

/** True when the emulator has not loaded the function (yet). */
export function saysDoesNotExist(status: number, body: string): boolean {
  return status === 404 && /Function \S+ does not exist/.test(body);
}

interface BackendsListing {
  backends?: Array<{ functionTriggers?: Array<{ entryPoint?: string; name?: string; id?: string }> }>;
}

/** The names of the triggers the emulator has loaded (its /backends listing, used for non-HTTPS functions). */
async function loadedTriggerNames(): Promise<Set<string | undefined>> {
  const response = await fetch(`${FUNCTIONS_ORIGIN}/backends`);
  const { backends = [] } = (await response.json()) as BackendsListing;
  return new Set(
    backends.flatMap((backend) =>
      (backend.functionTriggers ?? []).flatMap((trigger) => [trigger.entryPoint, trigger.name, trigger.id]),
    ),
  );
}

/**
 * How HTTPS function `fn` answers its URL: 'loaded' (anything below 500 but "does not exist"), or why not yet:
 * 'not listening', 'does not exist' (not read from functions/lib yet), or the 5xx status the emulator answers when
 * the function's worker failed to start (asked again: the next ask starts a new worker).
 */
async function askFunction(fn: ExportedFunction): Promise<string> {
  try {
    // A GET with no body: every HTTPS function answers it without changing anything (405, 400 or a page).
    const response = await fetch(functionUrl(fn), { redirect: 'manual' });
    const body = await response.text();
    if (saysDoesNotExist(response.status, body)) return 'does not exist';
    return response.status < 500 ? 'loaded' : String(response.status);
  } catch {
    return 'not listening';
  }
}

/** HTTPS functions whose workers are cold-started at the same time. */
export const WARM_CONCURRENCY = 3;
/** Between two asks of a function the emulator has not loaded yet. */
const RETRY_MS = 500;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `settle(item)` for every item, at most `concurrency` at a time, each until it returns true (retrying
 * after `retryMs`); stops taking up items or retrying once `stopped()` says so.
 */
export async function settleInTurn<T>(
  items: readonly T[],
  settle: (item: T) => Promise<boolean>,
  { concurrency, retryMs, stopped }: { concurrency: number; retryMs: number; stopped: () => boolean },
): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined && !stopped(); item = queue.shift()) {
      while (!stopped() && !(await settle(item))) await pause(retryMs);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
}

/**
 * The Functions emulator as a service to wait for (scripts/lib/readiness.ts): starts loading the exported HTTPS
 * functions `concurrency` at a time at once, and observes how many functions are loaded (the milestones) and the
 * CPU time `cpuSeconds` reports for the emulators' processes. `stop()` ends the warming (call it when done).
 * With `warm: false` no function is asked: every one counts as loaded once the emulator lists it, and its worker
 * starts on its first request (the dev loop, which would rather be ready early than answer the first call fast).
 */
export function functionsService({
  cpuSeconds,
  concurrency = WARM_CONCURRENCY,
  warm = true,
}: {
  cpuSeconds: () => number | null;
  concurrency?: number;
  warm?: boolean;
}): { service: AwaitedService; functions: ExportedFunction[]; stop: () => void } {
  const functions = exportedFunctions();
  const loaded = new Set<string>();
  /** The HTTPS functions being asked now, with their last answer. */
  const starting = new Map<string, string>();
  let stopped = false;
  const https = warm ? functions.filter((fn) => fn.trigger === 'https') : [];
  void settleInTurn(
    https,
    async (fn) => {
      if (!starting.has(fn.name)) starting.set(fn.name, 'asked');
      const answer = await askFunction(fn);
      if (answer !== 'loaded') {
        starting.set(fn.name, answer);
        return false;
      }
      starting.delete(fn.name);
      loaded.add(fn.name);
      return true;
    },
    { concurrency, retryMs: RETRY_MS, stopped: () => stopped },
  );
  const service: AwaitedService = {
    name: 'the Functions emulator',
    observe: async () => {
      const others = functions.filter((fn) => !https.includes(fn) && !loaded.has(fn.name));
      if (others.length > 0) {
        // One /backends listing per check serves every other trigger.
        const triggers = await loadedTriggerNames().catch(() => new Set<string | undefined>()); // Not listening yet.
        for (const fn of others) if (triggers.has(fn.name)) loaded.add(fn.name);
      }
      const waitingFor = functions.filter((fn) => !loaded.has(fn.name)).map((fn) => fn.name);
      return {
        ready: waitingFor.length === 0,
        milestones: loaded.size,
        cpuSeconds: cpuSeconds(),
        detail:
          `${loaded.size} of ${functions.length} functions loaded` +
          (starting.size > 0
            ? `, starting ${[...starting].map(([name, answer]) => `${name} (${answer})`).join(', ')}`
            : '') +
          (waitingFor.length > 0 ? `; not yet: ${waitingFor.join(', ')}` : ''),
      };
    },
  };
  return {
    service,
    functions,
    stop: () => {
      stopped = true;
    },
  };
}

/**
 * Resolves once the Functions emulator has loaded every exported function, however long that takes while it
 * makes progress; throws when it has made none for the policy's stall window.
 */
export async function waitForFunctions(options: {
  cpuSeconds: () => number | null;
  policy?: ReadinessPolicy;
}): Promise<ExportedFunction[]> {
  const { service, functions, stop } = functionsService(options);
  try {
    await waitForServices([service], { policy: options.policy });
  } finally {
    stop();
  }
  return functions;
}
