import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

function quickStartLines(): string[] {
  const section = read('README.md').split('## Quick start')[1]?.split('\n## ')[0] ?? '';
  const block = section.match(/```(?:sh|bash)?\n([\s\S]*?)```/)?.[1] ?? '';
  return block
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
}

test('the README quick start is exactly two command lines: run the app, run the tests', () => {
  expect(quickStartLines()).toEqual(['npm install && npm start', 'npm install && npm test']);
});

test('CI runs exactly the README test command line', () => {
  const ciCommands = read('.ci/run')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#') && !/^(set|cd) /.test(line));
  expect(ciCommands).toEqual([quickStartLines()[1]]);
});
