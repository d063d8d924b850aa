// A warm-up module (app/routes.tsx): importing it evaluates zod/mini's schema constructors. Re-exports one binding
// the app already uses, so the bundle gains nothing.
export { object } from 'zod/mini';
