// HTML → plain text, one way for every place that derives text from markup: the deal collector (feed titles and
// descriptions) and the blog publisher (titles, descriptions, tags, word counts). parse5 is a spec-compliant
// parser: malformed markup is repaired as browsers repair it and character references are decoded. Not a
// sanitizer (that is contracts/blog-html.ts): the result is text, to be rendered as text nodes. Only the modules
// that import this one load parse5.
import { parseFragment, type DefaultTreeAdapterTypes } from 'parse5';

type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type ChildNode = DefaultTreeAdapterTypes.ChildNode;

/** Elements whose content a reader never sees as text (raw text, metadata, embedded documents, graphics). */
const INVISIBLE_ELEMENTS = new Set([
  'head',
  'iframe',
  'math',
  'noscript',
  'object',
  'script',
  'style',
  'svg',
  'template',
  'title',
]);

/** Boundaries of these elements separate words even without whitespace in the source ("<p>a</p><p>b</p>"). */
const BLOCK_ELEMENTS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'caption',
  'dd',
  'details',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);

// eslint-disable-next-line no-control-regex -- the point is to remove control characters
const CONTROL_AND_SPACE = /[\u0000-\u001f\u007f-\u009f\s\u200b\ufeff]+/g;

/**
 * Bidirectional formatting characters: the marks (U+200E LRM, U+200F RLM, U+061C ALM), embeddings and
 * overrides (U+202A–U+202E) and isolates (U+2066–U+2069). Plain text never needs them, and an override makes
 * text display in another order than it is read ("Free gift \u202etxt.exe" shows as "Free gift exe.txt").
 * They are removed, not turned into spaces: a mark sits inside a word.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Runs of whitespace, control characters and zero-width spaces become one space, bidirectional controls are
 * removed; ends trimmed.
 */
export function collapseWhitespace(text: string): string {
  return text.replace(BIDI_CONTROLS, '').replace(CONTROL_AND_SPACE, ' ').trim();
}

/**
 * The visible text of a parsed subtree (a parse5 node), whitespace-collapsed. Block boundaries become spaces;
 * invisible elements are skipped. Iterative: deeply nested hostile markup must not overflow the stack.
 */
export function visibleText(root: ParentNode): string {
  const parts: string[] = [];
  const stack: Array<ChildNode | 'separator'> = [...root.childNodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === undefined) continue;
    if (node === 'separator') {
      parts.push(' ');
    } else if (node.nodeName === '#text' && 'value' in node) {
      parts.push(node.value);
    } else if ('tagName' in node && !INVISIBLE_ELEMENTS.has(node.tagName)) {
      const block = BLOCK_ELEMENTS.has(node.tagName);
      if (block) stack.push('separator');
      for (let i = node.childNodes.length - 1; i >= 0; i -= 1) {
        const child = node.childNodes[i];
        if (child) stack.push(child);
      }
      if (block) stack.push('separator');
    }
  }
  return collapseWhitespace(parts.join(''));
}

/**
 * The words of a value that may hold markup or character references ("Fish &amp; chips<br>today" →
 * "Fish & chips today"): tags dropped, references decoded, whitespace collapsed. A value with neither `<` nor
 * `&` is only whitespace-collapsed (nothing to parse).
 */
export function htmlToPlainText(html: string): string {
  return /[<&]/.test(html) ? visibleText(parseFragment(html)) : collapseWhitespace(html);
}
