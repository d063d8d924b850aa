// The unsubscribe function's pages, in the site's look: its header (mark and wordmark linking home), colours and
// font (model/brand.ts, held equal to the web app's CSS tokens by its test). For some users this is the first
// page of the product they see. Hosting's Content-Security-Policy (firebase.json) allows no inline <style> and no
// script, but does allow style attributes (`style-src-attr 'unsafe-inline'`): the page is styled through those
// alone and runs no script. Fluid widths (no media queries in attributes) keep it readable from 320 px up.
import { escapeHtml } from '../alerts/render';
import { BRAND_COLORS as C, BRAND_FONT_SANS, BRAND_NAME, brandMarkSvg } from '@bargains/model/brand';

/** Inline style declarations from an object (values are constants of this module, never user input). */
const css = (declarations: Record<string, string | number>) =>
  Object.entries(declarations)
    .map(([property, value]) => `${property.replace(/[A-Z]/g, (l) => `-${l.toLowerCase()}`)}:${value}`)
    .join(';');

const STYLES = {
  body: css({
    margin: 0,
    minHeight: '100vh',
    background: C.bg,
    color: C.text,
    fontFamily: BRAND_FONT_SANS,
    lineHeight: 1.6,
    display: 'flex',
    flexDirection: 'column',
  }),
  header: css({ background: C.surface, borderBottom: `1px solid ${C.border}` }),
  headerInner: css({ maxWidth: '72rem', margin: '0 auto', padding: '0.9rem 1.25rem' }),
  brand: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '0.6rem',
    color: C.text,
    textDecoration: 'none',
    fontWeight: 800,
    fontSize: '1.25rem',
    letterSpacing: '-0.03em',
  }),
  main: css({ flex: '1 0 auto', padding: '2.5rem 1.25rem 3rem' }),
  card: css({
    maxWidth: '32rem',
    margin: '0 auto',
    background: C.surface,
    border: `1px solid ${C.border}`,
    borderRadius: '16px',
    padding: '2rem clamp(1.25rem, 5vw, 2.25rem)',
    boxShadow: '0 4px 12px -2px rgb(15 23 42 / 0.08), 0 2px 4px -2px rgb(15 23 42 / 0.05)',
  }),
  h1: css({
    margin: '0 0 0.5rem',
    fontSize: 'clamp(1.5rem, 5vw, 1.875rem)',
    lineHeight: 1.2,
    letterSpacing: '-0.02em',
  }),
  text: css({ margin: '0 0 1.25rem', color: C.textMuted, fontSize: '1.0625rem' }),
  button: css({
    display: 'inline-block',
    minHeight: '44px',
    padding: '0.7rem 1.5rem',
    border: 0,
    borderRadius: '8px',
    background: C.primary,
    color: C.surface,
    font: `600 1rem/1.2 ${BRAND_FONT_SANS}`,
    cursor: 'pointer',
  }),
  link: css({ color: C.primary, fontWeight: 600 }),
  footer: css({ padding: '1.5rem 1.25rem', textAlign: 'center', color: C.textMuted, fontSize: '0.875rem' }),
};

export interface UnsubscribePageContent {
  title: string;
  /** A sentence (escaped here). */
  message: string;
  /** A form that posts to `action` with one submit button labelled `label`. */
  form?: { action: string; label: string };
  preferencesUrl: string;
  /** Where the brand links (the site's home page). */
  homeUrl: string;
}

/** The whole HTML document. */
export function unsubscribePage(content: UnsubscribePageContent): string {
  const { title, message, form, preferencesUrl, homeUrl } = content;
  const action = form
    ? `<form method="post" action="${escapeHtml(form.action)}"><button type="submit" style="${STYLES.button}">${escapeHtml(form.label)}</button></form>`
    : '';
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="theme-color" content="${C.primary}">`,
    '<meta name="robots" content="noindex">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<title>${escapeHtml(title)} · ${BRAND_NAME}</title>`,
    '</head>',
    `<body style="${STYLES.body}">`,
    `<header style="${STYLES.header}"><div style="${STYLES.headerInner}">`,
    `<a href="${escapeHtml(homeUrl)}" style="${STYLES.brand}" aria-label="${BRAND_NAME} home">${brandMarkSvg(32)}<span>${BRAND_NAME}</span></a>`,
    '</div></header>',
    `<main id="main" style="${STYLES.main}"><div style="${STYLES.card}">`,
    `<h1 style="${STYLES.h1}">${escapeHtml(title)}</h1>`,
    `<p style="${STYLES.text}">${escapeHtml(message)}</p>`,
    action,
    `<p style="${css({ margin: form ? '1.5rem 0 0' : 0, fontSize: '0.9375rem' })}">Choose what we send you: <a href="${escapeHtml(preferencesUrl)}" style="${STYLES.link}">Email preferences</a></p>`,
    '</div></main>',
    `<footer style="${STYLES.footer}">${BRAND_NAME} · curated deals for $2/month</footer>`,
    '</body>',
    '</html>',
  ].join('\n');
}
