// Blog end to end in Chromium against the Hosting + Functions + Firestore emulators: the server-rendered pages
// with and without JavaScript, the app's takeover (no second read, no layout shift), list paging, a post, a
// hostile post, the not-found view, navigation inside the app. The demo posts are (re)written here so the suite
// does not depend on seeded data.
import type { Browser, Page, Route } from 'playwright-core';
import { COLLECTIONS } from '@bargains/model/paths';
import { formatPublicationDate } from '../../web/src/lib/format-date';
import { deriveBlogFields } from '../../tools/blog/derive';
import { HOSTILE_POST_ID, demoBlogPosts, publishDemoPosts } from '../../tools/blog/demo-posts';
import {
  BASE_URL,
  gotoApp,
  launchBrowser,
  openPage,
  screenshot,
  trackConsoleErrors,
  trackPageErrors,
  VIEWPORTS,
} from './support/browser';
import { adminDb, closeAdmin } from './support/emulators';

const PAGE_SIZE = 9;
const isRunQuery = (url: URL) => url.pathname.endsWith(':runQuery');
/** Firestore Lite reads a single document with a batchGet call. */
const isBatchGet = (url: URL) => url.pathname.endsWith(':batchGet');
const isFirestoreRead = (url: URL) => isRunQuery(url) || isBatchGet(url);

let browser: Browser;
/** Every post in the collection, newest first, as the list must show them. */
let expectedTitles: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  const db = adminDb();
  await publishDemoPosts(db);
  const all = await db
    .collection(COLLECTIONS.blogSummaries)
    .orderBy('publishedAt', 'desc')
    .orderBy('__name__', 'desc')
    .get();
  expectedTitles = all.docs.map((doc) => String(doc.get('title')));
});

afterAll(async () => {
  await browser.close();
  await closeAdmin();
});

const cardTitles = (page: Page) => page.locator('[data-testid="blog-card"] h2').allTextContents();

/** For full-page screenshots: loads the lazy images too (after the assertions) and waits for every image. */
async function imagesLoaded(page: Page) {
  await page.evaluate(() => {
    for (const image of Array.from(document.images)) image.loading = 'eager';
  });
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
}

test('the list shows the 9 posts the server rendered, loads the rest on scroll, and stops after an empty page', async () => {
  expect(expectedTitles.length).toBeGreaterThan(PAGE_SIZE);
  const { context, page } = await openPage(browser, 'desktop');
  const errors = trackPageErrors(page);
  const fullSdkRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/Listen/channel')) fullSdkRequests.push(request.url());
  });

  // The server rendered the first page; hold every query until it has been checked: no race with the scroll
  // trigger.
  let queries = 0;
  let releaseMore: () => void = () => undefined;
  const morePagesAllowed = new Promise<void>((resolve) => {
    releaseMore = resolve;
  });
  await context.route(isRunQuery, async (route: Route) => {
    queries += 1;
    await morePagesAllowed;
    await route.continue();
  });

  await gotoApp(page, '/blog');
  const cards = page.locator('[data-testid="blog-card"]');
  await cards.nth(PAGE_SIZE - 1).waitFor();
  expect(await cards.count()).toBe(PAGE_SIZE);
  expect(await cardTitles(page)).toEqual(expectedTitles.slice(0, PAGE_SIZE));

  const first = cards.first();
  await expect(first.locator('img.blog-card__cover').getAttribute('width')).resolves.toBe('1200');
  await expect(first.locator('img.blog-card__cover').getAttribute('height')).resolves.toBe('675');
  await expect(first.locator('.blog-card__description').textContent()).resolves.not.toBe('');
  await expect(first.locator('.blog-byline__avatar').getAttribute('src')).resolves.toMatch(
    /^\/blog\/avatars\//,
  );
  await expect(first.locator('.blog-byline__author').textContent()).resolves.not.toBe('');
  await expect(first.locator('.blog-byline__details').textContent()).resolves.toMatch(
    /^[A-Z][a-z]{2} \d{1,2}, \d{4} · \d+ min read$/,
  );
  // Images below the first row wait until they are scrolled near.
  await expect(cards.nth(0).locator('img.blog-card__cover').getAttribute('loading')).resolves.toBe('eager');
  await expect(cards.nth(5).locator('img.blog-card__cover').getAttribute('loading')).resolves.toBe('lazy');

  await imagesLoaded(page);
  await screenshot(page, 'blog-list-1440');

  releaseMore();
  const grid = page.locator('.blog-grid');
  while ((await grid.getAttribute('data-state')) !== 'complete') {
    await page.mouse.wheel(0, 2000);
    await page.waitForFunction(
      (previous) =>
        document.querySelector('.blog-grid')?.getAttribute('data-state') === 'complete' ||
        document.querySelectorAll('[data-testid="blog-card"]').length > previous,
      await cards.count(),
    );
  }

  expect(await cardTitles(page)).toEqual(expectedTitles);
  // After the server's page: full pages, then the partial one (if any), then the empty page that ends the
  // list; nothing after it.
  const rest = expectedTitles.length - PAGE_SIZE;
  expect(queries).toBe(Math.floor(rest / PAGE_SIZE) + (rest % PAGE_SIZE > 0 ? 1 : 0) + 1);
  await expect(page.locator('.blog-sentinel').count()).resolves.toBe(0);
  expect(fullSdkRequests).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

