// Hosting's response headers and the Content-Security-Policy, against the Hosting emulator: every
// response carries the security headers, pages revalidate and hashed assets are immutable, unknown paths and
// missing assets are real 404s, source maps are not served, and no route or flow trips the CSP in Chromium.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { HOSTILE_POST_ID, demoBlogPosts, publishDemoPosts } from '../../tools/blog/demo-posts';
import { SNAPSHOT_PATHS } from '../../web/src/app/snapshot-paths';
import {
  BASE_URL,
  gotoApp,
  launchBrowser,
  newContext,
  settleNetwork,
  trackCspViolations,
} from './support/browser';
import { adminDb, closeAdmin, uniqueEmail } from './support/emulators';
import { signInWithEmulatedGoogle, signUp } from './dashboard-helpers';

const root = join(__dirname, '..', '..');
const emulatorBuild = join(root, 'web/dist-emulator');
const POST_ID = demoBlogPosts().find((post) => post.id !== HOSTILE_POST_ID)?.id ?? '';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await publishDemoPosts(adminDb());
});

afterAll(async () => {
  await browser.close();
  await closeAdmin();
});

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

function expectSecurityHeaders(url: string, headers: Headers) {
  const csp = headers.get('content-security-policy') ?? '';
  const policy = directives(csp);
  expect({ url, scriptSrc: policy.get('script-src') }).toEqual({
    url,
    scriptSrc: expect.not.arrayContaining(["'unsafe-inline'"]),
  });
  expect({ url, frameAncestors: policy.get('frame-ancestors') }).toEqual({ url, frameAncestors: ["'none'"] });
  expect({ url, objectSrc: policy.get('object-src') }).toEqual({ url, objectSrc: ["'none'"] });
  expect({ url, hsts: headers.get('strict-transport-security') }).toEqual({
    url,
    hsts: expect.stringMatching(/^max-age=\d{8,}/),
  });
  expect({ url, coop: headers.get('cross-origin-opener-policy') }).toEqual({
    url,
    coop: 'same-origin-allow-popups',
  });
  expect({ url, permissions: headers.get('permissions-policy') }).toEqual({
    url,
    permissions: expect.stringContaining('camera=()'),
  });
  expect({ url, nosniff: headers.get('x-content-type-options') }).toEqual({ url, nosniff: 'nosniff' });
}

const assetFiles = () => readdirSync(join(emulatorBuild, 'assets'));

describe('response headers', () => {
  it('every page gets the security headers and revalidates (Cache-Control: no-cache)', async () => {
    const pages = [...SNAPSHOT_PATHS, '/account', '/contact', '/success'];
    for (const path of pages) {
      const response = await fetch(`${BASE_URL}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      expectSecurityHeaders(path, response.headers);
      expect({ path, cache: response.headers.get('cache-control') }).toEqual({ path, cache: 'no-cache' });
    }
  });

  it("/dashboard gets the security headers and render_dashboard's private, never-stored caching", async () => {
    const response = await fetch(`${BASE_URL}/dashboard`);
    expect(response.status).toBe(200);
    expectSecurityHeaders('/dashboard', response.headers);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it("server-rendered blog pages get the security headers and keep render_blog's CDN caching", async () => {
    for (const path of ['/blog', `/blog/${POST_ID}`]) {
      const response = await fetch(`${BASE_URL}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      expectSecurityHeaders(path, response.headers);
      expect({ path, cache: response.headers.get('cache-control') }).toEqual({
        path,
        cache: 'public, max-age=60, s-maxage=300, stale-while-revalidate=600',
      });
    }
  });

  it('hashed assets are immutable, carry the headers too and name no source map; maps are not served', async () => {
    const script = assetFiles().find((file) => /^index-.+\.js$/.test(file)) ?? '';
    const response = await fetch(`${BASE_URL}/assets/${script}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(script, response.headers);
    expect(await response.text()).not.toContain('sourceMappingURL');
    expect(assetFiles().filter((file) => file.endsWith('.map'))).toEqual([]);
    expect((await fetch(`${BASE_URL}/assets/${script}.map`)).status).toBe(404);
  });

  it('an unknown path is a 404 with the Not Found page; a missing asset is a 404, never the app', async () => {
    const unknown = await fetch(`${BASE_URL}/no-such-page`);
    expect(unknown.status).toBe(404);
    expectSecurityHeaders('/no-such-page', unknown.headers);
    expect(await unknown.text()).toContain('Page Not Found');

    const appShell = readFileSync(join(emulatorBuild, 'app.html'), 'utf8');
    for (const path of [
      '/assets/index-0ld0ld0l.js',
      '/assets/DashboardPage-gone1234.js',
      '/dashboard/extra',
    ]) {
      const response = await fetch(`${BASE_URL}${path}`);
      const body = await response.text();
      expect({ path, status: response.status, isAppShell: body === appShell }).toEqual({
        path,
        status: 404,
        isAppShell: false,
      });
    }
  });

  it('function responses behind Hosting get the security headers and keep their own Cache-Control', async () => {
    const response = await fetch(`${BASE_URL}/get_subscription_status`);
    expect(response.status).toBeLessThan(500);
    expectSecurityHeaders('/get_subscription_status', response.headers);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});

describe('no CSP violation in Chromium', () => {
  it('on every route, signed out', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const violations = await trackCspViolations(page);
    const routes = [
      ...SNAPSHOT_PATHS,
      '/blog',
      `/blog/${POST_ID}`,
      '/contact',
      '/success',
      '/cancel',
      '/dashboard',
      '/account',
      '/no-such-page',
    ];
    for (const route of routes) {
      await gotoApp(page, route);
      await settleNetwork(page);
    }
    expect(violations).toEqual([]);
    await context.close();
  });

  it('on the hostile blog post, the CSP only reports the inline handlers and styles it blocks', async () => {
    // The post's HTML is an XSS test; its handlers and <style> elements are reported while DOMPurify parses it
    // (and removed from what is shown): the policy is a second line behind the sanitizer.
    const context = await newContext(browser);
    const page = await context.newPage();
    const violations = await trackCspViolations(page);
    await gotoApp(page, `/blog/${HOSTILE_POST_ID}`);
    await page.locator('#hostile-handler-link').waitFor();
    await settleNetwork(page);
    expect(
      violations.filter(
        (text) =>
          !/inline event handler|script-src-attr blocked inline|inline style|style-src-elem blocked inline/.test(
            text,
          ),
      ),
    ).toEqual([]);
    await expect(page.evaluate(() => (window as { __blogXss?: string }).__blogXss)).resolves.toBeUndefined();
    await context.close();
  });

  it('through sign-up, the checkout round trip and a blog post, signed in', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const violations = await trackCspViolations(page);
    await signUp(page, uniqueEmail('csp'));
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await page.waitForURL(/127\.0\.0\.1:12111\/checkout\//);
    await page.getByRole('button', { name: /^Pay \$2\.00$/ }).click();
    await page.waitForURL('**/success');
    await page.waitForURL('**/dashboard', { timeout: 15_000 });
    await page.locator('[data-deal-id]').first().waitFor({ timeout: 30_000 });
    await gotoApp(page, '/account');
    await gotoApp(page, `/blog/${POST_ID}`);
    await settleNetwork(page);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('through Google sign-in in the Auth emulator popup', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const violations = await trackCspViolations(page);
    await signInWithEmulatedGoogle(page);
    // The popup kept its opener (COOP same-origin-allow-popups) and handed the result back.
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Sign Out' }).first().waitFor();
    expect(violations).toEqual([]);
    await context.close();
  });
});
