// Wires the HTTPS functions (2nd gen, us-central1). Logic lives in handlers/; each handler module is loaded on
// the first request of its function, so a cold start only imports what that function uses.
import { onRequest, type HttpsOptions } from 'firebase-functions/v2/https';
import { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from './config';
import type { EndpointHandler } from './http/endpoint';

type HandlerModule = { handle: EndpointHandler };

function lazy(load: () => Promise<HandlerModule>): EndpointHandler {
  let loaded: Promise<HandlerModule> | undefined;
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
