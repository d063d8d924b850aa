// "Ready" for the Functions emulator means every function the build exports is loaded: the emulator answers its
// port before it has read functions/lib, and until then a function's URL says "Function us-central1-… does not
// exist". The exported functions are read from the build itself (scripts/lib/probe-functions.cjs), so a new
// function is waited for without being listed anywhere.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { PROJECT_ID, repoRoot } from './paths.mjs';

const FUNCTIONS_ORIGIN = 'http://127.0.0.1:5001';

/** The functions functions/lib exports: [{ name, regions, trigger }]. */
export function exportedFunctions() {
  const output = execFileSync(
    process.execPath,
    [join(repoRoot, 'scripts/lib/probe-functions.cjs'), join(repoRoot, 'functions')],
    { cwd: repoRoot, env: { PATH: process.env.PATH, GCLOUD_PROJECT: PROJECT_ID }, encoding: 'utf8' },
  );
  return JSON.parse(output).functions;
}

/** The emulator's URL of an exported function (its first region). */
export function functionUrl(fn) {
  return `${FUNCTIONS_ORIGIN}/${PROJECT_ID}/${fn.regions[0]}/${fn.name}`;
}

/** True when the emulator has not loaded the function (yet). */
export function saysDoesNotExist(status, body) {
  return status === 404 && /Function \S+ does not exist/.test(body);
}

/** The names of the triggers the emulator has loaded (its /backends listing, used for non-HTTPS functions). */
async function loadedTriggerNames() {
  const response = await fetch(`${FUNCTIONS_ORIGIN}/backends`);
  const { backends = [] } = await response.json();
  return new Set(
    backends.flatMap((backend) =>
      (backend.functionTriggers ?? []).flatMap((trigger) => [trigger.entryPoint, trigger.name, trigger.id]),
    ),
  );
}

/** Whether the emulator has loaded `fn`: HTTPS functions answer their URL, others are listed in /backends. */
async function isLoaded(fn) {
  if (fn.trigger === 'https') {
    // A GET with no body: every HTTPS function answers it without changing anything (405, 400 or a page).
    const response = await fetch(functionUrl(fn), { redirect: 'manual' });
    return !saysDoesNotExist(response.status, await response.text());
  }
  return (await loadedTriggerNames()).has(fn.name);
}

/** Resolves once the Functions emulator has loaded every exported function; throws after `timeoutMs`. */
export async function waitForFunctions({ timeoutMs = 90000 } = {}) {
  const functions = exportedFunctions();
  const deadline = Date.now() + timeoutMs;
  let pending = functions;
  while (pending.length > 0) {
    const stillPending = [];
    for (const fn of pending) {
      try {
        if (!(await isLoaded(fn))) stillPending.push(fn);
      } catch {
        stillPending.push(fn); // Not listening yet.
      }
    }
    pending = stillPending;
    if (pending.length === 0) break;
    if (Date.now() > deadline)
      throw new Error(
        `the Functions emulator did not load ${pending.map((fn) => fn.name).join(', ')} within ${timeoutMs / 1000}s`,
      );
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return functions;
}
