// Saves the running emulators' Auth and Firestore state back to emulator-data/ (run while `npm start` runs).
import { join } from 'node:path';
import { parseCommandLine, runMain } from './lib/cli';
import { firebaseBin, repoRoot, PROJECT_ID } from './lib/paths';
import { run } from './lib/processes';

async function main(): Promise<void> {
  parseCommandLine('Usage: npm run export-data (while `npm start` runs; no options)', {});
  try {
    await fetch('http://127.0.0.1:4400/emulators');
  } catch {
    console.error(
      'No emulators are running: start them with `npm start` first, then run `npm run export-data`.',
    );
    process.exit(1);
  }
  await run(
    'export',
    firebaseBin,
    ['emulators:export', join(repoRoot, 'emulator-data'), '--project', PROJECT_ID, '--force'],
    {
      cwd: repoRoot,
    },
  );
  console.log('Saved the emulator state to emulator-data/.');
}

runMain('npm run export-data', main);
