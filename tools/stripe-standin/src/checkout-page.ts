// The hosted checkout page served at each session's `url`: a small, script-free HTML page in Stripe's style.
import { PRODUCT } from './config';
import type { WireCheckoutSession } from './wire-types';

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export function formatMoney(amountInCents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amountInCents / 100,
  );
}

const STYLE = `
  :root { color-scheme: light; --ink: #1a1f36; --muted: #697386; --line: #e3e8ee; --brand: #635bff; --brand-dark: #4f46e5; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; font: 15px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif;
         color: var(--ink); background: linear-gradient(90deg, #f7f9fc 50%, #fff 50%); }
  .test-banner { background: #fff4e5; color: #8a4b00; text-align: center; font-size: 13px; padding: 6px 12px; border-bottom: 1px solid #ffd8a8; }
  .test-banner strong { letter-spacing: .04em; }
  main { display: grid; grid-template-columns: 1fr 1fr; max-width: 920px; margin: 0 auto; min-height: calc(100vh - 34px); }
  .summary, .payment { padding: 64px 48px; }
  .merchant { display: flex; align-items: center; gap: 10px; font-weight: 600; margin-bottom: 40px; }
  .logo { width: 28px; height: 28px; border-radius: 50%; background: var(--brand); color: #fff; display: grid; place-items: center; font-size: 14px; }
  .eyebrow { color: var(--muted); font-weight: 500; margin: 0; }
  .price { font-size: 36px; font-weight: 700; margin: 4px 0 24px; letter-spacing: -.02em; }
  .price small { font-size: 15px; font-weight: 500; color: var(--muted); }
  .line { display: flex; justify-content: space-between; padding: 12px 0; border-top: 1px solid var(--line); }
  .line.total { font-weight: 600; }
  .payment h1 { font-size: 20px; margin: 0 0 20px; }
  .field { margin-bottom: 16px; }
  .field span { display: block; font-size: 13px; color: var(--muted); margin-bottom: 6px; }
  .fake-input { border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; background: #fbfcfd; color: var(--ink); font-variant-numeric: tabular-nums; }
  .note { font-size: 13px; color: var(--muted); margin: 4px 0 20px; }
  button { width: 100%; border: 0; border-radius: 6px; padding: 13px 16px; font: inherit; font-weight: 600; color: #fff; background: var(--brand);
           cursor: pointer; box-shadow: 0 1px 2px rgba(0,0,0,.12); }
  button:hover { background: var(--brand-dark); }
  button.secondary { margin-top: 10px; background: #fff; color: var(--ink); border: 1px solid var(--line); }
  button.secondary:hover { background: #f7f9fc; }
  .error { color: #df1b41; font-weight: 600; margin: 0 0 12px; }
  button:focus-visible, a:focus-visible { outline: 3px solid #a5b4fc; outline-offset: 2px; }
  .cancel { display: block; text-align: center; margin-top: 16px; color: var(--muted); text-decoration: none; }
  .cancel:hover { color: var(--ink); text-decoration: underline; }
  .message { grid-column: 1 / -1; max-width: 460px; margin: 80px auto; text-align: center; padding: 0 24px; }
  .message a { color: var(--brand); font-weight: 600; }
  footer { font-size: 12px; color: var(--muted); margin-top: 40px; }
  body:has(.portal) { background: #f7f9fc; }
  .portal { grid-column: 1 / -1; width: 100%; max-width: 640px; margin: 0 auto; padding: 40px 24px; }
  .portal h1 { font-size: 22px; margin: 0 0 24px; }
  .portal h2 { font-size: 15px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); margin: 32px 0 12px; }
  .portal form { margin: 8px 0; }
  .portal table { width: 100%; border-collapse: collapse; }
  .portal th, .portal td { text-align: left; padding: 10px 6px; border-top: 1px solid var(--line); }
  .portal a { color: var(--brand); font-weight: 600; }
  .status { display: inline-block; font-size: 12px; font-weight: 600; padding: 2px 8px; border-radius: 10px; background: #eef2ff; }
  .status.past_due, .status.open { background: #fde8ec; color: #b3093c; }
  .notice { padding: 12px 14px; border-radius: 6px; background: #e8f7ee; color: #0e6245; font-weight: 600; }
  .notice.error { background: #fde8ec; color: #b3093c; }
  @media (max-width: 760px) {
    body { background: #fff; }
    main { grid-template-columns: 1fr; }
    .summary { background: #f7f9fc; padding: 32px 24px; }
    .payment { padding: 32px 24px; }
  }
`;

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<div class="test-banner" role="note"><strong>TEST MODE</strong> · Local Stripe stand-in: no real card is charged.</div>
<main>
${body}
</main>
</body>
</html>
`;
}

export function checkoutPage(
  session: WireCheckoutSession,
  customerEmail: string | null,
  error?: string,
): string {
  const total = formatMoney(session.amount_total ?? PRODUCT.unitAmount, session.currency ?? PRODUCT.currency);
  const perInterval = `${total} / ${PRODUCT.interval}`;
  const action = `/checkout/${encodeURIComponent(session.id)}`;
  const email = customerEmail ?? 'customer@example.com';
  return layout(
    `${PRODUCT.name} · Checkout (test mode)`,
    `<section class="summary" aria-label="Order summary">
  <div class="merchant"><span class="logo" aria-hidden="true">B</span> Bargains</div>
  <p class="eyebrow">Subscribe to ${escapeHtml(PRODUCT.name)}</p>
  <p class="price">${escapeHtml(total)} <small>per ${PRODUCT.interval}</small></p>
  <div class="line"><span>${escapeHtml(PRODUCT.name)}<br><small class="eyebrow">Billed monthly</small></span><span>${escapeHtml(perInterval)}</span></div>
  <div class="line total"><span>Total due today</span><span>${escapeHtml(total)}</span></div>
  <footer>Session <code>${escapeHtml(session.id.slice(0, 24))}…</code></footer>
</section>
<section class="payment" aria-label="Payment">
  <h1>Pay with card</h1>
  <div class="field"><span>Email</span><div class="fake-input">${escapeHtml(email)}</div></div>
  <div class="field"><span>Card information</span><div class="fake-input">4242 4242 4242 4242 · 12/34 · 123</div></div>
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
  <p class="note">Test mode: paying creates the subscription and sends the webhooks real Stripe would send.</p>
  <form method="post" action="${escapeHtml(action)}/pay">
    <button type="submit">Pay ${escapeHtml(total)}</button>
  </form>
  <form method="post" action="${escapeHtml(action)}/pay">
    <input type="hidden" name="card" value="declined">
    <button type="submit" class="secondary">Try a declined test card (4000 0000 0000 0002)</button>
  </form>
  <a class="cancel" href="${escapeHtml(action)}/cancel">Cancel</a>
</section>`,
  );
}

export function messagePage(title: string, text: string, link?: { href: string; label: string }): string {
  const linkHtml = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : '';
  return layout(
    title,
    `<section class="message">
  <h1>${escapeHtml(title)}</h1>
  <p>${escapeHtml(text)}</p>
  ${linkHtml}
</section>`,
  );
}
