import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { SNAPSHOT_PATHS } from '../../../web/src/app/snapshot-paths';
import { parseEnv, sessionBackendOrigins } from '../../../web/src/config/env-schema';
import {
  serverShellProblems,
  buildInfoProblems,
  cloudBuildScriptProblems,
  cspProblems,
  type FirebaseJson,
  headerFor,
  headerProblems,
  type HostingHeaderRule,
  inlineScriptProblems,
  missingParams,
  parseCsp,
  parseDotenv,
  projectProblems,
  resolveProjectId,
  rewriteProblems,
} from './checks';

const repoRoot = join(__dirname, '..', '..', '..');
const firebaseJson = JSON.parse(readFileSync(join(repoRoot, 'firebase.json'), 'utf8')) as FirebaseJson;
// The Hosting emulator's own matcher, so these tests see the headers the emulator (and the e2e tests) see.
const { configMatcher } = createRequire(__filename)('superstatic/lib/utils/patterns') as {
  configMatcher: (path: string, rule: HostingHeaderRule) => boolean;
};
const HTTPS = { regions: ['us-central1'], trigger: 'https' };

describe('project and rewrites', () => {
  it('resolves aliases and refuses demo projects', () => {
    expect(resolveProjectId('prod', { projects: { prod: 'bargains-prod' } })).toBe('bargains-prod');
    expect(resolveProjectId('bargains-prod', {})).toBe('bargains-prod');
    expect(projectProblems('demo-bargains')).toHaveLength(1);
    expect(projectProblems('bargains-prod')).toEqual([]);
  });

  it('names each rewrite whose function is not exported, in another region or not HTTPS', () => {
    const rewrites = [
      { source: '/a', function: { functionId: 'a', region: 'us-central1' } },
      { source: '/b', function: 'b' },
      { source: '/c', function: { functionId: 'c', region: 'europe-west1' } },
      { source: '/d', function: 'd' },
      { source: '**', destination: '/app.html' },
    ];
    const functions = [
      { name: 'a', ...HTTPS },
      { name: 'c', ...HTTPS },
      { name: 'd', regions: ['us-central1'], trigger: 'schedule' },
    ];
    expect(rewriteProblems(rewrites, functions)).toEqual([
      "rewrite /b → b: functions/lib/index.js exports no function 'b'",
      'rewrite /c → c: the function is deployed to us-central1, not europe-west1',
      'rewrite /d → d: the function is a schedule function, not HTTPS',
    ]);
  });
});

describe('params', () => {
  it('reads dotenv files and lists the required params without a value', () => {
    const env = parseDotenv('# comment\nAPP_ORIGIN="https://bargains.web.app"\nSTRIPE_PRICE_ID=\n');
    expect(env.get('APP_ORIGIN')).toBe('https://bargains.web.app');
    const params = [
      { name: 'APP_ORIGIN', type: 'string', required: true },
      { name: 'STRIPE_PRICE_ID', type: 'string', required: true },
      { name: 'CORS_ALLOWED_ORIGINS', type: 'string', required: false },
      { name: 'STRIPE_SECRET_KEY', type: 'secret', required: false },
    ];
    expect(missingParams(params, env)).toEqual(['STRIPE_PRICE_ID']);
  });
});

describe('the web build', () => {
  it('must be the production build for the target project', () => {
    const production = { mode: 'production', projectId: 'bargains-prod', useEmulators: false };
    expect(buildInfoProblems(production, 'bargains-prod')).toEqual([]);
    expect(buildInfoProblems(undefined, 'bargains-prod')[0]).toMatch(/no production build/);
    expect(
      buildInfoProblems(
        { mode: 'emulator', projectId: 'demo-bargains', useEmulators: true },
        'bargains-prod',
      ),
    ).toHaveLength(4);
  });

  it('allows inline data islands but not inline scripts without their hash in script-src', () => {
    const csp = "script-src 'self'";
    const page = [
      '<script type="module" src="/assets/index.js"></script>',
      '<script type="application/json" id="data">{"posts":[]}</script>',
      '<script>alert(1)</script>',
    ].join('');
    const problems = inlineScriptProblems('page.html', page, csp);
    expect(problems).toHaveLength(1);
    const hash = /'sha256-[^']+'/.exec(problems[0] ?? '')?.[0] ?? '';
    expect(inlineScriptProblems('page.html', page, `script-src 'self' ${hash}`)).toEqual([]);
  });
});

