// The deployed functions folder is self-contained: the firebase CLI uploads functions/ alone and Cloud Build
// installs functions/package-lock.json, so a workspace link to packages/model would not resolve there. The
// functions' own tsc leaves the model out (it resolves through node_modules); this compiles it into
// functions/lib/model and points the compiled `@bargains/model/<module>` requires at it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { repoRoot } from './paths';
import { run } from './processes';

const libDir = join(repoRoot, 'functions/lib');
const modelLibDir = join(libDir, 'model');
const MODEL_SPECIFIER = /(["'])@bargains\/model\/([^"']+)\1/g;

function compiledFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** `@bargains/model/<module>` as seen from `file` in functions/lib: `./model/<module>`, `../model/<module>`, …. */
export function modelRequirePath(file: string, module: string): string {
  const path = relative(dirname(file), join(modelLibDir, module));
  return path.startsWith('.') ? path : `./${path}`;
}

/** Rewrites one compiled module's model specifiers; returns the new text. */
export function pointAtCompiledModel(file: string, text: string): string {
  return text.replace(MODEL_SPECIFIER, (_match, quote: string, module: string) => {
    return `${quote}${modelRequirePath(file, module)}${quote}`;
  });
}

export async function compileModelIntoFunctions(): Promise<void> {
  await run(
    'build model into functions',
    process.execPath,
    [
      join(repoRoot, 'node_modules/typescript/bin/tsc'),
      '-p',
      'packages/model/tsconfig.build.json',
      '--outDir',
      modelLibDir,
    ],
    { cwd: repoRoot },
  );
  for (const file of compiledFiles(libDir)) {
    const text = readFileSync(file, 'utf8');
    const rewritten = pointAtCompiledModel(file, text);
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
}
