// The CSP allows no 'unsafe-eval' (firebase.json): zod must neither compile its parsers with `new Function` nor
// probe whether it may (the browser reports even the caught probe as a violation). zod reads this global config
// when a schema is defined, so each entry (src/boot.ts, src/app/dashboard-prefetch.ts) imports this module before
// anything else: static imports are evaluated in order, so no schema of the entry's graph is defined before it. It
// imports no zod itself (4 KB on every page).
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
