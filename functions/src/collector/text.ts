// Untrusted feed text → plain text: HTML reduced to its visible text (the model's one HTML-to-text helper),
// control characters and runs of whitespace collapsed, then capped. The web app renders deal text as text
// nodes, so this is about clean data (no markup, no megabyte titles), not about escaping.
import { htmlToPlainText } from '../model/plain-text';

/** Cuts to at most `maxLength` UTF-16 units, ending in '…', without splitting a surrogate pair. */
export function capLength(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let cut = text.slice(0, maxLength - 1);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** Visible text of an untrusted value, whitespace-collapsed and capped at `maxLength`. */
export function plainText(raw: string, maxLength: number): string {
  // A hostile value can be megabytes long: only a bounded prefix is parsed (markup can hide a lot of text).
  const bounded = raw.length > maxLength * 8 + 1024 ? raw.slice(0, maxLength * 8 + 1024) : raw;
  return capLength(htmlToPlainText(bounded), maxLength);
}
