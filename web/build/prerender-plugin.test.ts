/// <reference types="jest" />
// web/tsconfig.node.json (which type-checks web/build) lists only Node's types; this file also needs Jest's.
import { parse, type DefaultTreeAdapterTypes } from 'parse5';
import type { Manifest } from 'vite';
import {
  composeBlogShell,
  composeDashboardShell,
  composeSnapshotHtml,
  snapshotAssets,
  snapshotFileName,
} from './prerender-plugin';

// The plugin's closeBundle uses Vite's createServer; the pure helpers under test do not. Vite is ESM-only, which
// Jest's CommonJS module loader cannot require, so it is replaced here.
jest.mock('vite', () => ({ createServer: jest.fn() }));

/** A build manifest shaped like Vite's: entry → shared vendor chunk; lazy pages reached by dynamic import. */
const MANIFEST: Manifest = {
  'index.html': {
    file: 'assets/index-E1.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_vendor-V1.js'],
    dynamicImports: ['src/features/auth/pages/LoginPage.tsx'],
    css: ['assets/index-C1.css'],
  },
  '_vendor-V1.js': { file: 'assets/vendor-V1.js', imports: ['_react-R1.js'] },
  '_react-R1.js': { file: 'assets/react-R1.js' },
  '_form-F1.js': { file: 'assets/form-F1.js', imports: ['_vendor-V1.js'], css: ['assets/form-C2.css'] },
  'src/features/marketing/pages/LandingPage.tsx': {
    file: 'assets/LandingPage-L1.js',
    src: 'src/features/marketing/pages/LandingPage.tsx',
    isDynamicEntry: true,
    imports: ['_form-F1.js', '_vendor-V1.js'],
    dynamicImports: ['src/features/auth/api/auth-actions.ts'],
    css: ['assets/LandingPage-C3.css'],
  },
  'src/features/auth/pages/LoginPage.tsx': {
    file: 'assets/LoginPage-P1.js',
    src: 'src/features/auth/pages/LoginPage.tsx',
    isDynamicEntry: true,
    imports: ['_form-F1.js'],
    css: ['assets/auth-C4.css'],
  },
  'src/features/auth/api/auth-actions.ts': {
    file: 'assets/auth-actions-A1.js',
    src: 'src/features/auth/api/auth-actions.ts',
    isDynamicEntry: true,
  },
};

describe('snapshotAssets', () => {
  it('collects a source chunk, its static imports transitively (once each) and their CSS', () => {
    const assets = snapshotAssets(MANIFEST, ['src/features/marketing/pages/LandingPage.tsx']);
    expect(assets.js.sort()).toEqual(
      ['assets/LandingPage-L1.js', 'assets/form-F1.js', 'assets/react-R1.js', 'assets/vendor-V1.js'].sort(),
    );
    expect(assets.css.sort()).toEqual(['assets/LandingPage-C3.css', 'assets/form-C2.css'].sort());
  });

  it('does not follow dynamic imports (they load on demand, not with the page)', () => {
    const landing = snapshotAssets(MANIFEST, ['src/features/marketing/pages/LandingPage.tsx']);
    expect(landing.js).not.toContain('assets/auth-actions-A1.js');
    const entry = snapshotAssets(MANIFEST, ['index.html']);
    expect(entry.js.sort()).toEqual(
      ['assets/index-E1.js', 'assets/react-R1.js', 'assets/vendor-V1.js'].sort(),
    );
    expect(entry.js).not.toContain('assets/LoginPage-P1.js');
    expect(entry.css).toEqual(['assets/index-C1.css']);
  });

  it('merges several sources without duplicates', () => {
    const assets = snapshotAssets(MANIFEST, [
      'src/features/marketing/pages/LandingPage.tsx',
      'src/features/auth/pages/LoginPage.tsx',
    ]);
    expect(new Set(assets.js).size).toBe(assets.js.length);
    expect(assets.js).toEqual(expect.arrayContaining(['assets/LandingPage-L1.js', 'assets/LoginPage-P1.js']));
    expect(assets.css.sort()).toEqual(
      ['assets/LandingPage-C3.css', 'assets/auth-C4.css', 'assets/form-C2.css'].sort(),
    );
  });

  it('returns nothing for no sources', () => {
    expect(snapshotAssets(MANIFEST, [])).toEqual({ js: [], css: [] });
  });

  it('throws on a source the manifest does not know', () => {
    expect(() => snapshotAssets(MANIFEST, ['src/features/nope/Missing.tsx'])).toThrow(
      'prerender: no chunk for src/features/nope/Missing.tsx in the build manifest',
    );
  });

  it('throws on a static import the manifest does not know', () => {
    const broken: Manifest = { 'page.tsx': { file: 'assets/page.js', imports: ['_gone.js'] } };
    expect(() => snapshotAssets(broken, ['page.tsx'])).toThrow('no chunk for _gone.js');
  });
});

