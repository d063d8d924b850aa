// Source maps stay next to the build, never inside it: the folder Hosting serves (and its emulator, which does
// not apply hosting.ignore) must not expose them. They keep the same depth as the assets they describe, so their
// relative `sources` still resolve.
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/** The folder holding the source maps of the build in `outDir`. */
export function sourceMapsDir(outDir: string): string {
  return `${outDir.replace(/[\\/]+$/, '')}.sourcemaps`;
}

function mapFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.map'))
    .map((entry) => join(entry.parentPath, entry.name));
}

export function moveSourceMapsOutOfBuild(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'bargains:move-source-maps',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const mapsDir = sourceMapsDir(outDir);
      rmSync(mapsDir, { recursive: true, force: true });
      for (const file of mapFiles(outDir)) {
        const target = join(mapsDir, relative(outDir, file));
        mkdirSync(dirname(target), { recursive: true });
        renameSync(file, target);
      }
    },
  };
}
