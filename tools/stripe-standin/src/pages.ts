// The hosted pages, script-free HTML in Stripe's style: checkout (Pay / declined test card / Cancel), the customer
// portal (plan, card on file with test cards to switch to, invoices, Return to Bargains) and one invoice.
import type { Billing } from './billing';
import { PRODUCT } from './objects';
import type { CheckoutSession, Invoice, PortalSession, Subscription } from './objects';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const money = (cents: number, currency: string): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

const date = (seconds: number): string =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(seconds * 1000));

/** Tagged template: interpolated strings are escaped; nested `markup` results (arrays too) are kept as they are. */
class Html {
  constructor(readonly text: string) {}
}
type HtmlValue = Html | string | number | null | undefined | false | Html[];
function markup(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  const render = (value: HtmlValue): string => {
    if (value instanceof Html) return value.text;
    if (Array.isArray(value)) return value.map(render).join('');
    return value === null || value === undefined || value === false ? '' : escapeHtml(String(value));
  };
  return new Html(strings.reduce((out, part, index) => out + render(values[index - 1]) + part));
}

const STYLE = `
:root { --ink: #1a1f36; --muted: #697386; --line: #e3e8ee; --brand: #635bff; } * { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; font: 15px/1.5 -apple-system, "Segoe UI", Roboto, Arial, sans-serif;
  color: var(--ink); background: linear-gradient(90deg, #f7f9fc 50%, #fff 50%); }
.test-banner { background: #fff4e5; color: #8a4b00; text-align: center; font-size: 13px; padding: 6px 12px; }
main { display: grid; grid-template-columns: 1fr 1fr; max-width: 920px; margin: 0 auto; }
.summary, .payment { padding: 64px 48px; } h1 { font-size: 20px; margin: 0 0 20px; } form { margin: 8px 0; }
.merchant { display: flex; align-items: center; gap: 10px; font-weight: 600; margin-bottom: 40px; }
.logo { width: 28px; height: 28px; border-radius: 50%; background: var(--brand); color: #fff; text-align: center; line-height: 28px; }
.eyebrow, .note, .cancel, .field span, small, h2 { color: var(--muted); } .eyebrow { margin: 0; }
.price { font-size: 36px; font-weight: 700; margin: 4px 0 24px; } .price small { font-size: 15px; }
.line { display: flex; justify-content: space-between; padding: 12px 0; border-top: 1px solid var(--line); }
.fake-input { border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; margin: 6px 0 16px; }
button { width: 100%; border: 0; border-radius: 6px; padding: 13px 16px; font: inherit; font-weight: 600;
  color: #fff; background: var(--brand); cursor: pointer; }
button.secondary { background: #fff; color: var(--ink); border: 1px solid var(--line); }
button:focus-visible, a:focus-visible { outline: 3px solid #a5b4fc; outline-offset: 2px; }
.error { color: #df1b41; font-weight: 600; } .cancel { display: block; text-align: center; margin-top: 16px; }
.message, .portal { grid-column: 1 / -1; width: 100%; max-width: 640px; margin: 0 auto; padding: 40px 24px; }
a { color: var(--brand); font-weight: 600; } table { width: 100%; border-collapse: collapse; }
h2 { font-size: 15px; text-transform: uppercase; letter-spacing: .06em; margin: 32px 0 12px; }
th, td { text-align: left; padding: 10px 6px; border-top: 1px solid var(--line); }
.status { font-size: 12px; font-weight: 600; padding: 2px 8px; border-radius: 10px; background: #eef2ff; }
.notice { padding: 12px 14px; border-radius: 6px; background: #e8f7ee; color: #0e6245; font-weight: 600; }
.status.past_due, .status.open, .notice.error { background: #fde8ec; color: #b3093c; }
body:has(.portal), body:has(.message) { background: #f7f9fc; }
@media (max-width: 760px) { body { background: #fff; } main { grid-template-columns: 1fr; }
  .summary, .payment { padding: 32px 24px; } .summary { background: #f7f9fc; } }
`;

function layout(title: string, body: Html): string {
  return markup`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title><style>${new Html(STYLE)}</style></head>
<body><div class="test-banner" role="note"><strong>TEST MODE</strong> · Local Stripe stand-in: no real card is charged.</div>
<main>${body}</main></body></html>
`.text;
}

const merchant = markup`<div class="merchant"><span class="logo" aria-hidden="true">B</span> Bargains</div>`;

export function checkoutPage(session: CheckoutSession, email: string | null, error?: string): string {
  const total = money(PRODUCT.unitAmount, 'usd');
  const action = `/checkout/${encodeURIComponent(session.id)}`;
  return layout(
    `${PRODUCT.name} · Checkout (test mode)`,
    markup`<section class="summary" aria-label="Order summary">${merchant}
<p class="eyebrow">Subscribe to ${PRODUCT.name}</p><p class="price">${total} <small>per month</small></p>
<div class="line"><span>${PRODUCT.name}<br><small>Billed monthly</small></span><span>${total} / month</span></div>
<div class="line"><strong>Total due today</strong><strong>${total}</strong></div></section>
<section class="payment" aria-label="Payment"><h1>Pay with card</h1>
<div class="field"><span>Email</span><div class="fake-input">${email ?? 'customer@example.com'}</div></div>
<div class="field"><span>Card information</span><div class="fake-input">4242 4242 4242 4242 · 12/34 · 123</div></div>
${error && markup`<p class="error" role="alert">${error}</p>`}
<p class="note">Test mode: paying creates the subscription and sends the webhooks real Stripe would send.</p>
<form method="post" action="${action}/pay"><button type="submit">Pay ${total}</button></form>
<form method="post" action="${action}/pay"><input type="hidden" name="card" value="declined">
<button type="submit" class="secondary">Try a declined test card (4000 0000 0000 0002)</button></form>
<a class="cancel" href="${action}/cancel">Cancel</a></section>`,
  );
}

