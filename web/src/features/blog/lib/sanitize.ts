// Blog bodies are untrusted HTML (published from files ops did not write). DOMPurify removes scripts, event
// handlers and script URLs; the config below also drops embedded content, forms and inline styles, and the
// hooks harden links and images.
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';

/** Embedded documents/plugins, form controls and page-level elements have no place in an article body. */
const FORBIDDEN_TAGS = [
  'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'portal', 'form', 'input', 'button', 'select',
  'option', 'optgroup', 'textarea', 'datalist', 'fieldset', 'output', 'style', 'link', 'meta', 'base', 'dialog',
]; // prettier-ignore
/** Inline styles can overlay the page (click-jacking inside our own origin); `srcdoc`/`formaction` smuggle documents. */
const FORBIDDEN_ATTRIBUTES = ['style', 'srcdoc', 'formaction', 'action', 'ping'];

const CONFIG: Config = {
  // HTML only: SVG and MathML are the usual carriers of namespace-confusion (mXSS) tricks.
  USE_PROFILES: { html: true },
  FORBID_TAGS: FORBIDDEN_TAGS,
  FORBID_ATTR: FORBIDDEN_ATTRIBUTES,
  ALLOW_DATA_ATTR: false,
};

/** Raster images may be inlined as data: URLs; anything else (data:text/html, data:image/svg+xml…) may not. */
const SAFE_DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|avif);base64,[a-z0-9+/=\s]+$/i;
const URL_ATTRIBUTES = new Set(['href', 'src', 'xlink:href', 'poster', 'srcset', 'cite', 'background']);

function isExternal(href: string, origin: string): boolean {
  try {
    const url = new URL(href, origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== origin;
  } catch {
    return false;
  }
}

function createBlogPurifier(window: Window & typeof globalThis): DOMPurify {
  // A dedicated instance: hooks added here must not leak into other users of the default DOMPurify export.
  const purifier = createDOMPurify(window);
  const origin = window.location.origin;

  purifier.addHook('uponSanitizeAttribute', (node, event) => {
    if (!URL_ATTRIBUTES.has(event.attrName)) return;
    const value = event.attrValue.trim();
    if (!/^data:/i.test(value)) return;
    event.keepAttr = node.nodeName === 'IMG' && event.attrName === 'src' && SAFE_DATA_IMAGE.test(value);
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

let sharedPurifier: DOMPurify | undefined;

function blogPurifier(): DOMPurify {
  sharedPurifier ??= createBlogPurifier(window);
  return sharedPurifier;
}

/**
 * A sanitized blog body as nodes of this document: the page inserts them directly, so the output is never
 * serialized and parsed again (each extra round trip is a chance for mutation XSS).
 */
export function sanitizeBlogFragment(html: string): DocumentFragment {
  return blogPurifier().sanitize(html, { ...CONFIG, RETURN_DOM_FRAGMENT: true });
}
