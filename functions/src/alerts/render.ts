// Digest and alert email, rendered from small components into MJML (HTML that survives mail clients) and into
// plain text from the same data. Deal text comes from third-party feeds: every value is escaped, links are
// http(s) only (parseDeal guarantees url_home is).
import mjml2html from 'mjml';
import {
  BRAND_COLORS as COLORS,
  BRAND_FONT_SANS,
  BRAND_MARK_PNG_PATH,
  BRAND_NAME,
} from '@bargains/model/brand';
import { DEAL_CATEGORY_LABELS, type DealCategory } from '@bargains/model/category';
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
  /** The site's origin: the header links there and shows the mark from there. */
  siteOrigin: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The end date; a reminder, sent a day or three before, also gives the time and the zone. */
function endsOn(date: Date, timeZone: string, list: EmailList): string {
  const withTime = list === 'reminders' ? ({ timeStyle: 'short' } as const) : {};
  const formatted = new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', ...withTime }).format(
    date,
  );
  if (list !== 'reminders') return formatted;
  const zone = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value;
  return zone ? `${formatted} ${zone}` : formatted;
}

/** What the footer calls this email. */
const LIST_WHAT: Record<EmailList, string> = {
  digest: 'this digest',
  alerts: 'these alerts',
  reminders: 'these reminders',
};

function subjectOf(content: EmailContent): string {
  const count = content.deals.length;
  const deals = `${count} ${count === 1 ? 'deal' : 'deals'}`;
  if (content.list === 'alerts') return `Unusually cheap: ${deals} you asked to hear about`;
  if (content.list === 'reminders') {
    const [first] = content.deals;
    return count === 1 && first ? `Ends soon: ${first.title}` : `Ending soon: ${deals} you saved`;
  }
  return `Your ${content.frequency === 'weekly' ? 'weekly' : 'daily'} Bargains digest: ${deals}`;
}

function introOf(content: EmailContent): string {
  if (content.list === 'alerts') {
    return 'These deals save more than almost every other deal in their category this month, or reach your alert threshold.';
  }
  if (content.list === 'reminders') {
    const [first] = content.deals;
    return content.deals.length === 1 && first
      ? `A deal you saved ends ${endsOn(first.end_date, content.timeZone, 'reminders')}. You asked to be reminded.`
      : 'Deals you saved end soon. You asked to be reminded.';
  }
  return `New deals matching your interests since your last ${content.frequency === 'weekly' ? 'weekly' : 'daily'} digest, biggest savings first.`;
}

/** One deal: savings badge, title, shop and category, code, end date and the link. */
function dealCard(deal: EmailDeal, timeZone: string, list: EmailList): string {
  const code = deal.code
    ? `<mj-text font-size="14px" padding="4px 0">Code: <strong style="font-family:ui-monospace,Menlo,Consolas,monospace;background-color:${COLORS.primaryTint};border:1px dashed ${COLORS.primary};border-radius:6px;padding:1px 6px">${escapeHtml(deal.code)}</strong></mj-text>`
    : `<mj-text font-size="14px" padding="4px 0">No code needed</mj-text>`;
  return `
    <mj-section background-color="${COLORS.surface}" border="1px solid ${COLORS.border}" border-radius="12px" padding="12px 16px">
      <mj-column>
        <mj-text padding="0 0 6px"><span style="display:inline-block;background-color:${COLORS.primarySoft};color:${COLORS.primaryHover};font-size:13px;font-weight:700;border-radius:999px;padding:2px 10px">${escapeHtml(deal.savings)}</span></mj-text>
        <mj-text font-size="17px" font-weight="700" padding="0 0 4px">${escapeHtml(deal.title)}</mj-text>
        <mj-text font-size="14px" color="${COLORS.textMuted}" padding="0 0 4px">${escapeHtml(deal.shop_name)} · ${escapeHtml(DEAL_CATEGORY_LABELS[deal.category])}</mj-text>
        ${code}
        <mj-text font-size="14px" color="${COLORS.textMuted}" padding="4px 0">Ends ${escapeHtml(endsOn(deal.end_date, timeZone, list))}</mj-text>
        <mj-button href="${escapeHtml(deal.url_home)}" background-color="${COLORS.primary}" color="${COLORS.surface}" font-size="15px" font-weight="600" border-radius="8px" align="left" padding="8px 0 0">View Deal</mj-button>
      </mj-column>
    </mj-section>
    <mj-section padding="6px 0"><mj-column><mj-spacer height="6px" /></mj-column></mj-section>`;
}

