// Steps shared by `npm run deploy` and the predeploy hooks.
import { buildWeb } from '../lib/stack';

/** Set by `npm run deploy` to the project it built and checked, so the predeploy hooks do not repeat it. */
export const DEPLOY_CHECKED_ENV = 'BARGAINS_DEPLOY_CHECKED_FOR';

/**
 * The production web app into web/dist (the folder Hosting deploys), from web/.env.production. vite.config.ts
 * refuses a configuration wired to the emulators or to a demo-* project.
 */
export async function buildProductionWeb(): Promise<void> {
  console.log('Building the production web app into web/dist…');
  await buildWeb({ mode: 'production' });
}
