// What is inside the production web bundle: per-chunk gzipped size and content (from the source maps), and
// the entry's preloads (from the built index.html) and which lazy route a chunk stands for (Vite's manifest). Pure file reading; the browser decides what loads.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's `.vite/manifest.json` (the fields the benchmark uses). */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface ChunkInfo {
  /** Path inside the build output, e.g. `assets/index-abc.js`. */
  file: string;
  bytes: number;
  gzipBytes: number;
  /** Bundled modules, relative to the repository root (e.g. `node_modules/react/index.js`, `web/src/main.tsx`). */
  modules: string[];
  /** Contains the full Firestore SDK (not `firebase/firestore/lite`). */
  fullFirestore: boolean;
  /** Contains code of the dashboard feature. */
  dashboardCode: boolean;
  /** Manifest facts: the module the chunk stands for, and whether it is the entry or a lazy route. */
  src?: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
}

// The full SDK's browser build is dist/index.esm.js plus its shared dist/common-*.esm.js; Lite lives in dist/lite/.
const FULL_FIRESTORE_MODULE = /node_modules\/@firebase\/firestore\/dist\/(?!lite\/)[^/]+\.js$/;
const DASHBOARD_MODULE = /^web\/src\/features\/dashboard\//;

export function isFullFirestoreModule(modulePath: string): boolean {
  return FULL_FIRESTORE_MODULE.test(modulePath);
}

export function isDashboardModule(modulePath: string): boolean {
  return DASHBOARD_MODULE.test(modulePath);
}

/** gzip at zlib's default level, the figure Vite prints after a build. */
export function gzipSize(content: Buffer | string): number {
  return gzipSync(content).length;
}

export function readManifest(distDir: string): Manifest | null {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path)) return null;
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** Module paths of a source map, made relative to the repository root. */
export function sourceMapModules(mapJson: string, mapDir: string, repoRoot: string): string[] {
  const map = JSON.parse(mapJson) as { sources?: string[]; sourceRoot?: string };
  const base = resolve(mapDir, map.sourceRoot ?? '');
  return (map.sources ?? []).map((source) => relative(repoRoot, resolve(base, source)).split('\\').join('/'));
}

function listJsFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : listJsFiles(join(dir, entry.name), rel);
    return entry.name.endsWith('.js') ? [rel] : [];
  });
}

/** Every JavaScript chunk of the build with its size and content. */
export function analyseChunks(
  distDir: string,
  repoRoot: string,
  manifest: Manifest | null,
): Map<string, ChunkInfo> {
  const byFile = new Map<string, ManifestChunk>();
  for (const chunk of Object.values(manifest ?? {})) byFile.set(chunk.file, chunk);
  const chunks = new Map<string, ChunkInfo>();
  for (const file of listJsFiles(distDir)) {
    const path = join(distDir, file);
    const content = readFileSync(path);
    const mapPath = `${path}.map`;
    const modules = existsSync(mapPath)
      ? sourceMapModules(readFileSync(mapPath, 'utf8'), join(path, '..'), repoRoot)
      : [];
    const facts = byFile.get(file);
    chunks.set(file, {
      file,
      bytes: content.length,
      gzipBytes: gzipSize(content),
      modules,
      fullFirestore: modules.some(isFullFirestoreModule),
      dashboardCode: modules.some(isDashboardModule),
      src: facts?.src,
      isEntry: facts?.isEntry === true,
      isDynamicEntry: facts?.isDynamicEntry === true,
    });
  }
  return chunks;
}

/**
 * The entry script and the chunks Vite preloads for it, from the built index.html: exactly what every page
 * downloads before any route code (the entry's static imports are emitted as `<link rel="modulepreload">`).
 */
export function htmlEntryScripts(html: string): string[] {
  const files: string[] = [];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  for (const tag of tags) {
    const attribute = (name: string) => new RegExp(`\\s${name}=["']([^"']+)["']`).exec(tag)?.[1];
    const isModuleScript = tag.startsWith('<script') && attribute('type') === 'module';
    const isPreload = tag.startsWith('<link') && attribute('rel') === 'modulepreload';
    const url = isModuleScript ? attribute('src') : isPreload ? attribute('href') : undefined;
    if (url && !/^[a-z]+:\/\//i.test(url)) files.push(url.replace(/^\//, ''));
  }
  return files;
}

/** The npm packages (or `web/src`, `functions/src/model`) a chunk is made of, largest share first by module count. */
export function describeChunk(chunk: ChunkInfo, maxParts = 3): string {
  const counts = new Map<string, number>();
  for (const module of chunk.modules) {
    // The innermost node_modules names the package (nested copies such as @firebase/auth/node_modules/@firebase/util).
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(module);
    const part = match?.[1] ?? (/^(web\/src|functions\/src\/model)\//.exec(module)?.[1] || 'other');
    counts.set(part, (counts.get(part) ?? 0) + 1);
  }
  const parts = [...counts].sort((a, b) => b[1] - a[1]).map(([part]) => part);
  const head = parts.slice(0, maxParts).join(', ');
  const label = parts.length > maxParts ? `${head}, +${parts.length - maxParts} more` : head;
  return chunk.src && !chunk.isEntry ? `${chunk.src} (${label})` : label || 'no source map';
}

export interface JsSet {
  /** Each file with its gzipped size, largest first. */
  files: Array<{ file: string; gzipBytes: number; label: string }>;
  gzipBytes: number;
  fullFirestore: boolean;
  dashboardCode: boolean;
  /** Requested files that are not chunks of this build (should be none). */
  unknownFiles: string[];
}

/** Sums a set of build files (e.g. what a page requested) and says what they contain. */
export function summariseFiles(files: readonly string[], chunks: ReadonlyMap<string, ChunkInfo>): JsSet {
  const unique = [...new Set(files)];
  const known = unique
    .map((file) => chunks.get(file))
    .filter((chunk): chunk is ChunkInfo => chunk !== undefined);
  return {
    files: known
      .map((chunk) => ({ file: chunk.file, gzipBytes: chunk.gzipBytes, label: describeChunk(chunk) }))
      .sort((a, b) => b.gzipBytes - a.gzipBytes),
    gzipBytes: known.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
    fullFirestore: known.some((chunk) => chunk.fullFirestore),
    dashboardCode: known.some((chunk) => chunk.dashboardCode),
    unknownFiles: unique.filter((file) => !chunks.has(file)),
  };
}
