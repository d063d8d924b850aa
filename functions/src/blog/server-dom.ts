// The blog sanitizer on Node: DOMPurify needs a DOM, and jsdom is the one it supports (DOMPurify refuses
// lighter DOMs such as linkedom: isSupported is false and nothing would be removed). jsdom costs about 300 ms to
// import, so it is loaded on the first use, not when the function's module loads.
import type { DOMPurify } from 'dompurify';
import { createBlogPurifier, prepareBlogBody, sanitizeBlogHtml } from '@bargains/model/contracts/blog-html';

export interface ServerBlogHtml {
  /** Sanitized HTML, as stored by the publisher. */
  sanitize(html: string): string;
  /** Sanitized and tidied body markup, exactly what the web app shows for the same HTML. */
  prepareBody(html: string): string;
}

const instances = new Map<string, Promise<ServerBlogHtml>>();

async function create(origin: string): Promise<ServerBlogHtml> {
  const { JSDOM } = await import('jsdom');
  // The window's URL is the site's: relative links resolve against it and count as same-site.
  const { window } = new JSDOM('<!doctype html><html><body></body></html>', { url: `${origin}/` });
  const purifier: DOMPurify = createBlogPurifier(window as unknown as Window & typeof globalThis, origin);
  const container = window.document.createElement('div');
  return {
    sanitize: (html) => sanitizeBlogHtml(purifier, html),
    prepareBody: (html) => {
      container.replaceChildren(prepareBlogBody(purifier, html));
      const markup = container.innerHTML;
      container.replaceChildren();
      return markup;
    },
  };
}

/** One jsdom window per site origin, created on first use. */
export function serverBlogHtml(origin: string): Promise<ServerBlogHtml> {
  let instance = instances.get(origin);
  if (!instance) {
    instance = create(origin);
    instances.set(origin, instance);
  }
  return instance;
}
