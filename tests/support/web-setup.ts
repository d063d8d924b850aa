import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { parseEnv } from '../../web/src/config/env-schema';

// jsdom lacks the Encoding API, which react-router reads at import time.
Object.assign(globalThis, { TextEncoder, TextDecoder });

/** The emulator build's raw VITE_* settings, loaded by Vite's loadEnv in jest.config.cjs. */
declare const __VITE_ENV__: Record<string, string>;
// What vite.config.ts compiles into the app as __APP_ENV__ (src/config/env.ts reads it at import).
Object.assign(globalThis, { __APP_ENV__: parseEnv(__VITE_ENV__) });
