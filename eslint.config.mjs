import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The web app's layers: shared code → features → app (README "Layout"). Paths are relative to this folder.
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
