// Bundle facts that need no browser: every chunk's size and content, Vite's manifest, the entry with its preloaded
// imports (from the built index.html), and the largest chunks.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  analyseChunks,
  describeChunk,
  htmlEntryScripts,
  readManifest,
  summariseFiles,
  type ChunkInfo,
  type JsSet,
  type Manifest,
} from './bundle';
import { measured, skipped, type ChunkSummary, type Outcome } from './results';

const LARGEST_CHUNKS = 5;

export interface BuildFacts {
  chunks: Map<string, ChunkInfo>;
  /** Null when the build wrote no `.vite/manifest.json`. */
  manifest: Manifest | null;
  entryStaticJs: Outcome<JsSet>;
  largestChunks: ChunkSummary[];
}

export function measureBuildFacts(distDir: string, repoRoot: string): BuildFacts {
  const manifest = readManifest(distDir);
  const chunks = analyseChunks(distDir, repoRoot, manifest);
  const indexHtml = join(distDir, 'index.html');
  const entryStaticJs = existsSync(indexHtml)
    ? measured(summariseFiles(htmlEntryScripts(readFileSync(indexHtml, 'utf8')), chunks))
    : skipped<JsSet>('web/dist/index.html missing (did the web build fail?)');
  const largestChunks = [...chunks.values()]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, LARGEST_CHUNKS)
    .map((chunk) => ({
      file: chunk.file,
      bytes: chunk.bytes,
      gzipBytes: chunk.gzipBytes,
      label: describeChunk(chunk),
    }));
  return { chunks, manifest, entryStaticJs, largestChunks };
}
