// The blog composer end to end (docs/blog-composer.md): the demo editor writes a post with a heading, an uploaded
// image and hostile markup, previews it, publishes it; the blog list, the post page (sanitized: nothing runs),
// the RSS feed and the sitemap have it; unpublished, the post is a 404 once the cached page has expired.
import { deflateSync, crc32 } from 'node:zlib';
import { JSDOM } from 'jsdom';
import type { Page } from 'playwright-core';
import { blogCacheControl, shortCacheControl } from '../../functions/src/blog/cache';
import { blogDocPath, blogSummaryDocPath } from '@bargains/model/paths';
import { DEMO_ACCOUNTS } from '../../scripts/demo-data/constants';
import { executableMarkupIn } from '../support/executable-markup';
import {
  BASE_URL,
  gotoApp,
  openPage,
  screenshot,
  trackPageErrors,
  viewportScreenshot,
} from './support/browser';
import { signIn } from './dashboard-helpers';
import { adminDb } from './support/emulators';
import { useBrowser } from './support/suite';

const browser = useBrowser();

const TITLE = 'Composer test: a week of pantry meals';
const POST_ID = 'composer-test-a-week-of-pantry-meals';
const HOSTILE_BODY = [
  '<h2 id="composer-heading">Plan the week first</h2>',
  '<p>Start from what is already in the cupboard, then <a href="https://example.com/list">write the list</a>.</p>',
  '<script>window.__composerXss = "script"</script>',
  '<p><img src="/blog/images/shopping-basket.svg" alt="A basket" width="800" height="450" onerror="window.__composerXss = \'onerror\'"></p>',
  '<ul><li>Beans</li><li>Rice</li></ul>',
  '<iframe src="/dashboard"></iframe>',
  '',
].join('\n');

/** A 160×90 teal PNG (the composer inlines uploads as data: URLs; a real image shows in the screenshots). */
function tealPng(): Buffer {
  const width = 160;
  const height = 90;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [15, 118, 110]).flat()),
  ]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Alerts and prompts from the page are what an XSS would raise; the composer's own confirm is accepted. */
function watchDialogs(page: Page): string[] {
  const unexpected: string[] = [];
  page.on('dialog', (dialog) => {
    if (dialog.type() === 'confirm' && dialog.message().startsWith('Unpublish')) void dialog.accept();
    else {
      unexpected.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    }
  });
  return unexpected;
}

/** A reader with nothing cached (what every reader is once the cached answers have expired). */
async function fetchFresh(path: string): Promise<Response> {
  return fetch(new URL(path, BASE_URL), { headers: { 'Cache-Control': 'no-cache' } });
}

afterAll(async () => {
  await adminDb().doc(blogDocPath(POST_ID)).delete();
  await adminDb().doc(blogSummaryDocPath(POST_ID)).delete();
});

