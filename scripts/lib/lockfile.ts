// What `npm install` would write as a lockfile, worked out in a temp folder so the working tree is never touched:
// `npm run lock:functions` writes functions/package-lock.json with it, and scripts/lockfiles.test.ts checks that
// neither committed lockfile is one a fresh `npm install` would rewrite.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { repoRoot } from './paths';

/**
 * The lockfile `npm install --package-lock-only` resolves for the project in `projectDir`: its package.json, the
 * package.json of each of its `workspaces`, and its current package-lock.json (so unchanged dependencies keep
 * their versions) are copied to a temp folder with the repository's .npmrc (its lockfile settings hold for every
 * lockfile it commits), resolved there (from npm's cache where it has them), and the result returned as text.
 */
export function resolvedLockfile(
  projectDir: string,
  { stdio = 'pipe' }: { stdio?: 'pipe' | 'inherit' } = {},
) {
  const manifest = JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8')) as {
    workspaces?: string[];
  };
  const files = [
    'package.json',
    ...(manifest.workspaces ?? []).map((workspace) => join(workspace, 'package.json')),
    ...(existsSync(join(projectDir, 'package-lock.json')) ? ['package-lock.json'] : []),
  ];
  const dir = mkdtempSync(join(tmpdir(), 'bargains-lock-'));
  try {
    copyFileSync(join(repoRoot, '.npmrc'), join(dir, '.npmrc'));
    for (const file of files) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      copyFileSync(join(projectDir, file), join(dir, file));
    }
    execFileSync(
      'npm',
      ['install', '--package-lock-only', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund'],
      { cwd: dir, stdio: ['ignore', stdio, stdio], encoding: 'utf8' },
    );
    return readFileSync(join(dir, 'package-lock.json'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Lockfile {
  packages: Record<string, { optionalDependencies?: Record<string, string> }>;
}

/**
 * The optional dependencies a lockfile names but has no entry for, as "<package> -> <dependency>". npm resolves a
 * package's dependency from the package's own node_modules up to the root; an entry missing there means an
 * install on the platform that needs it (another OS's native binary) resolves it afresh, unlocked.
 */
export function missingOptionalEntries(lockText: string): string[] {
  const { packages } = JSON.parse(lockText) as Lockfile;
  const missing: string[] = [];
  for (const [path, entry] of Object.entries(packages)) {
    for (const dependency of Object.keys(entry.optionalDependencies ?? {})) {
      // "web/node_modules/a/node_modules/b" looks in its own node_modules, then a's, web's and the root's.
      const bases: string[] = [];
      for (let base = path; ; base = base.slice(0, base.lastIndexOf('/node_modules/'))) {
        bases.push(base);
        if (!base.includes('/node_modules/')) break;
      }
      if (bases.at(-1) !== '') bases.push('');
      const found = bases.some((base) => packages[`${base ? `${base}/` : ''}node_modules/${dependency}`]);
      if (!found) missing.push(`${path || '(root)'} -> ${dependency}`);
    }
  }
  return missing;
}
