// `npm run lock:functions`: (re)writes functions/package-lock.json, the lockfile Cloud Build installs the deployed
// functions from. The workspace's root lockfile does not serve: a deploy uploads functions/ alone. Resolved in a
// temp folder from functions/package.json only (scripts/lib/lockfile.ts), so it holds exactly the functions' own
// dependency tree; the current lockfile goes along, so unchanged dependencies keep their versions.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCommandLine } from '../lib/cli';
import { resolvedLockfile } from '../lib/lockfile';
import { repoRoot } from '../lib/paths';

parseCommandLine('Usage: npm run lock:functions (no options)', {});

const functionsDir = join(repoRoot, 'functions');
writeFileSync(join(functionsDir, 'package-lock.json'), resolvedLockfile(functionsDir, { stdio: 'inherit' }));
console.log('Wrote functions/package-lock.json.');
