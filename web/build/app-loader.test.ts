/** @jest-environment node */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { APP_SCRIPTS_ID as CONTRACT_APP_SCRIPTS_ID } from '@bargains/model/contracts/dashboard-render';
import { APP_LOADER_CSP_SOURCE, APP_LOADER_SCRIPT, APP_SCRIPTS_ID } from './app-loader';
import { deferAppScripts } from './prerender-plugin';

jest.mock('vite', () => ({ createServer: jest.fn() }));

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Bargains</title>
    <script type="module" crossorigin src="/assets/index-E1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-R1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C1.css">
  </head>
  <body>
    <div id="root"><h1>Deals</h1></div>
  </body>
</html>
`;

const firebaseJson = JSON.parse(readFileSync(join(__dirname, '..', '..', 'firebase.json'), 'utf8')) as {
  hosting: { headers: Array<{ source?: string; headers: Array<{ key: string; value: string }> }> };
};

describe('the inline app loader', () => {
  it('is allowed by its hash in the Content-Security-Policy of every page, and by nothing looser', () => {
    const csp = firebaseJson.hosting.headers
      .find((rule) => rule.source === '**')
      ?.headers.find((header) => header.key === 'Content-Security-Policy')?.value;
    const scriptSrc = /script-src ([^;]+)/.exec(csp ?? '')?.[1]?.split(' ');
    expect(scriptSrc).toContain(APP_LOADER_CSP_SOURCE);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(APP_LOADER_CSP_SOURCE).toBe(
      `'sha256-${createHash('sha256').update(APP_LOADER_SCRIPT).digest('base64')}'`,
    );
    expect(APP_SCRIPTS_ID).toBe(CONTRACT_APP_SCRIPTS_ID);
  });

  it("takes the app's scripts out of the head and lists them; the loader goes first, the list last", () => {
    const page = deferAppScripts(PAGE);
    expect(page.replace(APP_LOADER_SCRIPT, '')).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head.indexOf(`<script>${APP_LOADER_SCRIPT}</script>`)).toBeLessThan(
      head.indexOf('rel="stylesheet"'),
    );
    expect(head).toMatch(
      new RegExp(`<script type="application/json" id="${APP_SCRIPTS_ID}">[^<]+</script>\\n  $`),
    );
    expect(() => deferAppScripts(PAGE.replace(/<script type="module"[^\n]+\n/, ''))).toThrow(
      'no module script',
    );
  });

  it('adds the listed scripts in order once the page is painted', async () => {
    const dom = new JSDOM(deferAppScripts(PAGE), { runScripts: 'dangerously', pretendToBeVisual: true });
    const added = () =>
      [...dom.window.document.head.querySelectorAll('link[rel="modulepreload"], script[src]')].map(
        (element) => element.getAttribute('href') ?? element.getAttribute('src'),
      );
    // Nothing is requested with the HTML.
    expect(added()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(added()).toEqual(['/assets/runtime-R1.js', '/assets/index-E1.js']);
    const entry = dom.window.document.querySelector('script[src="/assets/index-E1.js"]');
    expect(entry?.getAttribute('type')).toBe('module');
    expect((entry as HTMLScriptElement | null)?.async).toBe(false);
    dom.window.close();
  });
});
