// What is inside the production web bundle: per-chunk gzipped size and content (from the source maps), which
// lazy route a chunk stands for (Vite's manifest), and a page's initial scripts (its HTML's module scripts and
// preloads plus their static imports). Pure file and text reading; the browser decides what loads.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parse as parseHtml, type DefaultTreeAdapterTypes } from 'parse5';
import { sourceMapsDir } from '../../../web/build/source-maps';

type HtmlParentNode = DefaultTreeAdapterTypes.ParentNode;
type HtmlChildNode = DefaultTreeAdapterTypes.ChildNode;
type HtmlElement = DefaultTreeAdapterTypes.Element;

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
  /** Share of the chunk's code per package (or `web/src`, `functions/src/model`), largest first. */
  parts: Array<{ name: string; share: number }>;
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

const BASE64_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The numbers of one source-map segment (base64 VLQ). */
export function decodeVlqSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64_DIGITS.indexOf(char);
    if (digit === -1) throw new Error(`invalid source map segment '${segment}'`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/** Generated characters attributed to each source of a source map, by walking its `mappings`. */
export function charactersPerSource(mappings: string, generatedCode: string, sourceCount: number): number[] {
  const characters = new Array<number>(sourceCount).fill(0);
  const lines = generatedCode.split('\n');
  let sourceIndex = 0; // Relative across the whole map; the generated column restarts on every line.
  mappings.split(';').forEach((lineMappings, lineIndex) => {
    const segments: Array<{ column: number; source: number | null }> = [];
    let column = 0;
    for (const segment of lineMappings.split(',')) {
      if (!segment) continue;
      const fields = decodeVlqSegment(segment);
      column += fields[0] ?? 0;
      if (fields.length >= 4) sourceIndex += fields[1] ?? 0;
      segments.push({ column, source: fields.length >= 4 ? sourceIndex : null });
    }
    const lineLength = lines[lineIndex]?.length ?? 0;
    segments.forEach(({ column: start, source }, index) => {
      const end = segments[index + 1]?.column ?? lineLength;
      if (source !== null && source < sourceCount)
        characters[source] = (characters[source] ?? 0) + Math.max(0, end - start);
    });
  });
  return characters;
}

/** The package a module belongs to: the innermost node_modules entry, or the app's own source folder. */
export function moduleOwner(modulePath: string): string {
  // Nested copies such as @firebase/auth/node_modules/@firebase/util belong to the inner package.
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(modulePath);
  return match?.[1] ?? (/^(web\/src|functions\/src\/model)\//.exec(modulePath)?.[1] || 'other');
}

function partsOf(
  modules: readonly string[],
  characters: readonly number[],
): Array<{ name: string; share: number }> {
  const total = characters.reduce((sum, count) => sum + count, 0);
  if (total === 0) return [];
  const byOwner = new Map<string, number>();
  modules.forEach((module, index) => {
    const owner = moduleOwner(module);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + (characters[index] ?? 0));
  });
  return [...byOwner]
    .map(([name, count]) => ({ name, share: count / total }))
    .filter((part) => part.share > 0)
    .sort((a, b) => b.share - a.share);
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
    const mapPath = join(sourceMapsDir(distDir), `${file}.map`);
    const mapJson = existsSync(mapPath) ? readFileSync(mapPath, 'utf8') : null;
    const modules = mapJson ? sourceMapModules(mapJson, join(path, '..'), repoRoot) : [];
    const mappings = mapJson ? ((JSON.parse(mapJson) as { mappings?: string }).mappings ?? '') : '';
    const parts = partsOf(modules, charactersPerSource(mappings, content.toString('utf8'), modules.length));
    const facts = byFile.get(file);
    chunks.set(file, {
      file,
      bytes: content.length,
      gzipBytes: gzipSize(content),
      modules,
      parts,
      fullFirestore: modules.some(isFullFirestoreModule),
      dashboardCode: modules.some(isDashboardModule),
      src: facts?.src,
      isEntry: facts?.isEntry === true,
      isDynamicEntry: facts?.isDynamicEntry === true,
    });
  }
  return chunks;
}

function elementsOf(root: HtmlParentNode): HtmlElement[] {
  const found: HtmlElement[] = [];
  // Iterative walk in document order; <template> contents are not child nodes in parse5 (inert, never loaded).
  const stack: HtmlChildNode[] = [...root.childNodes].reverse();
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node || !('tagName' in node)) continue;
    found.push(node);
    for (let i = node.childNodes.length - 1; i >= 0; i -= 1) {
      const child = node.childNodes[i];
      if (child) stack.push(child);
    }
  }
  return found;
}

/**
 * The scripts an HTML page loads before any code runs, as build-output paths (e.g. `assets/index-abc.js`): its
 * `<script type="module" src>` entries and the files it preloads (`<link rel="modulepreload">`, or
 * `rel="preload" as="script"`), in document order. URLs are resolved against `pageUrl` (the address the page was
 * served from); other sites' scripts are left out.
 */
export function htmlEntryScripts(html: string, pageUrl = 'http://localhost/'): string[] {
  const page = new URL(pageUrl);
  const files: string[] = [];
  for (const element of elementsOf(parseHtml(html))) {
    const attribute = (name: string) =>
      element.attrs.find((attr) => attr.name === name && !attr.namespace)?.value.trim();
    const rel = (attribute('rel') ?? '').toLowerCase().split(/\s+/);
    const isModuleScript = element.tagName === 'script' && attribute('type')?.toLowerCase() === 'module';
    const isPreload =
      element.tagName === 'link' &&
      (rel.includes('modulepreload') ||
        (rel.includes('preload') && attribute('as')?.toLowerCase() === 'script'));
    const url = isModuleScript ? attribute('src') : isPreload ? attribute('href') : undefined;
    if (!url) continue;
    const resolved = new URL(url, page);
    if (resolved.origin === page.origin) files.push(resolved.pathname.replace(/^\//, ''));
  }
  return [...new Set(files)];
}

/**
 * `files` and every chunk they statically import, transitively (each chunk's `imports` in Vite's manifest), in
 * discovery order. Dynamic imports are not followed: they load later, on demand. Files the manifest does not
 * know are kept (summariseFiles reports them as not part of the build).
 */
export function withStaticImports(files: readonly string[], manifest: Manifest): string[] {
  const byFile = new Map<string, ManifestChunk>();
  for (const chunk of Object.values(manifest)) byFile.set(chunk.file, chunk);
  const found = new Set<string>();
  const pending = [...files];
  while (pending.length > 0) {
    const file = pending.shift();
    if (file === undefined || found.has(file)) continue;
    found.add(file);
    for (const key of byFile.get(file)?.imports ?? []) {
      const imported = manifest[key]?.file;
      if (imported && !found.has(imported)) pending.push(imported);
    }
  }
  return [...found];
}

/** What a chunk is made of: its lazy route module, and its largest packages with their share of the code. */
export function describeChunk(chunk: ChunkInfo, maxParts = 3): string {
  const shown = chunk.parts.slice(0, maxParts).map((part) => `${part.name} ${Math.round(part.share * 100)}%`);
  const rest = chunk.parts.length - shown.length;
  const label = shown.length ? `${shown.join(', ')}${rest > 0 ? `, +${rest} more` : ''}` : 'no source map';
  return chunk.src && !chunk.isEntry ? `${chunk.src} (${label})` : label;
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
