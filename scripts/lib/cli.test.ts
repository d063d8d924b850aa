// The scripts' command lines (parseCommandLine over node:util parseArgs), through real script entry points: each
// case exits before the script does any work.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './paths';

function runScript(script: string, args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, script), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

test('--help prints the usage and exits 0', () => {
  const help = runScript('scripts/test.ts', ['--help']);
  expect(help).toMatchObject({ code: 0, stderr: '' });
  expect(help.stdout).toContain('Usage: npm test -- [--only typecheck,lint,unit,deploy,rules,');
});

test('an unknown option, a stray argument or an unknown stage exits 2 with the problem and the usage', () => {
  const unknownOption = runScript('scripts/test.ts', ['--onyl', 'unit']);
  expect(unknownOption.code).toBe(2);
  expect(unknownOption.stderr).toContain("Unknown option '--onyl'");
  expect(unknownOption.stderr).toContain('Usage: npm test --');

  const stray = runScript('scripts/export-data.ts', ['now']);
  expect(stray.code).toBe(2);
  expect(stray.stderr).toContain("Unexpected argument 'now'");

  const unknownStage = runScript('scripts/test.ts', ['--only', 'unit,nope']);
  expect(unknownStage.code).toBe(2);
  expect(unknownStage.stderr).toContain('Unknown stage(s): nope.');
});

test('a missing required option exits 2 naming it', () => {
  const missing = runScript('scripts/import-deals.ts', ['--emulator']);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toContain('--file is required');
});
