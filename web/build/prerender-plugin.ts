// Writes the build-time snapshots of the public pages (src/app/prerender.tsx) into the build output, so their
// first paint needs no JavaScript: dist/index.html is the landing page, dist/<page>.html each other public page
// (served with Hosting's cleanUrls), dist/404.html the Not Found page, and dist/app.html the loading frame the
// app's other routes are rewritten to (dist/account.html: the same frame preloading the page's chunks).
// For the pages functions render per request it writes what they need into functions/web-render/: the blog's shell
// document (this build's CSS and entry) and the dashboard's (its frame preloading its chunks, with slots), and the
// server renderers (src/server/render-blog.tsx and render-dashboard.tsx built for Node).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import {
  APP_LOADER_SCRIPT,
  APP_SCRIPTS_ID,
  DASHBOARD_START_SETTINGS_ID,
  dashboardStarterScript,
} from './inline-scripts';
import {
  build,
  createServer,
  defaultServerConditions,
  type Manifest,
  type Plugin,
  type ResolvedConfig,
} from 'vite';

interface Snapshot {
  html: string;
  title: string | null;
  sources: string[];
}

/** packages/model/src/contracts/blog-shell.ts, through the SSR loader (Vite's config loader would read it as CommonJS). */
interface BlogShellNames {
  WEB_RENDER_DIR: string;
  BLOG_SHELL_FILE: string;
  BLOG_RENDERER_FILE: string;
  BLOG_HEAD_SLOT: string;
  BLOG_PAGE_SLOT: string;
}

/** packages/model/src/contracts/dashboard-render.ts, through the SSR loader. */
interface DashboardRenderNames {
  APP_SCRIPTS_ID: string;
  DASHBOARD_SHELL_FILE: string;
  DASHBOARD_RENDERER_FILE: string;
  DASHBOARD_PAGE_SLOT: string;
  DASHBOARD_ISLAND_SLOT: string;
}

interface PrerenderModule {
  SNAPSHOT_PATHS: readonly string[];
  SERVER_RENDERED_PATHS: readonly string[];
  PRELOADED_FRAME_PATHS: readonly string[];
  BLOG_SHELL: BlogShellNames;
  DASHBOARD_RENDER: DashboardRenderNames;
  routeSources(path: string): string[];
  renderSnapshot(path: string): Promise<Snapshot>;
  renderLoadingFrame(): Snapshot;
}

const ROOT_ELEMENT = '<div id="root"></div>';
/** The app's module, imported by the entry (src/boot.ts) after the first paint; every page preloads it. */
const APP_MODULE = 'src/main.tsx';
/**
 * Firebase Auth's first check gates the app's first render (docs/reference.md#signing-in): frames preload it with the
 * app, and first. Restoring a signed-in user takes a round trip that starts only once Auth has loaded: over HTTP/1.1
 * (six connections per host) the browser requests the head's scripts, styles and preloads in document order and
 * shares the bandwidth between the open requests, so Auth listed ahead of them arrives early and its round trip
 * runs while the larger chunks download.
 */
const AUTH_MODULE = 'src/lib/auth.ts';
const LOADING_FRAME_FILE = 'app.html';
/**
 * Entries a protected page's frame runs beside the app, `async` (each is also an input of the build, see
 * vite.config.ts): /dashboard requests the subscriber's first deal page as soon as Auth is ready, not after the
 * app's largest chunks have arrived and run. Their chunks are preloaded right after Auth's.
 */
export const FRAME_ENTRIES: Readonly<Record<string, string>> = {
  '/dashboard': 'src/app/dashboard-prefetch.ts',
};
/**
 * Hosting answers every path that is neither a file nor a rewritten route with this page and HTTP 404: the Not
 * Found page's snapshot (rendered for a path no route names), which the app then takes over like any other.
 */
const NOT_FOUND_FILE = '404.html';
const NOT_FOUND_SNAPSHOT_PATH = '/__not-found__';
const BLOG_RENDERER_ENTRY = 'src/server/render-blog.tsx';
const DASHBOARD_RENDERER_ENTRY = 'src/server/render-dashboard.tsx';
/**
 * The protected page the render_dashboard function serves (Hosting rewrites it there): its frame is written as the
 * function's shell, with slots, instead of as a static page (a static file would take precedence over the rewrite).
 */
