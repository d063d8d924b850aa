// The derivation moved next to the functions' post writer (functions/src/blog/derive.ts), which the publisher and
// the browser composer's function share; this path stays for the scripts and tests that import it.
export * from '../../functions/src/blog/derive';
