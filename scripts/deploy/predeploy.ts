// firebase.json's predeploy hook for one target (`functions`, `hosting` or `firestore`), for a `firebase deploy`
// run by hand: builds what the target deploys and runs its part of the deploy check (scripts/deploy/check.ts).
// Under `npm run deploy`, which has already built and checked everything for the project, it only says so.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../lib/paths.mjs';
import { buildProductionWeb, DEPLOY_CHECKED_ENV } from './steps.mjs';

const [target] = process.argv.slice(2);
const projectId = process.env.GCLOUD_PROJECT;
if (!['functions', 'hosting', 'firestore'].includes(target ?? '') || !projectId) {
  console.error(
    'Usage (firebase.json predeploy): GCLOUD_PROJECT=<id> node scripts/deploy/predeploy.mjs <target>',
  );
  process.exit(2);
}
if (process.env[DEPLOY_CHECKED_ENV] === projectId) {
  console.log(`predeploy ${target}: built and checked for ${projectId} by npm run deploy.`);
  process.exit(0);
}
try {
  // The functions deploy render_blog's shell and renderer (functions/web-render), which the web build writes.
  if (target === 'hosting' || target === 'functions') await buildProductionWeb();
  execFileSync(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'scripts/deploy/check.ts'), '--project', projectId, '--only', target],
    { cwd: repoRoot, stdio: 'inherit' },
  );
} catch (error) {
  console.error(`predeploy ${target} failed: ${error.message}`);
  process.exit(1);
}
