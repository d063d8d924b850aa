import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { prerenderSnapshots } from './build/prerender-plugin.ts';
import { moveSourceMapsOutOfBuild } from './build/source-maps.ts';
import { assertDeployableEnv, DEPLOY_MODE, parseEnv, type AppEnv } from './src/config/env-schema.ts';

/**
 * reactfire ships as one module that imports every Firebase product it wraps. The products it would pull in
 * register themselves on import, so they cannot be tree-shaken: without this plugin the boot chunk carries
 * Realtime Database, Functions, Remote Config, Storage and the full Firestore SDK (~110 KB gzipped) that the
 * app never uses through reactfire. Those imports, and only reactfire's, resolve to stubs that throw if called.
 * Consequence: use reactfire for the app, Auth and the SDK contexts (FirestoreProvider/useFirestore), but
 * not its Firestore/Database/Storage/Functions/Remote Config data hooks; Firestore data is read with the
 * modular SDK directly (see features/auth/components/SubscriptionProvider.tsx).
 */
const REACTFIRE_UNUSED_SDK_EXPORTS: Record<string, readonly string[]> = {
  'firebase/database': [
    'get',
    'off',
    'onChildAdded',
    'onChildChanged',
    'onChildMoved',
    'onChildRemoved',
    'onValue',
  ],
  'firebase/firestore': ['onSnapshot', 'queryEqual'],
  'firebase/functions': ['httpsCallable'],
  'firebase/remote-config': [
    'ensureInitialized',
    'getAll',
    'getBoolean',
    'getNumber',
    'getString',
    'getValue',
  ],
  'firebase/storage': ['getDownloadURL', 'ref'],
};
const STUB_PREFIX = '\0reactfire-unused-sdk:';

function stubReactfireUnusedSdks(): Plugin {
  return {
    name: 'bargains:stub-reactfire-unused-sdks',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer === undefined || !/[\\/]node_modules[\\/]reactfire[\\/]/.test(importer)) return null;
      return source in REACTFIRE_UNUSED_SDK_EXPORTS ? `${STUB_PREFIX}${source}` : null;
    },
    load(id) {
      if (!id.startsWith(STUB_PREFIX)) return null;
      const sdk = id.slice(STUB_PREFIX.length);
      const names = REACTFIRE_UNUSED_SDK_EXPORTS[sdk] ?? [];
      return [
        `function unavailable() { throw new Error(${JSON.stringify(`reactfire's ${sdk} hooks are not bundled (see web/vite.config.ts); use the modular SDK.`)}); }`,
        ...names.map((name) => `export const ${name} = unavailable;`),
      ].join('\n');
    },
  };
}

interface HostingRewrite {
  source?: string;
  function?: string | { functionId: string };
}

/**
 * The HTTPS functions are same-origin behind Hosting rewrites in production and in the Hosting emulator; the Vite
 * dev server forwards the same paths to the Functions emulator: firebase.json's rewrites of `/{name}` to function
 * `name` (the JSON endpoints; the server-rendered blog stays with the dev server). firebase.json itself is checked
 * against the functions index.ts exports by functions/src/index.test.ts. Read as JSON rather than imported from
 * functions/src/model: Vite's config loader would load that TypeScript as CommonJS (functions/package.json).
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
    define: { __APP_ENV__: JSON.stringify(appEnv) },
    plugins: [
      stubReactfireUnusedSdks(),
      react(),
      prerenderSnapshots(),
      buildInfo(mode, appEnv),
      moveSourceMapsOutOfBuild(),
    ],
    resolve: {
      alias: {
        '@': fileURLToPath(new URL('./src', import.meta.url)),
        // The data model lives with the functions so their deploy stays self-contained; the web bundles it.
        '@model': fileURLToPath(new URL('../functions/src/model', import.meta.url)),
      },
    },
    server: {
      proxy: Object.fromEntries(
        functionEndpointPaths().map((path) => [
          path,
          {
            target: FUNCTIONS_EMULATOR,
            changeOrigin: true,
            rewrite: (path: string) => `${FUNCTIONS_EMULATOR_PREFIX}${path}`,
          },
        ]),
      ),
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
