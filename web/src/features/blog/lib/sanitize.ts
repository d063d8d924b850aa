// The browser's instance of the shared blog sanitizer (@bargains/model/blog-html: the same allow-list as the publisher
// and the server render).
import type { DOMPurify } from 'dompurify';
import {
  createBlogPurifier,
  sanitizeBlogFragment as sanitizeWith,
} from '@bargains/model/contracts/blog-html';

let sharedPurifier: DOMPurify | undefined;

export function blogPurifier(): DOMPurify {
  sharedPurifier ??= createBlogPurifier(window, window.location.origin);
  return sharedPurifier;
}

/**
 * A sanitized blog body as nodes of this document: the page inserts them directly, so the output is never
 * serialized and parsed again (each extra round trip is a chance for mutation XSS).
 */
export function sanitizeBlogFragment(html: string): DocumentFragment {
  return sanitizeWith(blogPurifier(), html);
}
