// Public pages whose content does not depend on data: the build renders each into its own HTML file, shown
// until the app takes over (web/build/prerender-plugin.ts). Pages that read Firestore are not snapshotted.
// A module without imports, so the end-to-end tests can read the list too.
export const SNAPSHOT_PATHS = [
  '/',
  '/pricing',
  '/how-it-works',
  '/return-policy',
  '/privacy-policy',
  '/terms-of-service',
  '/login',
  '/signup',
] as const;
