// A warm-up module (app/routes.tsx): importing it evaluates zod's core, which defines its classes and regular
// expressions when it loads. Re-exports one binding the app already uses, so the bundle gains nothing.
export { $constructor } from 'zod/v4/core';
