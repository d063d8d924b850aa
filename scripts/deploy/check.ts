// `npm run deploy:check [-- --project <alias|id>] [--only functions,hosting,firestore]`: the offline checks a
// deploy must pass, also run by `npm test` and by firebase.json's predeploy hooks. Prints one line
// per check and exits non-zero when any fails. Without a target project, the project-specific checks say so.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { BLOG_RENDERER_FILE, BLOG_SHELL_FILE, WEB_RENDER_DIR } from '@bargains/model/contracts/blog-shell';
import { DASHBOARD_RENDERER_FILE, DASHBOARD_SHELL_FILE } from '@bargains/model/contracts/dashboard-render';
import { indexCoverage, indexesFileSchema } from './lib/index-coverage';
import { allAppQuerySpecs } from '@bargains/model/queries';
import {
  serverShellProblems,
  type BuildInfo,
  buildInfoProblems,
  cloudBuildScriptProblems,
  cspProblems,
  type FirebaseJson,
  type Firebaserc,
  type FunctionsProbe,
  headerFor,
  headerProblems,
  type HostingHeaderRule,
  inlineScriptProblems,
  missingParams,
  parseDotenv,
  projectProblems,
  resolveProjectId,
  rewriteProblems,
  secretParams,
} from './lib/checks';
import { exitWithUsage, parseCommandLine } from '../lib/cli';
import { firestoreEmulatorEnv } from '../lib/firestore-emulator';
import { functionsNodeBinary } from '../lib/functions-node';
import { probeFunctions } from '../lib/functions-ready';
import { repoRoot } from '../lib/paths';
import { stopAllOnSignals } from '../lib/processes';
import { waitForServer } from '../lib/readiness';
import { buildFunctions } from '../lib/stack';

export const CHECK_PARTS = ['functions', 'hosting', 'firestore'] as const;
type Part = (typeof CHECK_PARTS)[number];

const functionsDir = join(repoRoot, 'functions');
const requireHere = createRequire(__filename);

