// The one way a blog post becomes its stored document, for both writers: the ops command
// (scripts/publish-post.ts, via tools/blog/publish.ts) and the browser composer's function
// (handlers/write-blog-post.ts). The body is checked (size, site-only images), its fields derived once here
// (blog/derive.ts), and it is stored sanitized with the sanitizer every reader uses (model/contracts/blog-html.ts).
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import type { BlogDoc } from '@bargains/model/blog';
import { isSiteResource, LOADING_ATTRIBUTES, srcsetUrls } from '@bargains/model/contracts/blog-html';
import { MAX_POST_HTML_BYTES, SITE_IMAGE_RULE } from '@bargains/model/blog-draft';
import { deriveBlogFields, type DerivedBlogFields } from './derive';

export { MAX_POST_HTML_BYTES as MAX_HTML_BYTES, SITE_IMAGE_RULE };

type Node = DefaultTreeAdapterTypes.Node;

/** Elements the sanitizer keeps whose URLs the browser loads (iframes, embeds and the like are removed whole). */
const MEDIA_ELEMENTS = new Set(['img', 'source', 'video', 'audio', 'track']);
/**
 * The origin both writers sanitize and check bodies against. Any origin will do: site paths and relative URLs
 * resolve onto it, other hosts do not; the pages sanitize again with the site's own origin.
 */
export const PUBLISHER_ORIGIN = 'https://publisher.invalid';

/**
 * The URLs a body's images and media would load from another host: the sanitizer drops them when the post is
 * shown (blog-html.ts isSiteResource, the same rule); refusing them here tells the author at once, instead of
 * publishing a post whose pictures silently never appear. data: URLs are the sanitizer's business.
 */
export function foreignResourceUrls(html: string): string[] {
  const found: string[] = [];
  const stack: Node[] = [parse(html)];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if ('attrs' in node && MEDIA_ELEMENTS.has(node.nodeName)) {
      for (const { name, value } of node.attrs) {
        if (!LOADING_ATTRIBUTES.has(name)) continue;
        const urls = name === 'srcset' ? srcsetUrls(value) : [value.trim()];
        found.push(...urls.filter((url) => !/^data:/i.test(url) && !isSiteResource(url, PUBLISHER_ORIGIN)));
      }
    }
    if ('content' in node) stack.push(node.content);
    if ('childNodes' in node) stack.push(...node.childNodes);
  }
  return found;
}

export interface BlogDocumentFields {
  cover: string;
  authorName: string;
  authorAvatar: string;
  authorBio: string;
  /**
   * Fields the writer states instead of deriving them from the HTML: the composer has a title field and tag
   * chips, the ops command's HTML files carry them in their markup.
   */
  stated?: Partial<Pick<DerivedBlogFields, 'title' | 'tags'>>;
}

/** Why the post cannot be stored, in words for the person who wrote it. */
export type BlogDocumentError = { error: string };

/**
 * The stored blog document (docs/reference.md#blog): the sanitized body, the stored fields, and the plain-text
 * fields derived once, here, at publish time (from the original HTML: its JSON-LD and <meta> are removed by
 * sanitizing).
 */
export function buildBlogDocument(
  html: string,
  fields: BlogDocumentFields,
  dates: { publishedAt: Date; updatedAt: Date },
  sanitize: (html: string) => string,
): { document: BlogDoc } | BlogDocumentError {
  const bytes = Buffer.byteLength(html, 'utf8');
  if (html.trim() === '') return { error: 'The HTML file is empty.' };
  if (bytes > MAX_POST_HTML_BYTES) {
    return {
      error: `The HTML file is ${bytes} bytes; the limit is ${MAX_POST_HTML_BYTES} (Firestore's 1 MiB document cap).`,
    };
  }
  const foreign = foreignResourceUrls(html);
  if (foreign.length > 0) {
    return {
      error: `Body images ${SITE_IMAGE_RULE}. Copy these into web/public/blog/ and use their site paths: ${foreign.join(', ')}`,
    };
  }
  const derived = { ...deriveBlogFields(html), ...fields.stated };
  if (!derived.title) {
    return { error: 'Cannot derive a title: add a JSON-LD "headline" or an <h1> to the HTML.' };
  }
  const sanitized = sanitize(html);
  if (sanitized.trim() === '') {
    return { error: 'Nothing is left of the body once scripts, frames and forms are removed.' };
  }
  return {
    document: {
      html_content: sanitized,
      coverImage: fields.cover,
      author: { name: fields.authorName, avatar: fields.authorAvatar, bio: fields.authorBio },
      ...dates,
      ...derived,
    },
  };
}

/** Re-publishing without a date keeps the original date (an edit should not bump a post to the top). */
export function choosePublishedAt(requested: Date | undefined, existing: Date | undefined, now: Date): Date {
  return requested ?? existing ?? now;
}
