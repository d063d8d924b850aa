// render_blog's handler as one file (run by buildFunctions after tsc): a new instance then loads one module
// instead of ~120 (the handler, the blog model and zod's CommonJS build with every locale), which is most of
// its cold import (its budget is measured by `npm run bench`). The blog model's schemas are
// zod/mini, so the bundle carries only the parts of zod they use. The functions' other dependencies stay
// external: they are installed from functions/package-lock.json on deploy, as for every other function.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from './paths';

const functionsDir = join(repoRoot, 'functions');
const ENTRY = join(functionsDir, 'src/handlers/render-blog.ts');
/** Where tsc put the handler: index.js imports it from there, and __dirname (web-render/) stays the same. */
const OUTFILE = join(functionsDir, 'lib/handlers/render-blog.js');
/** Inlined because the bundle tree-shakes it; every other dependency is loaded from node_modules. */
const BUNDLED_DEPENDENCIES = new Set(['zod']);
/** zod's full build (zod/v4/classic, all locales): what the bundle exists to leave out. */
const FULL_ZOD = /node_modules\/zod\/v4\/(classic\/|locales\/(?!en\.js$))/;

export async function bundleRenderBlog(): Promise<void> {
  const manifest = JSON.parse(readFileSync(join(functionsDir, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    engines: { node: string };
  };
  const result = await build({
    entryPoints: [ENTRY],
    outfile: OUTFILE,
    allowOverwrite: true,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: `node${manifest.engines.node}`,
    tsconfig: join(functionsDir, 'tsconfig.build.json'),
    external: Object.keys(manifest.dependencies).filter((name) => !BUNDLED_DEPENDENCIES.has(name)),
    // zod registers its English messages when its first full schema is built; a bundle of zod/mini schemas
    // only would report a malformed document's problems as bare "Invalid input".
    inject: [join(repoRoot, 'scripts/lib/zod-english.ts')],
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  // What the bundle holds (metafile.inputs also lists the modules tree-shaking left out).
  const bundled = Object.values(result.metafile.outputs).flatMap((output) => Object.keys(output.inputs));
  const fullZod = bundled.filter((input) => FULL_ZOD.test(input));
  if (fullZod.length > 0)
    throw new Error(
      `render_blog's bundle holds zod's full build (${fullZod[0]}…): import zod/mini in the modules it bundles (packages/model/src/fields.ts explains)`,
    );
}
