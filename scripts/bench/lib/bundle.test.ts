import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sourceMapsDir } from '../../../web/build/source-maps';
import { gzipSync } from 'node:zlib';
import {
  analyseChunks,
  describeChunk,
  isFullFirestoreModule,
  charactersPerSource,
  decodeVlqSegment,
  htmlEntryScripts,
  moduleOwner,
  sourceMapModules,
  summariseFiles,
  withStaticImports,
  type Manifest,
} from './bundle';

describe('module classification', () => {
  test('the full Firestore SDK is its dist/index.esm.js or shared common chunk, never the Lite build', () => {
    expect(isFullFirestoreModule('node_modules/@firebase/firestore/dist/index.esm.js')).toBe(true);
    expect(isFullFirestoreModule('node_modules/@firebase/firestore/dist/common-3cb50c20.esm.js')).toBe(true);
    expect(isFullFirestoreModule('node_modules/@firebase/firestore/dist/lite/index.browser.esm.js')).toBe(
      false,
    );
    expect(isFullFirestoreModule('node_modules/firebase/firestore/dist/esm/index.esm.js')).toBe(false);
  });

  test('source map paths are made relative to the repository root', () => {
    const map = JSON.stringify({ sources: ['../../../node_modules/react/index.js', '../../src/main.tsx'] });
    expect(sourceMapModules(map, '/repo/web/dist/assets', '/repo')).toEqual([
      'node_modules/react/index.js',
      'web/src/main.tsx',
    ]);
  });
});

test('the entry scripts of a built index.html are its module script and modulepreload links', () => {
  const html = `<!doctype html><html><head>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/jsx-runtime-b.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c.css">
    <link rel="icon" href="/favicon.svg">
    <script src="https://example.com/analytics.js"></script>
  </head><body><div id="root"></div></body></html>`;
  expect(htmlEntryScripts(html)).toEqual(['assets/index-a.js', 'assets/jsx-runtime-b.js']);
});

test('the initial scripts of a served page are resolved against its address; inert and foreign ones are left out', () => {
  // A prerendered page as another tool might write it: attributes in any order and case, spread over lines.
  const html = `<!doctype html><html><head>
    <!-- <script type="module" src="/assets/commented-out.js"></script> -->
    <link
      href="/assets/LandingPage-d.js"
      rel="modulepreload"
    >
    <script src="/assets/index-a.js" type="MODULE" crossorigin></script>
    <link rel="preload" as="script" href="chunk-e.js">
    <link rel="preload" as="style" href="/assets/index-c.css">
    <script src="/assets/legacy-f.js"></script>
    <script type="module">import '/assets/inline-import.js';</script>
    <script type="module" src="//cdn.example.com/lib.js"></script>
    <link rel="modulepreload" href="/assets/index-a.js">
    <template><script type="module" src="/assets/in-template.js"></script></template>
  </head><body><h1>Bargains</h1></body></html>`;
  expect(htmlEntryScripts(html, 'http://127.0.0.1:5000/blog/my-post')).toEqual([
    'assets/LandingPage-d.js',
    'assets/index-a.js',
    'blog/chunk-e.js',
  ]);
});

