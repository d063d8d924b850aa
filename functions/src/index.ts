// Wires the functions (2nd gen, us-central1): the HTTPS endpoints and the scheduled deal collector. Logic lives in handlers/; each handler module is loaded on
// the first request of its function, so a cold start only imports what that function uses.
// Every HTTPS function is also listed, with its Hosting paths, in model/contracts/http-functions.ts (checked by index.test.ts).
import { onDocumentCreated, onDocumentWritten } from 'firebase-functions/v2/firestore';
import { onRequest, type HttpsOptions } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import {
  AWIN_API_TOKEN,
  AWIN_SCHEDULE,
  CJ_API_TOKEN,
  CJ_SCHEDULE,
  COLLECTOR_FEED_API_KEY,
  COLLECTOR_SCHEDULE,
  COLLECTOR_TIME_ZONE,
  EMAIL_TOKEN_SECRET,
  IMPACT_AUTH_TOKEN,
  IMPACT_SCHEDULE,
  SMTP_URL,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
} from './config';
import type { EndpointHandler } from './http/endpoint';
import { COLLECTIONS } from '@bargains/model/paths';

type Handler<Req, Res> = (req: Req, res: Res) => Promise<void>;

function lazy<Req = Parameters<EndpointHandler>[0], Res = Parameters<EndpointHandler>[1]>(
  load: () => Promise<{ handle: Handler<Req, Res> }>,
): Handler<Req, Res> {
  let loaded: Promise<{ handle: Handler<Req, Res> }> | undefined;
  return async (req, res) => {
    loaded ??= load();
    await (await loaded).handle(req, res);
  };
}

const browserEndpoint: HttpsOptions = {
  region: 'us-central1',
  // CORS is answered by the handlers for the configured origins only; `false` also stops the emulator's
  // debug mode from allowing every origin, so local behaviour matches production.
  cors: false,
  memory: '256MiB',
  timeoutSeconds: 30,
  maxInstances: 10,
  concurrency: 80,
};

export const create_checkout_session = onRequest(
  { ...browserEndpoint, secrets: [STRIPE_SECRET_KEY] },
  lazy(() => import('./handlers/create-checkout-session.js')),
);

export const resolve_location = onRequest(
  // The offline place data (places/resolve.ts) take about 80 MB once loaded.
  { ...browserEndpoint, memory: '512MiB' },
  lazy(() => import('./handlers/resolve-location.js')),
);

export const get_subscription_status = onRequest(
  browserEndpoint,
  lazy(() => import('./handlers/get-subscription-status.js')),
);

export const cancel_subscription = onRequest(
  { ...browserEndpoint, secrets: [STRIPE_SECRET_KEY] },
  lazy(() => import('./handlers/cancel-subscription.js')),
);

export const resume_subscription = onRequest(
  { ...browserEndpoint, secrets: [STRIPE_SECRET_KEY] },
  lazy(() => import('./handlers/resume-subscription.js')),
);

export const create_portal_session = onRequest(
  { ...browserEndpoint, secrets: [STRIPE_SECRET_KEY] },
  lazy(() => import('./handlers/create-portal-session.js')),
);

export const delete_account = onRequest(
  { ...browserEndpoint, timeoutSeconds: 60, secrets: [STRIPE_SECRET_KEY] },
  lazy(() => import('./handlers/delete-account.js')),
);

// Stripe retries failed deliveries, so a burst is spread over time; more instances absorb spikes.
export const stripe_webhook = onRequest(
  {
    ...browserEndpoint,
    timeoutSeconds: 60,
    maxInstances: 20,
    secrets: [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET],
  },
  lazy(() => import('./handlers/stripe-webhook.js')),
);

