import { z } from 'zod';

// Validated once at boot: a misconfigured build fails loudly instead of talking to the wrong backend.
const envSchema = z
  .object({
    VITE_FIREBASE_API_KEY: z.string().min(1),
    VITE_FIREBASE_AUTH_DOMAIN: z.string().min(1),
    VITE_FIREBASE_PROJECT_ID: z.string().min(1),
    VITE_FIREBASE_APP_ID: z.string().min(1),
    VITE_USE_EMULATORS: z.enum(['true', 'false']).default('false'),
    VITE_AUTH_EMULATOR_URL: z.url().default('http://127.0.0.1:9099'),
    VITE_FIRESTORE_EMULATOR_HOST: z.string().regex(/^[\w.-]+:\d+$/).default('127.0.0.1:8080'),
    VITE_SUPPORT_EMAIL: z.email(),
  })
  .transform((raw) => ({
    firebase: {
      apiKey: raw.VITE_FIREBASE_API_KEY,
      authDomain: raw.VITE_FIREBASE_AUTH_DOMAIN,
      projectId: raw.VITE_FIREBASE_PROJECT_ID,
      appId: raw.VITE_FIREBASE_APP_ID,
    },
    useEmulators: raw.VITE_USE_EMULATORS === 'true',
    authEmulatorUrl: raw.VITE_AUTH_EMULATOR_URL,
    firestoreEmulatorHost: raw.VITE_FIRESTORE_EMULATOR_HOST,
    supportEmail: raw.VITE_SUPPORT_EMAIL,
  }));

export type AppEnv = z.infer<typeof envSchema>;

export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    throw new Error(`Invalid web app configuration: ${z.prettifyError(result.error)}`);
  }
  return result.data;
}

export const env = parseEnv(import.meta.env);
