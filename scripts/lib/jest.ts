// Runs one Jest project and returns its counts (from Jest's JSON report) for the closing summary.
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths';
import { spawnChild } from './processes';

export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}

/** The fields of Jest's `--json` report the summary reads. */
interface JestReport {
  numPassedTests: number;
  numFailedTests: number;
  numRuntimeErrorTestSuites?: number;
  numPendingTests: number;
  numTodoTests: number;
}

interface JestRunOptions {
  extraArgs?: string[];
  env?: NodeJS.ProcessEnv;
  inBand?: boolean;
}

export async function runJestProject(
  project: string,
  { extraArgs = [], env = {}, inBand = false }: JestRunOptions = {},
): Promise<{ ok: boolean; counts: TestCounts }> {
  const reportDir = join(repoRoot, 'artifacts', 'jest');
  mkdirSync(reportDir, { recursive: true });
  const report = join(reportDir, `${project}.json`);
  rmSync(report, { force: true });
  const args = [
    join(repoRoot, 'node_modules/jest/bin/jest.js'),
    '--selectProjects',
    project,
    '--json',
    '--outputFile',
    report,
    ...(inBand ? ['--runInBand'] : []),
    ...extraArgs,
  ];
  const child = spawnChild(`jest ${project}`, process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
  });
  const { code } = await child.exit;
  const counts: TestCounts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(report)) {
    const result = JSON.parse(readFileSync(report, 'utf8')) as JestReport;
    counts.passed = result.numPassedTests;
    counts.failed = result.numFailedTests + (result.numRuntimeErrorTestSuites ?? 0);
    counts.skipped = result.numPendingTests + result.numTodoTests;
  }
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  return { ok: code === 0, counts };
}
