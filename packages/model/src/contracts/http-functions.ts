// The HTTPS functions and the same-origin paths Hosting rewrites to each (firebase.json `hosting.rewrites`).
// functions/src/index.test.ts fails when index.ts exports another set of HTTPS functions or firebase.json rewrites
// other paths; the web API client's paths derive from here, the Vite dev proxy's from firebase.json.
// Adding an HTTPS function: its export in index.ts, one line here, and its rewrite(s) in firebase.json.

/** Every HTTPS function index.ts exports → the paths Hosting sends to it. */
export const HTTPS_FUNCTION_PATHS = {
  create_checkout_session: ['/create_checkout_session'],
  create_portal_session: ['/create_portal_session'],
  get_subscription_status: ['/get_subscription_status'],
  cancel_subscription: ['/cancel_subscription'],
  resume_subscription: ['/resume_subscription'],
  unsubscribe: ['/unsubscribe'],
  delete_account: ['/delete_account'],
  stripe_webhook: ['/stripe_webhook'],
  render_blog: ['/blog', '/blog/**', '/sitemap.xml', '/robots.txt'],
  dashboard_session: ['/dashboard_session'],
  render_dashboard: ['/dashboard'],
  resolve_location: ['/resolve_location'],
  editor_action: ['/editor_action'],
  editor_queue: ['/editor_queue'],
  editor_history: ['/editor_history'],
  write_blog_post: ['/write_blog_post'],
} as const satisfies Record<string, readonly [string, ...string[]]>;

export type HttpsFunctionName = keyof typeof HTTPS_FUNCTION_PATHS;

/** The JSON endpoints the web app calls with the signed-in user's ID token (web/src/lib/api-client.ts). */
export const BROWSER_API_FUNCTIONS = [
  'create_checkout_session',
  'create_portal_session',
  'get_subscription_status',
  'cancel_subscription',
  'resume_subscription',
  'delete_account',
  'dashboard_session',
  'resolve_location',
  'editor_action',
  'editor_queue',
  'editor_history',
  'write_blog_post',
] as const satisfies readonly HttpsFunctionName[];

export type BrowserApiFunction = (typeof BROWSER_API_FUNCTIONS)[number];

/** The path the web app calls a browser API function at: same origin, through its Hosting rewrite. */
export type BrowserApiPath = `/${BrowserApiFunction}`;
