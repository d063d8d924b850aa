// The web app's configuration (VITE_* variables) and its validation with zod. vite.config.ts runs it in Node at
// build time and compiles the validated result into the bundle (`__APP_ENV__`), so a misconfigured build fails
// before it can boot and zod itself never ships to the browser.
import { z } from 'zod';

const HOST_PORT = /^([\w.-]+):(\d{1,5})$/;
const required = (name: string) =>
  z
    .string({ error: `${name}: required` })
    .trim()
    .min(1, `${name}: required`);

const envSchema = z
  .object({
    VITE_FIREBASE_API_KEY: required('VITE_FIREBASE_API_KEY'),
    VITE_FIREBASE_AUTH_DOMAIN: required('VITE_FIREBASE_AUTH_DOMAIN'),
    VITE_FIREBASE_PROJECT_ID: required('VITE_FIREBASE_PROJECT_ID'),
    VITE_FIREBASE_APP_ID: required('VITE_FIREBASE_APP_ID'),
    VITE_USE_EMULATORS: z
      .enum(['true', 'false'], { error: "VITE_USE_EMULATORS: expected 'true' or 'false'" })
      .default('false'),
    VITE_AUTH_EMULATOR_URL: z
      .url({ protocol: /^https?$/, error: 'VITE_AUTH_EMULATOR_URL: expected an http(s) URL' })
      .default('http://127.0.0.1:9099'),
    VITE_FIRESTORE_EMULATOR_HOST: z
      .string()
      .regex(HOST_PORT, "VITE_FIRESTORE_EMULATOR_HOST: expected 'host:port'")
      .default('127.0.0.1:8080'),
    VITE_SUPPORT_EMAIL: z.email({ error: 'VITE_SUPPORT_EMAIL: expected an email address' }),
  })
  .transform((raw) => {
    const [, host = '', port = ''] = HOST_PORT.exec(raw.VITE_FIRESTORE_EMULATOR_HOST) ?? [];
    return {
      firebase: {
        apiKey: raw.VITE_FIREBASE_API_KEY,
        authDomain: raw.VITE_FIREBASE_AUTH_DOMAIN,
        projectId: raw.VITE_FIREBASE_PROJECT_ID,
        appId: raw.VITE_FIREBASE_APP_ID,
      },
      useEmulators: raw.VITE_USE_EMULATORS === 'true',
      /** e.g. http://127.0.0.1:9099 */
      authEmulatorUrl: raw.VITE_AUTH_EMULATOR_URL,
      firestoreEmulator: { host, port: Number(port) },
      supportEmail: raw.VITE_SUPPORT_EMAIL,
    };
  });

export type AppEnv = z.infer<typeof envSchema>;

/** Validates the raw VITE_* variables; throws one error listing every problem. */
export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  - ${issue.message}`);
    throw new Error(`Invalid web app configuration:\n${problems.join('\n')}`);
  }
  return result.data;
}

/**
 * The origins a signed-in page calls before its first content, in order: Firebase Auth refreshes an expired ID
 * token (securetoken) and looks the account up (identitytoolkit) to restore the session, then the page reads
 * Firestore. The protected pages' HTML preconnects to them (build/prerender-plugin.ts): on a phone network each new
 * connection costs a few round trips (DNS, TCP, TLS) that would otherwise wait for the JavaScript making the first
 * call. On the emulators, the emulators' origins. firebase.json's CSP `connect-src` must allow each one (tested).
 */
export function sessionBackendOrigins(env: AppEnv): string[] {
  if (env.useEmulators) {
    const { host, port } = env.firestoreEmulator;
    return [new URL(env.authEmulatorUrl).origin, `http://${host}:${port}`];
  }
  return [
    'https://securetoken.googleapis.com',
    'https://identitytoolkit.googleapis.com',
    'https://firestore.googleapis.com',
  ];
}

/** The mode `vite build` uses for the app Hosting deploys (web/dist); every other mode builds elsewhere. */
export const DEPLOY_MODE = 'production';

/**
 * Refuses a deploy build wired to the emulators or to a `demo-*` project (which only exists in the emulators):
 * such a site would load, then fail every sign-in and read.
 */
export function assertDeployableEnv(env: AppEnv): void {
  const problems = [
    ...(env.useEmulators
      ? ['VITE_USE_EMULATORS is true (a deploy build must talk to the real project)']
      : []),
    ...(env.firebase.projectId.startsWith('demo-')
      ? [
          `VITE_FIREBASE_PROJECT_ID is '${env.firebase.projectId}' (demo-* projects exist only in the emulators)`,
        ]
      : []),
  ];
  if (problems.length > 0) {
    throw new Error(
      `Refusing a ${DEPLOY_MODE} build for deployment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}\nFill in web/.env.${DEPLOY_MODE} for the target project (see web/.env.${DEPLOY_MODE}.example).`,
    );
  }
}