test('the list at 375 px', async () => {
  const { context, page } = await openPage(browser, 'mobile');
  await gotoApp(page, '/blog');
  await page.locator('[data-testid="blog-card"]').first().waitFor();
  await imagesLoaded(page);
  await screenshot(page, 'blog-list-375');
  await context.close();
});

test('a failed list read (navigating inside the app) shows an empty list', async () => {
  const { context, page } = await openPage(browser, 'desktop');
  await context.route(isRunQuery, (route) => route.abort('failed'));
  await gotoApp(page, '/blog/the-30-day-rule');
  await page.locator('.blog-post__back').click();
  await page.waitForURL('**/blog');
  await page.locator('.blog-grid[data-state="complete"]').waitFor({ state: 'attached' });
  await expect(page.locator('[data-testid="blog-card"]').count()).resolves.toBe(0);
  await expect(page.getByText('No posts yet. Check back soon.').isVisible()).resolves.toBe(true);
  await context.close();
});

test('a post renders its title, byline, tags, body and author bio', async () => {
  const post = demoBlogPosts().find((candidate) => candidate.id === 'stacking-coupons-like-a-pro');
  if (!post) throw new Error('demo post missing');
  const derived = deriveBlogFields(post.html_content);

  for (const viewport of ['desktop', 'mobile'] as const) {
    const { context, page } = await openPage(browser, viewport);
    const errors = trackPageErrors(page);
    // Arrive from the list, as a reader would: the card link navigates inside the app.
    const consoleErrors = trackConsoleErrors(page);
    await gotoApp(page, '/blog');
    await page.locator('.blog-grid[data-state]').waitFor({ state: 'attached' });
    expect(consoleErrors).toEqual([]);
    await page.getByRole('link', { name: derived.title }).click();
    await page.waitForURL(`**/blog/${post.id}`);
    // The URL changes as the navigation starts; the list stays on screen until the post's page has rendered.
    await page.locator('h1', { hasText: derived.title }).waitFor();

    await expect(page.locator('h1').textContent()).resolves.toBe(derived.title);
    await expect(page.title()).resolves.toContain(derived.title);
    await expect(page.locator('.blog-tags__item').allTextContents()).resolves.toEqual(derived.tags);
    await expect(page.locator('.blog-post .blog-byline__details').textContent()).resolves.toBe(
      `${formatPublicationDate(post.publishedAt)} · ${derived.readTimeMinutes} min read`,
    );
    await expect(page.locator('img.blog-post__cover').getAttribute('src')).resolves.toBe(post.coverImage);
    // Body: the HTML's own table and lists, with the leading h1 left to the page title.
    await expect(page.locator('.blog-body table caption').textContent()).resolves.toContain(
      'Laundry detergent',
    );
    await expect(page.locator('.blog-body ol li').count()).resolves.toBe(3);
    await expect(page.locator('.blog-body h1').count()).resolves.toBe(0);
    await expect(page.locator('.blog-author__name').textContent()).resolves.toBe(post.author.name);
    await expect(page.locator('.blog-author__bio').textContent()).resolves.toBe(post.author.bio);

    await imagesLoaded(page);
    await screenshot(page, `blog-post-${viewport === 'desktop' ? 1440 : 375}`);
    expect(errors).toEqual([]);
    await context.close();
  }
});