describe('analyseChunks on a build output', () => {
  let root: string;
  let dist: string;
  /** A chunk and its source map; by default all of its first line maps to the first source. */
  const writeChunk = (file: string, code: string, sources: string[], mappings = 'AAAA') => {
    writeFileSync(join(dist, file), code);
    const mapPath = join(sourceMapsDir(dist), `${file}.map`);
    mkdirSync(dirname(mapPath), { recursive: true });
    writeFileSync(
      mapPath,
      JSON.stringify({ version: 3, sources: sources.map((s) => `../../../${s}`), mappings }),
    );
  };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
    dist = join(root, 'web', 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    // 1050 characters: react maps to columns 0-249 (`AAAA`), main.tsx from column 250 on (`0PCAA`).
    writeChunk(
      'assets/index-a.js',
      'console.log("entry");'.repeat(50),
      ['node_modules/react/index.js', 'web/src/main.tsx'],
      'AAAA,0PCAA',
    );
    writeChunk('assets/lite-b.js', 'lite();', [
      'node_modules/@firebase/firestore/dist/lite/index.browser.esm.js',
      'web/src/features/blog/api/blog-posts.ts',
    ]);
    writeChunk('assets/full-c.js', 'full();', ['node_modules/@firebase/firestore/dist/index.esm.js']);
    writeChunk('assets/Dashboard-d.js', 'dash();', ['web/src/features/dashboard/components/DealBrowser.tsx']);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const manifest: Manifest = {
    'index.html': {
      file: 'assets/index-a.js',
      src: 'index.html',
      isEntry: true,
      imports: ['_shared.js'],
      dynamicImports: ['src/Dashboard.tsx'],
    },
    '_shared.js': { file: 'assets/lite-b.js', imports: ['index.html'] },
    'src/Dashboard.tsx': {
      file: 'assets/Dashboard-d.js',
      src: 'src/Dashboard.tsx',
      isDynamicEntry: true,
      imports: ['_full.js'],
    },
    '_full.js': { file: 'assets/full-c.js' },
  };

  test('measures gzipped size and flags full Firestore and dashboard code per chunk', () => {
    const chunks = analyseChunks(dist, root, manifest);
    expect([...chunks.keys()].sort()).toEqual([
      'assets/Dashboard-d.js',
      'assets/full-c.js',
      'assets/index-a.js',
      'assets/lite-b.js',
    ]);
    const entry = chunks.get('assets/index-a.js');
    expect(entry).toMatchObject({ isEntry: true, fullFirestore: false, dashboardCode: false });
    expect(entry?.gzipBytes).toBe(gzipSync('console.log("entry");'.repeat(50)).length);
    expect(chunks.get('assets/lite-b.js')?.fullFirestore).toBe(false);
    expect(chunks.get('assets/full-c.js')?.fullFirestore).toBe(true);
    expect(chunks.get('assets/Dashboard-d.js')).toMatchObject({ dashboardCode: true, isDynamicEntry: true });
  });

  test("the initial files are a page's scripts and their static imports, transitively, never dynamic imports", () => {
    // index-a statically imports lite-b, which imports index-a back; Dashboard-d is only imported dynamically.
    expect(withStaticImports(['assets/index-a.js'], manifest)).toEqual([
      'assets/index-a.js',
      'assets/lite-b.js',
    ]);
    // A page that preloads the dashboard chunk also loads what that chunk imports statically.
    expect(withStaticImports(['assets/index-a.js', 'assets/Dashboard-d.js'], manifest)).toEqual([
      'assets/index-a.js',
      'assets/Dashboard-d.js',
      'assets/lite-b.js',
      'assets/full-c.js',
    ]);
    expect(withStaticImports(['assets/unknown.js'], manifest)).toEqual(['assets/unknown.js']);
  });

  test('summarises a set of requested files and reports files that are not build chunks', () => {
    const chunks = analyseChunks(dist, root, manifest);
    const summary = summariseFiles(
      ['assets/index-a.js', 'assets/Dashboard-d.js', 'assets/index-a.js', 'assets/gone.js'],
      chunks,
    );
    expect(summary.files.map((entry) => entry.file)).toEqual(['assets/index-a.js', 'assets/Dashboard-d.js']);
    expect(summary.files[0]?.gzipBytes).toBeGreaterThan(summary.files[1]?.gzipBytes ?? Infinity);
    expect(summary.gzipBytes).toBe(
      (chunks.get('assets/index-a.js')?.gzipBytes ?? 0) +
        (chunks.get('assets/Dashboard-d.js')?.gzipBytes ?? 0),
    );
    expect(summary).toMatchObject({
      fullFirestore: false,
      dashboardCode: true,
      unknownFiles: ['assets/gone.js'],
    });
  });

  test('describes a lazy chunk by its source module and the packages inside', () => {
    const chunks = analyseChunks(dist, root, manifest);
    const chunk = (file: string) => {
      const found = chunks.get(file);
      if (!found) throw new Error(`no chunk ${file}`);
      return found;
    };
    expect(describeChunk(chunk('assets/Dashboard-d.js'))).toBe('src/Dashboard.tsx (web/src 100%)');
    expect(describeChunk(chunk('assets/index-a.js'))).toBe('web/src 76%, react 24%');
  });
});

test('a module belongs to the innermost package, or to the app folder it comes from', () => {
  expect(moduleOwner('node_modules/@firebase/auth/node_modules/@firebase/util/dist/index.esm.js')).toBe(
    '@firebase/util',
  );
  expect(moduleOwner('node_modules/@firebase/auth/dist/esm/index.js')).toBe('@firebase/auth');
  expect(moduleOwner('node_modules/react/index.js')).toBe('react');
  expect(moduleOwner('web/src/main.tsx')).toBe('web/src');
  expect(moduleOwner('functions/src/model/deal.ts')).toBe('functions/src/model');
});

test('source map segments decode from base64 VLQ, including negative and multi-digit values', () => {
  expect(decodeVlqSegment('AAAA')).toEqual([0, 0, 0, 0]);
  expect(decodeVlqSegment('gBACD')).toEqual([16, 0, 1, -1]);
});

test('generated characters are attributed to the source each mapped span comes from', () => {
  // Line 1: columns 0-1 from source 0, 2-5 from source 1; line 2: all from source 1; line 3 is unmapped.
  expect(charactersPerSource('AAAA,ECAA;AAAA;', 'abcdef\nxyz\nunmapped', 2)).toEqual([2, 7]);
});
