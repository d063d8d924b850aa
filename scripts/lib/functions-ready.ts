// "Ready" for the Functions emulator means every function the build exports is loaded: the emulator answers its
// port before it has read functions/lib, and until then a function's URL says "Function us-central1-… does not
// exist". The exported functions are read from the build itself (scripts/lib/probe-functions.ts), so a new
// function is waited for without being listed anywhere.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { waitUntil } from '../../tools/wait-until';
import type { ExportedFunction, FunctionsProbe } from '../deploy/lib/checks';
import { PROJECT_ID, repoRoot } from './paths';

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

/** Whether the emulator has loaded `fn`: HTTPS functions answer their URL, others are in `triggers` (/backends). */
async function isLoaded(fn: ExportedFunction, triggers: Set<string | undefined>): Promise<boolean> {
  if (fn.trigger !== 'https') return triggers.has(fn.name);
  try {
    // A GET with no body: every HTTPS function answers it without changing anything (405, 400 or a page).
    const response = await fetch(functionUrl(fn), { redirect: 'manual' });
    return !saysDoesNotExist(response.status, await response.text());
  } catch {
    return false; // Not listening yet.
  }
}

/** Resolves once the Functions emulator has loaded every exported function; throws after `timeoutMs`. */
export async function waitForFunctions({ timeoutMs = 90000 } = {}): Promise<ExportedFunction[]> {
  const functions = exportedFunctions();
  let pending = functions;
  await waitUntil(
    async () => {
      // One /backends listing per round serves every pending non-HTTPS function.
      const triggers = pending.some((fn) => fn.trigger !== 'https')
        ? await loadedTriggerNames().catch(() => new Set<string | undefined>()) // Not listening yet.
        : new Set<string | undefined>();
      const loaded = await Promise.all(pending.map((fn) => isLoaded(fn, triggers)));
      pending = pending.filter((_, index) => !loaded[index]);
      return pending.map((fn) => fn.name);
    },
    (notLoaded) => notLoaded.length === 0,
    { what: 'the Functions emulator (functions not loaded yet)', timeoutMs },
  );
  return functions;
}
