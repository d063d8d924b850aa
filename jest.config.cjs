// One Jest config, one project per test layer; scripts/test.mjs picks projects per stage.
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
          firestoreEmulatorHost: '127.0.0.1:8080',
          firestoreEmulator: { host: '127.0.0.1', port: 8080 },
          supportEmail: 'support@bargains.test',
        },
      },
    },
    {
      ...base,
      displayName: 'rules',
      testEnvironment: 'node',
      setupFilesAfterEnv: ['<rootDir>/tests/support/long-timeout.ts'],
      testMatch: ['<rootDir>/tests/rules/**/*.test.ts'],
    },
    {
      ...base,
      displayName: 'integration',
      testEnvironment: 'node',
      setupFilesAfterEnv: ['<rootDir>/tests/support/long-timeout.ts'],
      testMatch: ['<rootDir>/tests/functions/**/*.test.ts'],
    },
    {
      ...base,
      displayName: 'e2e',
      testEnvironment: 'node',
      setupFilesAfterEnv: ['<rootDir>/tests/support/long-timeout.ts'],
      testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'],
    },
    {
      ...base,
      displayName: 'stack',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/stack/**/*.test.ts'],
    },
  ],
};
