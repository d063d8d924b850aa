import { parseEnv, type AppEnv } from './env-schema';

export type { AppEnv };

// Validated once at boot: a misconfigured build fails loudly instead of talking to the wrong backend.
export const env: AppEnv = parseEnv(import.meta.env);