interface Outcome {
  name: string;
  problems: string[];
  /** Shown after a pass (what was checked) or instead of a result when skipped. */
  detail?: string;
  skipped?: boolean;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** The project aliases of `.firebaserc`; none when the file is missing. */
export function readFirebaserc(): Firebaserc {
  const path = join(repoRoot, '.firebaserc');
  return existsSync(path) ? readJson<Firebaserc>(path) : {};
}

const USAGE = `Usage: npm run deploy:check [-- --project <alias|id>] [--only ${CHECK_PARTS.join(',')}]`;

function parseCheckArgs(argv: string[]): { project?: string; parts: Part[] } {
  const { values } = parseCommandLine(
    USAGE,
    { options: { project: { type: 'string' }, only: { type: 'string' } } },
    argv,
  );
  const only = values.only?.split(',') ?? [...CHECK_PARTS];
  const unknown = only.filter((part) => !(CHECK_PARTS as readonly string[]).includes(part));
  if (unknown.length) exitWithUsage(USAGE, `Unknown part(s): ${unknown.join(', ')}.`);
  return { project: values.project ?? process.env.GCLOUD_PROJECT, parts: only as Part[] };
}

/** Loads the built functions in `dir` like a new instance: no emulator variables, the target project. */
const probeAsInstance = (node: string, dir: string, projectId: string): FunctionsProbe =>
  probeFunctions(node, dir, { PATH: process.env.PATH, HOME: process.env.HOME, GCLOUD_PROJECT: projectId });

/**
 * Installs the functions in a temp folder from their own lockfile (production dependencies only, as Cloud Build
 * does) and loads every compiled module there: a dependency that only the workspace's hoisted node_modules
 * provides fails here, not in production.
 */
function probeInstalledCopy(node: string, projectId: string): { probe?: FunctionsProbe; outcome: Outcome } {
  const name = 'functions install from their lockfile and load with only their declared dependencies';
  if (!existsSync(join(functionsDir, 'package-lock.json')))
    return {
      outcome: { name, problems: ['functions/package-lock.json is missing: run npm run lock:functions'] },
    };
  const dir = mkdtempSync(join(tmpdir(), 'bargains-functions-'));
  try {
    // What a deploy uploads: the build and, when built, render_blog's shell and renderer (functions/web-render).
    for (const file of ['package.json', 'package-lock.json', 'lib', WEB_RENDER_DIR])
      if (file !== WEB_RENDER_DIR || existsSync(join(functionsDir, file)))
        cpSync(join(functionsDir, file), join(dir, file), { recursive: true });
    try {
      execFileSync(
        'npm',
        [
          'ci',
          '--omit=dev',
          '--ignore-scripts',
          '--no-audit',
          '--no-fund',
          '--prefer-offline',
          '--loglevel=error',
        ],
        { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' },
      );
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr ?? String(error);
      return {
        outcome: {
          name,
          problems: [
            `npm ci failed (is functions/package-lock.json in sync with functions/package.json? npm run lock:functions):\n${stderr.trim()}`,
          ],
        },
      };
    }
    try {
      const probe = probeAsInstance(node, dir, projectId);
      return {
        probe,
        outcome: {
          name,
          problems: [],
          detail: `Node ${probe.node}; exports ${probe.functions.map((fn) => fn.name).join(', ')}`,
        },
      };
    } catch (error) {
      const stderr = (error as { stderr?: string }).stderr ?? String(error);
      return {
        outcome: {
          name,
          problems: [`lib/ does not load:\n${stderr.trim().split('\n').slice(0, 12).join('\n')}`],
        },
      };
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The env files firebase-tools reads for the project's functions: .env, .env.<project id>, .env.<alias>. */
function functionsEnvFiles(projectId: string, aliases: readonly string[]): string[] {
  return [
    '.env',
    `.env.${projectId}`,
    ...aliases.filter((alias) => alias !== projectId).map((alias) => `.env.${alias}`),
  ];
}

/** The params those files set (later files win, as in firebase-tools). */
function functionsEnv(files: readonly string[]): Map<string, string> {
  const env = new Map<string, string>();
  for (const file of files) {
    const path = join(functionsDir, file);
    if (existsSync(path))
      for (const [key, value] of parseDotenv(readFileSync(path, 'utf8'))) env.set(key, value);
  }
  return env;
}

function paramsOutcome(
  probe: FunctionsProbe,
  projectId: string | undefined,
  aliases: readonly string[],
): Outcome {
  const name = 'required params for the target project are set';
  if (!projectId)
    return { name, problems: [], skipped: true, detail: 'no target project (pass --project <alias>)' };
  const files = functionsEnvFiles(projectId, aliases);
  const missing = missingParams(probe.params, functionsEnv(files));
  const secrets = secretParams(probe.params);
  return {
    name,
    problems: missing.length
      ? [`missing in functions/${files.join(' / functions/')}: ${missing.join(', ')}`]
      : [],
    detail: `secrets to hold in Secret Manager (not checkable offline): ${secrets.join(', ') || 'none'}`,
  };
}

type HeaderMatcher = (path: string, rule: HostingHeaderRule) => boolean;

/** Matches paths to header rules exactly as the Hosting emulator does (superstatic, shipped with firebase-tools). */
function hostingMatcher(): HeaderMatcher {
  const patterns = requireHere('superstatic/lib/utils/patterns') as {
    configMatcher: (path: string, rule: HostingHeaderRule) => boolean;
  };
  return (path, rule) => patterns.configMatcher(path, rule);
}

/** A concrete path a rewrite's glob matches (for checking the headers that path gets). */
function samplePath(source: string): string {
  return source.replace(/\*\*/g, 'sample/path').replace(/\*/g, 'sample');
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

function hostingOutcomes(
  config: FirebaseJson,
  probe: FunctionsProbe,
  projectId: string | undefined,
  appOrigin: string | undefined,
): Outcome[] {
  const { rewrites, headers } = config.hosting;
  const publicDir = join(repoRoot, config.hosting.public);
  const matcher = hostingMatcher();
  const outcomes: Outcome[] = [
    {
      name: 'every Hosting rewrite to a function names an exported HTTPS function',
      problems: rewriteProblems(rewrites, probe.functions),
      detail: `${rewrites.filter((rewrite) => rewrite.function).length} function rewrites`,
    },
  ];

  const infoPath = join(publicDir, '.vite', 'build-info.json');
  const info = existsSync(infoPath) ? readJson<BuildInfo>(infoPath) : undefined;
  const built = info !== undefined;
  if (!built && !projectId) {
    outcomes.push({
      name: `${config.hosting.public} is a production build`,
      problems: [],
      skipped: true,
      detail: `no build in ${config.hosting.public} and no target project (npm run deploy builds it)`,
    });
  } else {
    outcomes.push({
      name: `${config.hosting.public} is a production build${projectId ? ` for ${projectId}` : ''}`,
      problems: [
        ...buildInfoProblems(info, projectId),
        ...(built
          ? readdirSync(publicDir, { recursive: true })
              .map(String)
              .filter((file) => file.endsWith('.map'))
              .map((file) => `${config.hosting.public}/${file}: a source map inside the served folder`)
          : []),
      ],
    });
  }

  const pages = new Set<string>(['/', '/404.html']);
  for (const rewrite of rewrites)
    if (rewrite.destination && rewrite.source) pages.add(samplePath(rewrite.source));
  const html = built ? htmlFiles(publicDir) : [];
  for (const file of html) {
    pages.add(`/${file}`);
    if (file !== '404.html') pages.add(file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`);
  }
  const functionPaths = rewrites
    .filter((rewrite) => rewrite.function && rewrite.source)
    .map((r) => samplePath(r.source ?? ''));
  outcomes.push({
    name: 'pages revalidate, hashed assets are immutable, functions keep their Cache-Control, security headers everywhere',
    problems: headerProblems(
      headers,
      { pages: [...pages], assets: ['/assets/index-AbC123.js'], functions: functionPaths },
      matcher,
    ),
    detail: `${pages.size} page paths, ${functionPaths.length} function paths`,
  });

  const csp = headerFor(headers, 'Content-Security-Policy', '/', matcher) ?? '';
  const authOrigin = info?.authDomain ? `https://${info.authDomain}` : undefined;
  outcomes.push({
    name: 'Content-Security-Policy: no inline or eval scripts, no framing, Google sign-in allowed',
    problems: [
      ...cspProblems(csp, { authOrigin: projectId ? authOrigin : undefined, appOrigin }),
      ...html.flatMap((file) => inlineScriptProblems(file, readFileSync(join(publicDir, file), 'utf8'), csp)),
    ],
    detail: built ? `${html.length} HTML files scanned for inline scripts` : undefined,
  });
  return outcomes;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Compiles firestore.rules in a private Firestore emulator (its own free port: no stack lock needed). */
async function rulesOutcome(config: FirebaseJson): Promise<Outcome> {
  const name = `${config.firestore.rules} compiles`;
  const jar = firestoreEmulatorEnv().FIRESTORE_EMULATOR_BINARY_PATH;
  if (!jar)
    return {
      name,
      problems: [
        'no Firestore emulator jar to compile the rules with (see docs/development.md, "Prerequisites")',
      ],
    };
  const port = await freePort();
  const emulator = spawn('java', ['-jar', jar, '--host=127.0.0.1', `--port=${port}`], { stdio: 'ignore' });
  try {
    const base = `http://127.0.0.1:${port}`;
    try {
      // No deadline on a busy machine: only an emulator that stops making progress fails the check.
      await waitForServer(emulator, 'the Firestore emulator', base, { ownGroup: false });
    } catch (error) {
      return { name, problems: [(error as Error).message] };
    }
    const content = readFileSync(join(repoRoot, config.firestore.rules), 'utf8');
    const response = await fetch(`${base}/emulator/v1/projects/demo-rules-check:securityRules`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rules: { files: [{ name: config.firestore.rules, content }] } }),
    });
    if (response.ok) return { name, problems: [] };
    const body = (await response.json().catch(() => ({}))) as { error?: { message?: string } };
    return { name, problems: [body.error?.message ?? `the emulator answered ${response.status}`] };
  } finally {
    emulator.kill();
  }
}

function indexesOutcome(config: FirebaseJson): Outcome {
  const file = indexesFileSchema.parse(readJson<unknown>(join(repoRoot, config.firestore.indexes)));
  const specs = allAppQuerySpecs();
  const problems = specs.flatMap((spec) => {
    const coverage = indexCoverage(spec, file);
    return coverage.kind === 'missing' ? [`${spec.collection}: ${coverage.needed}`] : [];
  });
  return { name: 'every app query shape has its index', problems, detail: `${specs.length} query shapes` };
}

/** The shells and renderers the page functions deploy with (functions/web-render/, written by `vite build`). */
const SERVER_RENDERED = [
  { shell: BLOG_SHELL_FILE, renderer: BLOG_RENDERER_FILE },
  { shell: DASHBOARD_SHELL_FILE, renderer: DASHBOARD_RENDERER_FILE },
] as const;

/** The shells render_blog and render_dashboard deploy with must come from the build in the Hosting folder. */
function serverShellsOutcome(config: FirebaseJson, projectId: string | undefined): Outcome {
  const name = `render_blog's and render_dashboard's shells (functions/${WEB_RENDER_DIR}) come from the build in ${config.hosting.public}`;
  const publicDir = join(repoRoot, config.hosting.public);
  if (!existsSync(publicDir) && !projectId)
    return {
      name,
      problems: [],
      skipped: true,
      detail: `no build in ${config.hosting.public} and no target project`,
    };
  const problems = SERVER_RENDERED.flatMap(({ shell, renderer }) => {
    const shellPath = join(functionsDir, WEB_RENDER_DIR, shell);
    const found = serverShellProblems(
      existsSync(shellPath) ? readFileSync(shellPath, 'utf8') : undefined,
      (asset) => existsSync(join(publicDir, asset)),
      { shell: `functions/${WEB_RENDER_DIR}/${shell}`, publicDir: config.hosting.public },
    );
    if (!existsSync(join(functionsDir, WEB_RENDER_DIR, renderer)))
      found.push(`functions/${WEB_RENDER_DIR}/${renderer} is missing: build the web app first`);
    return found;
  });
  return { name, problems };
}

export async function runDeployCheck(argv: string[]): Promise<boolean> {
  const { project, parts } = parseCheckArgs(argv);
  const firebaserc = readFirebaserc();
  const projectId = project ? resolveProjectId(project, firebaserc) : undefined;
  const aliases = Object.entries(firebaserc.projects ?? {})
    .filter(([, id]) => id === projectId)
    .map(([alias]) => alias);
  const config = readJson<FirebaseJson>(join(repoRoot, 'firebase.json'));
  const outcomes: Outcome[] = [];
  const report = (outcome: Outcome) => {
    outcomes.push(outcome);
    const mark = outcome.skipped ? '–' : outcome.problems.length ? '✖' : '✔';
    const detail = outcome.detail ? ` (${outcome.skipped ? 'skipped: ' : ''}${outcome.detail})` : '';
    console.log(`  ${mark} ${outcome.name}${detail}`);
    for (const problem of outcome.problems) console.log(`      - ${problem.replace(/\n/g, '\n        ')}`);
  };

  console.log(`Deploy check${projectId ? ` for ${projectId}` : ' (no target project)'}: ${parts.join(', ')}`);
  if (projectId) report({ name: 'the target is a real project', problems: projectProblems(projectId) });

  let probe: FunctionsProbe | undefined;
  const node = functionsNodeBinary();
  if (parts.includes('functions') || parts.includes('hosting')) {
    await buildFunctions();
    if (parts.includes('functions')) {
      const installed = probeInstalledCopy(node, projectId ?? 'demo-bargains');
      report(installed.outcome);
      probe = installed.probe;
    } else {
      probe = probeAsInstance(node, functionsDir, projectId ?? 'demo-bargains');
    }
  }
  const appOrigin = projectId
    ? functionsEnv(functionsEnvFiles(projectId, aliases)).get('APP_ORIGIN')?.replace(/\/$/, '')
    : undefined;
  if (parts.includes('functions') && probe) report(paramsOutcome(probe, projectId, aliases));
  if (parts.includes('functions')) report(serverShellsOutcome(config, projectId));
  if (parts.includes('functions'))
    report({
      name: 'Cloud Build does not rebuild the uploaded functions (gcp-build is empty)',
      problems: cloudBuildScriptProblems(
        readJson<{ scripts?: Record<string, string> }>(join(functionsDir, 'package.json')).scripts,
      ),
    });
  if (parts.includes('hosting') && probe)
    for (const outcome of hostingOutcomes(config, probe, projectId, appOrigin)) report(outcome);
  if (parts.includes('firestore')) {
    report(await rulesOutcome(config));
    report(indexesOutcome(config));
  }
  const failed = outcomes.filter((outcome) => outcome.problems.length > 0).length;
  console.log(failed ? `Deploy check failed: ${failed} check(s).` : 'Deploy check passed.');
  return failed === 0;
}

if (require.main === module) {
  stopAllOnSignals(); // Ctrl-C also stops the functions build (a child in its own process group).
  runDeployCheck(process.argv.slice(2)).then(
    (ok) => process.exit(ok ? 0 : 1),
    (error: unknown) => {
      console.error(`Deploy check could not run: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