/** index.html as Vite writes it into dist: the entry script and its CSS already linked in the head. */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Bargains — take the algorithm back</title>
    <script type="module" crossorigin src="/assets/index-E1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-V1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

type HtmlElement = DefaultTreeAdapterTypes.Element;

/** The page as a browser parses it (parse5 is the HTML spec's parser): head and body elements, the title text. */
function parsePage(html: string) {
  const childElements = (parent: DefaultTreeAdapterTypes.ParentNode) =>
    parent.childNodes.filter((node): node is HtmlElement => 'tagName' in node);
  const descendants = (parent: HtmlElement): HtmlElement[] =>
    childElements(parent).flatMap((child) => [child, ...descendants(child)]);
  const htmlElement = childElements(parse(html)).find((element) => element.tagName === 'html');
  const part = (tagName: string) => {
    const element = htmlElement && childElements(htmlElement).find((child) => child.tagName === tagName);
    if (!element) throw new Error(`no <${tagName}>`);
    return element;
  };
  const attribute = (element: HtmlElement, name: string) =>
    element.attrs.find((attr) => attr.name === name)?.value ?? null;
  const head = descendants(part('head'));
  const titleElement = head.find((element) => element.tagName === 'title');
  return {
    title: titleElement?.childNodes.map((node) => ('value' in node ? node.value : '')).join('') ?? null,
    headLinks: (rel: string) =>
      head
        .filter((element) => element.tagName === 'link' && attribute(element, 'rel') === rel)
        .map((link) => attribute(link, 'href')),
    bodyLinkCount: descendants(part('body')).filter((element) => element.tagName === 'link').length,
  };
}

