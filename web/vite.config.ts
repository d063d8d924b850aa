import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { dashboardStarterSettings } from './build/inline-scripts.ts';
import { FRAME_ENTRIES, prerenderSnapshots } from './build/prerender-plugin.ts';
import { moveSourceMapsOutOfBuild } from './build/source-maps.ts';
import {
  assertDeployableEnv,
  DEPLOY_MODE,
  parseEnv,
  sessionBackendOrigins,
  type AppEnv,
} from './src/config/env-schema.ts';

/**
 * reactfire's published bundle (dist/index.js) is one module that imports every Firebase product it wraps and
 * runs code at load time that refers to them (e.g. a frozen map of Realtime Database listeners): bundled as is,
 * it drags Realtime Database and more (~40 KB gzipped) into the dashboard, which never uses them. The package
 * also ships its ES module sources (src/, one file per product); bundled from those, each product's file and its
 * rxfire entry point (`sideEffects: false`, like rxjs) drop out when the app uses none of its exports. reactfire's
 * own package.json does not declare its sources free of side effects, so this build does
 * (`treeshake.moduleSideEffects`). Types still come from the package's typings. An upgrade that moves or drops
 * src/index.ts fails the build (the alias names a missing file) rather than changing the bundle silently; one
 * whose sources come to rely on load-time side effects would need this declaration revisited (see docs/performance.md).
 */
const REACTFIRE_SOURCE = fileURLToPath(new URL('../node_modules/reactfire/src/index.ts', import.meta.url));
const REACTFIRE_SOURCE_FILES = /[\\/]node_modules[\\/]reactfire[\\/]src[\\/]/;

interface HostingRewrite {
  source?: string;
  function?: string | { functionId: string };
}

/**
 * The HTTPS functions are same-origin behind Hosting rewrites in production and in the Hosting emulator; the Vite
 * dev server forwards the same paths to the Functions emulator: firebase.json's rewrites of `/{name}` to function
 * `name` (the JSON endpoints; the server-rendered blog stays with the dev server). firebase.json itself is checked
 * against the functions index.ts exports by functions/src/index.test.ts. Read as JSON rather than imported from
 * packages/model: Vite's config loader would load that TypeScript as CommonJS (functions/package.json).
 */
function functionEndpointPaths(): string[] {
  const firebaseJson = JSON.parse(readFileSync(new URL('../firebase.json', import.meta.url), 'utf8')) as {
    hosting: { rewrites: HostingRewrite[] };
  };
  return firebaseJson.hosting.rewrites.flatMap(({ source, function: target }) => {
    const name = typeof target === 'string' ? target : target?.functionId;
    return name !== undefined && source === `/${name}` ? [source] : [];
  });
}
const FUNCTIONS_EMULATOR = 'http://127.0.0.1:5001';
const FUNCTIONS_EMULATOR_PREFIX = '/demo-bargains/us-central1';
/**
 * The blog's feeds, which no page of the app draws: the dev server forwards them to render_blog (the blog's pages
 * stay with the dev server, drawn by the app's own hot-reloaded components). Not /robots.txt: the Functions
 * emulator's runtime answers that path of every function itself, with an empty 404.
 */
const BLOG_FEED_PATHS = ['/sitemap.xml', '/blog/rss.xml'];

const webRoot = fileURLToPath(new URL('.', import.meta.url));

/** Where a mode's build goes: only the deploy build lands in web/dist, the folder Hosting deploys. */
export function buildOutDir(mode: string): string {
  return mode === DEPLOY_MODE ? 'dist' : `dist-${mode}`;
}

/**
 * Records what a build is wired to (`.vite/build-info.json`, never deployed: Hosting ignores dot folders), so the
 * deploy check can refuse a web/dist that is not a production build for the target project.
 */
function buildInfo(mode: string, appEnv: AppEnv): Plugin {
  return {
    name: 'bargains:build-info',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: '.vite/build-info.json',
        source: `${JSON.stringify(
          {
            mode,
            projectId: appEnv.firebase.projectId,
            authDomain: appEnv.firebase.authDomain,
            useEmulators: appEnv.useEmulators,
          },
          null,
          2,
        )}\n`,
      });
    },
  };
}

export default defineConfig(({ command, mode }) => {
  // Fail the build, not the first page load, when the VITE_* configuration of this mode is invalid; the
  // validated values are compiled in as __APP_ENV__ (read by src/config/env.ts).
  const appEnv = parseEnv(loadEnv(mode, webRoot, 'VITE_'));
  if (command === 'build' && mode === DEPLOY_MODE) assertDeployableEnv(appEnv);
  return {
    define: {
      __APP_ENV__: JSON.stringify(appEnv),
      // reactfire's sources read process.env.REACTFIRE_VERSION, which a production build turns into undefined
      // (Vite replaces process.env with {} there); the dev server's pre-bundled copy would throw "process is not
      // defined" in the browser instead, and every page using reactfire (the dashboard) would fail to render.
      ...(command === 'serve' ? { 'process.env.REACTFIRE_VERSION': 'undefined' } : {}),
    },
    plugins: [
      react(),
      prerenderSnapshots({
        protectedPagePreconnects: sessionBackendOrigins(appEnv),
        dashboardStarterSettings: dashboardStarterSettings({ ...appEnv.firebase, ...appEnv }),
      }),
      buildInfo(mode, appEnv),
      moveSourceMapsOutOfBuild(),
    ],
    resolve: {
      alias: {
        reactfire: REACTFIRE_SOURCE,
        '@': fileURLToPath(new URL('./src', import.meta.url)),
      },
    },
    server: {
      proxy: Object.fromEntries([
        ...functionEndpointPaths().map((path) => [
          path,
          {
            target: FUNCTIONS_EMULATOR,
            changeOrigin: true,
            rewrite: (path: string) => `${FUNCTIONS_EMULATOR_PREFIX}${path}`,
          },
        ]),
        ...BLOG_FEED_PATHS.map((path) => [
          path,
          {
            target: FUNCTIONS_EMULATOR,
            changeOrigin: true,
            rewrite: (path: string) => `${FUNCTIONS_EMULATOR_PREFIX}/render_blog${path}`,
          },
        ]),
      ]),
    },
    build: {
      target: 'es2022',
      outDir: buildOutDir(mode),
      // Maps for decoding stack traces and for the benchmark's bundle report, without the sourceMappingURL
      // comment, moved out of the served folder (build/source-maps.ts; hosting.ignore also skips `**/*.map`).
      sourcemap: 'hidden',
      // The manifest maps chunks to routes for the benchmark (`npm run bench`); Hosting ignores the .vite folder.
      manifest: true,
      rolldownOptions: {
        // The app (index.html) and the entries protected pages' frames run beside it (build/prerender-plugin.ts).
        input: [
          fileURLToPath(new URL('./index.html', import.meta.url)),
          ...Object.values(FRAME_ENTRIES).map((entry) =>
            fileURLToPath(new URL(`./${entry}`, import.meta.url)),
          ),
        ],
        treeshake: { moduleSideEffects: [{ test: REACTFIRE_SOURCE_FILES, sideEffects: false }] },
        output: {
          codeSplitting: {
            // Automatic splitting left about 20 common chunks under 1 KB gzipped (a button, a hook, the env module)
            // that a blog page requested one by one: each costs a round trip on a slow phone network. Common
            // chunks under 16 KB of source are copied into the chunks that read them instead (one shared module
            // state through Rolldown's runtime, and no page loads code it would not load without this).
            experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
          },
        },
      },
    },
  };
});
