/** @jest-environment node */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { APP_SCRIPTS_ID as CONTRACT_APP_SCRIPTS_ID } from '@bargains/model/contracts/dashboard-render';
import {
  APP_LOADER_SCRIPT,
  APP_SCRIPTS_ID,
  cspSourceOf,
  dashboardStarterScript,
  dashboardStarterSettings,
} from './inline-scripts';
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

const WEB_ROOT = join(__dirname, '..');
const scriptSrc = () => {
  const csp = firebaseJson.hosting.headers
    .find((rule) => rule.source === '**')
    ?.headers.find((header) => header.key === 'Content-Security-Policy')?.value;
  return /script-src ([^;]+)/.exec(csp ?? '')?.[1]?.split(' ') ?? [];
};

describe('the inline scripts', () => {
  it("are each allowed by their hash in every page's Content-Security-Policy, and nothing looser is", () => {
    // A failure names the source firebase.json needs after a change to a script (or to TypeScript's output).
    expect({ scriptSrc: scriptSrc() }).toEqual({
      scriptSrc: expect.arrayContaining([
        cspSourceOf(APP_LOADER_SCRIPT),
        cspSourceOf(dashboardStarterScript(WEB_ROOT)),
      ]),
    });
    expect(scriptSrc()).not.toContain("'unsafe-inline'");
    expect(cspSourceOf('x')).toBe(`'sha256-${createHash('sha256').update('x').digest('base64')}'`);
    expect(APP_SCRIPTS_ID).toBe(CONTRACT_APP_SCRIPTS_ID);
  });

  it("gives the dashboard's starter the Auth storage key and the token endpoint of the build's project", () => {
    const real = { apiKey: 'AIza-key', useEmulators: false, authEmulatorUrl: 'http://127.0.0.1:9099' };
    expect(dashboardStarterSettings(real)).toEqual({
      authUserKey: 'firebase:authUser:AIza-key:[DEFAULT]',
      tokenEndpoint: 'https://securetoken.googleapis.com/v1/token?key=AIza-key',
    });
    expect(dashboardStarterSettings({ ...real, useEmulators: true }).tokenEndpoint).toBe(
      'http://127.0.0.1:9099/securetoken.googleapis.com/v1/token?key=AIza-key',
    );
    // The page runs it as a plain script: no types, no imports, nothing that would end its element.
    const starter = dashboardStarterScript(WEB_ROOT);
    expect(starter).not.toMatch(/^import |^export |<\/script|interface /m);
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