describe('firebase.json Hosting', () => {
  const csp = headerFor(firebaseJson.hosting.headers, 'Content-Security-Policy', '/', configMatcher) ?? '';
  const rewriteFor = (path: string) =>
    firebaseJson.hosting.rewrites.find((rewrite) =>
      configMatcher(path, { source: rewrite.source, regex: rewrite.regex, headers: [] }),
    );

  it('lets the protected pages reach the origins a deploy build preconnects them to (connect-src)', () => {
    const deployEnv = parseEnv({
      VITE_FIREBASE_API_KEY: 'key',
      VITE_FIREBASE_AUTH_DOMAIN: 'bargains-prod.web.app',
      VITE_FIREBASE_PROJECT_ID: 'bargains-prod',
      VITE_FIREBASE_APP_ID: '1:0:web:0',
      VITE_SUPPORT_EMAIL: 'support@bargains.test',
    });
    const dashboardCsp = headerFor(
      firebaseJson.hosting.headers,
      'Content-Security-Policy',
      '/dashboard',
      configMatcher,
    );
    const connectSrc = parseCsp(dashboardCsp ?? '').get('connect-src') ?? [];
    expect(connectSrc).toContain("'self'");
    const origins = sessionBackendOrigins(deployEnv);
    expect(origins.length).toBeGreaterThan(0);
    for (const origin of origins) expect(connectSrc).toContain(origin);
  });

  it('has a CSP without inline scripts that forbids framing and allows the Auth domain only when it is the app', () => {
    expect(cspProblems(csp)).toEqual([]);
    expect(
      cspProblems(csp, { authOrigin: 'https://shop.example', appOrigin: 'https://shop.example' }),
    ).toEqual([]);
    expect(
      cspProblems(csp, { authOrigin: 'https://x.firebaseapp.com', appOrigin: 'https://shop.example' }),
    ).toEqual([
      expect.stringMatching(/frame-src does not allow the Auth domain https:\/\/x.firebaseapp.com/),
    ]);
    expect(cspProblems("script-src 'self' 'unsafe-inline'; frame-ancestors 'self'")).toEqual([
      "script-src allows 'unsafe-inline'",
      "frame-ancestors is not 'none'",
      "object-src is not 'none'",
    ]);
  });

  it('sends no-cache for pages, immutable for assets, nothing over the functions, security headers everywhere', () => {
    const functions = firebaseJson.hosting.rewrites
      .filter((rewrite) => rewrite.function)
      .map((rewrite) => rewrite.source ?? '');
    // The blog and the dashboard are among the function paths (render_blog sets its own CDN caching,
    // render_dashboard keeps its per-user page private), not the pages.
    expect(functions).toEqual(expect.arrayContaining(['/blog', '/blog/**', '/dashboard']));
    const pages = ['/', '/pricing', '/index.html', '/app.html', '/account'];
    expect(
      headerProblems(
        firebaseJson.hosting.headers,
        { pages, assets: ['/assets/index-AbC123.js'], functions },
        configMatcher,
      ),
    ).toEqual([]);
    expect(
      headerProblems(
        [{ source: '**', headers: [] }],
        { pages: ['/'], assets: [], functions: [] },
        configMatcher,
      ),
    ).toContain("/: Cache-Control is '(none)', expected no-cache");
  });

  it('serves every app route (snapshot or rewrite to the app shell) and rewrites nothing else: unknown paths 404', () => {
    const routesSource = readFileSync(join(repoRoot, 'web/src/app/routes.tsx'), 'utf8');
    const routePaths = [...routesSource.matchAll(/\bpath: '\/?([^'/][^']*)'/g)].map(
      (match) => `/${match[1]}`,
    );
    expect(routePaths).toEqual(expect.arrayContaining(['/dashboard', '/account', '/blog/:id']));
    // Pages built as files of their own (served through cleanUrls): the snapshots and the preloaded frames.
    const framePages = [...routesSource.matchAll(/\bfile: '([^']+)\.html'/g)].map((match) => `/${match[1]}`);
    const builtPages = [...SNAPSHOT_PATHS, ...framePages];
    for (const route of routePaths.filter((path) => path !== '/*')) {
      const path = route.replace(/:[^/]+/g, 'some-id');
      // A page file, a rewrite to one, or a function that renders the page (e.g. server-rendered blog pages).
      const rewrite = rewriteFor(path);
      const served =
        builtPages.includes(path) ||
        rewrite?.destination?.endsWith('.html') === true ||
        rewrite?.function !== undefined;
      expect({ route, served }).toEqual({ route, served: true });
    }
    for (const unknown of [
      '/no-such-page',
      '/assets/missing-AbC123.js',
      '/dashboard/extra',
      '/favicon.ico',
    ]) {
      expect({ unknown, rewrite: rewriteFor(unknown) }).toEqual({ unknown, rewrite: undefined });
    }
  });
});

describe("a page function's shell (render_blog, render_dashboard)", () => {
  const names = { shell: 'functions/web-render/blog-shell.html', publicDir: 'web/dist' };
  const shell =
    '<link rel="stylesheet" href="/assets/app-AAA.css"><script type="module" src="/assets/boot-BBB.js"></script>';
  it('passes a shell whose assets the Hosting build has', () => {
    expect(serverShellProblems(shell, () => true, names)).toEqual([]);
  });
  it('refuses a shell from another build, a missing shell, and a shell without assets', () => {
    const production = new Set(['assets/app-AAA.css', 'assets/boot-CCC.js']);
    expect(serverShellProblems(shell, (asset) => production.has(asset), names)).toEqual([
      expect.stringContaining('loads /assets/boot-BBB.js, which web/dist does not have'),
    ]);
    expect(serverShellProblems(undefined, () => true, names)).toEqual([
      expect.stringContaining('is missing'),
    ]);
    expect(serverShellProblems('<title>x</title>', () => true, names)).toEqual([
      expect.stringContaining('loads no built asset'),
    ]);
  });
});

describe("Cloud Build and the functions' build script", () => {
  it("passes the functions' own package.json: the uploaded lib/ is used as built", () => {
    const functionsPackage = JSON.parse(
      readFileSync(join(repoRoot, 'functions', 'package.json'), 'utf8'),
    ) as { scripts?: Record<string, string> };
    expect(functionsPackage.scripts?.['gcp-build']).toBe('');
    expect(cloudBuildScriptProblems(functionsPackage.scripts)).toEqual([]);
  });
  it('refuses a build script Cloud Build would run, and a gcp-build that builds', () => {
    const build = 'node --import tsx ../scripts/build-functions.ts';
    expect(cloudBuildScriptProblems({ build })).toEqual([expect.stringContaining('add "gcp-build": ""')]);
    expect(cloudBuildScriptProblems({ build, 'gcp-build': 'npm run build' })).toEqual([
      expect.stringContaining('set it to ""'),
    ]);
    expect(cloudBuildScriptProblems({ build, 'gcp-build': '' })).toEqual([]);
    expect(cloudBuildScriptProblems(undefined)).toEqual([]);
  });
});
