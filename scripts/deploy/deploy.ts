// `npm run deploy -- --project <alias> [firebase deploy options]`: the one deploy path. Builds the production web
// app into web/dist and the functions into a clean functions/lib, runs the offline deploy check for the project,
// then runs `firebase deploy` (on the functions' Node.js, which also loads them for discovery).
import { exitWithUsage, parseCommandLine, runMain } from '../lib/cli';
import { repoRoot } from '../lib/paths';
import { spawnChild, stopAllOnSignals } from '../lib/processes';
import { firebaseCommand } from '../lib/stack';
import { readFirebaserc, runDeployCheck } from './check';
import { projectProblems, resolveProjectId } from './lib/checks';
import { buildProductionWeb, DEPLOY_CHECKED_ENV } from './steps';

const USAGE =
  'Usage: npm run deploy -- --project <alias> [firebase deploy options, e.g. --only hosting]\nAdd a project with `npx firebase use --add`.';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  // Only --project is ours; every option (it included) goes on to `firebase deploy` as given.
  const { values } = parseCommandLine(USAGE, {
    options: { project: { type: 'string' } },
    strict: false,
    allowPositionals: true,
  });
  const project = typeof values.project === 'string' ? values.project : undefined;
  if (!project) return exitWithUsage(USAGE, 'No target project.');
  const projectId = resolveProjectId(project, readFirebaserc());
  if (projectProblems(projectId).length > 0) {
    console.error(`'${project}' is the demo project ${projectId}: it exists only in the emulators.`);
    return 2;
  }

  stopAllOnSignals();
  try {
    await buildProductionWeb();
    console.log(`Checking the deploy for ${projectId}…`);
    if (!(await runDeployCheck(['--project', project]))) throw new Error('the deploy check failed');
  } catch (error) {
    console.error(`npm run deploy stopped before deploying: ${(error as Error).message}`);
    return 1;
  }
  const [firebase, ...cliArgs] = firebaseCommand();
  const deploy = spawnChild('firebase deploy', firebase, [...cliArgs, 'deploy', ...args], {
    cwd: repoRoot,
    env: { ...process.env, [DEPLOY_CHECKED_ENV]: projectId, FIREBASE_CLI_DISABLE_TELEMETRY: 'true' },
  });
  const { code } = await deploy.exit;
  return code ?? 1;
}

runMain('npm run deploy', main);
