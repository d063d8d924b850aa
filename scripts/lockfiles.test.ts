// A fresh clone's `npm install` must leave the tree clean, and every contributor's platform must install from the
// lockfile: both lockfiles are exactly what npm writes for them, with an entry for every platform's optional
// native package (@swc/core, esbuild, rollup, lightningcss, @parcel/watcher, unrs-resolver, …), not only this
// machine's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { missingOptionalEntries, resolvedLockfile } from './lib/lockfile';
import { repoRoot } from './lib/paths';

const PROJECTS = [
  { name: 'package-lock.json', dir: repoRoot, fix: 'npm install' },
  { name: 'functions/package-lock.json', dir: join(repoRoot, 'functions'), fix: 'npm run lock:functions' },
];

// npm resolves from its cache and asks the registry only for what the cache lacks.
jest.setTimeout(120_000);

describe.each(PROJECTS)('$name', ({ name, dir, fix }) => {
  const committed = readFileSync(join(dir, 'package-lock.json'), 'utf8');

  test('has an entry for every optional dependency it names (other platforms included)', () => {
    expect(missingOptionalEntries(committed)).toEqual([]);
  });

  test(`is what npm install writes, so a fresh install leaves it unchanged (fix: ${fix})`, () => {
    const resolved = resolvedLockfile(dir);
    if (resolved !== committed)
      throw new Error(`${name} is not what npm writes for it: run \`${fix}\` and commit it`);
  });
});

test('missingOptionalEntries looks from a nested package up to the root, as npm resolves', () => {
  const lock = (packages: Record<string, object>) => JSON.stringify({ packages });
  const wants = { optionalDependencies: { '@x/bin-darwin': '1.0.0' } };
  expect(missingOptionalEntries(lock({ 'node_modules/x': wants }))).toEqual([
    'node_modules/x -> @x/bin-darwin',
  ]);
  expect(missingOptionalEntries(lock({ 'node_modules/x': wants, 'node_modules/@x/bin-darwin': {} }))).toEqual(
    [],
  );
  expect(
    missingOptionalEntries(
      lock({ 'web/node_modules/a/node_modules/x': wants, 'web/node_modules/@x/bin-darwin': {} }),
    ),
  ).toEqual([]);
  expect(
    missingOptionalEntries(
      lock({ 'node_modules/a/node_modules/x': wants, 'node_modules/b/node_modules/@x/bin-darwin': {} }),
    ),
  ).toEqual(['node_modules/a/node_modules/x -> @x/bin-darwin']);
});
