// Untrusted feed text → plain text: HTML reduced to its visible text (the model's one HTML-to-text helper),
// control characters and runs of whitespace collapsed, then capped. The web app renders deal text as text
// nodes, so this is about clean data (no markup, no megabyte titles), not about escaping.
import { htmlToPlainText } from '@bargains/model/plain-text';

/**
 * The first `length` UTF-16 units, one fewer when the cut would split a surrogate pair: half a pair is a lone
 * surrogate, which Firestore refuses to store.
 */
function headOf(text: string, length: number): string {
  const last = text.charCodeAt(length - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? length - 1 : length);
}

/** Cuts to at most `maxLength` UTF-16 units, ending in '…', without splitting a surrogate pair. */
export function capLength(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  return `${headOf(text, maxLength - 1).trimEnd()}…`;
}

/** Visible text of an untrusted value, whitespace-collapsed and capped at `maxLength`. */
export function plainText(raw: string, maxLength: number): string {
  // A hostile value can be megabytes long: only a bounded prefix is parsed (markup can hide a lot of text).
  const bound = maxLength * 8 + 1024;
  return capLength(htmlToPlainText(raw.length > bound ? headOf(raw, bound) : raw), maxLength);
}
