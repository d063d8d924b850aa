import { entryScripts, withStaticImports, type Manifest } from './bundle';

describe('entryScripts', () => {
  it('reads module scripts and script preloads, not stylesheets, classic scripts or JSON islands', () => {
    const html = `<head>
      <script type="module" crossorigin src="/assets/index-a.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/main-b.js">
      <link rel="preload" as="script" href="/assets/extra-c.js">
      <link rel="preload" as="image" href="/cover.jpg">
      <link rel="stylesheet" href="/assets/index-d.css">
      <script src="/legacy.js"></script>
      <script type="application/json" id="blog-data">{"src":"/x.js"}</script>
    </head>`;
    expect(entryScripts(html)).toEqual(['assets/index-a.js', 'assets/main-b.js', 'assets/extra-c.js']);
  });

  it("adds the scripts a page's loader adds after its first paint (the app-scripts list)", () => {
    const html = `<head>
      <script type="module" async crossorigin src="/assets/dashboard-start-s.js"></script>
      <script type="application/json" id="app-scripts">{"modulepreload":["/assets/runtime-r.js"],"modules":[{"src":"/assets/index-a.js","async":false}]}</script>
    </head>`;
    expect(entryScripts(html)).toEqual([
      'assets/dashboard-start-s.js',
      'assets/runtime-r.js',
      'assets/index-a.js',
    ]);
  });
});

describe('withStaticImports', () => {
  const manifest: Manifest = {
    'index.html': { file: 'assets/index-a.js', imports: ['_runtime.js'] },
    _runtime: { file: 'assets/unused.js' },
    '_runtime.js': { file: 'assets/runtime-r.js', imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared-s.js', imports: ['_runtime.js'] },
    'src/pages/Dashboard.tsx': { file: 'assets/Dashboard-d.js', imports: ['_shared.js'] },
  };

  it('adds every chunk imported statically, transitively and once, and never a dynamic entry', () => {
    expect(withStaticImports(['assets/index-a.js'], manifest)).toEqual([
      'assets/index-a.js',
      'assets/runtime-r.js',
      'assets/shared-s.js',
    ]);
  });

  it('keeps a file the manifest does not know (its size check then fails loudly)', () => {
    expect(withStaticImports(['assets/gone.js'], manifest)).toEqual(['assets/gone.js']);
  });
});
