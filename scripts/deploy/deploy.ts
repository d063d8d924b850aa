// `npm run deploy -- --project <alias> [firebase deploy options]`: the one deploy path. Builds the production web
// app into web/dist and the functions into a clean functions/lib, runs the offline deploy check for the project,
// then runs `firebase deploy` (on the functions' Node.js, which also loads them for discovery).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../lib/paths.mjs';
import { spawnChild, stopAllOnSignals } from '../lib/processes.mjs';
import { firebaseCommand } from '../lib/stack.mjs';
import { buildProductionWeb, DEPLOY_CHECKED_ENV } from './steps.mjs';

const args = process.argv.slice(2);
const projectIndex = args.indexOf('--project');
const project = projectIndex === -1 ? undefined : args[projectIndex + 1];
if (!project) {
  console.error(
    'Usage: npm run deploy -- --project <alias> [firebase deploy options, e.g. --only hosting]\nAdd a project with `npx firebase use --add`.',
  );
  process.exit(2);
}
const aliases = JSON.parse(readFileSync(join(repoRoot, '.firebaserc'), 'utf8')).projects ?? {};
const projectId = aliases[project] ?? project;
if (projectId.startsWith('demo-')) {
  console.error(`'${project}' is the demo project ${projectId}: it exists only in the emulators.`);
  process.exit(2);
}

stopAllOnSignals();
try {
  await buildProductionWeb();
  console.log(`Checking the deploy for ${projectId}…`);
  execFileSync(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'scripts/deploy/check.ts'), '--project', project],
    { cwd: repoRoot, stdio: 'inherit' },
  );
} catch (error) {
  console.error(`npm run deploy stopped before deploying: ${error.message}`);
  process.exit(1);
}
const [firebase, ...cliArgs] = firebaseCommand();
const deploy = spawnChild('firebase deploy', firebase, [...cliArgs, 'deploy', ...args], {
  cwd: repoRoot,
  env: { ...process.env, [DEPLOY_CHECKED_ENV]: projectId, FIREBASE_CLI_DISABLE_TELEMETRY: 'true' },
});
const { code } = await deploy.exit;
process.exit(code ?? 1);