const SERVER_RENDERED_FRAME_PATH = '/dashboard';

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The files `sources` need on load (their chunks, statically imported chunks and CSS), from the manifest. */
export function snapshotAssets(
  manifest: Manifest,
  sources: readonly string[],
): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: no chunk for ${key} in the build manifest`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of sources) visit(source);
  return { js: [...js], css: [...css] };
}

/**
 * The template with the snapshot inside #root, its title, and links for assets the template lacks. `preconnect`
 * origins are connected to, then `firstJs` preloaded and `asyncEntries` run as `async` module scripts, ahead of the
 * template's own scripts and styles (the browser requests them first).
 */
export function composeSnapshotHtml(
  template: string,
  snapshot: Snapshot,
  assets: {
    js: string[];
    css: string[];
    firstJs?: string[];
    asyncEntries?: string[];
    preconnect?: readonly string[];
  },
  base: string,
): string {
  if (template.split(ROOT_ELEMENT).length !== 2)
    throw new Error(`prerender: index.html must contain ${ROOT_ELEMENT} exactly once`);
  const missing = (file: string) => !template.includes(`${base}${file}"`);
  const asyncEntries = (assets.asyncEntries ?? []).filter(missing);
  const firstJs = (assets.firstJs ?? []).filter((file) => missing(file) && !asyncEntries.includes(file));
  const preload = (file: string) => `<link rel="modulepreload" crossorigin href="${base}${file}">`;
  const links = [
    ...assets.css.filter(missing).map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
    ...assets.js
      .filter((file) => missing(file) && !firstJs.includes(file) && !asyncEntries.includes(file))
      .map(preload),
  ];
  // Replacer functions: a replacement string would expand `$&`, `$$`… inside the page's text.
  let html = template.replace(ROOT_ELEMENT, () => `<div id="root">${snapshot.html}</div>`);
  const first = [
    // `crossorigin`: the Firebase SDKs call these origins with CORS requests without credentials, which the browser
    // sends over anonymous connections only.
    ...(assets.preconnect ?? []).map(
      (origin) => `<link rel="preconnect" href="${escapeHtml(origin)}" crossorigin>`,
    ),
    ...firstJs.map(preload),
    ...asyncEntries.map((file) => `<script type="module" async crossorigin src="${base}${file}"></script>`),
  ];
  if (first.length) {
    const firstTag = /\n?(\s*)<(script|link rel="(?:stylesheet|modulepreload)")\b/.exec(html);
    if (!firstTag) throw new Error('prerender: index.html has no script or stylesheet in its head');
    const indent = firstTag[1] ?? '';
    const at = firstTag.index;
    html = `${html.slice(0, at)}${first.map((tag) => `\n${indent}${tag}`).join('')}${html.slice(at)}`;
  }
  const { title } = snapshot;
  if (title !== null)
    html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  return links.length ? html.replace(/\n?\s*<\/head>/, `\n    ${links.join('\n    ')}\n  </head>`) : html;
}

/**
 * The blog shell: the template with the slots the function fills, the CSS of the server-rendered pages and the
 * app's scripts added after the first paint (deferAppScripts, like a snapshot: the cover image has the network to
 * itself).
 */
export function composeBlogShell(
  template: string,
  assets: { js: string[]; css: string[] },
  base: string,
  slots: Pick<BlogShellNames, 'BLOG_HEAD_SLOT' | 'BLOG_PAGE_SLOT'>,
): string {
  const shell = composeSnapshotHtml(
    template,
    { html: slots.BLOG_PAGE_SLOT, title: null, sources: [] },
    assets,
    base,
  )
    .replace(/<title>[^<]*<\/title>/, () => slots.BLOG_HEAD_SLOT)
    .replace(/\s*<meta\s+name="description"[^>]*>/, '');
  if (!shell.includes(slots.BLOG_HEAD_SLOT)) throw new Error('prerender: index.html must contain a <title>');
  return deferAppScripts(shell);
}

