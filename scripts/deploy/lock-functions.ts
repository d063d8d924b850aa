// `npm run lock:functions`: (re)writes functions/package-lock.json, the lockfile Cloud Build installs the deployed
// functions from. The workspace's root lockfile does not serve: a deploy uploads functions/ alone. Resolved in a
// temp folder from functions/package.json only, so it holds exactly the functions' own dependency tree.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCommandLine } from '../lib/cli';
import { repoRoot } from '../lib/paths';

parseCommandLine('Usage: npm run lock:functions (no options)', {});

const functionsDir = join(repoRoot, 'functions');
const dir = mkdtempSync(join(tmpdir(), 'bargains-functions-lock-'));
try {
  copyFileSync(join(functionsDir, 'package.json'), join(dir, 'package.json'));
  // Start from the current lockfile so unchanged dependencies keep their versions.
  if (existsSync(join(functionsDir, 'package-lock.json')))
    copyFileSync(join(functionsDir, 'package-lock.json'), join(dir, 'package-lock.json'));
  execFileSync('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: dir,
    stdio: 'inherit',
  });
  copyFileSync(join(dir, 'package-lock.json'), join(functionsDir, 'package-lock.json'));
  console.log('Wrote functions/package-lock.json.');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
