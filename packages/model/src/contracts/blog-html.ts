// Blog bodies are untrusted HTML (published from files ops did not write). One sanitizer for every place that
// handles them, with the same allow-list everywhere: the publisher (stores sanitized HTML), the server render
// (functions, jsdom) and the browser (web app). DOMPurify removes scripts, event handlers and script URLs; the
// config below also drops embedded content, forms and inline styles, and the hooks harden links and images:
// images and media load from the site only (model/fields.ts isImageReference says why).
// `prepareBlogBody` then tidies the sanitized nodes for display under the page's own title.
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';

/** Embedded documents/plugins, form controls and page-level elements have no place in an article body. */
const FORBIDDEN_TAGS = [
  'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'portal', 'form', 'input', 'button', 'select',
  'option', 'optgroup', 'textarea', 'datalist', 'fieldset', 'output', 'style', 'link', 'meta', 'base', 'dialog',
  'template',
]; // prettier-ignore
/** Inline styles can overlay the page (click-jacking inside our own origin); `srcdoc`/`formaction` smuggle documents. */
const FORBIDDEN_ATTRIBUTES = ['style', 'srcdoc', 'formaction', 'action', 'ping'];

export const BLOG_SANITIZE_CONFIG: Config = {
  // HTML only: SVG and MathML are the usual carriers of namespace-confusion (mXSS) tricks.
  USE_PROFILES: { html: true },
  FORBID_TAGS: FORBIDDEN_TAGS,
  FORBID_ATTR: FORBIDDEN_ATTRIBUTES,
  ALLOW_DATA_ATTR: false,
};

/** Raster images may be inlined as data: URLs; anything else (data:text/html, data:image/svg+xml…) may not. */
const SAFE_DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|avif);base64,[a-z0-9+/=\s]+$/i;
const URL_ATTRIBUTES = new Set(['href', 'src', 'xlink:href', 'poster', 'srcset', 'cite', 'background']);
/** Attributes whose URL the browser loads with the page (images, posters, media), unlike a link's href. */
export const LOADING_ATTRIBUTES = new Set(['src', 'srcset', 'poster', 'background']);

/** The URLs of a `srcset` value (its candidates without their width or density descriptors). */
export function srcsetUrls(value: string): string[] {
  return value
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter((url) => url !== '');
}

/**
 * Whether the page may load `value`: only from the site itself, as the CSP (`img-src 'self' data:`, media from
 * `default-src 'self'`) allows. Resolved as the browser resolves it, so `//x` and `/\x` count as other hosts.
 */
export function isSiteResource(value: string, origin: string): boolean {
  try {
    return new URL(value, `${origin}/`).origin === origin;
  } catch {
    return false;
  }
}

function isExternal(href: string, origin: string): boolean {
  try {
    const url = new URL(href, origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== origin;
  } catch {
    return false;
  }
}

/**
 * A dedicated DOMPurify instance for `window` (a browser window or a jsdom one); hooks added here must not leak
 * into other users of the default export. `origin` is the site's own origin: links elsewhere open in a new tab.
 */
export function createBlogPurifier(window: Window & typeof globalThis, origin: string): DOMPurify {
  const purifier = createDOMPurify(window);
  if (!purifier.isSupported) throw new Error('DOMPurify cannot run on this DOM implementation');

  purifier.addHook('uponSanitizeAttribute', (node, event) => {
    if (!URL_ATTRIBUTES.has(event.attrName)) return;
    const value = event.attrValue.trim();
    if (/^data:/i.test(value)) {
      event.keepAttr = node.nodeName === 'IMG' && event.attrName === 'src' && SAFE_DATA_IMAGE.test(value);
    } else if (LOADING_ATTRIBUTES.has(event.attrName)) {
      // An image from another host would be blocked by the CSP (a console error for every reader) and would tell
      // that host who reads the post: the post shows its alt text instead.
      const urls = event.attrName === 'srcset' ? srcsetUrls(value) : [value];
      event.keepAttr = urls.every((url) => isSiteResource(url, origin));
    }
  });

  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A') {
      const href = node.getAttribute('href');
      if (href && isExternal(href, origin)) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      } else {
        // A same-site link has no reason to open elsewhere; a leftover target would keep window.opener.
        node.removeAttribute('target');
      }
    } else if (node.nodeName === 'IMG') {
      // Body images sit below the cover: never block the first paint on them.
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
    }
  });

  return purifier;
}

/** Sanitized nodes of `purifier`'s document, never serialized and parsed again before use. */
export function sanitizeBlogFragment(purifier: DOMPurify, html: string): DocumentFragment {
  return purifier.sanitize(html, { ...BLOG_SANITIZE_CONFIG, RETURN_DOM_FRAGMENT: true });
}

/** Sanitized HTML as a string (what the publisher stores). */
export function sanitizeBlogHtml(purifier: DOMPurify, html: string): string {
  return purifier.sanitize(html, BLOG_SANITIZE_CONFIG);
}

// ---------------------------------------------------------------------------------------------------------
// Presentation fixes. The page renders the title itself, so a heading that opens the body would show it
// twice; the remaining <h1>s become <h2>s so the page keeps one top-level heading. Tables get a scrolling
// wrapper so a wide one never widens the page on a phone.

/** True when no readable text or image comes before `element` inside `root`. */
function isLeading(root: DocumentFragment, element: Element): boolean {
  const range = root.ownerDocument.createRange();
  range.setStart(root, 0);
  range.setEndBefore(element);
  const before = range.cloneContents();
  return (before.textContent ?? '').trim() === '' && before.querySelector('img') === null;
}

/** Removes `element`, then any wrapper it leaves without text or images (an emptied <header>, say). */
function removeWithEmptyWrappers(element: Element) {
  let parent = element.parentElement;
  element.remove();
  while (parent && (parent.textContent ?? '').trim() === '' && parent.querySelector('img') === null) {
    const next = parent.parentElement;
    parent.remove();
    parent = next;
  }
}

function demoteToH2(heading: Element) {
  const replacement = heading.ownerDocument.createElement('h2');
  for (const attribute of Array.from(heading.attributes))
    replacement.setAttribute(attribute.name, attribute.value);
  replacement.append(...Array.from(heading.childNodes));
  heading.replaceWith(replacement);
}

/** Sanitizes `html` and tidies it for display under the page's own title. */
export function prepareBlogBody(purifier: DOMPurify, html: string): DocumentFragment {
  const body = sanitizeBlogFragment(purifier, html);
  const firstHeading = body.querySelector('h1');
  if (firstHeading && isLeading(body, firstHeading)) removeWithEmptyWrappers(firstHeading);
  for (const heading of Array.from(body.querySelectorAll('h1'))) demoteToH2(heading);
  for (const table of Array.from(body.querySelectorAll('table'))) {
    const wrapper = body.ownerDocument.createElement('div');
    wrapper.className = 'blog-table-scroll';
    table.replaceWith(wrapper);
    wrapper.append(table);
  }
  return body;
}
