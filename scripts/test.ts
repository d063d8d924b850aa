// `npm test`: every layer, in order, failing fast, with one summary at the end.
//   typecheck → lint → unit → deploy (offline deploy check) → [emulators: rules → integration → billing-realistic →
//   web components → e2e] → stack (`npm start` + Ctrl-C). billing-realistic runs the billing integration suites again
//   with the Stripe stand-in delivering like Stripe's network (delayed, shuffled, duplicated, late) and answering
//   occasional API faults.
// Usage: node scripts/test.mjs [--only stage,stage] [-- extra jest args]
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib/paths.mjs';
import { run, stopAll, stopAllOnSignals } from './lib/processes.mjs';
import { runJestProject } from './lib/jest.mjs';
import { ensureLocalConfig, spawnLockedEmulatorsExec } from './lib/stack.mjs';
import { ensureChromium } from './lib/chromium.mjs';

export const STAGES = [
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
];
export const EMULATOR_STAGES = ['rules', 'integration', 'billing-realistic', 'web', 'e2e'];

function parseArgs(argv) {
  const separator = argv.indexOf('--');
  const own = separator === -1 ? argv : argv.slice(0, separator);
  const jestArgs = separator === -1 ? [] : argv.slice(separator + 1);
  if (own.includes('--help')) {
    console.log(`Usage: node scripts/test.mjs [--only ${STAGES.join(',')}] [-- <jest args>]`);
    process.exit(0);
  }
  const onlyIndex = own.indexOf('--only');
  const stages = onlyIndex === -1 ? STAGES : (own[onlyIndex + 1]?.split(',') ?? []);
  const unknown = stages.filter((stage) => !STAGES.includes(stage));
  if (unknown.length || stages.length === 0) {
    console.error(`Unknown stage(s): ${unknown.join(', ') || '(none given)'}. Stages: ${STAGES.join(', ')}`);
    process.exit(2);
  }
  return { stages: STAGES.filter((stage) => stages.includes(stage)), jestArgs };
}

const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
const nodeTool = (name, args) => run(name, process.execPath, args, { cwd: repoRoot });

const STAGE_RUNNERS = {
  typecheck: async () => {
    await nodeTool('typecheck web', [tsc, '-p', 'web', '--noEmit']);
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
  const { stages, jestArgs } = parseArgs(process.argv.slice(2));
  stopAllOnSignals();
  const results = [];
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const record = (stage, ok, started, counts) => {
    results.push({ stage, ok, seconds: (Date.now() - started) / 1000, counts });
    if (counts) for (const key of Object.keys(totals)) totals[key] += counts[key];
  };

  const runSingleStage = async (stage) => {
    const started = Date.now();
    console.log(`\n▶ ${stage}`);
    try {
      if (STAGE_RUNNERS[stage]) {
        await STAGE_RUNNERS[stage]();
        record(stage, true, started);
        return true;
      }
      const { ok, counts } = await runJestProject(stage, { extraArgs: jestArgs, inBand: stage === 'stack' });
      record(stage, ok, started, counts);
      return ok;
    } catch (error) {
      console.error(`✖ ${stage}: ${error.message}`);
      record(stage, false, started);
      return false;
    }
  };

  const runEmulatorStages = async (emulatorStages) => {
    const started = Date.now();
    try {
      ensureLocalConfig();
      if (emulatorStages.includes('e2e')) process.env.CHROMIUM_PATH = ensureChromium();
      const summaryFile = join(repoRoot, 'artifacts', 'emulator-suites.json');
      rmSync(summaryFile, { force: true });
      const inner = `node scripts/lib/emulator-suites.mjs ${emulatorStages.join(',')} ${JSON.stringify(summaryFile)} ${jestArgs.map((a) => JSON.stringify(a)).join(' ')}`;
      const child = spawnLockedEmulatorsExec(inner, { build: true });
      const { code } = await child.exit;
      const innerResults = existsSync(summaryFile) ? JSON.parse(readFileSync(summaryFile, 'utf8')) : [];
      for (const r of innerResults) {
        results.push(r);
        if (r.counts) for (const key of Object.keys(totals)) totals[key] += r.counts[key];
      }
      if (code !== 0 && !innerResults.some((r) => !r.ok)) record('emulators', false, started);
      return code === 0;
    } catch (error) {
      console.error(`✖ emulator stages: ${error.message}`);
      record('emulators', false, started);
      return false;
    }
  };

  // Consecutive emulator-backed stages share one emulator session; everything else runs on its own, in order.
  const steps = [];
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
