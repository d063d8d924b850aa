// The complete HTML document of a server-rendered blog page: the web build's shell (its CSS and entry script)
// with the page's head (title, description, canonical URL, social cards, structured data) and body (the
// app's own markup plus the data island the app takes over from). No inline script runs: the island and the
// JSON-LD are data blocks, which the Content-Security-Policy allows.
import type { BlogPost, BlogSummary } from '@bargains/model/blog';
import {
  BLOG_ISLAND_ID,
  serializeBlogIsland,
  type BlogIsland,
  type RenderedBlogPage,
} from '@bargains/model/contracts/blog-island';
import { BLOG_HEAD_SLOT, BLOG_PAGE_SLOT } from '@bargains/model/contracts/blog-shell';
import { FEED_DESCRIPTION, FEED_TITLE, postPath } from './feeds';
import { islandElement, scriptSafeJson } from '@bargains/model/contracts/data-island';
import { absoluteUrl, escapeMarkup } from './markup';

const SITE_NAME = 'Bargains';

export interface PageHead {
  title: string;
  description: string;
  /** Site path of the page's canonical address, e.g. /blog/some-post. */
  canonicalPath: string;
  /** og:type */
  type: 'website' | 'article';
  /** Cover image (site path or URL): og:image, twitter:image and a high-priority preload. */
  image?: string | undefined;
  /** JSON-LD objects (schema.org). */
  structuredData?: readonly object[];
  /** Not-found pages ask not to be indexed. */
  noindex?: boolean;
}

function headMarkup(origin: string, head: PageHead): string {
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeMarkup(content)}" />`;
  const canonical = absoluteUrl(origin, head.canonicalPath);
  const image = head.image ? absoluteUrl(origin, head.image) : undefined;
  return [
    `<title>${escapeMarkup(head.title)}</title>`,
    meta('name', 'description', head.description),
    ...(head.noindex ? [meta('name', 'robots', 'noindex')] : []),
    `<link rel="canonical" href="${escapeMarkup(canonical)}" />`,
    `<link rel="alternate" type="application/rss+xml" title="${escapeMarkup(FEED_TITLE)}" href="/blog/rss.xml" />`,
    // The cover is the page's largest element: fetch it with the CSS, not after the body is parsed.
    ...(head.image
      ? [`<link rel="preload" as="image" href="${escapeMarkup(head.image)}" fetchpriority="high" />`]
      : []),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonical),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    ...(head.structuredData ?? []).map(
      (data) => `<script type="application/ld+json">${scriptSafeJson(data)}</script>`,
    ),
  ].join('\n    ');
}

/** The shell with the page's head and body; the island goes right after #root, before the entry runs. */
export function composeBlogDocument(
  shell: string,
  origin: string,
  head: PageHead,
  page: RenderedBlogPage,
  island: BlogIsland,
): string {
  const islandMarkup = islandElement(BLOG_ISLAND_ID, serializeBlogIsland(island));
  // Replacer functions: a replacement string would expand `$&`, `$'`… found in a post.
  return shell
    .replace(BLOG_HEAD_SLOT, () => headMarkup(origin, head))
    .replace(
      `<div id="root">${BLOG_PAGE_SLOT}</div>`,
      () => `<div id="root">${page.html}</div>\n    ${islandMarkup}`,
    );
}

export function listHead(posts: readonly BlogSummary[], canonicalPath: string, title: string): PageHead {
  return {
    title,
    description: FEED_DESCRIPTION,
    canonicalPath,
    type: 'website',
    image: posts[0]?.coverImage || undefined,
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'Blog',
        name: FEED_TITLE,
        description: FEED_DESCRIPTION,
      },
    ],
  };
}

export function postHead(origin: string, post: BlogPost, title: string): PageHead {
  const canonicalPath = postPath(post.id);
  const description = post.description || FEED_DESCRIPTION;
  return {
    title,
    description,
    canonicalPath,
    type: 'article',
    image: post.coverImage || undefined,
    structuredData: [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title || 'Untitled post',
        description,
        ...(post.coverImage ? { image: [absoluteUrl(origin, post.coverImage)] } : {}),
        datePublished: post.publishedAt.toISOString(),
        dateModified: post.updatedAt.toISOString(),
        author: { '@type': 'Person', name: post.author.name || 'Bargains team' },
        publisher: { '@type': 'Organization', name: SITE_NAME, url: absoluteUrl(origin, '/') },
        mainEntityOfPage: { '@type': 'WebPage', '@id': absoluteUrl(origin, canonicalPath) },
        ...(post.tags.length > 0 ? { keywords: post.tags.join(', ') } : {}),
      },
    ],
  };
}

export function notFoundHead(canonicalPath: string, title: string): PageHead {
  return {
    title,
    description: "The blog post you're looking for doesn't exist.",
    canonicalPath,
    type: 'website',
    noindex: true,
  };
}
