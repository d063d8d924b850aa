// Hosted checkout: GET /checkout/:id shows the page, POST /checkout/:id/pay pays (then 303 to success_url once the
// webhooks were delivered), GET /checkout/:id/cancel goes back to cancel_url.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { completeCheckoutSession, getCheckoutSession } from './billing';
import { checkoutPage, messagePage } from './checkout-page';
import { readBody, redirect, requestUrl, sendHtml } from './http-io';
import { billingContext, commit, type StandinRuntime } from './runtime';
import { StripeApiError } from './stripe-error';
import type { WireCheckoutSession } from './wire-types';

const CHECKOUT_PATH = /^\/checkout\/([^/]+)(?:\/(pay|cancel))?\/?$/;

/** Stripe replaces the literal `{CHECKOUT_SESSION_ID}` in success_url with the session id. */
const successRedirectUrl = (successUrl: string, sessionId: string): string =>
  successUrl.split('{CHECKOUT_SESSION_ID}').join(sessionId);

const notFoundPage = (): string =>
  messagePage('Checkout session not found', 'This checkout link is not valid. Start again from the app.');

const expiredPage = (): string =>
  messagePage('Checkout expired', 'This checkout session has expired. Start again from the app.');

function customerEmail(runtime: StandinRuntime, session: WireCheckoutSession): string | null {
  if (typeof session.customer === 'string')
    return runtime.store.state.customers[session.customer]?.email ?? null;
  return session.customer_email;
}

function completedResponse(response: ServerResponse, session: WireCheckoutSession): void {
  if (session.success_url) {
    redirect(response, successRedirectUrl(session.success_url, session.id));
    return;
  }
  sendHtml(
    response,
    200,
    messagePage('Payment complete', 'Your subscription to Bargains Premium Access is active.'),
  );
}

function findSession(runtime: StandinRuntime, id: string): WireCheckoutSession | undefined {
  try {
    return getCheckoutSession(billingContext(runtime), id);
  } catch (error) {
    if (error instanceof StripeApiError && error.status === 404) return undefined;
    throw error;
  }
}

/** Returns false when the path is not a checkout path (so the caller can answer 404 its own way). */
export async function handleCheckout(
  runtime: StandinRuntime,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<boolean> {
  const match = CHECKOUT_PATH.exec(requestUrl(request).pathname);
  if (!match) return false;
  const sessionId = match[1] ?? '';
  const action = match[2] ?? 'view';
  const method = request.method ?? 'GET';

  const session = findSession(runtime, sessionId);
  if (!session) {
    sendHtml(response, 404, notFoundPage());
    return true;
  }

  if (action === 'view' && (method === 'GET' || method === 'HEAD')) {
    if (session.status === 'complete') {
      const link = session.success_url
        ? { href: successRedirectUrl(session.success_url, session.id), label: 'Continue' }
        : undefined;
      sendHtml(
        response,
        200,
        messagePage('Payment complete', 'This checkout session has already been paid.', link),
      );
    } else if (session.status === 'expired') {
      sendHtml(response, 410, expiredPage());
    } else {
      sendHtml(response, 200, checkoutPage(session, customerEmail(runtime, session)));
    }
    return true;
  }

  if (action === 'pay' && method === 'POST') {
    // The form's one field picks the test card (a plain HTML form post, so URLSearchParams reads it).
    const card =
      new URLSearchParams(await readBody(request)).get('card') === 'declined' ? 'declined' : 'succeeds';
    const { result, events } = completeCheckoutSession(billingContext(runtime), sessionId, card);
    if (result.kind === 'expired') {
      sendHtml(response, 410, expiredPage());
      return true;
    }
    const { delivered } = await commit(runtime, events);
    if (result.kind === 'declined') {
      runtime.config.log(`checkout ${sessionId}: card declined`);
      await delivered;
      sendHtml(
        response,
        402,
        checkoutPage(result.session, customerEmail(runtime, result.session), 'Your card was declined.'),
      );
      return true;
    }
    if (result.kind === 'completed')
      runtime.config.log(`checkout ${sessionId} paid → ${String(result.session.subscription)}`);
    // Like a real payment, the customer lands on success_url only after the webhooks had their chance.
    await delivered;
    completedResponse(response, result.session);
    return true;
  }

  if (action === 'cancel' && (method === 'GET' || method === 'POST')) {
    if (session.cancel_url) redirect(response, session.cancel_url);
    else
      sendHtml(
        response,
        200,
        messagePage('Checkout canceled', 'You were not charged. You can close this page.'),
      );
    return true;
  }

  response.setHeader('Allow', action === 'pay' ? 'POST' : 'GET');
  sendHtml(response, 405, messagePage('Method not allowed', `${method} is not supported here.`));
  return true;
}
