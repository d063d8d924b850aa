// Lints source texts with ESLint's Node API as if each were the file at `filePath`, with the repository's own
// config, so tests of the lint config need no deliberately bad file in the tree for `npm run lint` to trip over.
// ESLint runs in a child process: it loads its flat config with a dynamic import(), which Jest's module sandbox
// does not support.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const root = join(__dirname, '..', '..');

export interface LintCase {
  filePath: string;
  code: string;
}
export interface LintMessage {
  ruleId: string | null;
  message: string;
}

const LINT_TEXTS = `
import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
const eslint = new ESLint();
const answers = [];
for (const { filePath, code } of JSON.parse(readFileSync(0, 'utf8'))) {
  const [result] = await eslint.lintText(code, { filePath });
  answers.push(result.messages.map(({ ruleId, message }) => ({ ruleId, message })));
}
process.stdout.write(JSON.stringify(answers));
`;

/** The messages of each case, in order. */
export async function lintTexts(cases: readonly LintCase[]): Promise<LintMessage[][]> {
  const child = promisify(execFile)(process.execPath, ['--input-type=module', '-e', LINT_TEXTS], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  });
  child.child.stdin?.end(JSON.stringify(cases));
  const { stdout } = await child;
  return JSON.parse(stdout) as LintMessage[][];
}
