// `npm run demo-data`: regenerates emulator-data/ from scratch. Starts empty Auth and Firestore emulators (no
// import), runs generate.ts inside them, exports their state on exit into a scratch directory and only then
// replaces emulator-data/, so a failed run leaves the committed data untouched. Holds the machine-wide emulator
// lock so it queues behind test runs and `npm start` instead of colliding on the ports.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCommandLine } from '../lib/cli';
import { PROJECT_ID, repoRoot } from '../lib/paths';
import { run, stopAll, stopAllOnSignals } from '../lib/processes';
import { acquireStackLock, firebaseArgs, firebaseBin, firebaseEnv } from '../lib/stack';
import { DEMO_ANCHOR } from './constants';

/** The fields of an Auth emulator export account this script rewrites (the rest is kept as it is). */
interface ExportedAccount {
  localId: string;
  passwordHash: string;
}

const exportDir = join(repoRoot, 'emulator-data');
const scratchDir = join(repoRoot, '.cache', 'demo-data-export');
const generate = `"${process.execPath}" --import tsx scripts/demo-data/generate.ts`;

/**
 * The Auth emulator stamps accounts with the current time and a random salt; fixing both (salt per uid, times
 * at the anchor) makes regeneration byte-for-byte repeatable. The hash format is the emulator's own
 * (`fakeHash:salt=…:password=…`, firebase-tools auth/operations.js), so the passwords still work.
 */
function normalizeAuthExport(dir: string): void {
  const file = join(dir, 'auth_export', 'accounts.json');
  const accounts = JSON.parse(readFileSync(file, 'utf8')) as { users: ExportedAccount[] };
  const millis = Date.parse(`${DEMO_ANCHOR}T00:00:00Z`);
  accounts.users = accounts.users
    .map((user) => {
      const salt = `fakeSalt-${user.localId}`;
      const password = user.passwordHash.split(':password=')[1];
      return {
        ...user,
        salt,
        passwordHash: `fakeHash:salt=${salt}:password=${password}`,
        createdAt: String(millis),
        lastLoginAt: String(millis),
        passwordUpdatedAt: millis,
        validSince: String(millis / 1000),
      };
    })
    .sort((a, b) => a.localId.localeCompare(b.localId));
  writeFileSync(file, `${JSON.stringify(accounts, null, 2)}\n`);
}

async function main(): Promise<void> {
  parseCommandLine('Usage: npm run demo-data (no options; regenerates emulator-data/)', {});
  stopAllOnSignals();
  try {
    await acquireStackLock();
    rmSync(scratchDir, { recursive: true, force: true });
    mkdirSync(join(repoRoot, '.cache'), { recursive: true });
    await run(
      'demo-data emulators',
      firebaseBin,
      firebaseArgs('emulators:exec', {
        only: 'auth,firestore',
        importData: false,
        extra: ['--export-on-exit', scratchDir, generate],
      }),
      { cwd: repoRoot, env: firebaseEnv({ GCLOUD_PROJECT: PROJECT_ID }) },
    );
    if (!existsSync(join(scratchDir, 'firebase-export-metadata.json'))) {
      throw new Error('the emulators exported nothing');
    }
    normalizeAuthExport(scratchDir);
    rmSync(exportDir, { recursive: true, force: true });
    renameSync(scratchDir, exportDir);
    console.log(`Demo data written to ${exportDir}.`);
  } catch (error) {
    console.error(`npm run demo-data failed: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    await stopAll();
  }
}

void main();
