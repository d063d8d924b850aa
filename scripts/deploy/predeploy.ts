// firebase.json's predeploy hook for one target (`functions`, `hosting` or `firestore`), for a `firebase deploy`
// run by hand: builds what the target deploys and runs its part of the deploy check (scripts/deploy/check.ts).
// Under `npm run deploy`, which has already built and checked everything for the project, it only says so.
import { exitWithUsage, parseCommandLine, runMain } from '../lib/cli';
import { CHECK_PARTS, runDeployCheck } from './check';
import { buildProductionWeb, DEPLOY_CHECKED_ENV } from './steps';

const USAGE = `Usage (firebase.json predeploy): GCLOUD_PROJECT=<id> node --import tsx scripts/deploy/predeploy.ts <${CHECK_PARTS.join('|')}>`;

async function main(): Promise<number> {
  const {
    positionals: [target, ...extra],
  } = parseCommandLine(USAGE, { allowPositionals: true });
  const projectId = process.env.GCLOUD_PROJECT;
  if (!target || extra.length > 0 || !(CHECK_PARTS as readonly string[]).includes(target) || !projectId)
    return exitWithUsage(USAGE, 'Give one target, with GCLOUD_PROJECT set.');
  if (process.env[DEPLOY_CHECKED_ENV] === projectId) {
    console.log(`predeploy ${target}: built and checked for ${projectId} by npm run deploy.`);
    return 0;
  }
  try {
    // The functions deploy render_blog's shell and renderer (functions/web-render), which the web build writes.
    if (target === 'hosting' || target === 'functions') await buildProductionWeb();
    if (!(await runDeployCheck(['--project', projectId, '--only', target])))
      throw new Error('the deploy check failed');
    return 0;
  } catch (error) {
    console.error(`predeploy ${target} failed: ${(error as Error).message}`);
    return 1;
  }
}

runMain('predeploy', main);
