// The Node.js the Cloud Functions run on in production (functions/package.json `engines.node`), for local use.
// firebase-tools runs the emulated functions on its own Node binary when the major versions match, so the
// emulators are started with that Node. It comes from the npm registry (`node-<platform>-<arch>`, the per-platform
// binaries behind the `node` package), installed once into .cache/.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths';

/** Exact version installed for local runs; its major must equal functions/package.json `engines.node`. */
export const FUNCTIONS_NODE_VERSION = '22.23.3';

export function functionsNodeMajor(): number {
  const { engines } = JSON.parse(readFileSync(join(repoRoot, 'functions/package.json'), 'utf8')) as {
    engines: { node: string };
  };
  return Number(engines.node);
}

const binaryPackage = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
const installDir = join(repoRoot, '.cache', `functions-node-${FUNCTIONS_NODE_VERSION}`);
const binaryPath = join(
  installDir,
  'node_modules',
  binaryPackage,
  process.platform === 'win32' ? 'node.exe' : 'bin/node',
);

/**
 * Path of a Node binary of the functions' major version: this process's own when it already is one, else the
 * registry binary (installed on first use). Falls back to this process's Node, with a warning, when the binary
 * cannot be installed (no registry access): firebase-tools then warns the same way.
 */
export function functionsNodeBinary(): string {
  const major = functionsNodeMajor();
  if (Number(FUNCTIONS_NODE_VERSION.split('.')[0]) !== major) {
    throw new Error(
      `scripts/lib/functions-node.ts installs Node ${FUNCTIONS_NODE_VERSION} but functions/package.json asks for Node ${major}: update FUNCTIONS_NODE_VERSION.`,
    );
  }
  if (Number(process.versions.node.split('.')[0]) === major) return process.execPath;
  if (existsSync(binaryPath)) return binaryPath;
  try {
    console.log(`Installing Node ${FUNCTIONS_NODE_VERSION} for the functions (${binaryPackage}, once)…`);
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        installDir,
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        `${binaryPackage}@${FUNCTIONS_NODE_VERSION}`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (existsSync(binaryPath)) return binaryPath;
    throw new Error(`${binaryPath} is missing after the install`);
  } catch (error) {
    console.warn(
      `Could not install Node ${FUNCTIONS_NODE_VERSION} (${(error as Error).message}); the emulated functions run on Node ${process.versions.node} instead.`,
    );
    return process.execPath;
  }
}

/** firebase-tools' CLI entry, run with `functionsNodeBinary()` so the emulated functions get the same Node. */
export const firebaseCli = join(repoRoot, 'node_modules/firebase-tools/lib/bin/firebase.js');
