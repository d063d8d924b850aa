// render_blog through the Hosting emulator's rewrites (firebase.json), as browsers and crawlers reach it: the
// list and its pages, a post, the not-found page, bad cursors, cache headers, hostile content rendered on the
// server, and the sitemap and feed.
import { Timestamp } from 'firebase-admin/firestore';
import { JSDOM } from 'jsdom';
import { blogSummaryDoc, type BlogDoc } from '@bargains/model/blog';
import { BLOG_ISLAND_ID, parseBlogIsland } from '@bargains/model/contracts/blog-island';
import { blogDocPath, blogSummaryDocPath, COLLECTIONS } from '@bargains/model/paths';
import { HOSTILE_POST_ID, demoBlogPosts } from '../../tools/blog/demo-posts';
import { APP_LOADER_SCRIPT, APP_SCRIPTS_ID } from '../../web/build/inline-scripts';
import { executableMarkupIn } from '../support/executable-markup';
import { closeAdmin, testDb } from './support/admin';
import { APP_ORIGIN } from './support/env';

const HOSTING = APP_ORIGIN;
const PAGE_SIZE = 9;
const CACHEABLE = /^public, max-age=60, s-maxage=300, stale-while-revalidate=600$/;

const HOSTILE_TEXT = `</script><script>alert("title")</script><img src=x onerror=alert(1)> & "quotes" $&`;
const hostileId = 'render-test-hostile';
const orphanId = 'render-test-no-summary';

async function get(path: string) {
  const response = await fetch(`${HOSTING}${path}`, { redirect: 'manual' });
  const body = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body,
    document: new JSDOM(body).window.document,
  };
}

/** Every summary, newest first: what the pages must show, in order. */
async function listedIds(): Promise<string[]> {
  const snapshot = await testDb()
    .collection(COLLECTIONS.blogSummaries)
    .orderBy('publishedAt', 'desc')
    .orderBy('__name__', 'desc')
    .get();
  return snapshot.docs.map((doc) => doc.id);
}

const cardLinks = (document: Document) =>
  Array.from(document.querySelectorAll('#root [data-testid="blog-card"] a.blog-card__link')).map((link) =>
    link.getAttribute('href'),
  );

beforeAll(async () => {
  const db = testDb();
  const hostile = demoBlogPosts().find((post) => post.id === HOSTILE_POST_ID);
  if (!hostile) throw new Error('hostile demo post missing');
  // Written around the publisher (no write-time sanitizing), with markup in every text field: the render must
  // make all of it harmless on its own.
  const doc: BlogDoc<Timestamp> = {
    html_content: hostile.html_content,
    coverImage: '/blog/covers/meal-planning.svg" onerror="alert(1)',
    author: { name: HOSTILE_TEXT, avatar: 'javascript:alert(1)', bio: HOSTILE_TEXT },
    publishedAt: Timestamp.fromDate(new Date('2001-01-01T00:00:00Z')),
    updatedAt: Timestamp.fromDate(new Date('2001-01-02T00:00:00Z')),
    title: HOSTILE_TEXT,
    description: HOSTILE_TEXT,
    tags: [HOSTILE_TEXT],
    readTimeMinutes: 3,
  };
  await db
    .batch()
    .set(db.doc(blogDocPath(hostileId)), doc)
    .set(db.doc(blogSummaryDocPath(hostileId)), blogSummaryDoc(doc))
    // A post without a summary is not listed: the list never reads the posts themselves.
    .set(db.doc(blogDocPath(orphanId)), { ...doc, title: 'Orphan', publishedAt: Timestamp.now() })
    .commit();
});

afterAll(async () => {
  const db = testDb();
  await db
    .batch()
    .delete(db.doc(blogDocPath(hostileId)))
    .delete(db.doc(blogSummaryDocPath(hostileId)))
    .delete(db.doc(blogDocPath(orphanId)))
    .commit();
  await closeAdmin();
});

