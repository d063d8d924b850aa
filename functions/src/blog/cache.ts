// Cache-Control of the blog function's answers. Hosting's CDN keeps a copy for s-maxage and may serve it while
// it revalidates for stale-while-revalidate more; browsers keep it for max-age. So a newly published post is in
// the list, the feed and the sitemap within 5 minutes of publishing for any page that is being read (s-maxage),
// and at the very most 16 minutes later (a page nobody read for a while is served stale once during the
// 10 minute revalidation window, then kept by that browser for 1 minute). docs/blog.md ("Caching") documents these.

/** Pages and feeds: 1 minute in browsers, 5 minutes at the CDN, then 10 minutes of stale-while-revalidate. */
export const blogCacheControl = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';
/**
 * Not-found pages and redirects for unknown cursors: a minute everywhere, so a post published at an address
 * someone already tried shows up within 2 minutes.
 */
export const shortCacheControl = 'public, max-age=60, s-maxage=60';
