// Loads a built functions folder the way a fresh Cloud Functions instance does (its own node_modules only) and
// prints what it exports and which params it declares, as JSON. Usage: node probe-functions.cjs <functions dir>
// Every compiled module is required, not only lib/index.js: handlers are imported lazily on their first request,
// so a dependency they miss would otherwise only show in production.
'use strict';
const { readdirSync, writeSync } = require('node:fs');
const { createRequire } = require('node:module');
const { join, resolve } = require('node:path');

const dir = resolve(process.argv[2] ?? '.');
const requireHere = createRequire(join(dir, 'package.json'));
const libDir = join(dir, 'lib');
const entry = requireHere(join(libDir, 'index.js'));
for (const file of readdirSync(libDir, { recursive: true })) {
  if (String(file).endsWith('.js')) requireHere(join(libDir, String(file)));
}

function triggerOf(endpoint) {
  if ('httpsTrigger' in endpoint) return 'https';
  if ('callableTrigger' in endpoint) return 'callable';
  if ('scheduleTrigger' in endpoint) return 'schedule';
  return 'event';
}

const functions = Object.entries(entry)
  .filter(([, value]) => value !== null && value !== undefined && value.__endpoint !== undefined)
  .map(([name, value]) => ({
    name,
    regions: [].concat(value.__endpoint.region ?? ['us-central1']),
    trigger: triggerOf(value.__endpoint),
  }));
const params = requireHere('firebase-functions/params').declaredParams.map((param) => {
  const spec = param.toSpec();
  return {
    name: param.name,
    type: spec.type,
    required: spec.type !== 'secret' && spec.default === undefined,
  };
});
// Synchronous: stdout is a pipe, and the process exits at once (the Admin SDK may keep handles open).
writeSync(1, JSON.stringify({ node: process.versions.node, functions, params }));
process.exit(0);
