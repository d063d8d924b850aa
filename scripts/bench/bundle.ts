// What the production build ships, from Vite's manifest (`build.manifest`) and the hidden source maps
// (web/build/source-maps.ts keeps them in `<outDir>.sourcemaps`): gzipped size of each chunk, whether it holds the
// full Firestore SDK or dashboard code, and a page's initial JS (its HTML's entry scripts and preloads plus every
// chunk they statically import).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export type Manifest = Record<string, { file: string; src?: string; imports?: string[] }>;

export interface Chunk {
  gzipBytes: number;
  fullFirestore: boolean;
  dashboardCode: boolean;
}

// Firestore Lite (`dist/lite/`) is allowed on public pages; the full SDK (Listen channel, cache) is not.
const FULL_FIRESTORE_SOURCE = /@firebase\/firestore\/dist\/(?!lite\/)/;
const DASHBOARD_SOURCE = /src\/features\/dashboard\//;

/**
 * Build-output paths (`assets/x.js`) of the module scripts and script preloads in a page's HTML, and of the scripts
 * its loader adds after the first paint.
 */
export function entryScripts(html: string): string[] {
  const files: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    const preload =
      attribute('rel') === 'modulepreload' ||
      (attribute('rel') === 'preload' && attribute('as') === 'script');
    const url = tag.startsWith('<script')
      ? attribute('type') === 'module' && attribute('src')
      : preload && attribute('href');
    if (url) files.push(new URL(url, 'http://page/').pathname.slice(1));
  }
  // The scripts a page's loader adds after its first paint (web/build/inline-scripts.ts, the dashboard's starter).
  const listed = /<script type="application\/json" id="app-scripts">([^<]*)<\/script>/.exec(html)?.[1];
  if (listed !== undefined) {
    const { modulepreload, modules } = JSON.parse(listed) as {
      modulepreload: string[];
      modules: Array<{ src: string }>;
    };
    for (const url of [...modulepreload, ...modules.map((module) => module.src)])
      files.push(new URL(url, 'http://page/').pathname.slice(1));
  }
  return files;
}

/** `files` plus every chunk they import statically, transitively (dynamic imports are not followed). */
export function withStaticImports(files: readonly string[], manifest: Manifest): string[] {
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const key of byFile.get(file)?.imports ?? []) {
      const imported = manifest[key]?.file;
      if (imported) visit(imported);
    }
  };
  files.forEach(visit);
  return [...seen];
}

export function readBuild(distDir: string) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const mapsDir = `${distDir}.sourcemaps`;
  if (!existsSync(mapsDir)) throw new Error(`${mapsDir} is missing: the build wrote no source maps`);
  const chunks = new Map<string, Chunk>();
  /** Throws for a file the build does not hold (or without its source map): the check must not pass unseen. */
  const chunkOf = (file: string): Chunk => {
    const known = chunks.get(file);
    if (known) return known;
    // A chunk with no source (Rolldown's runtime) has no map; a build without any maps fails in readBuild.
    const mapFile = join(mapsDir, `${file}.map`);
    const map = existsSync(mapFile)
      ? (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] })
      : { sources: [] };
    const chunk = {
      gzipBytes: gzipSync(readFileSync(join(distDir, file))).length,
      fullFirestore: map.sources.some((source) => FULL_FIRESTORE_SOURCE.test(source)),
      dashboardCode: map.sources.some((source) => DASHBOARD_SOURCE.test(source)),
    };
    chunks.set(file, chunk);
    return chunk;
  };
  const kilobytes = (files: readonly string[]) =>
    files.reduce((sum, file) => sum + chunkOf(file).gzipBytes, 0) / 1000;
  return { manifest, chunkOf, kilobytes };
}
