// Digest and alert email, rendered from small components into MJML (HTML that survives mail clients) and into
// plain text from the same data. Deal text comes from third-party feeds: every value is escaped, links are
// http(s) only (parseDeal guarantees url_home is).
import mjml2html from 'mjml';
import { DEAL_CATEGORY_LABELS, type DealCategory } from '../model/category';
import type { EmailList } from './token';

export interface EmailDeal {
  title: string;
  savings: string;
  shop_name: string;
  code: string | null;
  end_date: Date;
  url_home: string;
  category: DealCategory;
}

export interface EmailContent {
  list: EmailList;
  /** "daily" or "weekly" for digests. */
  frequency?: 'daily' | 'weekly';
  deals: readonly EmailDeal[];
  /** The user's IANA zone, for end dates. */
  timeZone: string;
  unsubscribeUrl: string;
  preferencesUrl: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const BRAND = '#4f46e5';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function endsOn(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium' }).format(date);
}

function subjectOf(content: EmailContent): string {
  const count = content.deals.length;
  const deals = `${count} ${count === 1 ? 'deal' : 'deals'}`;
  if (content.list === 'alerts') return `Unusually cheap: ${deals} you asked to hear about`;
  return `Your ${content.frequency === 'weekly' ? 'weekly' : 'daily'} Bargains digest: ${deals}`;
}

function introOf(content: EmailContent): string {
  if (content.list === 'alerts') {
    return 'These deals save more than almost every other deal in their category this month, or reach your alert threshold.';
  }
  return `New deals matching your interests since your last ${content.frequency === 'weekly' ? 'weekly' : 'daily'} digest, biggest savings first.`;
}

/** One deal: savings badge, title, shop and category, code, end date and the link. */
function dealCard(deal: EmailDeal, timeZone: string): string {
  const code = deal.code
    ? `<mj-text font-size="14px" padding="4px 0">Code: <strong style="font-family:monospace">${escapeHtml(deal.code)}</strong></mj-text>`
    : `<mj-text font-size="14px" padding="4px 0">No code needed</mj-text>`;
  return `
    <mj-section background-color="#ffffff" border="1px solid #e5e7eb" border-radius="8px" padding="12px 16px">
      <mj-column>
        <mj-text font-size="13px" font-weight="700" color="${BRAND}" padding="0 0 4px">${escapeHtml(deal.savings)}</mj-text>
        <mj-text font-size="17px" font-weight="700" padding="0 0 4px">${escapeHtml(deal.title)}</mj-text>
        <mj-text font-size="14px" color="#4b5563" padding="0 0 4px">${escapeHtml(deal.shop_name)} · ${escapeHtml(DEAL_CATEGORY_LABELS[deal.category])}</mj-text>
        ${code}
        <mj-text font-size="14px" color="#4b5563" padding="4px 0">Ends ${escapeHtml(endsOn(deal.end_date, timeZone))}</mj-text>
        <mj-button href="${escapeHtml(deal.url_home)}" background-color="${BRAND}" align="left" padding="8px 0 0">View Deal</mj-button>
      </mj-column>
    </mj-section>
    <mj-section padding="6px 0"><mj-column><mj-spacer height="6px" /></mj-column></mj-section>`;
}

function footer(content: EmailContent): string {
  const what = content.list === 'alerts' ? 'these alerts' : 'this digest';
  return `
    <mj-section padding="16px 0">
      <mj-column>
        <mj-text font-size="12px" color="#6b7280" align="center">
          You get ${what} because you chose it in your Bargains preferences.
          <a href="${escapeHtml(content.preferencesUrl)}" style="color:${BRAND}">Change preferences</a> ·
          <a href="${escapeHtml(content.unsubscribeUrl)}" style="color:${BRAND}">Unsubscribe from ${what}</a>
        </mj-text>
      </mj-column>
    </mj-section>`;
}

function layout(content: EmailContent, subject: string): string {
  return `<mjml>
  <mj-head>
    <mj-title>${escapeHtml(subject)}</mj-title>
    <mj-preview>${escapeHtml(introOf(content))}</mj-preview>
    <mj-attributes><mj-all font-family="Helvetica, Arial, sans-serif" /></mj-attributes>
  </mj-head>
  <mj-body background-color="#f3f4f6">
    <mj-section padding="24px 0 8px">
      <mj-column>
        <mj-text font-size="22px" font-weight="700" color="${BRAND}">Bargains</mj-text>
        <mj-text font-size="16px">${escapeHtml(introOf(content))}</mj-text>
      </mj-column>
    </mj-section>
    ${content.deals.map((deal) => dealCard(deal, content.timeZone)).join('\n')}
    ${footer(content)}
  </mj-body>
</mjml>`;
}

function plainText(content: EmailContent): string {
  const what = content.list === 'alerts' ? 'these alerts' : 'this digest';
  const deals = content.deals.map((deal) =>
    [
      `${deal.savings}: ${deal.title}`,
      `${deal.shop_name} · ${DEAL_CATEGORY_LABELS[deal.category]}`,
      deal.code ? `Code: ${deal.code}` : 'No code needed',
      `Ends ${endsOn(deal.end_date, content.timeZone)}`,
      deal.url_home,
    ].join('\n'),
  );
  return [
    'Bargains',
    '',
    introOf(content),
    '',
    deals.join('\n\n'),
    '',
    '--',
    `Change preferences: ${content.preferencesUrl}`,
    `Unsubscribe from ${what}: ${content.unsubscribeUrl}`,
    '',
  ].join('\n');
}

export async function renderEmail(content: EmailContent): Promise<RenderedEmail> {
  const subject = subjectOf(content);
  const { html, errors } = await mjml2html(layout(content, subject), { validationLevel: 'strict' });
  if (errors.length > 0)
    throw new Error(`email template invalid: ${errors.map((e) => e.formattedMessage).join('; ')}`);
  return { subject, html, text: plainText(content) };
}

/** Stands in for the one per-user part of an email while it renders (no character in it is escaped). */
const UNSUBSCRIBE_SLOT = 'https://unsubscribe-slot.invalid/link';

/**
 * A renderer that compiles MJML once per distinct email: many subscribers share their deals, zone and list
 * (same interests, or none), and a 20-deal email takes ~40 ms to compile. The unsubscribe link, the only
 * per-user part, is filled in afterwards. The newest `capacity` renderings are kept (callers send emails with
 * the same content one after another).
 */
export function createEmailRenderer(capacity = 64): (content: EmailContent) => Promise<RenderedEmail> {
  const cache = new Map<string, Promise<RenderedEmail>>();
  return async (content) => {
    const { unsubscribeUrl: _perUser, ...shared } = content;
    const key = JSON.stringify(shared);
    let rendering = cache.get(key);
    if (rendering) cache.delete(key);
    else rendering = renderEmail({ ...content, unsubscribeUrl: UNSUBSCRIBE_SLOT });
    cache.set(key, rendering);
    if (cache.size > capacity) cache.delete(cache.keys().next().value as string);
    const template = await rendering;
    return {
      subject: template.subject,
      html: template.html.split(UNSUBSCRIBE_SLOT).join(escapeHtml(content.unsubscribeUrl)),
      text: template.text.split(UNSUBSCRIBE_SLOT).join(content.unsubscribeUrl),
    };
  };
}
