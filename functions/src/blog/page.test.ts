import { JSDOM } from 'jsdom';
import type { BlogPost } from '@bargains/model/blog';
import { BLOG_ISLAND_ID, parseBlogIsland } from '@bargains/model/contracts/blog-island';
import { BLOG_HEAD_SLOT, BLOG_PAGE_SLOT } from '@bargains/model/contracts/blog-shell';
import { composeBlogDocument, postHead } from './page';

const ORIGIN = 'https://bargains.example';
const SHELL = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />${BLOG_HEAD_SLOT}<script type="module" src="/assets/index-abc.js"></script><link rel="stylesheet" href="/assets/index-abc.css"></head><body><div id="root">${BLOG_PAGE_SLOT}</div></body></html>`;

const post: BlogPost = {
  id: 'hostile',
  html_content: '<p>Body</p></script><script>alert(1)</script><!--',
  coverImage: '/blog/covers/x.svg',
  author: { name: 'Maya "M" Chen', avatar: '/a.svg', bio: 'Bio' },
  publishedAt: new Date('2025-05-01T00:00:00Z'),
  updatedAt: new Date('2025-05-02T00:00:00Z'),
  title: 'Deals </script><script>alert(1)</script> & $& more',
  description: 'A "quoted" <b>summary</b> $\' here',
  tags: ['Groceries'],
  readTimeMinutes: 4,
};

function render(): Document {
  const html = composeBlogDocument(
    SHELL,
    ORIGIN,
    postHead(ORIGIN, post, `${post.title} · Bargains`),
    { html: '<main>server markup $& $1</main>', title: 'ignored' },
    { page: 'post', path: '/blog/hostile', post },
  );
  return new JSDOM(html).window.document;
}

const meta = (document: Document, selector: string) =>
  document.querySelector(selector)?.getAttribute('content');

describe('composeBlogDocument', () => {
  it('writes the title, description, canonical URL, social cards and the cover preload', () => {
    const document = render();
    expect(document.title).toBe(`${post.title} · Bargains`);
    expect(meta(document, 'meta[name="description"]')).toBe(post.description);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${ORIGIN}/blog/hostile`,
    );
    expect(meta(document, 'meta[property="og:type"]')).toBe('article');
    expect(meta(document, 'meta[property="og:title"]')).toBe(`${post.title} · Bargains`);
    expect(meta(document, 'meta[property="og:image"]')).toBe(`${ORIGIN}/blog/covers/x.svg`);
    expect(meta(document, 'meta[property="og:url"]')).toBe(`${ORIGIN}/blog/hostile`);
    expect(meta(document, 'meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(meta(document, 'meta[name="twitter:image"]')).toBe(`${ORIGIN}/blog/covers/x.svg`);
    const preload = document.querySelector('link[rel="preload"][as="image"]');
    expect(preload?.getAttribute('href')).toBe('/blog/covers/x.svg');
    expect(preload?.getAttribute('fetchpriority')).toBe('high');
    expect(document.querySelector('link[rel="alternate"][type="application/rss+xml"]')).not.toBeNull();
  });

  it('describes the post as JSON-LD BlogPosting', () => {
    const block = render().querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(block?.textContent ?? '') as Record<string, unknown>;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description: post.description,
      image: [`${ORIGIN}/blog/covers/x.svg`],
      datePublished: '2025-05-01T00:00:00.000Z',
      dateModified: '2025-05-02T00:00:00.000Z',
      author: { '@type': 'Person', name: 'Maya "M" Chen' },
      mainEntityOfPage: { '@id': `${ORIGIN}/blog/hostile` },
    });
  });

  it('hands the data over in a non-executable island the app reads back, and runs no inline script', () => {
    const document = render();
    const scripts = Array.from(document.querySelectorAll('script'));
    // Only the entry module (external) may execute; every other script element is a data block.
    const executable = scripts.filter(
      (script) => !['application/json', 'application/ld+json'].includes(script.type),
    );
    expect(executable.map((script) => script.getAttribute('src'))).toEqual(['/assets/index-abc.js']);
    expect(document.querySelectorAll('[onerror], [onclick], [onload]')).toHaveLength(0);
    const island = document.getElementById(BLOG_ISLAND_ID);
    expect(island?.parentElement?.tagName).toBe('BODY');
    expect(parseBlogIsland(island?.textContent ?? '')).toEqual({ page: 'post', path: '/blog/hostile', post });
    // Replacement patterns in the data are inserted literally.
    expect(document.querySelector('#root main')?.textContent).toBe('server markup $& $1');
  });
});
