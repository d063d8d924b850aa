// `npm test`: every layer, in order, failing fast, with one summary at the end.
//   typecheck → lint → unit → deploy (offline deploy check) → [emulators: rules → integration → billing-realistic →
//   web components → e2e] → stack (`npm start` + Ctrl-C). billing-realistic runs the billing integration suites again
//   with the Stripe stand-in delivering like Stripe's network (delayed, shuffled, duplicated, late) and answering
//   occasional API faults.
// Usage: npm test -- [--only stage,stage] [-- extra jest args]
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './lib/chromium';
import { exitWithUsage, parseCommandLine } from './lib/cli';
import type { StageResult } from './lib/emulator-suites';
import { runJestProject, type TestCounts } from './lib/jest';
import { repoRoot } from './lib/paths';
import { run, stopAll, stopAllOnSignals } from './lib/processes';
import { ensureLocalConfig, spawnLockedEmulatorsExec } from './lib/stack';

const STAGES = [
  'typecheck',
  'lint',
  'unit',
  'deploy',
  'rules',
  'integration',
  'billing-realistic',
  'web',
  'e2e',
  'stack',
] as const;
type Stage = (typeof STAGES)[number];
const EMULATOR_STAGES: readonly Stage[] = ['rules', 'integration', 'billing-realistic', 'web', 'e2e'];
const isStage = (name: string): name is Stage => (STAGES as readonly string[]).includes(name);

const USAGE = `Usage: npm test -- [--only ${STAGES.join(',')}] [-- <jest args>]`;

function parseTestArgs(): { stages: Stage[]; jestArgs: string[] } {
  const { values, positionals: jestArgs } = parseCommandLine(USAGE, {
    options: { only: { type: 'string' } },
    allowPositionals: true,
  });
  const chosen = values.only?.split(',').filter(Boolean) ?? [...STAGES];
  const unknown = chosen.filter((stage) => !isStage(stage));
  if (unknown.length || chosen.length === 0)
    exitWithUsage(
      USAGE,
      `Unknown stage(s): ${unknown.join(', ') || '(none given)'}. Stages: ${STAGES.join(', ')}`,
    );
  return { stages: STAGES.filter((stage) => chosen.includes(stage)), jestArgs };
}

const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
const nodeTool = (name: string, args: string[]) => run(name, process.execPath, args, { cwd: repoRoot });

const STAGE_RUNNERS: Partial<Record<Stage, () => Promise<void>>> = {
  typecheck: async () => {
    await nodeTool('typecheck web', [tsc, '-p', 'web', '--noEmit']);
    await nodeTool('typecheck model', [tsc, '-p', 'packages/model', '--noEmit']);
    await nodeTool('typecheck functions', [tsc, '-p', 'functions', '--noEmit']);
    await nodeTool('typecheck tools', [tsc, '-p', 'tsconfig.tools.json', '--noEmit']);
  },
  // `npm run deploy:check` without a target project (scripts/deploy/check.ts): no emulator ports, no lock.
  deploy: async () => {
    await nodeTool('deploy check', ['--import', 'tsx', join(repoRoot, 'scripts/deploy/check.ts')]);
  },
  lint: async () => {
    await nodeTool('eslint', [join(repoRoot, 'node_modules/eslint/bin/eslint.js'), '.', '--max-warnings=0']);
    await nodeTool('prettier', [
      join(repoRoot, 'node_modules/prettier/bin/prettier.cjs'),
      '--check',
      '.',
      '--log-level',
      'warn',
    ]);
  },
};

async function main() {
  const { stages, jestArgs } = parseTestArgs();
  stopAllOnSignals();
  const results: StageResult[] = [];
  const totals: TestCounts = { passed: 0, failed: 0, skipped: 0 };
  const addCounts = (counts: TestCounts | undefined) => {
    if (counts) for (const key of ['passed', 'failed', 'skipped'] as const) totals[key] += counts[key];
  };
  const record = (stage: string, ok: boolean, started: number, counts?: TestCounts) => {
    results.push({ stage, ok, seconds: (Date.now() - started) / 1000, counts });
    addCounts(counts);
  };

  const runSingleStage = async (stage: Stage) => {
    const started = Date.now();
    console.log(`\n▶ ${stage}`);
    try {
      const runner = STAGE_RUNNERS[stage];
      if (runner) {
        await runner();
        record(stage, true, started);
        return true;
      }
      const { ok, counts } = await runJestProject(stage, { extraArgs: jestArgs, inBand: stage === 'stack' });
      record(stage, ok, started, counts);
      return ok;
    } catch (error) {
      console.error(`✖ ${stage}: ${(error as Error).message}`);
      record(stage, false, started);
      return false;
    }
  };

  const runEmulatorStages = async (emulatorStages: Stage[]) => {
    const started = Date.now();
    try {
      ensureLocalConfig();
      if (emulatorStages.includes('e2e')) process.env.CHROMIUM_PATH = ensureChromium();
      const summaryFile = join(repoRoot, 'artifacts', 'emulator-suites.json');
      rmSync(summaryFile, { force: true });
      const inner = [
        'node --import tsx scripts/lib/emulator-suites.ts',
        `--stages ${emulatorStages.join(',')} --summary ${JSON.stringify(summaryFile)}`,
        `-- ${jestArgs.map((arg) => JSON.stringify(arg)).join(' ')}`,
      ].join(' ');
      const child = spawnLockedEmulatorsExec(inner, { build: true });
      const { code } = await child.exit;
      const innerResults: StageResult[] = existsSync(summaryFile)
        ? (JSON.parse(readFileSync(summaryFile, 'utf8')) as StageResult[])
        : [];
      for (const r of innerResults) {
        results.push(r);
        addCounts(r.counts);
      }
      if (code !== 0 && !innerResults.some((r) => !r.ok)) record('emulators', false, started);
      return code === 0;
    } catch (error) {
      console.error(`✖ emulator stages: ${(error as Error).message}`);
      record('emulators', false, started);
      return false;
    }
  };

  // Consecutive emulator-backed stages share one emulator session; everything else runs on its own, in order.
  const steps: Array<Stage | Stage[]> = [];
  for (const stage of stages) {
    const previous = steps.at(-1);
    if (EMULATOR_STAGES.includes(stage)) {
      if (Array.isArray(previous)) previous.push(stage);
      else steps.push([stage]);
    } else steps.push(stage);
  }
  let failed = false;
  for (const step of steps) {
    const ok = Array.isArray(step) ? await runEmulatorStages(step) : await runSingleStage(step);
    if (!ok) {
      failed = true;
      break;
    }
  }

  mkdirSync(join(repoRoot, 'artifacts'), { recursive: true });
  writeFileSync(
    join(repoRoot, 'artifacts', 'test-summary.json'),
    JSON.stringify({ results, totals }, null, 2),
  );
  console.log('\nSummary');
  for (const r of results) {
    const counts = r.counts
      ? `  ${r.counts.passed} passed, ${r.counts.failed} failed, ${r.counts.skipped} skipped`
      : '';
    console.log(`  ${r.ok ? '✔' : '✖'} ${r.stage.padEnd(12)} ${r.seconds.toFixed(1).padStart(6)}s${counts}`);
  }
  const notRun = stages.filter((s) => !results.some((r) => r.stage === s));
  if (notRun.length) console.log(`  (not run after the failure: ${notRun.join(', ')})`);
  if (totals.skipped > 0) console.log(`  Note: ${totals.skipped} test(s) skipped.`);
  console.log(`Tests: ${totals.passed} passed, ${totals.failed} failed`);
  await stopAll();
  process.exit(failed ? 1 : 0);
}

main().catch(async (error) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});