// The deal collector (collector/pipeline.ts). 100k deals take a few minutes and ~300 MiB at peak (see the
// collector benchmark); one instance at a time, and the pipeline's lease also keeps overlapping runs apart.
export const collect_deals = onSchedule(
  {
    region: 'us-central1',
    schedule: COLLECTOR_SCHEDULE.toCEL(),
    timeZone: COLLECTOR_TIME_ZONE,
    memory: '1GiB',
    timeoutSeconds: 1800,
    maxInstances: 1,
    retryCount: 0,
    secrets: [COLLECTOR_FEED_API_KEY],
  },
  async (event) => {
    const { handle } = await import('./handlers/collect-deals.js');
    await handle(event);
  },
);

// The affiliate networks, one scheduled function each (collector/networks/): own schedule, secret, lease,
// manifest and run records; every deal lands in the one catalogue. Same limits as collect_deals.
const networkCollector = {
  region: 'us-central1',
  timeZone: COLLECTOR_TIME_ZONE,
  memory: '1GiB',
  timeoutSeconds: 1800,
  maxInstances: 1,
  retryCount: 0,
} as const;

export const collect_awin = onSchedule(
  { ...networkCollector, schedule: AWIN_SCHEDULE.toCEL(), secrets: [AWIN_API_TOKEN] },
  async () => {
    const { handleNetwork } = await import('./handlers/collect-network.js');
    await handleNetwork('awin');
  },
);

export const collect_impact = onSchedule(
  { ...networkCollector, schedule: IMPACT_SCHEDULE.toCEL(), secrets: [IMPACT_AUTH_TOKEN] },
  async () => {
    const { handleNetwork } = await import('./handlers/collect-network.js');
    await handleNetwork('impact');
  },
);

export const collect_cj = onSchedule(
  { ...networkCollector, schedule: CJ_SCHEDULE.toCEL(), secrets: [CJ_API_TOKEN] },
  async () => {
    const { handleNetwork } = await import('./handlers/collect-network.js');
    await handleNetwork('cj');
  },
);

/** The page functions (Hosting rewrites, HTML answers): React renders on each request, and the blog's jsdom (the
 * server's sanitizer) wants more memory than the JSON endpoints; no secrets. */
const pageRenderer: HttpsOptions = { ...browserEndpoint, memory: '512MiB' };

// The blog as finished HTML, its feeds and robots.txt (Hosting rewrites; the CDN caches the answers). Public
// and read-only.
export const render_blog = onRequest(
  pageRenderer,
  lazy(() => import('./handlers/render-blog.js')),
);

// The dashboard's session cookie for the signed-in user (POST) and its removal (DELETE): see session/cookie.ts.
export const dashboard_session = onRequest(
  browserEndpoint,
  lazy(() => import('./handlers/dashboard-session.js')),
);

// The blog composer's writes (preview, publish, unpublish), editors only (handlers/write-blog-post.ts). A body is up
// to 900 KiB and is parsed and sanitized with jsdom, hence the page renderer's memory.
export const write_blog_post = onRequest(
  pageRenderer,
  lazy(() => import('./handlers/write-blog-post.js')),
);

// /dashboard's document, with a subscriber's first deals drawn in when a session cookie comes with the request
// (Hosting rewrite). Per user, so never cached.
export const render_dashboard = onRequest(
  pageRenderer,
  lazy(() => import('./handlers/render-dashboard.js')),
);

// Digests due in each user's local time and batched alerts (alerts/run.ts); hourly, at minute 0 UTC.
export const send_digests = onSchedule(
  {
    schedule: '0 * * * *',
    timeZone: 'UTC',
    region: 'us-central1',
    memory: '1GiB',
    timeoutSeconds: 540,
    // One run at a time; a retried run is harmless (the send ledger), so retry once on failure.
    maxInstances: 1,
    retryCount: 1,
    secrets: [SMTP_URL, EMAIL_TOKEN_SECRET],
  },
  async () => {
    const { handle } = await import('./handlers/send-digests.js');
    await handle();
  },
);

