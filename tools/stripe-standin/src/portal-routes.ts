// Hosted customer portal: GET /portal/:id shows it, POST /portal/:id/payment-method switches the default card
// (then 303 back to the page once the webhooks were delivered), GET /portal/:id/invoices/:invoice shows one invoice.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { messagePage } from './checkout-page';
import { readBody, redirect, requestUrl, sendHtml } from './http-io';
import { cardOnFile, invoicesOf, subscriptionsOf, updateDefaultCard } from './portal';
import { invoicePage, portalPage, type PortalNotice } from './portal-page';
import { billingContext, commit, type StandinRuntime } from './runtime';

const PORTAL_PATH = /^\/portal\/([^/]+)(?:\/(payment-method|invoices\/([^/]+)))?\/?$/;

const notFound = (response: ServerResponse): void =>
  sendHtml(
    response,
    404,
    messagePage(
      'Billing session not found',
      'This billing link is not valid. Open billing again from the app.',
    ),
  );

function noticeOf(value: string | null): PortalNotice {
  return value === 'card-updated' || value === 'card-declined' ? value : null;
}

/** Returns false when the path is not a portal path. */
export async function handlePortal(
  runtime: StandinRuntime,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<boolean> {
  const url = requestUrl(request);
  const match = PORTAL_PATH.exec(url.pathname);
  if (!match) return false;
  const { state } = runtime.store;
  const session = state.portalSessions[match[1] ?? ''];
  const method = request.method ?? 'GET';
  if (!session) {
    notFound(response);
    return true;
  }
  const customerId = session.customer;

  if (match[2] === undefined && (method === 'GET' || method === 'HEAD')) {
    sendHtml(
      response,
      200,
      portalPage({
        session,
        email: state.customers[customerId]?.email ?? null,
        card: cardOnFile(state, customerId),
        subscriptions: subscriptionsOf(state, customerId),
        invoices: invoicesOf(state, customerId),
        notice: noticeOf(url.searchParams.get('notice')),
      }),
    );
    return true;
  }

  if (match[2] === 'payment-method' && method === 'POST') {
    const card =
      new URLSearchParams(await readBody(request)).get('card') === 'declines' ? 'declines' : 'succeeds';
    const { result, events } = updateDefaultCard(billingContext(runtime), customerId, card);
    runtime.config.log(
      `portal ${session.id}: card •••• ${result.card.last4} (paid ${result.paid.length}, declined ${result.declined.length})`,
    );
    const { delivered } = await commit(runtime, events);
    // Like the real portal, the page shows the outcome once the webhooks had their chance.
    await delivered;
    const notice = result.declined.length > 0 ? 'card-declined' : 'card-updated';
    redirect(response, `/portal/${encodeURIComponent(session.id)}?notice=${notice}`);
    return true;
  }

  const invoiceId = match[3];
  if (invoiceId !== undefined && (method === 'GET' || method === 'HEAD')) {
    const invoice = state.invoices[invoiceId];
    if (invoice?.customer !== customerId) {
      sendHtml(
        response,
        404,
        messagePage('Invoice not found', 'This invoice does not belong to this account.'),
      );
      return true;
    }
    sendHtml(response, 200, invoicePage(session, invoice));
    return true;
  }

  response.setHeader('Allow', match[2] === 'payment-method' ? 'POST' : 'GET');
  sendHtml(response, 405, messagePage('Method not allowed', `${method} is not supported here.`));
  return true;
}
