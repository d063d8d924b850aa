// Escaping for the documents the blog function writes by hand (head tags, XML feeds).
import { LONE_SURROGATE } from '@bargains/model/unicode';

/** Text or an attribute value in HTML or XML (the five characters with meaning in either). */
export function escapeMarkup(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * Characters an XML 1.0 document may not contain, even escaped: C0 controls other than tab, LF and CR, U+FFFE,
 * U+FFFF and lone surrogates. One of them makes the whole feed ill-formed, and a strict reader then drops every
 * post, not just the one. The C1 controls (U+007F–U+009F) are allowed but "discouraged" by the spec and mean
 * nothing in a title or a name, so they go too.
 */
const NOT_XML_TEXT = new RegExp(
  `[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|${LONE_SURROGATE.source}`,
  'g',
);

/** Text or an attribute value in an XML document (feeds, sitemap): what XML cannot hold removed, then escaped. */
export function escapeXml(text: string): string {
  return escapeMarkup(text.replace(NOT_XML_TEXT, ''));
}

/** An absolute URL on the site for a site path or an absolute URL (covers may be either). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${origin}/`).href;
}
