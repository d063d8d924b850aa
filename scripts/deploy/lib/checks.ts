// The deploy check's rules, as pure functions over what scripts/deploy/check.ts reads (firebase.json, the
// functions' exports and params, the web build, env files). Each returns the problems it finds; [] is a pass.
import { createHash } from 'node:crypto';

export interface HostingHeaderRule {
  source?: string;
  regex?: string;
  headers: Array<{ key: string; value: string }>;
}

export interface HostingRewrite {
  source?: string;
  regex?: string;
  destination?: string;
  function?: string | { functionId: string; region?: string };
}

/** The parts of firebase.json the check reads. */
export interface FirebaseJson {
  firestore: { rules: string; indexes: string };
  functions: Array<{ source: string }>;
  hosting: { public: string; rewrites: HostingRewrite[]; headers: HostingHeaderRule[] };
}

/** "a b; c d" → Map { a => [b], c => [d] } (directive names lower-cased). */
export function parseCsp(value: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of value.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

export interface ExportedFunction {
  name: string;
  regions: string[];
  trigger: string;
}

export interface DeclaredParam {
  name: string;
  type: string;
  /** A string/int/… param without a default: deploy asks for it, or fails non-interactively. */
  required: boolean;
}

export interface FunctionsProbe {
  node: string;
  functions: ExportedFunction[];
  params: DeclaredParam[];
}

export interface BuildInfo {
  mode: string;
  projectId: string;
  useEmulators: boolean;
  authDomain?: string;
}

/** `.firebaserc`: the project aliases `firebase use --add` writes. */
export type Firebaserc = { projects?: Record<string, string> };

/** Resolves `--project` (an alias from .firebaserc or a project id) to the project id. */
export function resolveProjectId(nameOrAlias: string, firebaserc: Firebaserc): string {
  return firebaserc.projects?.[nameOrAlias] ?? nameOrAlias;
}

export function projectProblems(projectId: string): string[] {
  return projectId.startsWith('demo-')
    ? [`'${projectId}' is a demo project (emulators only); deploy with --project <alias of a real project>`]
    : [];
}

/** Every rewrite to a function names a function the build exports, in the rewrite's region, over HTTPS. */
export function rewriteProblems(
  rewrites: readonly HostingRewrite[],
  functions: readonly ExportedFunction[],
): string[] {
  return rewrites.flatMap((rewrite) => {
    if (rewrite.function === undefined) return [];
    const target = typeof rewrite.function === 'string' ? { functionId: rewrite.function } : rewrite.function;
    const region = target.region ?? 'us-central1';
    const exported = functions.find((fn) => fn.name === target.functionId);
    const where = `rewrite ${rewrite.source ?? rewrite.regex ?? '?'} → ${target.functionId}`;
    if (!exported) return [`${where}: functions/lib/index.js exports no function '${target.functionId}'`];
    if (!exported.regions.includes(region))
      return [`${where}: the function is deployed to ${exported.regions.join(', ')}, not ${region}`];
    if (exported.trigger !== 'https')
      return [`${where}: the function is a ${exported.trigger} function, not HTTPS`];
    return [];
  });
}

/** KEY=value lines of a dotenv file (comments and blank lines skipped, surrounding quotes removed). */
export function parseDotenv(text: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match || line.trimStart().startsWith('#')) continue;
    const [, key = '', raw = ''] = match;
    values.set(key, raw.replace(/^(['"])(.*)\1$/, '$2'));
  }
  return values;
}

/** Required params (no default) without a non-empty value in the env files the deploy reads for the project. */
export function missingParams(params: readonly DeclaredParam[], env: ReadonlyMap<string, string>): string[] {
  return params.filter((param) => param.required && !env.get(param.name)?.trim()).map((param) => param.name);
}

export function secretParams(params: readonly DeclaredParam[]): string[] {
  return params.filter((param) => param.type === 'secret').map((param) => param.name);
}

/** The value of `key` a path gets: the last matching rule wins, as on Hosting and its emulator. */
export function headerFor(
  rules: readonly HostingHeaderRule[],
  key: string,
  path: string,
  matches: (path: string, rule: HostingHeaderRule) => boolean,
): string | undefined {
  let value: string | undefined;
  for (const rule of rules) {
    if (!matches(path, rule)) continue;
    const header = rule.headers.find((candidate) => candidate.key.toLowerCase() === key.toLowerCase());
    if (header) value = header.value;
  }
  return value;
}

const REQUIRED_ON_EVERY_RESPONSE = [
  'Content-Security-Policy',
  'Strict-Transport-Security',
  'Cross-Origin-Opener-Policy',
  'Permissions-Policy',
  'X-Content-Type-Options',
];

/**
 * Pages get `Cache-Control: no-cache` and the security headers; hashed assets are immutable; function rewrites
 * keep their own Cache-Control (a Hosting header would override it).
 */
export function headerProblems(
  rules: readonly HostingHeaderRule[],
  paths: { pages: readonly string[]; assets: readonly string[]; functions: readonly string[] },
  matches: (path: string, rule: HostingHeaderRule) => boolean,
): string[] {
  const problems: string[] = [];
  for (const page of paths.pages) {
    const cache = headerFor(rules, 'Cache-Control', page, matches);
    if (cache !== 'no-cache')
      problems.push(`${page}: Cache-Control is '${cache ?? '(none)'}', expected no-cache`);
  }
  for (const asset of paths.assets) {
    const cache = headerFor(rules, 'Cache-Control', asset, matches) ?? '';
    if (!cache.includes('immutable')) problems.push(`${asset}: Cache-Control '${cache}' is not immutable`);
  }
  for (const fn of paths.functions) {
    const cache = headerFor(rules, 'Cache-Control', fn, matches);
    if (cache !== undefined)
      problems.push(`${fn}: a Hosting header sets Cache-Control '${cache}' over the function's own`);
  }
  for (const path of [...paths.pages, ...paths.assets, ...paths.functions]) {
    for (const key of REQUIRED_ON_EVERY_RESPONSE) {
      if (headerFor(rules, key, path, matches) === undefined) problems.push(`${path}: no ${key} header`);
    }
  }
  return problems;
}

/** The Content-Security-Policy's rules: no inline/eval scripts, no framing, the Auth domain's frames allowed. */
export function cspProblems(
  csp: string,
  options: { authOrigin?: string; appOrigin?: string } = {},
): string[] {
  const directives = parseCsp(csp);
  const problems: string[] = [];
  const scriptSrc = directives.get('script-src') ?? directives.get('default-src');
  if (!scriptSrc) problems.push('no script-src (or default-src)');
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'https:', 'http:', 'data:']) {
    if (scriptSrc?.includes(unsafe)) problems.push(`script-src allows ${unsafe}`);
  }
  if ((directives.get('frame-ancestors') ?? []).join(' ') !== "'none'")
    problems.push("frame-ancestors is not 'none'");
  if ((directives.get('object-src') ?? []).join(' ') !== "'none'") problems.push("object-src is not 'none'");
  const { authOrigin, appOrigin } = options;
  if (authOrigin) {
    const frameSrc = directives.get('frame-src') ?? directives.get('default-src') ?? [];
    const allowed =
      frameSrc.includes(authOrigin) || (frameSrc.includes("'self'") && authOrigin === appOrigin);
    if (!allowed)
      problems.push(
        `frame-src does not allow the Auth domain ${authOrigin} (Google sign-in's helper frame): set VITE_FIREBASE_AUTH_DOMAIN to the app's own domain (${appOrigin ?? 'APP_ORIGIN'}) or add ${authOrigin} to frame-src`,
      );
  }
  return problems;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
/** Script types a browser does not execute (data islands): CSP does not apply to them. */
const DATA_TYPES = new Set(['application/json', 'application/ld+json', 'importmap-data']);

/** Inline scripts of a page that the CSP's script-src would block (no matching 'sha256-…' source). */
export function inlineScriptProblems(file: string, html: string, csp: string): string[] {
  const scriptSrc = parseCsp(csp).get('script-src') ?? [];
  const problems: string[] = [];
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/.test(attributes) || body.trim() === '') continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type !== undefined && DATA_TYPES.has(type)) continue;
    const hash = `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    if (!scriptSrc.includes(hash))
      problems.push(`${file}: an inline script is not allowed by script-src (${hash})`);
  }
  return problems;
}

/** The web build is the production build for `projectId` (web/dist/.vite/build-info.json). */
export function buildInfoProblems(info: BuildInfo | undefined, projectId: string | undefined): string[] {
  if (!info) return ['web/dist has no production build (no .vite/build-info.json): run npm run deploy'];
  const problems: string[] = [];
  if (info.mode !== 'production') problems.push(`web/dist was built in '${info.mode}' mode, not production`);
  if (info.useEmulators) problems.push('web/dist talks to the emulators');
  if (info.projectId.startsWith('demo-'))
    problems.push(`web/dist is built for the demo project ${info.projectId}`);
  if (projectId && info.projectId !== projectId)
    problems.push(`web/dist is built for ${info.projectId}, not the target project ${projectId}`);
  return problems;
}

/**
 * A page function's shell (functions/web-render/, written by the last `vite build`) must load only assets of the build
 * Hosting serves: a shell left by another build (an emulator build, say) names hashed files production lacks.
 */
export function serverShellProblems(
  shellHtml: string | undefined,
  hasPublicFile: (relativePath: string) => boolean,
  names: { shell: string; publicDir: string },
): string[] {
  if (shellHtml === undefined)
    return [`${names.shell} is missing: build the production web app first (npm run deploy does)`];
  const assets = [...shellHtml.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1] ?? '');
  if (assets.length === 0) return [`${names.shell} loads no built asset: it is not a build's shell`];
  return assets
    .filter((asset) => !hasPublicFile(asset))
    .map(
      (asset) =>
        `${names.shell} loads /${asset}, which ${names.publicDir} does not have: the shell comes from another build (an emulator build?); npm run deploy rebuilds both`,
    );
}

