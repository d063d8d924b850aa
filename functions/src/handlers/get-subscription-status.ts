// GET get_subscription_status → {status, current_period_end}: served from the webhook-synced users/{uid}
// mirror, without calling Stripe.
import { subscriptionStatusView } from '../billing/state';
import { readUser } from '../billing/documents';
import { requireUser } from '../http/auth';
import { endpoint } from '../http/endpoint';

export const handle = endpoint(
  { name: 'get_subscription_status', method: 'GET', cors: true },
  async (req) => {
    const { uid } = await requireUser(req, { checkRevoked: false });
    return { body: subscriptionStatusView(await readUser(uid)) };
  },
);