describe('composeSnapshotHtml', () => {
  const noAssets = { js: [], css: [] };

  it('puts the snapshot markup inside #root and leaves the rest of the template alone', () => {
    const html = composeSnapshotHtml(
      TEMPLATE,
      { html: '<main><h1>Pricing</h1></main>', title: null, sources: [] },
      noAssets,
      '/',
    );
    expect(html).toContain('<div id="root"><main><h1>Pricing</h1></main></div>');
    expect(html).toBe(
      TEMPLATE.replace('<div id="root"></div>', '<div id="root"><main><h1>Pricing</h1></main></div>'),
    );
  });

  it('inserts markup containing $ patterns verbatim', () => {
    const markup = "<p>Only $2/month! Pay $$ or $& or $` or $' — no more.</p>";
    const html = composeSnapshotHtml(
      TEMPLATE,
      { html: markup, title: 'Save $$ · $&', sources: [] },
      noAssets,
      '/',
    );
    expect(html).toContain(`<div id="root">${markup}</div>`);
    expect(html).toContain('<title>Save $$ · $&amp;</title>');
  });

  it('replaces the title, HTML-escaped, and keeps the template title when there is none', () => {
    const withTitle = composeSnapshotHtml(
      TEMPLATE,
      { html: '', title: 'Deals & "Tips" <new> · Bargains', sources: [] },
      noAssets,
      '/',
    );
    expect(withTitle).toContain('<title>Deals &amp; &quot;Tips&quot; &lt;new&gt; · Bargains</title>');
    expect(withTitle).not.toContain('take the algorithm back');
    expect(parsePage(withTitle).title).toBe('Deals & "Tips" <new> · Bargains');

    const withoutTitle = composeSnapshotHtml(TEMPLATE, { html: '', title: null, sources: [] }, noAssets, '/');
    expect(parsePage(withoutTitle).title).toBe('Bargains — take the algorithm back');
  });

  it('adds stylesheet and modulepreload links only for assets the template lacks, inside the head', () => {
    const html = composeSnapshotHtml(
      TEMPLATE,
      { html: '<p>hi</p>', title: null, sources: [] },
      {
        js: ['assets/index-E1.js', 'assets/vendor-V1.js', 'assets/LandingPage-L1.js'],
        css: ['assets/index-C1.css', 'assets/LandingPage-C3.css'],
      },
      '/',
    );
    const page = parsePage(html);
    expect(page.headLinks('stylesheet')).toEqual(['/assets/index-C1.css', '/assets/LandingPage-C3.css']);
    expect(page.headLinks('modulepreload')).toEqual(['/assets/vendor-V1.js', '/assets/LandingPage-L1.js']);
    // The entry script is already there as a <script>: no preload link duplicates it.
    expect(html).not.toContain('<link rel="modulepreload" crossorigin href="/assets/index-E1.js">');
    expect(html.match(/assets\/index-C1\.css/g)).toHaveLength(1);
    expect(page.bodyLinkCount).toBe(0);
    expect(html.indexOf('/assets/LandingPage-C3.css')).toBeLessThan(html.indexOf('</head>'));
  });

  it('preloads firstJs ahead of the template’s scripts and styles, once, and only what the template lacks', () => {
    const html = composeSnapshotHtml(
      TEMPLATE,
      { html: '', title: null, sources: [] },
      {
        js: ['assets/auth-A1.js', 'assets/vendor-V1.js', 'assets/LandingPage-L1.js'],
        css: [],
        firstJs: ['assets/auth-A1.js', 'assets/vendor-V1.js'],
      },
      '/',
    );
    const page = parsePage(html);
    expect(page.headLinks('modulepreload')).toEqual([
      '/assets/auth-A1.js',
      '/assets/vendor-V1.js',
      '/assets/LandingPage-L1.js',
    ]);
    // Ahead of the entry script; the template's own vendor preload stays where it was, not duplicated.
    expect(html.indexOf('/assets/auth-A1.js')).toBeLessThan(html.indexOf('/assets/index-E1.js'));
    expect(html.match(/auth-A1\.js/g)).toHaveLength(1);
    expect(html.match(/vendor-V1\.js/g)).toHaveLength(1);
    expect(page.bodyLinkCount).toBe(0);
  });

  it('runs asyncEntries as async module scripts after firstJs, ahead of the template’s entry, never preloaded', () => {
    const html = composeSnapshotHtml(
      TEMPLATE,
      { html: '', title: null, sources: [] },
      {
        js: ['assets/prefetch-P1.js', 'assets/lite-F1.js'],
        css: [],
        firstJs: ['assets/auth-A1.js', 'assets/lite-F1.js'],
        asyncEntries: ['assets/prefetch-P1.js'],
      },
      '/',
    );
    const script = '<script type="module" async crossorigin src="/assets/prefetch-P1.js"></script>';
    expect(html.match(/prefetch-P1\.js/g)).toHaveLength(1);
    expect(html.indexOf('/assets/lite-F1.js')).toBeLessThan(html.indexOf(script));
    expect(html.indexOf(script)).toBeLessThan(html.indexOf('/assets/index-E1.js'));
    expect(parsePage(html).headLinks('modulepreload')).toEqual([
      '/assets/auth-A1.js',
      '/assets/lite-F1.js',
      '/assets/vendor-V1.js',
    ]);
  });

  it('connects to the preconnect origins first, over anonymous (crossorigin) connections', () => {
    const html = composeSnapshotHtml(
      TEMPLATE,
      { html: '', title: null, sources: [] },
      {
        js: ['assets/auth-A1.js'],
        css: [],
        firstJs: ['assets/auth-A1.js'],
        preconnect: ['https://identitytoolkit.googleapis.com', 'https://firestore.googleapis.com'],
      },
      '/',
    );
    const page = parsePage(html);
    expect(page.headLinks('preconnect')).toEqual([
      'https://identitytoolkit.googleapis.com',
      'https://firestore.googleapis.com',
    ]);
    expect(html).toContain('<link rel="preconnect" href="https://firestore.googleapis.com" crossorigin>');
    expect(html.indexOf('https://firestore.googleapis.com')).toBeLessThan(html.indexOf('/assets/auth-A1.js'));
    expect(page.bodyLinkCount).toBe(0);
    // Pages given no origins connect nowhere ahead of time.
    const plain = composeSnapshotHtml(TEMPLATE, { html: '', title: null, sources: [] }, noAssets, '/');
    expect(parsePage(plain).headLinks('preconnect')).toEqual([]);
  });

  it('prefixes added links with the base path', () => {
    const html = composeSnapshotHtml(
      TEMPLATE,
      { html: '', title: null, sources: [] },
      { js: ['assets/LandingPage-L1.js'], css: ['assets/LandingPage-C3.css'] },
      '/shop/',
    );
    const page = parsePage(html);
    expect(page.headLinks('stylesheet')).toContain('/shop/assets/LandingPage-C3.css');
    expect(page.headLinks('modulepreload')).toContain('/shop/assets/LandingPage-L1.js');
  });

  it('returns the template unchanged but for #root when every asset is already linked', () => {
    const html = composeSnapshotHtml(
      TEMPLATE,
      { html: 'x', title: null, sources: [] },
      { js: ['assets/vendor-V1.js'], css: ['assets/index-C1.css'] },
      '/',
    );
    expect(html).toBe(TEMPLATE.replace('<div id="root"></div>', '<div id="root">x</div>'));
  });

  it('throws when the template has no empty #root', () => {
    const template = TEMPLATE.replace('<div id="root"></div>', '<div id="app"></div>');
    expect(() =>
      composeSnapshotHtml(template, { html: '', title: null, sources: [] }, noAssets, '/'),
    ).toThrow('prerender: index.html must contain <div id="root"></div> exactly once');
  });

  it('throws when the template has #root more than once', () => {
    const template = TEMPLATE.replace('<div id="root"></div>', '<div id="root"></div><div id="root"></div>');
    expect(() =>
      composeSnapshotHtml(template, { html: '', title: null, sources: [] }, noAssets, '/'),
    ).toThrow('exactly once');
  });
});

