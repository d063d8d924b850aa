// Which JavaScript files a page requests while it loads, seen by Chromium: the entry, what it preloads, and the
// chunks the first render pulls in (route chunk, auth layer). More than the initial JS (that one is read
// from the served HTML and the manifest); used for "never downloads" checks and shown for information.
import type { BrowserContext, Page } from 'playwright-core';

export interface PageScripts {
  /** Build-output paths (e.g. `assets/index-abc.js`) of same-origin scripts, in request order. */
  files: string[];
  /** The page rendered the app's 404 view: the route does not exist (yet). */
  notFound: boolean;
  pageErrors: string[];
  /** Why `ready` failed (the page is kept open for a screenshot). */
  readyError?: string;
}

const NOT_FOUND_HEADING = 'Page Not Found';

/** Resolves once no script request has started or is in flight for `quietMs` (or after `timeoutMs`). */
async function scriptsSettled(
  page: Page,
  inFlight: () => number,
  lastActivity: () => number,
  quietMs = 1500,
  timeoutMs = 20_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (inFlight() === 0 && Date.now() - lastActivity() >= quietMs) return;
    await page.waitForTimeout(200);
  }
}

/**
 * Opens `path` in a fresh page of `context` and lists the scripts it requested. `beforeNavigate` runs before the
 * navigation (e.g. to attach a Firestore capture); `ready` waits for the page's content when given.
 */
export async function recordPageScripts(
  context: BrowserContext,
  origin: string,
  path: string,
  {
    beforeNavigate,
    ready,
  }: { beforeNavigate?: (page: Page) => Promise<void>; ready?: (page: Page) => Promise<void> } = {},
): Promise<PageScripts & { page: Page }> {
  const page = await context.newPage();
  const files: string[] = [];
  const pageErrors: string[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  const isScript = (url: string) => url.startsWith(origin) && new URL(url).pathname.endsWith('.js');
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('request', (request) => {
    if (!isScript(request.url())) return;
    files.push(new URL(request.url()).pathname.replace(/^\//, ''));
    inFlight += 1;
    lastActivity = Date.now();
  });
  const done = (request: { url(): string }) => {
    if (!isScript(request.url())) return;
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  if (beforeNavigate) await beforeNavigate(page);
  await page.goto(`${origin}${path}`, { waitUntil: 'load' });
  let readyError: string | undefined;
  if (ready) {
    await ready(page).catch((error: unknown) => {
      readyError = error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
    });
  }
  await scriptsSettled(
    page,
    () => inFlight,
    () => lastActivity,
  );
  // The app paints its spinner first; give the page a moment to show its heading before judging it.
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  const notFound = await page
    .getByRole('heading', { name: NOT_FOUND_HEADING })
    .isVisible()
    .catch(() => false);
  return {
    page,
    files: [...new Set(files)],
    notFound,
    pageErrors,
    readyError,
  };
}
