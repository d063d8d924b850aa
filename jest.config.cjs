// One Jest config, one project per test layer; scripts/test.ts picks projects per stage.
// Vite is an ES module: required synchronously (Node 20.19+ loads ES modules with require).
const { loadEnv } = require('vite');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const transform = { '^.+\\.(t|j)sx?$': swc };
// The first matching pattern wins: stylesheets first, so `@/…/x.css` is stubbed too.
const moduleNameMapper = {
  '\\.(css)$': '<rootDir>/tests/support/style-stub.cjs',
  '^@/(.*)$': '<rootDir>/web/src/$1',
  '^@bargains/model/(.*)$': '<rootDir>/packages/model/src/$1',
};
const base = {
  transform,
  moduleNameMapper,
  rootDir: __dirname,
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/functions/lib/', '/dist/'],
};
/** Suites that run against the emulators (inside `firebase emulators:exec`, scripts/test.ts). */
const emulatorBacked = (displayName, folder) => ({
  ...base,
  displayName,
  testEnvironment: 'node',
  setupFilesAfterEnv: ['<rootDir>/tests/support/long-timeout.ts'],
  testMatch: [`<rootDir>/tests/${folder}/**/*.test.ts`],
  // functions/src/index.ts loads handlers with NodeNext-style `import('./handlers/x.js')`; the sources are .ts.
  moduleNameMapper: { ...moduleNameMapper, '^(\\.{1,2}/.*)\\.js$': '$1' },
});

module.exports = {
  projects: [
    {
      ...base,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: [
        '<rootDir>/{packages/model/src,functions/src,tools,scripts}/**/*.test.ts',
        '<rootDir>/web/build/**/*.test.ts',
      ],
    },
    {
      ...base,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/web/src/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/tests/support/web-setup.ts'],
      // The emulator build's raw VITE_* settings, read by Vite's own loader (web/.env.emulator and any VITE_* in
      // the environment); web-setup.ts validates them into __APP_ENV__ with parseEnv, as vite.config.ts does.
      globals: { __VITE_ENV__: loadEnv('emulator', `${__dirname}/web`, 'VITE_') },
    },
    emulatorBacked('rules', 'rules'),
    emulatorBacked('integration', 'functions'),
    emulatorBacked('e2e', 'e2e'),
    {
      ...base,
      displayName: 'stack',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/stack/**/*.test.ts'],
    },
  ],
};
