// The hosted customer portal page served at each portal session's `url`: plan, card on file (with test cards to
// switch to), invoices with a page each, and the way back to the app. Script-free, like the checkout page.
import { PRODUCT } from './config';
import { escapeHtml, formatMoney, layout } from './checkout-page';
import type { StoredCard } from './state-store';
import type { WireInvoice, WirePortalSession, WireSubscription } from './wire-types';

export type PortalNotice = 'card-updated' | 'card-declined' | null;

const dateText = (seconds: number): string =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(seconds * 1000));

/** A status pill; statuses are plain strings on the wire. */
const statusBadge = (status: unknown): string => {
  const text = escapeHtml(String(status ?? ''));
  return `<span class="status ${text}">${text}</span>`;
};

const cardText = (card: StoredCard): string =>
  `${card.brand.toUpperCase()} •••• ${card.last4} · expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;

function subscriptionRow(subscription: WireSubscription): string {
  const item = subscription.items.data[0];
  const end = item ? dateText(item.current_period_end) : '';
  const status = String(subscription.status);
  const when =
    status === 'canceled'
      ? 'Ended'
      : status === 'past_due' || status === 'unpaid'
        ? 'Payment failed: update your card'
        : subscription.cancel_at_period_end
          ? `Ends ${end}`
          : `Renews ${end}`;
  return `<tr><td>${escapeHtml(PRODUCT.name)}</td><td>${statusBadge(subscription.status)}</td><td>${escapeHtml(when)}</td></tr>`;
}

function invoiceRow(sessionId: string, invoice: WireInvoice): string {
  const href = `/portal/${encodeURIComponent(sessionId)}/invoices/${encodeURIComponent(invoice.id)}`;
  return `<tr><td>${escapeHtml(dateText(invoice.created))}</td><td>${escapeHtml(formatMoney(invoice.amount_due, invoice.currency))}</td><td>${statusBadge(invoice.status)}</td><td><a href="${escapeHtml(href)}">${escapeHtml(invoice.number ?? invoice.id)}</a></td></tr>`;
}

const NOTICES: Record<Exclude<PortalNotice, null>, { text: string; error: boolean }> = {
  'card-updated': { text: 'Your payment method was updated.', error: false },
  'card-declined': {
    text: 'The card was saved, but it was declined when we tried to pay your open invoice.',
    error: true,
  },
};

export function portalPage(input: {
  session: WirePortalSession;
  email: string | null;
  card: StoredCard | null;
  subscriptions: WireSubscription[];
  invoices: WireInvoice[];
  notice: PortalNotice;
}): string {
  const { session } = input;
  const action = `/portal/${encodeURIComponent(session.id)}/payment-method`;
  const notice = input.notice ? NOTICES[input.notice] : null;
  const back = session.return_url
    ? `<p><a href="${escapeHtml(session.return_url)}">← Return to Bargains</a></p>`
    : '';
  return layout(
    'Bargains · Billing (test mode)',
    `<section class="portal" aria-label="Billing portal">
  <div class="merchant"><span class="logo" aria-hidden="true">B</span> Bargains</div>
  ${back}
  <h1>Billing</h1>
  ${notice ? `<p class="notice${notice.error ? ' error' : ''}" role="status">${escapeHtml(notice.text)}</p>` : ''}
  <p class="eyebrow">${escapeHtml(input.email ?? '')}</p>
  <h2>Current plan</h2>
  ${
    input.subscriptions.length === 0
      ? '<p>No subscription.</p>'
      : `<table><tbody>${input.subscriptions.map(subscriptionRow).join('')}</tbody></table>`
  }
  <h2>Payment method</h2>
  <p data-testid="portal-card">${escapeHtml(input.card ? cardText(input.card) : 'No payment method on file.')}</p>
  <form method="post" action="${escapeHtml(action)}">
    <input type="hidden" name="card" value="succeeds">
    <button type="submit">Update card to 4242 4242 4242 4242 (works)</button>
  </form>
  <form method="post" action="${escapeHtml(action)}">
    <input type="hidden" name="card" value="declines">
    <button type="submit" class="secondary">Update card to 4000 0000 0000 0341 (declines charges)</button>
  </form>
  <h2>Invoice history</h2>
  ${
    input.invoices.length === 0
      ? '<p>No invoices yet.</p>'
      : `<table><thead><tr><th>Date</th><th>Amount</th><th>Status</th><th>Invoice</th></tr></thead><tbody>${input.invoices
          .map((invoice) => invoiceRow(session.id, invoice))
          .join('')}</tbody></table>`
  }
</section>`,
  );
}

export function invoicePage(session: WirePortalSession, invoice: WireInvoice): string {
  const back = `/portal/${encodeURIComponent(session.id)}`;
  const total = formatMoney(invoice.amount_due, invoice.currency);
  const paidAt = invoice.status_transitions.paid_at;
  return layout(
    `Invoice ${invoice.number ?? invoice.id} (test mode)`,
    `<section class="portal" aria-label="Invoice">
  <p><a href="${escapeHtml(back)}">← Back to billing</a></p>
  <h1>Invoice ${escapeHtml(invoice.number ?? invoice.id)}</h1>
  <table><tbody>
    <tr><th>Status</th><td>${statusBadge(invoice.status)}</td></tr>
    <tr><th>Date</th><td>${escapeHtml(dateText(invoice.created))}</td></tr>
    <tr><th>Period</th><td>${escapeHtml(`${dateText(invoice.period_start)} – ${dateText(invoice.period_end)}`)}</td></tr>
    <tr><th>${escapeHtml(PRODUCT.name)}</th><td>${escapeHtml(total)}</td></tr>
    <tr><th>Amount paid</th><td>${escapeHtml(formatMoney(invoice.amount_paid, invoice.currency))}</td></tr>
    ${paidAt ? `<tr><th>Paid on</th><td>${escapeHtml(dateText(paidAt))}</td></tr>` : ''}
  </tbody></table>
</section>`,
  );
}