test('the list is served in pages of 9 linked without JavaScript, covering every summary once, in order', async () => {
  const expected = await listedIds();
  expect(expected.length).toBeGreaterThan(PAGE_SIZE);
  const seen: string[] = [];
  let path: string | null = '/blog';
  let pages = 0;
  while (path !== null) {
    const page = await get(path);
    pages += 1;
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toMatch(CACHEABLE);
    expect(page.document.title).toBe('Blog · Bargains');
    expect(page.document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${HOSTING}${path}`,
    );
    // Header and footer as the app renders them.
    expect(page.document.querySelector('#root header.site-header a[href="/blog"]')).not.toBeNull();
    expect(page.document.querySelector('#root footer.site-footer')).not.toBeNull();

    const links = cardLinks(page.document);
    expect(links.length).toBeLessThanOrEqual(PAGE_SIZE);
    seen.push(...links.map((link) => decodeURIComponent(String(link).replace('/blog/', ''))));

    const island = parseBlogIsland(page.document.getElementById(BLOG_ISLAND_ID)?.textContent ?? '');
    if (island?.page !== 'list') throw new Error(`no list island on ${path}`);
    expect(island.path).toBe(path);
    expect(island.posts.map((post) => `/blog/${post.id}`)).toEqual(links);

    const next = page.document.querySelector('a[rel="next"]')?.getAttribute('href') ?? null;
    expect(next).toBe(island.next ? `/blog?after=${island.next.id}` : null);
    if (next !== null) expect(links).toHaveLength(PAGE_SIZE);
    path = next;
    expect(pages).toBeLessThan(20);
  }
  expect(seen).toEqual(expected);
  expect(seen).not.toContain(orphanId);
});

test('a post is the complete page: title, byline, date, sized high-priority cover, body, metadata', async () => {
  const [post] = demoBlogPosts().filter((candidate) => candidate.id !== HOSTILE_POST_ID);
  if (!post) throw new Error('no demo post');
  const stored = (await testDb().doc(blogDocPath(post.id)).get()).data() as BlogDoc<Timestamp>;
  const page = await get(`/blog/${post.id}`);
  expect(page.status).toBe(200);
  expect(page.headers.get('cache-control')).toMatch(CACHEABLE);
  const { document } = page;
  expect(document.querySelector('#root h1')?.textContent).toBe(stored.title);
  expect(document.title).toBe(`${stored.title} · Bargains`);
  expect(document.querySelector('#root .blog-byline__author')?.textContent).toBe(stored.author.name);
  expect(document.querySelector('#root time')?.getAttribute('datetime')).toBe(
    stored.publishedAt.toDate().toISOString(),
  );
  const cover = document.querySelector('#root img.blog-post__cover');
  expect(cover?.getAttribute('src')).toBe(stored.coverImage);
  expect(cover?.getAttribute('width')).toBe('1200');
  expect(cover?.getAttribute('height')).toBe('675');
  expect(cover?.getAttribute('fetchpriority')).toBe('high');
  expect((document.querySelector('#root .blog-body')?.textContent ?? '').length).toBeGreaterThan(200);
  expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
    stored.description,
  );
  expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
    `${HOSTING}/blog/${post.id}`,
  );
  expect(document.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(
    new URL(stored.coverImage, HOSTING).href,
  );
  const jsonLd = JSON.parse(
    document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}',
  ) as {
    '@type'?: string;
    headline?: string;
  };
  expect(jsonLd).toMatchObject({ '@type': 'BlogPosting', headline: stored.title });
  const island = parseBlogIsland(document.getElementById(BLOG_ISLAND_ID)?.textContent ?? '');
  expect(island).toMatchObject({
    page: 'post',
    path: `/blog/${post.id}`,
    post: { id: post.id, title: stored.title },
  });
  expect(page.headers.get('server-timing')).toMatch(/^render;dur=\d/);
});

test('a missing post is a real 404 with the not-found page, cached briefly', async () => {
  for (const path of ['/blog/no-such-post', '/blog/a/b']) {
    const page = await get(path);
    expect(page.status).toBe(404);
    expect(page.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60');
    expect(page.document.querySelector('#root h1')?.textContent).toBe('Blog post not found');
    expect(page.document.title).toBe('Blog post not found · Bargains');
    expect(page.document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  }
});

test('bad page cursors answer 400, an unknown one redirects to the first page; never a 500', async () => {
  for (const path of [
    '/blog?after=',
    '/blog?after=a&after=b',
    '/blog?after=%3Cscript%3E',
    '/blog?after=..',
  ]) {
    const page = await get(path);
    expect([path, page.status]).toEqual([path, 400]);
    expect(page.headers.get('cache-control')).toBe('no-store');
  }
  const unknown = await get('/blog?after=no-such-post');
  expect(unknown.status).toBe(302);
  expect(new URL(unknown.headers.get('location') ?? '', HOSTING).pathname).toBe('/blog');
});

test('hostile content renders with nothing executable, in the post and in the list', async () => {
  const post = await get(`/blog/${hostileId}`);
  expect(post.status).toBe(200);
  const article = post.document.querySelector('#root article.blog-post');
  if (!article) throw new Error('no article');
  expect(executableMarkupIn(article)).toEqual([]);
  // The title is text, not markup; image addresses that are not site paths or https URLs are dropped.
  expect(article.querySelector('h1')?.textContent).toBe(HOSTILE_TEXT);
  expect(article.querySelectorAll('img.blog-post__cover, img.blog-byline__avatar')).toHaveLength(0);
  // Outside #root the only script that runs is the shell's inline loader (allowed by its hash); the rest are data
  // blocks, among them the list of the app's modules it adds after the paint.
  const scripts = Array.from(post.document.querySelectorAll('script'));
  expect(
    scripts
      .filter((script) => !['application/json', 'application/ld+json'].includes(script.type))
      .map((script) => ({ src: script.src, text: script.textContent })),
  ).toEqual([{ src: '', text: APP_LOADER_SCRIPT }]);
  const listed = JSON.parse(post.document.getElementById(APP_SCRIPTS_ID)?.textContent ?? 'null') as {
    modules: Array<{ src: string }>;
  };
  expect(listed.modules.map((module) => module.src)).toEqual([expect.stringMatching(/^\/assets\/.+\.js$/)]);
  expect(post.document.querySelectorAll('head [onerror], head [onload]')).toHaveLength(0);
  expect(post.document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(HOSTILE_TEXT);
  expect(post.body).not.toContain('<script>alert');
  expect(post.body).not.toContain('<img src=x onerror');

  // The hostile post is the oldest: the last page of the list.
  let path: string | null = '/blog';
  let last = post.document;
  while (path !== null) {
    last = (await get(path)).document;
    path = last.querySelector('a[rel="next"]')?.getAttribute('href') ?? null;
  }
  expect(cardLinks(last)).toContain(`/blog/${hostileId}`);
  const grid = last.querySelector('#root .blog-grid');
  if (!grid) throw new Error('no list');
  expect(executableMarkupIn(grid)).toEqual([]);
});

test('sitemap.xml and rss.xml are served with their types and list every post', async () => {
  const ids = await listedIds();
  const { DOMParser } = new JSDOM('').window;
  const parse = (xml: string) => {
    const parsed = new DOMParser().parseFromString(xml, 'application/xml');
    expect(parsed.getElementsByTagName('parsererror')).toHaveLength(0);
    return parsed;
  };
  const sitemap = await get('/sitemap.xml');
  expect(sitemap.status).toBe(200);
  expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  expect(sitemap.headers.get('cache-control')).toMatch(CACHEABLE);
  const locs = Array.from(parse(sitemap.body).getElementsByTagName('loc')).map((loc) => loc.textContent);
  for (const id of ids) expect(locs).toContain(`${HOSTING}/blog/${id}`);
  expect(locs).toContain(`${HOSTING}/pricing`);

  const feed = await get('/blog/rss.xml');
  expect(feed.status).toBe(200);
  expect(feed.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
  const items = parse(feed.body).getElementsByTagName('item');
  expect(items.length).toBe(Math.min(20, ids.length));
  expect(items[0]?.getElementsByTagName('link')[0]?.textContent).toBe(`${HOSTING}/blog/${ids[0]}`);

  // /robots.txt is rewritten to the function too, but the Functions emulator answers that path itself with a
  // 404 (firebase-tools' functionsEmulatorRuntime); render-blog.test.ts checks the handler's answer instead.
});