describe('snapshotFileName', () => {
  it.each([
    ['/', 'index.html'],
    ['/pricing', 'pricing.html'],
    ['/how-it-works', 'how-it-works.html'],
  ])('writes %s to %s', (path, file) => {
    expect(snapshotFileName(path)).toBe(file);
  });
});

describe('composeBlogShell', () => {
  const slots = { BLOG_HEAD_SLOT: '<!--head-->', BLOG_PAGE_SLOT: '<!--page-->' };
  const withDescription = TEMPLATE.replace(
    '<title>',
    '<meta\n      name="description"\n      content="Site blurb."\n    />\n    <title>',
  );

  it('leaves slots for the head and the page, adds the blog CSS and drops the site description', () => {
    const shell = composeBlogShell(
      withDescription,
      { js: ['assets/BlogPostPage-P1.js'], css: ['assets/index-C1.css', 'assets/BlogPostPage-B1.css'] },
      '/',
      slots,
    );
    expect(shell).toContain('<div id="root"><!--page--></div>');
    expect(shell).toContain('<!--head-->');
    expect(shell).not.toContain('<title>');
    expect(shell).not.toContain('Site blurb.');
    const page = parsePage(shell);
    expect(page.headLinks('stylesheet')).toEqual(['/assets/index-C1.css', '/assets/BlogPostPage-B1.css']);
    // Like a snapshot: the app's scripts are added after the first paint, so nothing competes with the cover image.
    expect(shell).not.toContain('<script type="module"');
    expect(page.headLinks('modulepreload')).toEqual([]);
    expect(shell).toContain(
      '<script type="application/json" id="app-scripts">{"modulepreload":["/assets/vendor-V1.js","/assets/BlogPostPage-P1.js"],"modules":[{"src":"/assets/index-E1.js","async":false}]}</script>',
    );
  });

  it('refuses a template without a title to replace', () => {
    expect(() =>
      composeBlogShell(TEMPLATE.replace(/<title>.*<\/title>/, ''), { js: [], css: [] }, '/', slots),
    ).toThrow('<title>');
  });
});