/** The footer's link to where the reader changes what they get (for reminders: the Saved view). */
const MANAGE_LABEL: Record<EmailList, string> = {
  digest: 'Change preferences',
  alerts: 'Change preferences',
  reminders: 'Manage your reminders',
};

/** Why the reader gets this email. */
function reasonOf(list: EmailList): string {
  return list === 'reminders'
    ? `You get this reminder because you set it on a deal you saved on ${BRAND_NAME}.`
    : `You get ${LIST_WHAT[list]} because you chose it in your ${BRAND_NAME} preferences.`;
}

function footer(content: EmailContent): string {
  const what = LIST_WHAT[content.list];
  return `
    <mj-section padding="16px 0">
      <mj-column>
        <mj-text font-size="12px" color="${COLORS.textMuted}" align="center">
          ${escapeHtml(reasonOf(content.list))}
          <a href="${escapeHtml(content.preferencesUrl)}" style="color:${COLORS.primary}">${MANAGE_LABEL[content.list]}</a> ·
          <a href="${escapeHtml(content.unsubscribeUrl)}" style="color:${COLORS.primary}">Unsubscribe from ${what}</a>
        </mj-text>
      </mj-column>
    </mj-section>`;
}

/** The site header's logo: the mark (a PNG: mail clients do not show SVG) and the wordmark, linking to the site. */
function brandHeader(siteOrigin: string): string {
  const mark = escapeHtml(`${siteOrigin}${BRAND_MARK_PNG_PATH}`);
  return `<a href="${escapeHtml(`${siteOrigin}/`)}" style="color:${COLORS.text};text-decoration:none;font-size:22px;font-weight:800;letter-spacing:-0.03em"><img src="${mark}" width="32" height="32" alt="" style="vertical-align:middle;border:0;border-radius:8px;margin-right:8px">${BRAND_NAME}</a>`;
}

function layout(content: EmailContent, subject: string): string {
  return `<mjml>
  <mj-head>
    <mj-title>${escapeHtml(subject)}</mj-title>
    <mj-preview>${escapeHtml(introOf(content))}</mj-preview>
    <mj-attributes>
      <mj-all font-family="${escapeHtml(BRAND_FONT_SANS)}" />
      <mj-text color="${COLORS.text}" line-height="1.5" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${COLORS.bg}">
    <mj-section padding="24px 0 8px">
      <mj-column>
        <mj-text padding="0 25px 12px">${brandHeader(content.siteOrigin)}</mj-text>
        <mj-text font-size="16px">${escapeHtml(introOf(content))}</mj-text>
      </mj-column>
    </mj-section>
    ${content.deals.map((deal) => dealCard(deal, content.timeZone, content.list)).join('\n')}
    ${footer(content)}
  </mj-body>
</mjml>`;
}

function plainText(content: EmailContent): string {
  const what = LIST_WHAT[content.list];
  const deals = content.deals.map((deal) =>
    [
      `${deal.savings}: ${deal.title}`,
      `${deal.shop_name} · ${DEAL_CATEGORY_LABELS[deal.category]}`,
      deal.code ? `Code: ${deal.code}` : 'No code needed',
      `Ends ${endsOn(deal.end_date, content.timeZone, content.list)}`,
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
    `${MANAGE_LABEL[content.list]}: ${content.preferencesUrl}`,
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