/**
 * Cloud Functions builds the uploaded source with Google's Node.js buildpack, which runs `npm run gcp-build` when
 * package.json has that script and `npm run build` otherwise; `"gcp-build": ""` runs nothing (Cloud Run functions
 * Node.js runtime docs, "NPM build script"). Only functions/ is uploaded, with lib/ already built, and the build
 * script needs the repo (../scripts), so the upload must not build again. firebase-tools 14 also sets
 * GOOGLE_NODE_RUN_SCRIPTS="" on its deploys (firebase-tools#5687); the package says it itself, for any deployer.
 */
export function cloudBuildScriptProblems(scripts: Readonly<Record<string, string>> | undefined): string[] {
  const gcpBuild = scripts?.['gcp-build'];
  if (gcpBuild === undefined)
    return scripts?.build === undefined
      ? []
      : [
          `functions/package.json has a build script ("${scripts.build}") and no gcp-build: Cloud Build would run it on the uploaded functions/ alone; add "gcp-build": "" (lib/ is built before the upload)`,
        ];
  return gcpBuild.trim() === ''
    ? []
    : [
        `functions/package.json's gcp-build ("${gcpBuild}") would run in Cloud Build on the uploaded functions/ alone; set it to "" (lib/ is built before the upload)`,
      ];
}