describe('composeDashboardShell', () => {
  const slots = {
    DASHBOARD_PAGE_SLOT: '<!--page-->',
    DASHBOARD_ISLAND_SLOT: '<!--island-->',
    APP_SCRIPTS_ID: 'app-scripts',
  };
  const frameMarkup = '<div class="site"><header><div>Bargains</div></header><main>…</main></div>';
  const frame = composeSnapshotHtml(
    TEMPLATE,
    { html: frameMarkup, title: null, sources: [] },
    {
      js: ['assets/DashboardPage-D1.js'],
      css: ['assets/DashboardPage-C4.css'],
      asyncEntries: ['assets/dashboard-prefetch-P1.js'],
      preconnect: ['http://127.0.0.1:9099'],
    },
    '/',
  );
  const starter = {
    script: 'void "starter";',
    settings: {
      authUserKey: 'firebase:authUser:k:[DEFAULT]',
      tokenEndpoint: 'https://t.example/v1/token?key=k',
    },
  };
  const shell = composeDashboardShell(frame, slots, starter);

  it("puts the page slot inside #root in place of the frame, and the island's slot right after #root", () => {
    expect(shell).toContain('<div id="root"><!--page--></div><!--island-->\n  </body>');
    expect(shell).not.toContain('Bargains</div>');
    expect(parsePage(shell).headLinks('stylesheet')).toEqual([
      '/assets/index-C1.css',
      '/assets/DashboardPage-C4.css',
    ]);
  });

  it('runs only the inline starter (first in the head, its settings before it) and lists the app scripts', () => {
    const page = parsePage(shell);
    expect(page.headLinks('modulepreload')).toEqual([]);
    const scripts = [...shell.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
    expect(scripts).toEqual([
      ' type="application/json" id="dashboard-start"',
      '',
      ' type="application/json" id="app-scripts"',
    ]);
    expect(shell).toContain(
      `<script type="application/json" id="dashboard-start">${JSON.stringify(starter.settings)}</script>\n    <script>void "starter";</script>`,
    );
    expect(shell.indexOf('void "starter"')).toBeLessThan(shell.indexOf('rel="preconnect"'));
    expect(shell.indexOf('void "starter"')).toBeLessThan(shell.indexOf('rel="stylesheet"'));
    const listed = /<script type="application\/json" id="app-scripts">([^<]*)<\/script>/.exec(shell)?.[1];
    expect(JSON.parse(listed ?? 'null')).toEqual({
      modulepreload: ['/assets/vendor-V1.js', '/assets/DashboardPage-D1.js'],
      modules: [
        { src: '/assets/dashboard-prefetch-P1.js', async: true },
        { src: '/assets/index-E1.js', async: false },
      ],
    });
  });

  it('refuses a frame whose #root does not end the body, or that runs no module script', () => {
    expect(() =>
      composeDashboardShell(TEMPLATE.replace('<div id="root"></div>', ''), slots, starter),
    ).toThrow('#root');
    expect(() =>
      composeDashboardShell(frame.replace(/<script type="module"[^\n]*\n/g, ''), slots, starter),
    ).toThrow('no module script');
  });
});
