// Untrusted feed text → plain text: HTML parsed (parse5, a spec-compliant parser) and reduced to its visible text,
// control characters and runs of whitespace collapsed, then capped. The web app renders deal text as text
// nodes, so this is about clean data (no markup, no megabyte titles), not about escaping.
import { parseFragment } from 'parse5';

/** Elements whose content is never visible text. */
const INVISIBLE = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'iframe',
  'object',
  'svg',
  'math',
  'head',
]);
/** Elements that separate words when rendered. */
const BREAKING = new Set([
  'br',
  'p',
  'div',
  'li',
  'ul',
  'ol',
  'tr',
  'td',
  'th',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
]);

interface HtmlNode {
  nodeName: string;
  value?: string;
  childNodes?: HtmlNode[];
  content?: HtmlNode;
}

function htmlToText(html: string): string {
  const parts: string[] = [];
  const pending: HtmlNode[] = [parseFragment(html) as unknown as HtmlNode];
  while (pending.length > 0) {
    const node = pending.pop();
    if (!node || INVISIBLE.has(node.nodeName)) continue;
    if (node.nodeName === '#text') parts.push(node.value ?? '');
    else if (BREAKING.has(node.nodeName)) parts.push(' ');
    const children = node.childNodes ?? [];
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child) pending.push(child);
    }
  }
  return parts.join('');
}

/** Cuts to at most `maxLength` UTF-16 units, ending in '…', without splitting a surrogate pair. */
export function capLength(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let cut = text.slice(0, maxLength - 1);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

// eslint-disable-next-line no-control-regex -- the point is to remove control characters
const CONTROL_AND_SPACE = /[\u0000-\u001f\u007f-\u009f\s\u200b\ufeff]+/g;

/** Visible text of an untrusted value, whitespace-collapsed and capped at `maxLength`. */
export function plainText(raw: string, maxLength: number): string {
  // A hostile value can be megabytes long: only a bounded prefix is parsed (markup can hide a lot of text).
  const bounded = raw.length > maxLength * 8 + 1024 ? raw.slice(0, maxLength * 8 + 1024) : raw;
  const text = /[<&]/.test(bounded) ? htmlToText(bounded) : bounded;
  return capLength(text.replace(CONTROL_AND_SPACE, ' ').trim(), maxLength);
}
