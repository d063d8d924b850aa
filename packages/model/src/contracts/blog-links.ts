// Addresses of the blog list's pages. No imports: the server renderer bundles it without the model's zod.

/** The query parameter of a list page after the first: `/blog?after=<id of the previous page's last post>`. */
export const BLOG_CURSOR_PARAM = 'after';

/** The address of the list page that starts after the post `afterId` (the first page for null). */
export function blogListPath(afterId: string | null): string {
  return afterId === null ? '/blog' : `/blog?${BLOG_CURSOR_PARAM}=${encodeURIComponent(afterId)}`;
}