test('the demo editor writes, previews, publishes and unpublishes a post; readers get it sanitized', async () => {
  const { context, page } = await openPage(browser(), 'desktop');
  const errors = trackPageErrors(page);
  const dialogs = watchDialogs(page);
  const editor = DEMO_ACCOUNTS.editor;
  await signIn(page, editor.email, editor.password);
  await gotoApp(page, '/editor/posts');
  await page.getByRole('heading', { level: 1, name: 'Write a blog post' }).waitFor();

  await page.getByLabel('Title').fill(TITLE);
  await expect(page.getByLabel('Address').inputValue()).resolves.toBe(POST_ID);
  await page.getByLabel('Body (HTML)').fill(HOSTILE_BODY);
  await page.getByLabel('Upload image').setInputFiles({
    name: 'pantry-shelf.png',
    mimeType: 'image/png',
    buffer: tealPng(),
  });
  // The file is read asynchronously, then inlined where the cursor was.
  await page.waitForFunction(() =>
    document
      .querySelector<HTMLTextAreaElement>('#composer-body')
      ?.value.includes('<img src="data:image/png;base64,'),
  );
  await page.getByLabel('Cover image').fill('/blog/covers/meal-planning.svg');
  await page.getByLabel('Tags').fill('Groceries, Meal planning');
  await page.getByLabel('Name').fill('Demo Editor');
  await page.getByLabel('Avatar').fill('/blog/avatars/maya-chen.svg');
  await page.getByLabel('Bio').fill('Edits the Bargains blog.');
  // Full-page shots from the top (scrolled, the sticky header is drawn mid-page); the page scrolls smoothly, so
  // every scroll here is instant.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await screenshot(page, 'blog-composer-1440');

  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await preview.locator('.blog-post__title').waitFor();
  await expect(preview.locator('.blog-post__title').textContent()).resolves.toBe(TITLE);
  await expect(preview.locator('.blog-body h2').first().textContent()).resolves.toBe('Plan the week first');
  await expect(preview.locator('.blog-body img[src^="data:image/png;base64,"]').count()).resolves.toBe(1);
  await expect(
    preview
      .locator('.blog-body')
      .evaluate((body) => body.querySelectorAll('script, iframe, [onerror]').length),
  ).resolves.toBe(0);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await screenshot(page, 'blog-composer-preview-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await screenshot(page, 'blog-composer-preview-375');
  // Nothing may be wider than a phone (a long address, an inlined image's URL, the preview's frame).
  await expect(
    page.evaluate(() =>
      Array.from(document.querySelectorAll('body *'))
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
        .map((element) => `${element.localName}.${element.className}`)
        .slice(0, 5),
    ),
  ).resolves.toEqual([]);
  await page.evaluate(() =>
    document.querySelector('.composer__preview')?.scrollIntoView({ block: 'start', behavior: 'instant' }),
  );
  await viewportScreenshot(page, 'blog-composer-preview-375-viewport');
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Published' }).waitFor();

  // A reader: the list has it, the post page is sanitized and nothing in it runs.
  const reader = await openPage(browser(), 'mobile');
  const readerDialogs = watchDialogs(reader.page);
  const readerErrors = trackPageErrors(reader.page);
  await gotoApp(reader.page, '/blog');
  await expect(
    reader.page.locator('[data-testid="blog-card"]').filter({ hasText: TITLE }).count(),
  ).resolves.toBe(1);
  const response = await gotoApp(reader.page, `/blog/${POST_ID}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe(blogCacheControl);
  await reader.page.locator('#composer-heading').waitFor();
  await expect(reader.page.locator('h1').textContent()).resolves.toBe(TITLE);
  await expect(reader.page.locator('.blog-body img[src^="data:image/png"]').isVisible()).resolves.toBe(true);
  await expect(
    reader.page.evaluate(() => (window as { __composerXss?: unknown }).__composerXss ?? null),
  ).resolves.toBeNull();
  await screenshot(reader.page, 'blog-composer-published-post-375');
  expect(readerDialogs).toEqual([]);
  expect(readerErrors).toEqual([]);
  await reader.context.close();

  // The server's own markup, before any script: nothing executable in the article.
  const served = await fetchFresh(`/blog/${POST_ID}`);
  const article = new JSDOM(await served.text()).window.document.querySelector('article.blog-post');
  if (!article) throw new Error('the post page has no article');
  expect(executableMarkupIn(article)).toEqual([]);
  expect(article.querySelector('#composer-heading')?.textContent).toBe('Plan the week first');

  const [rss, sitemap] = await Promise.all([fetchFresh('/blog/rss.xml'), fetchFresh('/sitemap.xml')]);
  await expect(rss.text()).resolves.toContain(`/blog/${POST_ID}</link>`);
  await expect(sitemap.text()).resolves.toContain(`/blog/${POST_ID}</loc>`);

  // Unpublish from the composer's page for the post.
  await gotoApp(page, `/editor/posts/${POST_ID}`);
  await page.getByRole('heading', { level: 1, name: 'Update a blog post' }).waitFor();
  await expect(page.getByLabel('Title').inputValue()).resolves.toBe(TITLE);
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await page.getByRole('status').filter({ hasText: 'Unpublished' }).waitFor();

  // The emulator has no CDN: a reader without a cached copy is a reader after the cache time (blog/cache.ts).
  const gone = await fetchFresh(`/blog/${POST_ID}`);
  expect(gone.status).toBe(404);
  expect(gone.headers.get('cache-control')).toBe(shortCacheControl);
  const [rssAfter, sitemapAfter] = await Promise.all([
    fetchFresh('/blog/rss.xml'),
    fetchFresh('/sitemap.xml'),
  ]);
  await expect(rssAfter.text()).resolves.not.toContain(`/blog/${POST_ID}<`);
  await expect(sitemapAfter.text()).resolves.not.toContain(`/blog/${POST_ID}<`);

  expect(dialogs).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test('the composer at 375 px', async () => {
  const { context, page } = await openPage(browser(), 'mobile');
  await signIn(page, DEMO_ACCOUNTS.editor.email, DEMO_ACCOUNTS.editor.password);
  await gotoApp(page, '/editor/posts');
  await page.getByRole('heading', { level: 1, name: 'Write a blog post' }).waitFor();
  await page.getByLabel('Title').fill('Five pantry staples worth stocking');
  await page.getByLabel('Body (HTML)').fill('<h2>Why a pantry</h2>\n<p>Buying staples on sale pays.</p>\n');
  await page.locator('.composer-recent li').first().waitFor();
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await screenshot(page, 'blog-composer-375');
  await context.close();
});
