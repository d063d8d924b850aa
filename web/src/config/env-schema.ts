// The web app's configuration (VITE_* variables) and its validation. Pure: vite.config.ts runs it at build
// time and config/env.ts at boot. Hand-written rather than zod because zod's core would ship in the boot chunk
// (it is shared with the data model there), about 16 KB gzipped for six fields.

export interface AppEnv {
  firebase: { apiKey: string; authDomain: string; projectId: string; appId: string };
  useEmulators: boolean;
  /** e.g. http://127.0.0.1:9099 */
  authEmulatorUrl: string;
  /** 'host:port', as the Firebase CLI prints it. */
  firestoreEmulatorHost: string;
  firestoreEmulator: { host: string; port: number };
  supportEmail: string;
}

const HOST_PORT = /^([\w.-]+):(\d{1,5})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Problems = string[];

function text(raw: Record<string, unknown>, key: string, problems: Problems, fallback?: string): string {
  const value = raw[key] ?? fallback;
  if (typeof value !== 'string' || value.trim() === '') {
    problems.push(`${key}: required, got ${JSON.stringify(value)}`);
    return '';
  }
  return value.trim();
}

function checked(
  value: string,
  key: string,
  problems: Problems,
  isValid: (value: string) => boolean,
  expected: string,
) {
  if (value !== '' && !isValid(value))
    problems.push(`${key}: expected ${expected}, got ${JSON.stringify(value)}`);
  return value;
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** Validates the raw VITE_* variables; throws one error listing every problem. */
export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const problems: Problems = [];
  const firebase = {
    apiKey: text(raw, 'VITE_FIREBASE_API_KEY', problems),
    authDomain: text(raw, 'VITE_FIREBASE_AUTH_DOMAIN', problems),
    projectId: text(raw, 'VITE_FIREBASE_PROJECT_ID', problems),
    appId: text(raw, 'VITE_FIREBASE_APP_ID', problems),
  };
  const useEmulators = checked(
    text(raw, 'VITE_USE_EMULATORS', problems, 'false'),
    'VITE_USE_EMULATORS',
    problems,
    (value) => value === 'true' || value === 'false',
    "'true' or 'false'",
  );
  const authEmulatorUrl = checked(
    text(raw, 'VITE_AUTH_EMULATOR_URL', problems, 'http://127.0.0.1:9099'),
    'VITE_AUTH_EMULATOR_URL',
    problems,
    isHttpUrl,
    'an http(s) URL',
  );
  const firestoreEmulatorHost = checked(
    text(raw, 'VITE_FIRESTORE_EMULATOR_HOST', problems, '127.0.0.1:8080'),
    'VITE_FIRESTORE_EMULATOR_HOST',
    problems,
    (value) => HOST_PORT.test(value),
    "'host:port'",
  );
  const supportEmail = checked(
    text(raw, 'VITE_SUPPORT_EMAIL', problems),
    'VITE_SUPPORT_EMAIL',
    problems,
    (value) => EMAIL.test(value),
    'an email address',
  );

  if (problems.length > 0) {
    throw new Error(
      `Invalid web app configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
  }
  const [, host = '', port = ''] = HOST_PORT.exec(firestoreEmulatorHost) ?? [];
  return {
    firebase,
    useEmulators: useEmulators === 'true',
    authEmulatorUrl,
    firestoreEmulatorHost,
    firestoreEmulator: { host, port: Number(port) },
    supportEmail,
  };
}
