// Blog images under the Content-Security-Policy (`img-src 'self' data:`), in Chromium against Hosting: a post
// published with its cover, avatar and body image on the site shows all three, loaded, with no CSP violation; a
// post written around the publisher with images on another host shows none of them (the sanitizer and the
// image rule drop them) and the browser neither requests that host nor reports a violation. Before the rule was
// one, such covers were drawn, blocked by the CSP and reported as errors on every visit.
import type { Browser, Page } from 'playwright-core';
import { blogSummaryDoc, type BlogDoc } from '@bargains/model/blog';
import { serverBlogHtml } from '../../functions/src/blog/server-dom';
import { blogDocPath, blogSummaryDocPath } from '@bargains/model/paths';
import { buildBlogDocument, parsePublishOptions } from '../../tools/blog/publish';
import { storeBlogPost } from '../../functions/src/blog/post-writes';
import {
  BASE_URL,
  gotoApp,
  launchBrowser,
  openPage,
  screenshot,
  settleNetwork,
  trackCspViolations,
} from './support/browser';
import { adminDb, closeAdmin } from './support/emulators';

const SITE_POST = 'e2e-images-on-site';
const FOREIGN_POST = 'e2e-images-elsewhere';
const FOREIGN_HOST = 'images.elsewhere.example';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  const sanitizer = await serverBlogHtml('https://publisher.invalid');
  const parsed = parsePublishOptions({
    file: 'post.html',
    id: SITE_POST,
    cover: '/blog/covers/meal-planning.svg',
    'author-name': 'Maya Chen',
    'author-avatar': '/blog/avatars/maya-chen.svg',
    'author-bio': 'Writes about groceries.',
  });
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  const built = buildBlogDocument(
    '<h1>Images on the site</h1><p>Intro.</p><img id="body-image" src="/blog/images/shopping-basket.svg" alt="A basket" width="800" height="450">',
    parsed.options,
    { publishedAt: new Date(), updatedAt: new Date() },
    (html) => sanitizer.sanitize(html),
  );
  if ('error' in built) throw new Error(built.error);
  const now = new Date();
  await storeBlogPost(adminDb(), SITE_POST, built.document, { requested: now, now });

  // Written around the publisher (which refuses these): an older post, or a hand-edited document.
  const foreign: BlogDoc = {
    html_content: `<h1>Images elsewhere</h1><p>Intro.</p><img id="foreign-image" alt="An external chart" src="https://${FOREIGN_HOST}/chart.png"><img srcset="//${FOREIGN_HOST}/a.png 2x"><video poster="https://${FOREIGN_HOST}/p.jpg"></video>`,
    coverImage: `https://${FOREIGN_HOST}/cover.jpg`,
    author: { name: 'Sam', avatar: `https://${FOREIGN_HOST}/sam.png`, bio: 'Bio.' },
    publishedAt: new Date(now.getTime() - 1000),
    updatedAt: now,
    title: 'Images elsewhere',
    description: 'A post whose images live on another host.',
    tags: [],
    readTimeMinutes: 1,
  };
  const db = adminDb();
  await db
    .batch()
    .set(db.doc(blogDocPath(FOREIGN_POST)), foreign)
    .set(db.doc(blogSummaryDocPath(FOREIGN_POST)), blogSummaryDoc(foreign))
    .commit();
});

afterAll(async () => {
  const db = adminDb();
  const batch = db.batch();
  for (const id of [SITE_POST, FOREIGN_POST])
    batch.delete(db.doc(blogDocPath(id))).delete(db.doc(blogSummaryDocPath(id)));
  await batch.commit();
  await browser.close();
  await closeAdmin();
});

/** Whether the image drawn by `selector` finished loading with real pixels. */
const loaded = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate(async (element) => {
      const image = element as HTMLImageElement;
      image.loading = 'eager';
      // decode() rejects for an image that cannot be drawn (blocked or broken): what is measured just below.
      await image.decode().catch(() => undefined);
      return image.complete && image.naturalWidth > 0;
    });

test('the post page and the app shell allow images from the site only', async () => {
  for (const path of [`/blog/${SITE_POST}`, '/']) {
    const csp = (await fetch(`${BASE_URL}${path}`)).headers.get('content-security-policy') ?? '';
    const directive = (name: string) =>
      csp
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .find(([directiveName]) => directiveName === name)
        ?.slice(1);
    expect({
      path,
      img: directive('img-src'),
      media: directive('media-src') ?? directive('default-src'),
    }).toEqual({
      path,
      img: ["'self'", 'data:'],
      media: ["'self'"],
    });
  }
});

test("a published post's cover, avatar and body image render, with no CSP violation", async () => {
  const { context, page } = await openPage(browser, 'mobile');
  const violations = await trackCspViolations(page);
  await gotoApp(page, `/blog/${SITE_POST}`);
  await expect(loaded(page, 'img.blog-post__cover')).resolves.toBe(true);
  await expect(loaded(page, 'img.blog-byline__avatar')).resolves.toBe(true);
  await expect(loaded(page, '#body-image')).resolves.toBe(true);
  await screenshot(page, 'blog-images-site-post-375');
  await settleNetwork(page);
  expect(violations).toEqual([]);
  await context.close();
});

test('images on another host are never requested nor drawn: no CSP violation, the text and alt remain', async () => {
  const { context, page } = await openPage(browser, 'desktop');
  const violations = await trackCspViolations(page);
  const foreignRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).hostname === FOREIGN_HOST) foreignRequests.push(request.url());
  });
  // Server-rendered, then taken over by the app; then the list, which draws both covers as cards.
  await gotoApp(page, `/blog/${FOREIGN_POST}`);
  await page.getByText('Intro.').waitFor();
  expect(await page.locator('img.blog-post__cover').count()).toBe(0);
  expect(await page.locator('img.blog-byline__avatar').count()).toBe(0);
  expect(await page.locator('#foreign-image').getAttribute('src')).toBeNull();
  expect(await page.locator('#foreign-image').getAttribute('alt')).toBe('An external chart');
  await gotoApp(page, '/blog');
  await page.locator('[data-testid="blog-card"]').first().waitFor();
  await screenshot(page, 'blog-images-list-1440');
  await settleNetwork(page);
  expect(foreignRequests).toEqual([]);
  expect(violations).toEqual([]);
  await context.close();
});
