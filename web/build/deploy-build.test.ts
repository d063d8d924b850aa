// A deploy build (`vite build --mode production`, what npm run deploy and the Hosting predeploy run) refuses a
// configuration that would ship a site wired to the emulators or to a demo project.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const repoRoot = join(__dirname, '..', '..');
const REAL_PROJECT = {
  VITE_FIREBASE_API_KEY: 'key',
  VITE_FIREBASE_AUTH_DOMAIN: 'bargains-prod.web.app',
  VITE_FIREBASE_PROJECT_ID: 'bargains-prod',
  VITE_FIREBASE_APP_ID: '1:1:web:1',
  VITE_SUPPORT_EMAIL: 'support@example.com',
};

function productionBuild(env: Record<string, string>) {
  const outDir = mkdtempSync(join(tmpdir(), 'deploy-build-'));
  try {
    // Vite reads VITE_* from the environment too (web/.env.production, if any, is overridden by these).
    return spawnSync(
      process.execPath,
      [
        join(repoRoot, 'node_modules/vite/bin/vite.js'),
        'build',
        'web',
        '--mode',
        'production',
        '--outDir',
        outDir,
        '--emptyOutDir',
      ],
      { cwd: repoRoot, env: { ...process.env, ...env }, encoding: 'utf8' },
    );
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

test.each([
  ['emulator wiring', { ...REAL_PROJECT, VITE_USE_EMULATORS: 'true' }, /VITE_USE_EMULATORS is true/],
  ['a demo project', { ...REAL_PROJECT, VITE_FIREBASE_PROJECT_ID: 'demo-bargains' }, /'demo-bargains'/],
])('a production build with %s fails before writing anything', (_case, env, message) => {
  const result = productionBuild({ VITE_USE_EMULATORS: 'false', ...env });
  expect(result.status).not.toBe(0);
  expect(`${result.stdout}${result.stderr}`).toMatch(/Refusing a production build for deployment/);
  expect(`${result.stdout}${result.stderr}`).toMatch(message);
});