/** The app's script tags in a document's head: module preloads and module scripts, in document order. */
const APP_SCRIPT_TAG =
  /[ \t]*(?:<link rel="modulepreload" crossorigin href="([^"]+)">|<script type="module"( async)? crossorigin src="([^"]+)"><\/script>)\n?/g;

interface ListedAppScripts {
  modulepreload: string[];
  modules: Array<{ src: string; async: boolean }>;
}

/** `head` without the app's script tags, and those tags as the list the page's loader adds them from. */
function takeAppScripts(head: string): { head: string; listed: ListedAppScripts } {
  const listed: ListedAppScripts = { modulepreload: [], modules: [] };
  const rest = head.replace(APP_SCRIPT_TAG, (_tag, preload?: string, async?: string, src?: string) => {
    if (preload !== undefined) listed.modulepreload.push(preload);
    else if (src !== undefined) listed.modules.push({ src, async: async !== undefined });
    return '';
  });
  if (listed.modules.length === 0) throw new Error('prerender: the page runs no module script');
  return { head: rest, listed };
}

/**
 * `head` with `tags` first (before its first link: the browser requests or runs them before the styles) and the
 * app's scripts listed (in a JSON element with the id `listId`) at its end.
 */
function withLoader(head: string, tags: readonly string[], listed: ListedAppScripts, listId: string): string {
  const firstLink = /\n(\s*)<link /.exec(head);
  if (!firstLink) throw new Error('prerender: the page has no link in its head');
  const indent = firstLink[1] ?? '';
  const list = `<script type="application/json" id="${listId}">${JSON.stringify(listed).replace(/</g, '\\u003c')}</script>`;
  const loaded = `${head.slice(0, firstLink.index)}${tags.map((tag) => `\n${indent}${tag}`).join('')}${head.slice(firstLink.index)}`;
  if (!/<\/head>/.test(loaded)) throw new Error('prerender: the page has no </head>');
  return loaded.replace(
    /\n?([ \t]*)<\/head>/,
    (_end, space: string) => `\n${indent}${list}\n${space}</head>`,
  );
}

/**
 * A page that arrives with its content (a snapshot, the blog's shell): its app scripts are added by the inline
 * loader (build/inline-scripts.ts) once the page is painted, instead of being requested with the HTML.
 */
export function deferAppScripts(html: string): string {
  const end = html.indexOf('</head>');
  if (end < 0) throw new Error('prerender: the page has no </head>');
  const { head, listed } = takeAppScripts(html.slice(0, end + '</head>'.length));
  return `${withLoader(head, [`<script>${APP_LOADER_SCRIPT}</script>`], listed, APP_SCRIPTS_ID)}${html.slice(end + '</head>'.length)}`;
}

/**
 * The dashboard shell: the dashboard's frame document with a slot inside #root for the page and one right after
 * #root for the data island, which React's first render then leaves in place. The frame's preloads and module
 * scripts are not loaded by the document: they are listed (APP_SCRIPTS_ID) for the inline starter
 * (src/app/dashboard-start.ts, with its settings before it) to add once the first deal cards are painted, so on a
 * slow link the styles and the first deals do not share the bandwidth with the app's 250 KB.
 */
export function composeDashboardShell(
  frame: string,
  slots: Pick<DashboardRenderNames, 'DASHBOARD_PAGE_SLOT' | 'DASHBOARD_ISLAND_SLOT' | 'APP_SCRIPTS_ID'>,
  starter: { script: string; settings: { authUserKey: string; tokenEndpoint: string } },
): string {
  const root = /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/.exec(frame);
  if (!root) throw new Error('prerender: the dashboard frame has no #root at the end of its body');
  const { head, listed } = takeAppScripts(frame.slice(0, root.index));
  const after = frame.slice(root.index + root[0].length);
  const settings = JSON.stringify(starter.settings).replace(/</g, '\\u003c');
  const starterTags = [
    `<script type="application/json" id="${DASHBOARD_START_SETTINGS_ID}">${settings}</script>`,
    `<script>${starter.script}</script>`,
  ];
  const finalHead = withLoader(head, starterTags, listed, slots.APP_SCRIPTS_ID);
  return `${finalHead}<div id="root">${slots.DASHBOARD_PAGE_SLOT}</div>${slots.DASHBOARD_ISLAND_SLOT}${after}`;
}

/** Builds a server renderer (src/server/*.tsx) for Node into `outDir`: one ES module with React and the app inside. */
async function buildServerRenderer(
  config: ResolvedConfig,
  outDir: string,
  entry: string,
  fileName: string,
): Promise<void> {
  // react-dom/server bundles the streaming renderer next to renderToString; the function only calls the latter,
  // and every kilobyte is parsed on a cold start. (`react-dom/server` itself re-exports this file.)
  const reactDom = dirname(
    createRequire(join(config.root, 'package.json')).resolve('react-dom/package.json'),
  );
  const renderToStringOnly = join(reactDom, 'cjs', 'react-dom-server-legacy.node.production.js');
  await build({
    configFile: config.configFile,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    // React's production build only (bundled dependencies still branch on NODE_ENV at run time otherwise).
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      ssr: entry,
      minify: true,
      outDir,
      emptyOutDir: false,
      manifest: false,
      sourcemap: false,
      copyPublicDir: false,
      // One file: the function imports it by name.
      rolldownOptions: { output: { entryFileNames: fileName, format: 'esm', codeSplitting: false } },
    },
    resolve: { alias: [{ find: /^react-dom\/server$/, replacement: renderToStringOnly }] },
    // Bundled, not imported from node_modules: the function deploys without the web app's dependencies.
    // `module-sync`: packages that ship ES modules beside CommonJS for Node (react-router-dom) then give their ES
    // build, which the bundler can tree-shake; their CommonJS build pulls in all of React Router (~25 ms of
    // every cold start, measured by `npm run bench`).
    ssr: {
      noExternal: true,
      target: 'node',
      resolve: { conditions: ['module-sync', ...defaultServerConditions] },
    },
  });
}

