// /sitemap.xml, /blog/rss.xml and /robots.txt, written from the posts' summaries. Every value in the XML goes
// through escapeXml, so no stored text (a control character in an author's name) can make a feed ill-formed.
import type { BlogSummary } from '@bargains/model/blog';
import { absoluteUrl, escapeXml } from './markup';

/** The public pages with content worth indexing (web/src/app/routes.tsx); sign-in forms and private pages are not. */
export const PUBLIC_PAGES = [
  '/',
  '/pricing',
  '/how-it-works',
  '/blog',
  '/contact',
  '/return-policy',
  '/privacy-policy',
  '/terms-of-service',
] as const;

/** Pages robots should not crawl: signed-in and checkout pages show nothing to a crawler. */
const PRIVATE_PAGES = ['/dashboard', '/account', '/success', '/cancel'] as const;

export const FEED_TITLE = 'Bargains blog';
export const FEED_DESCRIPTION = 'Guides, price data and deal-hunting tactics from the Bargains team.';

export const postPath = (id: string) => `/blog/${encodeURIComponent(id)}`;

/** Sitemaps protocol 0.9: every public page, and every post with its last change. */
export function sitemapXml(origin: string, posts: readonly BlogSummary[]): string {
  const url = (path: string, lastmod?: Date) =>
    `  <url><loc>${escapeXml(absoluteUrl(origin, path))}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((path) => url(path, path === '/blog' ? posts[0]?.updatedAt : undefined)),
    ...posts.map((post) => url(postPath(post.id), post.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}

/** RSS 2.0 with an Atom self link (what feed validators ask for). */
export function rssXml(origin: string, posts: readonly BlogSummary[]): string {
  const text = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;
  const items = posts.map((post) => {
    const link = absoluteUrl(origin, postPath(post.id));
    return [
      '    <item>',
      `      ${text('title', post.title || 'Untitled post')}`,
      `      ${text('link', link)}`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      ${text('pubDate', post.publishedAt.toUTCString())}`,
      ...(post.author.name ? [`      ${text('dc:creator', post.author.name)}`] : []),
      ...(post.description ? [`      ${text('description', post.description)}`] : []),
      ...post.tags.map((tag) => `      ${text('category', tag)}`),
      ...(post.coverImage
        ? [
            `      <enclosure url="${escapeXml(absoluteUrl(origin, post.coverImage))}" length="0" type="${imageType(post.coverImage)}"/>`,
          ]
        : []),
      '    </item>',
    ].join('\n');
  });
  const newest = posts[0];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    ${text('title', FEED_TITLE)}`,
    `    ${text('link', absoluteUrl(origin, '/blog'))}`,
    `    ${text('description', FEED_DESCRIPTION)}`,
    '    <language>en</language>',
    `    <atom:link href="${escapeXml(absoluteUrl(origin, '/blog/rss.xml'))}" rel="self" type="application/rss+xml"/>`,
    ...(newest ? [`    ${text('lastBuildDate', newest.updatedAt.toUTCString())}`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

const IMAGE_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

function imageType(url: string): string {
  const extension = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase() ?? '';
  return IMAGE_TYPES[extension] ?? 'image/jpeg';
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...PRIVATE_PAGES.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