export function messagePage(title: string, text: string): string {
  return layout(title, markup`<section class="message"><h1>${title}</h1><p>${text}</p></section>`);
}

const badge = (status: string | null): Html => markup`<span class="status ${status}">${status}</span>`;

function subscriptionRow(subscription: Subscription): Html {
  const end = date(subscription.items.data[0]?.current_period_end ?? 0);
  const when =
    subscription.status === 'canceled'
      ? 'Ended'
      : subscription.status === 'past_due' || subscription.status === 'unpaid'
        ? 'Payment failed: update your card'
        : `${subscription.cancel_at_period_end ? 'Ends' : 'Renews'} ${end}`;
  return markup`<tr><td>${PRODUCT.name}</td><td>${badge(subscription.status)}</td><td>${when}</td></tr>`;
}

const invoiceRow = (base: string, invoice: Invoice) => markup`<tr><td>${date(invoice.created)}</td>
<td>${money(invoice.amount_due, invoice.currency)}</td><td>${badge(invoice.status)}</td>
<td><a href="${base}/invoices/${encodeURIComponent(invoice.id)}">${invoice.number}</a></td></tr>`;

const NOTICES: Record<string, Html | undefined> = {
  'card-updated': markup`<p class="notice" role="status">Your payment method was updated.</p>`,
  'card-declined': markup`<p class="notice error" role="status">The card was saved, but it was declined when we tried to pay your open invoice.</p>`,
};

/** The portal of the session's customer; `notice` is the outcome of a card change. */
export function portalPage(billing: Billing, session: PortalSession, notice: string | null): string {
  const card = billing.cardOnFile(session.customer)?.card;
  const subscriptions = billing.subscriptionsOf(session.customer);
  const base = `/portal/${encodeURIComponent(session.id)}`;
  const expiry = card && `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;
  const cardText = card
    ? `${card.brand.toUpperCase()} •••• ${card.last4} · expires ${expiry}`
    : 'No payment method on file.';
  const cardForm = (value: string, label: string, style: string) =>
    markup`<form method="post" action="${base}/payment-method"><input type="hidden" name="card" value="${value}">
<button type="submit" class="${style}">${label}</button></form>`;
  const invoiceRows = billing.invoicesOf(session.customer).map((invoice) => invoiceRow(base, invoice));
  const invoices = invoiceRows.length
    ? markup`<table><thead><tr><th>Date</th><th>Amount</th><th>Status</th><th>Invoice</th></tr></thead>
<tbody>${invoiceRows}</tbody></table>`
    : markup`<p>No invoices yet.</p>`;
  return layout(
    'Bargains · Billing (test mode)',
    markup`<section class="portal" aria-label="Billing portal">${merchant}
${session.return_url && markup`<p><a href="${session.return_url}">← Return to Bargains</a></p>`}
<h1>Billing</h1>${NOTICES[notice ?? '']}<p class="eyebrow">${billing.state.customers[session.customer]?.email}</p>
<h2>Current plan</h2>
${subscriptions.length === 0 ? markup`<p>No subscription.</p>` : markup`<table><tbody>${subscriptions.map(subscriptionRow)}</tbody></table>`}
<h2>Payment method</h2><p data-testid="portal-card">${cardText}</p>
${cardForm('succeeds', 'Update card to 4242 4242 4242 4242 (works)', '')}
${cardForm('declines', 'Update card to 4000 0000 0000 0341 (declines charges)', 'secondary')}
<h2>Invoice history</h2>
${invoices}</section>`,
  );
}

export function invoicePage(session: PortalSession, invoice: Invoice): string {
  const paidAt = invoice.status_transitions.paid_at;
  return layout(
    `Invoice ${invoice.number} (test mode)`,
    markup`<section class="portal" aria-label="Invoice"><p><a href="/portal/${encodeURIComponent(session.id)}">← Back to billing</a></p>
<h1>Invoice ${invoice.number}</h1><table><tbody>
<tr><th>Status</th><td>${badge(invoice.status)}</td></tr><tr><th>Date</th><td>${date(invoice.created)}</td></tr>
<tr><th>Period</th><td>${date(invoice.period_start)} – ${date(invoice.period_end)}</td></tr>
<tr><th>${PRODUCT.name}</th><td>${money(invoice.amount_due, invoice.currency)}</td></tr>
<tr><th>Amount paid</th><td>${money(invoice.amount_paid, invoice.currency)}</td></tr>
${paidAt !== null && markup`<tr><th>Paid on</th><td>${date(paidAt)}</td></tr>`}</tbody></table></section>`,
  );
}
