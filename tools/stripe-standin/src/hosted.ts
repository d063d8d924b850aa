// The hosted pages' routes. Checkout: GET /checkout/:id, POST /checkout/:id/pay (303 to success_url once the webhooks
// were delivered; `card=declined` → 402), GET /checkout/:id/cancel (303 to cancel_url). Portal: GET /portal/:id,
// POST /portal/:id/payment-method (`card=succeeds|declines`, 303 back with a notice once the webhooks were
// delivered), GET /portal/:id/invoices/:invoice.
import { checkoutPage, invoicePage, messagePage, portalPage } from './pages';
import type { Standin } from './server';

const message = (status: number, title: string, text: string) => ({ status, html: messagePage(title, text) });
const expired = () =>
  message(410, 'Checkout expired', 'This checkout session has expired. Start again from the app.');
const notAllowed = (method: string) => message(405, 'Method not allowed', `${method} is not supported here.`);

async function checkout(standin: Standin, method: string, id: string, action = '', card = '') {
  const { billing } = standin;
  const session = billing.state.checkoutSessions[id] && billing.checkoutSession(id);
  if (!session) return message(404, 'Checkout session not found', 'This checkout link is not valid.');
  const email = billing.state.customers[session.customer]?.email ?? null;
  const successUrl = session.success_url?.split('{CHECKOUT_SESSION_ID}').join(session.id);
  const success = () =>
    successUrl
      ? ({ status: 303, location: successUrl } as const)
      : message(200, 'Payment complete', 'Your subscription to Bargains Premium Access is active.');
  if (action === '' && method === 'GET') {
    if (session.status === 'complete') return success();
    return session.status === 'expired' ? expired() : { status: 200, html: checkoutPage(session, email) };
  }
  if (action === 'pay' && method === 'POST') {
    const { result, events } = standin.record(() =>
      billing.payCheckout(id, card === 'declined' ? card : 'succeeds'),
    );
    // Like a real payment, the customer sees the outcome only after the webhooks had their chance.
    await standin.deliverer.deliver(events);
    standin.config.log(`checkout ${id}: ${result}`);
    if (result === 'expired') return expired();
    if (result !== 'declined') return success();
    return { status: 402, html: checkoutPage(session, email, 'Your card was declined.') };
  }
  if (action !== 'cancel') return notAllowed(method);
  if (session.cancel_url) return { status: 303, location: session.cancel_url };
  return message(200, 'Checkout canceled', 'You were not charged. You can close this page.');
}

async function portal(standin: Standin, method: string, url: URL, id: string, rest = '', card = '') {
  const { billing } = standin;
  const session = billing.state.portalSessions[id];
  if (!session) return message(404, 'Billing session not found', 'Open billing again from the app.');
  const { customer } = session;
  if (rest === '' && method === 'GET')
    return { status: 200, html: portalPage(billing, session, url.searchParams.get('notice')) };
  if (rest === 'payment-method' && method === 'POST') {
    const testCard = card === 'declines' ? card : 'succeeds';
    const { result, events } = standin.record(() => billing.setDefaultCard(customer, testCard));
    await standin.deliverer.deliver(events);
    const notice = result.declined ? 'card-declined' : 'card-updated';
    standin.config.log(`portal ${id}: card ${testCard} → ${notice}`);
    return { status: 303, location: `/portal/${encodeURIComponent(id)}?notice=${notice}` } as const;
  }
  if (!rest.startsWith('invoices/')) return notAllowed(method);
  const invoice = billing.state.invoices[rest.slice('invoices/'.length)];
  if (invoice?.customer !== customer)
    return message(404, 'Invoice not found', 'This invoice is not this account’s.');
  return { status: 200, html: invoicePage(session, invoice) };
}

/** The reply to a hosted-page request, or undefined when the path is not one. */
export async function handleHostedPage(standin: Standin, method: string, url: URL, body: string) {
  const match = /^\/(checkout|portal)\/([^/]+)(?:\/(.+?))?\/?$/.exec(url.pathname);
  if (!match) return undefined;
  const [, kind, id = '', rest] = match;
  const getOrHead = method === 'HEAD' ? 'GET' : method;
  // The forms are plain HTML form posts whose one field names the test card.
  const card = new URLSearchParams(body).get('card') ?? '';
  if (kind === 'checkout') return checkout(standin, getOrHead, id, rest, card);
  return portal(standin, getOrHead, url, id, rest, card);
}