export function snapshotFileName(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

/**
 * The public pages' snapshots and the 404 page. A snapshot needs only CSS for its first paint. Its JavaScript is
 * requested by the inline loader after that paint (deferAppScripts), so scripts never compete with the page's first
 * render for the network or the CPU.
 */
async function writePageSnapshots(
  prerender: PrerenderModule,
  manifest: Manifest,
  writeFile: (file: string, html: string) => void,
  compose: (snapshot: Snapshot, assets: Parameters<typeof composeSnapshotHtml>[2]) => string,
): Promise<void> {
  // Snapshots arrive with their content: the app is added after their first paint.
  const write = (file: string, snapshot: Snapshot, assets: Parameters<typeof composeSnapshotHtml>[2]) =>
    writeFile(file, deferAppScripts(compose(snapshot, assets)));
  for (const path of prerender.SNAPSHOT_PATHS) {
    const snapshot = await prerender.renderSnapshot(path);
    const { css } = snapshotAssets(manifest, [APP_MODULE, ...snapshot.sources]);
    // The page's own chunks are requested with the app, not once the app has run: the route then evaluates them
    // one by one (src/app/routes.tsx loadRoute) without a round trip between them.
    write(snapshotFileName(path), snapshot, { js: snapshotAssets(manifest, snapshot.sources).js, css });
  }
  const notFound = await prerender.renderSnapshot(NOT_FOUND_SNAPSHOT_PATH);
  write(NOT_FOUND_FILE, notFound, {
    js: [],
    css: snapshotAssets(manifest, [APP_MODULE, ...notFound.sources]).css,
  });
}

/** The shells of the pages the functions render (render_dashboard, render_blog), into functions/web-render. */
function writeServerShells(
  webRenderDir: string,
  build: {
    prerender: PrerenderModule;
    manifest: Manifest;
    template: string;
    dashboardFrame: string;
    starter: Parameters<typeof composeDashboardShell>[2];
    base: string;
  },
): void {
  const { prerender, manifest, template, base } = build;
  mkdirSync(webRenderDir, { recursive: true });
  const dashboardRender = prerender.DASHBOARD_RENDER;
  writeFileSync(
    join(webRenderDir, dashboardRender.DASHBOARD_SHELL_FILE),
    composeDashboardShell(build.dashboardFrame, dashboardRender, build.starter),
  );
  const blogSources = prerender.SERVER_RENDERED_PATHS.flatMap((path) => prerender.routeSources(path));
  writeFileSync(
    join(webRenderDir, prerender.BLOG_SHELL.BLOG_SHELL_FILE),
    composeBlogShell(
      template,
      // Both blog pages' chunks, like a snapshot's (one shell serves both): a reader of the list opens a post next.
      {
        js: snapshotAssets(manifest, blogSources).js,
        css: snapshotAssets(manifest, [APP_MODULE, ...blogSources]).css,
      },
      base,
      prerender.BLOG_SHELL,
    ),
  );
}

/**
 * `protectedPagePreconnects`: origins the protected pages (PRELOADED_FRAME_PATHS) connect to from their HTML, the
 * backends that restore the session and load their first content (src/config/env-schema.ts sessionBackendOrigins).
 */
export function prerenderSnapshots({
  protectedPagePreconnects,
  dashboardStarterSettings,
}: {
  protectedPagePreconnects: readonly string[];
  /** The settings of the dashboard's inline starter for this build's Firebase project (inline-scripts.ts). */
  dashboardStarterSettings: { authUserKey: string; tokenEndpoint: string };
}): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'bargains:prerender-snapshots',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      // The server renderer's own build runs with this config too: it writes no snapshots.
      if (config.build.ssr) return;
      const outDir = resolve(config.root, config.build.outDir);
      let blogShell: BlogShellNames | undefined;
      let dashboardRender: DashboardRenderNames | undefined;
      const template = readFileSync(join(outDir, 'index.html'), 'utf8');
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
      // A dev server in middleware mode is Vite's SSR module loader: it compiles the app's modules with this
      // same config (aliases, defines) for Node. The plugin applies to builds only, so it does not recurse.
      const server = await createServer({
        configFile: config.configFile,
        root: config.root,
        mode: config.mode,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const prerender = (await server.ssrLoadModule('/src/app/prerender.tsx')) as PrerenderModule;
        const write = (file: string, snapshot: Snapshot, assets: Parameters<typeof composeSnapshotHtml>[2]) =>
          writeFileSync(join(outDir, file), composeSnapshotHtml(template, snapshot, assets, config.base));
        // The loading frame's routes need the app for any content: preload it with the page.
        const loadingFrame = prerender.renderLoadingFrame();
        // Auth's chunks go ahead of everything else, even the entry and the styles: see AUTH_MODULE.
        const authJs = snapshotAssets(manifest, [AUTH_MODULE]).js;
        write(LOADING_FRAME_FILE, loadingFrame, {
          ...snapshotAssets(manifest, [AUTH_MODULE, APP_MODULE]),
          firstJs: authJs,
        });
        // The protected pages get their own copy that also preloads their chunks (the Firestore SDK and the page):
        // the app would otherwise request them only once it has loaded and run, one slow round trip later.
        let dashboardFrame: string | undefined;
        for (const path of prerender.PRELOADED_FRAME_PATHS) {
          const sources = [AUTH_MODULE, APP_MODULE, ...prerender.routeSources(path)];
          const entry = FRAME_ENTRIES[path];
          // The entry's own chunk first, then the chunks it imports.
          const [entryFile, ...entryImports] =
            entry === undefined ? [] : snapshotAssets(manifest, [entry]).js;
          const frame = composeSnapshotHtml(
            template,
            loadingFrame,
            {
              ...snapshotAssets(manifest, sources),
              firstJs: [...new Set([...authJs, ...entryImports])],
              asyncEntries: entryFile === undefined ? [] : [entryFile],
              preconnect: protectedPagePreconnects,
            },
            config.base,
          );
          if (path === SERVER_RENDERED_FRAME_PATH) dashboardFrame = frame;
          else writeFileSync(join(outDir, snapshotFileName(path)), frame);
        }
        if (dashboardFrame === undefined)
          throw new Error(`prerender: no frame for ${SERVER_RENDERED_FRAME_PATH}`);
        blogShell = prerender.BLOG_SHELL;
        dashboardRender = prerender.DASHBOARD_RENDER;
        writeServerShells(resolve(config.root, '..', 'functions', blogShell.WEB_RENDER_DIR), {
          starter: { script: dashboardStarterScript(config.root), settings: dashboardStarterSettings },
          prerender,
          manifest,
          template,
          dashboardFrame,
          base: config.base,
        });
        await writePageSnapshots(
          prerender,
          manifest,
          (file, html) => writeFileSync(join(outDir, file), html),
          (snapshot, assets) => composeSnapshotHtml(template, snapshot, assets, config.base),
        );
        config.logger.info(
          `prerender: ${prerender.SNAPSHOT_PATHS.length} page snapshots, ${NOT_FOUND_FILE} and ${LOADING_FRAME_FILE} written`,
        );
      } finally {
        await server.close();
      }
      // After the SSR loader is closed: the renderer's build is a second Vite build with this config.
      const webRenderDir = resolve(config.root, '..', 'functions', blogShell.WEB_RENDER_DIR);
      if (!dashboardRender) throw new Error('prerender: the dashboard renderer names were not loaded');
      await buildServerRenderer(config, webRenderDir, BLOG_RENDERER_ENTRY, blogShell.BLOG_RENDERER_FILE);
      await buildServerRenderer(
        config,
        webRenderDir,
        DASHBOARD_RENDERER_ENTRY,
        dashboardRender.DASHBOARD_RENDERER_FILE,
      );
      config.logger.info(
        `prerender: blog and dashboard shells and server renderers written to ${webRenderDir}`,
      );
    },
  };
}