// The unsubscribe link of every email and its RFC 8058 one-click POST (Hosting rewrites /unsubscribe here).
export const unsubscribe = onRequest(
  { ...browserEndpoint, secrets: [EMAIL_TOKEN_SECRET] },
  async (req, res) => {
    const { handle } = await import('./handlers/unsubscribe.js');
    await handle(req, res);
  },
);

// A new deal marks its UTC hour as having an alert batch to send (one create per hour, no read); the next
// send_digests run after that hour sends the batch once (alerts/alert-batch.ts). Deal updates are not new deals.
export const alert_on_new_deal = onDocumentCreated(
  {
    document: `${COLLECTIONS.deals}/{dealId}`,
    region: 'us-central1',
    memory: '256MiB',
    timeoutSeconds: 30,
    maxInstances: 10,
    // Idempotent (a create that finds the hour marked stops), so a transient Firestore error is retried.
    retry: true,
  },
  async (event) => {
    const { handle } = await import('./handlers/alert-on-new-deal.js');
    await handle(event.params.dealId, event.data?.data(), new Date(event.time));
  },
);

// The editor's desk (docs/editor.md): each checks the editor claim server-side (http/editor-auth.ts) and
// validates with the shared schemas (model/editor.ts, editor/queue.ts).
export const editor_action = onRequest(
  browserEndpoint,
  lazy(() => import('./handlers/editor-action.js')),
);

export const editor_queue = onRequest(
  browserEndpoint,
  lazy(() => import('./handlers/editor-queue.js')),
);

export const editor_history = onRequest(
  browserEndpoint,
  lazy(() => import('./handlers/editor-history.js')),
);

// "Did this code work?": any write of a vote (cast, changed, or deleted with its account) recounts the deal's
// votes onto both of its documents (handlers/vote-on-deal.ts). The recount reads the votes as they are, so a
// retried, duplicated or late event writes the same counts: safe to retry.
export const vote_on_deal = onDocumentWritten(
  {
    document: `${COLLECTIONS.deals}/{dealId}/${COLLECTIONS.votes}/{uid}`,
    region: 'us-central1',
    memory: '256MiB',
    timeoutSeconds: 30,
    maxInstances: 10,
    retry: true,
  },
  async (event) => {
    const { handle } = await import('./handlers/vote-on-deal.js');
    await handle(event.params.dealId);
  },
);

// "Most popular" (handlers/popularity.ts, model/popularity.ts): a View Deal open or a save written as activity
// recounts the deal's 7-day popularity; a new saved deal becomes the deal's save activity of that day; once a day
// every deal with a score is recounted as its window moves. Each recount reads the records as they are, so a
// retried, duplicated or late event writes the same counts: safe to retry.
const popularityTrigger = {
  region: 'us-central1',
  memory: '256MiB',
  timeoutSeconds: 30,
  maxInstances: 10,
  retry: true,
} as const;

export const count_deal_activity = onDocumentWritten(
  { ...popularityTrigger, document: `${COLLECTIONS.deals}/{dealId}/${COLLECTIONS.activity}/{activityId}` },
  async (event) => {
    const { handleDealActivity } = await import('./handlers/popularity.js');
    await handleDealActivity(event.params.dealId);
  },
);

export const record_save_activity = onDocumentCreated(
  { ...popularityTrigger, document: `${COLLECTIONS.users}/{uid}/${COLLECTIONS.saved}/{dealId}` },
  async (event) => {
    const { handleSave } = await import('./handlers/popularity.js');
    await handleSave(event.params.uid, event.params.dealId, event.data);
  },
);

export const refresh_popularity = onSchedule(
  {
    schedule: '5 0 * * *',
    timeZone: 'UTC',
    region: 'us-central1',
    memory: '512MiB',
    timeoutSeconds: 540,
    maxInstances: 1,
    retryCount: 1,
  },
  async () => {
    const { handleRefresh } = await import('./handlers/popularity.js');
    await handleRefresh();
  },
);