test('a post full of hostile HTML renders harmlessly', async () => {
  const { context, page } = await openPage(browser, 'desktop');
  const errors = trackPageErrors(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const outsideRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('evil.example')) outsideRequests.push(request.url());
  });

  await gotoApp(page, `/blog/${HOSTILE_POST_ID}`);
  await page.locator('#hostile-outro').waitFor();
  await expect(page.locator('h1').textContent()).resolves.toBe('Hostile HTML test post');

  // Give every vector its trigger: hover and click the links, focus what can be focused.
  for (const selector of [
    '#hostile-handler-link',
    '#hostile-js-link',
    '#hostile-entity-link',
    '#hostile-data-link',
  ]) {
    await page.locator(selector).hover();
    await page.locator(selector).click();
  }
  await page.keyboard.press('Tab');
  expect(page.url()).toMatch(new RegExp(`/blog/${HOSTILE_POST_ID}#?$`));

  const findings = await page.evaluate(() => {
    const body = document.querySelector('.blog-body');
    const all = body ? Array.from(body.querySelectorAll('*')) : [];
    return {
      xssFlag: (window as unknown as { __blogXss?: unknown }).__blogXss ?? null,
      forbiddenElements: all
        .map((element) => element.localName)
        .filter((name) =>
          [
            'script',
            'iframe',
            'object',
            'embed',
            'form',
            'input',
            'button',
            'svg',
            'math',
            'style',
            'meta',
            'base',
          ].includes(name),
        ),
      handlerAttributes: all.flatMap((element) =>
        element.getAttributeNames().filter((name) => name.startsWith('on') || name === 'style'),
      ),
      scriptUrls: Array.from(body?.querySelectorAll('a[href], img[src]') ?? [])
        .map((element) => element.getAttribute('href') ?? element.getAttribute('src') ?? '')
        .filter((url) => /^\s*(javascript|data|vbscript):/i.test(url)),
      pageBodyDisplay: getComputedStyle(document.body).display,
      baseElements: document.querySelectorAll('base').length,
    };
  });
  expect(findings).toEqual({
    xssFlag: null,
    forbiddenElements: [],
    handlerAttributes: [],
    scriptUrls: [],
    pageBodyDisplay: 'block',
    baseElements: 0,
  });
  expect(dialogs).toEqual([]);
  expect(outsideRequests).toEqual([]);
  expect(errors).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'blog-post-hostile-1440');
  await context.close();
});

test('a missing post shows the not-found view', async () => {
  const { context, page } = await openPage(browser, 'desktop');
  for (const path of ['/blog/no-such-post', '/blog/a%2Fb']) {
    await gotoApp(page, path);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Blog post not found');
    await expect(page.getByText("The blog post you're looking for doesn't exist.").isVisible()).resolves.toBe(
      true,
    );
  }
  await context.close();
});

test('a failed post read (navigating inside the app) shows the not-found view', async () => {
  const { context, page } = await openPage(browser, 'desktop');
  await context.route(isBatchGet, (route) => route.abort('failed'));
  await gotoApp(page, '/blog');
  await page.locator('[data-testid="blog-card"] a').first().click();
  // The list stays on screen until the post's read settles (its Firestore code loads on the first read).
  await page.locator('h1', { hasText: 'Blog post not found' }).waitFor();
  await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Blog post not found');
  await context.close();
});

test('without JavaScript the list, its next page and a post are complete pages', async () => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: VIEWPORTS.mobile,
    baseURL: BASE_URL,
  });
  const page = await context.newPage();
  const response = await page.goto('/blog');
  expect(response?.status()).toBe(200);
  await expect(cardTitles(page)).resolves.toEqual(expectedTitles.slice(0, PAGE_SIZE));
  await expect(page.locator('.site-header').isVisible()).resolves.toBe(true);
  await expect(page.locator('.site-footer').isVisible()).resolves.toBe(true);
  await imagesLoaded(page).catch(() => undefined);
  await screenshot(page, 'blog-list-no-js-375');

  await page.locator('a[rel="next"]').click();
  await page.waitForURL(/\/blog\?after=/);
  await expect(cardTitles(page)).resolves.toEqual(expectedTitles.slice(PAGE_SIZE, 2 * PAGE_SIZE));

  await page.locator('[data-testid="blog-card"] a').first().click();
  await page.waitForURL(/\/blog\/[a-z0-9-]+$/);
  await expect(page.locator('h1').textContent()).resolves.toBe(expectedTitles[PAGE_SIZE]);
  await expect(page.locator('img.blog-post__cover').getAttribute('fetchpriority')).resolves.toBe('high');
  await expect(page.locator('.blog-body p').count()).resolves.toBeGreaterThan(2);
  await expect(page.locator('.blog-byline__details').first().textContent()).resolves.toMatch(/min read$/);

  const missing = await page.goto('/blog/no-such-post');
  expect(missing?.status()).toBe(404);
  await expect(page.locator('h1').textContent()).resolves.toBe('Blog post not found');
  await context.close();
});

