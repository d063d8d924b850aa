// Which blog resource a request asks for (the Hosting rewrites in firebase.json send these paths to
// render_blog). Pure: the handler does the reads.
import { isPossibleBlogId } from '@bargains/model/blog';
import { BLOG_CURSOR_PARAM } from '@bargains/model/contracts/blog-links';

export type BlogRoute =
  | { kind: 'list'; after: string | null }
  | { kind: 'post'; id: string }
  | { kind: 'sitemap' }
  | { kind: 'feed' }
  | { kind: 'robots' }
  /** A path under /blog that can name no post (e.g. /blog/a/b): the not-found page. */
  | { kind: 'not-found' }
  | { kind: 'bad-request'; message: string };

/** `url` is the request's path and query as received, e.g. `/blog?after=some-post`. */
export function routeBlogRequest(url: string): BlogRoute {
  const parsed = new URL(url, 'http://localhost');
  // Hosting may pass a trailing slash through; /blog/ is the list, /blog/x/ the post x.
  const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/$/, '') : parsed.pathname;
  if (path === '/sitemap.xml') return { kind: 'sitemap' };
  if (path === '/blog/rss.xml') return { kind: 'feed' };
  if (path === '/robots.txt') return { kind: 'robots' };
  if (path === '/blog') {
    const cursors = parsed.searchParams.getAll(BLOG_CURSOR_PARAM);
    if (cursors.length === 0) return { kind: 'list', after: null };
    const [after] = cursors;
    if (cursors.length > 1 || after === undefined || !isPossibleBlogId(after)) {
      return {
        kind: 'bad-request',
        message: `The page address is not valid: "${BLOG_CURSOR_PARAM}" must name one blog post.`,
      };
    }
    return { kind: 'list', after };
  }
  const match = /^\/blog\/([^/]+)$/.exec(path);
  if (match?.[1] !== undefined) {
    let id: string;
    try {
      id = decodeURIComponent(match[1]);
    } catch {
      return { kind: 'not-found' };
    }
    return isPossibleBlogId(id) ? { kind: 'post', id } : { kind: 'not-found' };
  }
  return { kind: 'not-found' };
}
