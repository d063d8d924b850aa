import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The web app's layers: shared code → features → app (docs/architecture.md, "Web app layers"). Paths are relative to this folder.
const WEB_SRC = 'web/src';
const FEATURES = `${WEB_SRC}/features`;
/** The app layer: the wiring (routes, pages that compose features) and the entry points of browser and server. */
const APP = ['app', 'server', 'main.tsx', 'boot.ts'].map((name) => `${WEB_SRC}/${name}`);
const isFolder = (entry) => entry.isDirectory();
const featureNames = readdirSync(join(import.meta.dirname, FEATURES), { withFileTypes: true })
  .filter(isFolder)
  .map((entry) => entry.name);
/** Shared code: everything else in web/src (components, hooks, lib, config, styles, and any new folder). */
const SHARED = readdirSync(join(import.meta.dirname, WEB_SRC))
  .map((name) => `${WEB_SRC}/${name}`)
  .filter((path) => path !== FEATURES && !APP.includes(path));
const LAYER_ZONES = [
  {
    target: SHARED,
    from: [FEATURES, ...APP],
    message: 'Shared code imports no feature and no app code: move what it needs into shared code.',
  },
  {
    target: FEATURES,
    from: APP,
    message: 'A feature never imports app code: web/src/app wires the features.',
  },
  ...featureNames.map((feature) => ({
    target: `${FEATURES}/${feature}`,
    from: FEATURES,
    except: [`./${feature}`],
    message:
      'A feature imports shared code and its own folder, never another feature: move what two features need ' +
      'into shared code, or compose them in web/src/app.',
  })),
];

/** A callback that does nothing: `() => undefined`, `() => null`, `() => {}` (comments do not count). */
const DOES_NOTHING = [
  "ArrowFunctionExpression[body.type='Identifier'][body.name='undefined']",
  "ArrowFunctionExpression[body.type='Literal']",
  "ArrowFunctionExpression[body.type='UnaryExpression'][body.operator='void']",
  ":matches(ArrowFunctionExpression, FunctionExpression)[body.type='BlockStatement'][body.body.length=0]",
].join(', ');
const SILENT_REJECTION_MESSAGE =
  'A rejection is handled by name or reported (console.error and the UI state), never dropped: check for the ' +
  'expected failure and report the rest, or pass reportedWhereAwaited (web/src/lib) when the code that awaits ' +
  'the promise later reports it.';
/** A rejection handler (`.catch(h)`, `.then(f, h)`) that drops the error without a trace. */
const SILENT_REJECTION_HANDLERS = [
  `CallExpression[callee.property.name='catch'] > :matches(${DOES_NOTHING})`,
  `CallExpression[callee.property.name='then'][arguments.length=2] > :matches(${DOES_NOTHING}):nth-child(2)`,
].map((selector) => ({ selector, message: SILENT_REJECTION_MESSAGE }));

/**
 * Which zod a file imports. `zod/mini` (the same checks, a fraction of the bytes) where JavaScript ships to a page
 * with a size budget and nobody reads zod's messages: the web app. Classic `zod` (it registers English messages
 * with its first schema; zod/mini without a locale says only "Invalid input") where bytes cost nothing or a person
 * reads the messages: Node code, the web build's env check, and the signed-in tools below, each loaded on its own route. The
 * shared model (packages/model) serves both: zod/mini for what the pages and the server renderers load, classic zod
 * in the modules CLASSIC_ZOD_MODEL names (the tools' forms show their messages; server-docs is Node-only).
 */
const CLASSIC_ZOD_WEB = [
  `${WEB_SRC}/config/env-schema.ts`,
  `${FEATURES}/editor/**`,
  `${FEATURES}/blog/composer/**`,
  `${FEATURES}/blog/api/composer-api.ts`,
  `${FEATURES}/account/**`,
];
const CLASSIC_ZOD_MODEL = [
  'packages/model/src/blog-draft.ts',
  'packages/model/src/editor.ts',
  'packages/model/src/email-preferences.ts',
  'packages/model/src/server-docs.ts',
];
const ZOD_MINI_ONLY = {
  paths: [
    {
      name: 'zod',
      allowTypeImports: true,
      message:
        'The web app validates with zod/mini, so classic zod stays out of its pages (eslint.config.mjs, ' +
        'CLASSIC_ZOD_WEB, names the tools that keep it).',
    },
  ],
  patterns: [
    // Classic zod under its other names; zod/v4/core (types both kinds share) stays allowed.
    { regex: '^zod/(v4(/classic)?|v3)$', message: 'The web app validates with zod/mini.' },
  ],
};
const CLASSIC_ZOD_ONLY = {
  paths: [
    {
      name: 'zod/mini',
      allowTypeImports: true,
      message:
        'Node code and the signed-in tools use classic zod: its English messages come with it, and bytes cost nothing here.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'web/dist*/**',
      'functions/lib/**',
      'functions/web-render/**',
      'emulator-data/**',
      '.cache/**',
      'artifacts/**',
      'bench-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx,mjs,cjs,js}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Tests wait for states with timeouts that may pass; everything that ships or runs the stack may not drop errors.
    files: ['**/*.{ts,tsx,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', 'tests/**'],
    rules: { 'no-restricted-syntax': ['error', ...SILENT_REJECTION_HANDLERS] },
  },
  {
    // A function over 100 lines does several things: split it into named parts. Tests are exempt: a describe
    // block's length is the number of cases it holds, not a unit that does too much.
    files: ['**/*.{ts,tsx,mjs,cjs}'],
    ignores: ['**/*.test.{ts,tsx}', 'tests/**'],
    rules: { 'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: [`${WEB_SRC}/**/*.{ts,tsx}`, 'packages/model/src/**/*.ts'],
    ignores: [...CLASSIC_ZOD_WEB, ...CLASSIC_ZOD_MODEL],
    rules: { 'no-restricted-imports': ['error', ZOD_MINI_ONLY] },
  },
  {
    files: [
      'functions/src/**/*.ts',
      'scripts/**/*.ts',
      'tools/**/*.ts',
      'tests/**/*.ts',
      'web/build/**/*.ts',
      'web/vite.config.ts',
      ...CLASSIC_ZOD_WEB,
      ...CLASSIC_ZOD_MODEL,
    ],
    // zod-english.ts registers zod/mini's English messages in render_blog's bundle, which must not hold classic zod.
    ignores: ['scripts/lib/zod-english.ts'],
    rules: { 'no-restricted-imports': ['error', CLASSIC_ZOD_ONLY] },
  },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: [`${WEB_SRC}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle follows imports into .ts/.tsx modules only when it is told to parse them.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Resolves the `@/` alias and the `@bargains/model` package as the web tsconfig does; an import the rules cannot resolve
      // would pass them unchecked (the lint config's test guards that).
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: join(import.meta.dirname, 'web/tsconfig.json') }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: LAYER_ZONES }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
