// One Jest config, one project per test layer; scripts/test.ts picks projects per stage.
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
const moduleNameMapper = {
  '^@/(.*)$': '<rootDir>/web/src/$1',
  '^@model/(.*)$': '<rootDir>/functions/src/model/$1',
  '\\.(css)$': '<rootDir>/tests/support/style-stub.cjs',
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
      testMatch: ['<rootDir>/{functions/src,tools,scripts}/**/*.test.ts', '<rootDir>/web/build/**/*.test.ts'],
    },
    {
      ...base,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/web/src/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/tests/support/web-setup.ts'],
      // What vite.config.ts compiles in from web/.env.emulator (validated there).
      globals: {
        __APP_ENV__: {
          firebase: {
            apiKey: 'demo-api-key',
            authDomain: 'demo-bargains.firebaseapp.com',
            projectId: 'demo-bargains',
            appId: '1:000000000000:web:0000000000000000',
          },
          useEmulators: true,
          authEmulatorUrl: 'http://127.0.0.1:9099',
          firestoreEmulator: { host: '127.0.0.1', port: 8080 },
          supportEmail: 'support@bargains.test',
        },
      },
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
