// Loads a built functions folder the way a fresh Cloud Functions instance does (its own node_modules only) and
// prints what it exports and which params it declares, as JSON (see probeFunctions in functions-ready.ts).
// Usage: node --import tsx probe-functions.ts <functions dir>
// Every compiled module is required, not only lib/index.js: handlers are imported lazily on their first request,
// so a dependency they miss would otherwise only show in production.
import { readdirSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { DeclaredParam, ExportedFunction, FunctionsProbe } from '../deploy/lib/checks';

/** What firebase-functions attaches to an exported function (the manifest entry deploy reads). */
interface Endpoint {
  region?: string | string[];
  httpsTrigger?: unknown;
  callableTrigger?: unknown;
  scheduleTrigger?: unknown;
}

interface ParamsModule {
  declaredParams: Array<{ name: string; toSpec(): { type: string; default?: unknown } }>;
}

const dir = resolve(process.argv[2] ?? '.');
const requireHere = createRequire(join(dir, 'package.json'));
const libDir = join(dir, 'lib');
const entry = requireHere(join(libDir, 'index.js')) as Record<string, unknown>;
for (const file of readdirSync(libDir, { recursive: true })) {
  if (String(file).endsWith('.js')) requireHere(join(libDir, String(file)));
}

function triggerOf(endpoint: Endpoint): string {
  if ('httpsTrigger' in endpoint) return 'https';
  if ('callableTrigger' in endpoint) return 'callable';
  if ('scheduleTrigger' in endpoint) return 'schedule';
  return 'event';
}

const endpointOf = (value: unknown): Endpoint | undefined =>
  typeof value === 'function' || (typeof value === 'object' && value !== null)
    ? (value as { __endpoint?: Endpoint }).__endpoint
    : undefined;

const functions = Object.entries(entry).flatMap(([name, value]): ExportedFunction[] => {
  const endpoint = endpointOf(value);
  if (!endpoint) return [];
  return [{ name, regions: [endpoint.region ?? ['us-central1']].flat(), trigger: triggerOf(endpoint) }];
});
const params = (requireHere('firebase-functions/params') as ParamsModule).declaredParams.map(
  (param): DeclaredParam => {
    const spec = param.toSpec();
    return {
      name: param.name,
      type: spec.type,
      required: spec.type !== 'secret' && spec.default === undefined,
    };
  },
);
const probe: FunctionsProbe = { node: process.versions.node, functions, params };
// Synchronous: stdout is a pipe, and the process exits at once (the Admin SDK may keep handles open).
writeSync(1, JSON.stringify(probe));
process.exit(0);
