import type { AppEnv } from './env-schema';

export type { AppEnv };

// Validated with zod when the bundle is built (web/vite.config.ts): a misconfigured build fails there instead of
// booting against the wrong backend, and the browser gets the checked values without shipping zod.
declare const __APP_ENV__: AppEnv;
export const env: AppEnv = __APP_ENV__;
