import { assertDeployableEnv, parseEnv, sessionBackendOrigins } from './env-schema';

const VALID = {
  VITE_FIREBASE_API_KEY: 'key',
  VITE_FIREBASE_AUTH_DOMAIN: 'demo-bargains.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'demo-bargains',
  VITE_FIREBASE_APP_ID: '1:0:web:0',
  VITE_SUPPORT_EMAIL: 'support@bargains.test',
};

/** A local build wired to the emulators, with the Firestore emulator on a port of its own. */
const EMULATOR_VARS = { VITE_USE_EMULATORS: 'true', VITE_FIRESTORE_EMULATOR_HOST: 'localhost:8181' };

describe('parseEnv', () => {
  it('applies the emulator defaults and splits the Firestore host', () => {
    const env = parseEnv({ ...VALID, ...EMULATOR_VARS });
    expect(env).toMatchObject({
      firebase: { apiKey: 'key', projectId: 'demo-bargains' },
      useEmulators: true,
      authEmulatorUrl: 'http://127.0.0.1:9099',
      firestoreEmulator: { host: 'localhost', port: 8181 },
      supportEmail: 'support@bargains.test',
    });
    expect(parseEnv(VALID).useEmulators).toBe(false);
  });

  it('lists every problem in one error', () => {
    const attempt = () =>
      parseEnv({
        ...VALID,
        VITE_FIREBASE_API_KEY: '',
        VITE_USE_EMULATORS: 'yes',
        VITE_AUTH_EMULATOR_URL: 'not a url',
        VITE_FIRESTORE_EMULATOR_HOST: '127.0.0.1',
        VITE_SUPPORT_EMAIL: 'support',
      });
    expect(attempt).toThrow(/VITE_FIREBASE_API_KEY: required/);
    expect(attempt).toThrow(/VITE_USE_EMULATORS: expected 'true' or 'false'/);
    expect(attempt).toThrow(/VITE_AUTH_EMULATOR_URL: expected an http\(s\) URL/);
    expect(attempt).toThrow(/VITE_FIRESTORE_EMULATOR_HOST: expected 'host:port'/);
    expect(attempt).toThrow(/VITE_SUPPORT_EMAIL: expected an email address/);
  });
});

describe('assertDeployableEnv', () => {
  const REAL = {
    ...VALID,
    VITE_FIREBASE_AUTH_DOMAIN: 'bargains-prod.web.app',
    VITE_FIREBASE_PROJECT_ID: 'bargains-prod',
  };

  it('accepts a real project without emulators', () => {
    expect(() => assertDeployableEnv(parseEnv(REAL))).not.toThrow();
  });

  it('refuses emulator wiring and demo projects, naming each problem', () => {
    const attempt = () =>
      assertDeployableEnv(
        parseEnv({ ...REAL, VITE_USE_EMULATORS: 'true', VITE_FIREBASE_PROJECT_ID: 'demo-bargains' }),
      );
    expect(attempt).toThrow(/VITE_USE_EMULATORS is true/);
    expect(attempt).toThrow(/VITE_FIREBASE_PROJECT_ID is 'demo-bargains'/);
    expect(() => assertDeployableEnv(parseEnv({ ...REAL, VITE_USE_EMULATORS: 'true' }))).toThrow(
      /Refusing a production build/,
    );
  });
});

describe('sessionBackendOrigins', () => {
  it("names the emulators' origins when the app uses them", () => {
    const env = parseEnv({ ...VALID, ...EMULATOR_VARS });
    expect(sessionBackendOrigins(env)).toEqual(['http://127.0.0.1:9099', 'http://localhost:8181']);
  });

  it("names Firebase's token, account and Firestore origins otherwise", () => {
    // scripts/deploy/lib/checks.test.ts checks that the CSP's connect-src allows each.
    expect(sessionBackendOrigins(parseEnv(VALID))).toEqual([
      'https://securetoken.googleapis.com',
      'https://identitytoolkit.googleapis.com',
      'https://firestore.googleapis.com',
    ]);
  });
});