test('with JavaScript the app takes over the server page without reading it again or moving anything', async () => {
  for (const path of ['/blog', '/blog/stacking-coupons-like-a-pro']) {
    const { context, page } = await openPage(browser, 'mobile');
    const errors = trackPageErrors(page);
    const consoleErrors = trackConsoleErrors(page);
    const reads: string[] = [];
    await context.route(isFirestoreRead, async (route) => {
      reads.push(route.request().url());
      await route.continue();
    });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { __layoutShifts: number[] }).__layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
      // Marks the server's body paragraphs as the parser built them, before any script of the page runs.
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        for (const paragraph of Array.from(document.querySelectorAll('#root .blog-body p')))
          Reflect.set(paragraph, 'fromServer', true);
      });
    });
    await page.goto(path);
    // The server's markup, before the app: the island is there and the app has not rendered yet.
    const served = await page.evaluate(() => ({
      heading: document.querySelector('#root h1')?.textContent ?? null,
      cards: document.querySelectorAll('#root [data-testid="blog-card"]').length,
      island: document.getElementById('blog-data')?.getAttribute('type') ?? null,
    }));
    expect(served.island).toBe('application/json');
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    // Let any late read or layout work happen before counting.
    await page.waitForTimeout(500);
    const live = await page.evaluate(() => ({
      // The app moved the server's body nodes into its page instead of sanitizing the same HTML again.
      bodyFromServer: Array.from(document.querySelectorAll('#root .blog-body p')).every(
        (paragraph) => Reflect.get(paragraph, 'fromServer') === true,
      ),
      heading: document.querySelector('#root h1')?.textContent ?? null,
      cards: document.querySelectorAll('#root [data-testid="blog-card"]').length,
      shift: (window as unknown as { __layoutShifts: number[] }).__layoutShifts.reduce((a, b) => a + b, 0),
    }));
    expect({ heading: live.heading, cards: live.cards }).toEqual({
      heading: served.heading,
      cards: served.cards,
    });
    expect(live.shift).toBeLessThanOrEqual(0.02);
    expect(live.bodyFromServer).toBe(true);
    expect(reads).toEqual([]);
    expect(errors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  }
});

test('navigating between posts inside the app reads what the server did not send, once', async () => {
  const { context, page } = await openPage(browser, 'desktop');
  const errors = trackPageErrors(page);
  const reads: string[] = [];
  await context.route(isFirestoreRead, async (route) => {
    reads.push(new URL(route.request().url()).pathname.split(':').pop() ?? '');
    await route.continue();
  });
  await gotoApp(page, `/blog/stacking-coupons-like-a-pro`);
  expect(reads).toEqual([]);

  // To the list: its first page is read (the server sent the post, not the list).
  await page.locator('.blog-post__back').click();
  await page.waitForURL('**/blog');
  await page.locator('[data-testid="blog-card"]').first().waitFor();
  await expect(cardTitles(page)).resolves.toEqual(expectedTitles.slice(0, PAGE_SIZE));
  expect(reads).toEqual(['runQuery']);

  // To another post: read once.
  const loaded = demoBlogPosts().find((post) => post.id === 'stacking-coupons-like-a-pro');
  const loadedTitle = loaded ? deriveBlogFields(loaded.html_content).title : '';
  const other = expectedTitles.slice(0, PAGE_SIZE).find((title) => title !== loadedTitle) ?? '';
  await page.getByRole('link', { name: other }).click();
  await page.waitForFunction((title) => document.querySelector('h1')?.textContent === title, other);
  expect(reads).toEqual(['runQuery', 'batchGet']);

  // Back twice, to the post the browser loaded: shown from the server's data, no read.
  await page.goBack();
  await page.waitForURL('**/blog');
  await page.locator('[data-testid="blog-card"]').first().waitFor();
  const readsBefore = reads.length;
  await page.goBack();
  await page.waitForFunction(() => document.querySelector('h1.blog-post__title') !== null);
  expect(page.url()).toMatch(/\/blog\/stacking-coupons-like-a-pro$/);
  expect(reads.slice(readsBefore)).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});
