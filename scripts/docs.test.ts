// Docs that cannot drift: what the Markdown files name must exist, and every exported function must be in the
// functions reference. Each failure names the Markdown file and the missing thing.
//
// Which Markdown files: every tracked or new (not ignored) `*.md` of the repository, except under node_modules/,
// emulator-data/ and bench-results/.
//
// What counts as naming something (a clear rule, so that prose, examples and other kinds of paths stay free):
// - A repository path: an inline code span (outside fenced code blocks) or a relative link target whose first
//   segment is a top-level entry of the repository (`web/…`, `docs/…`, `firebase.json`, …), or, in a Markdown
//   file below the root, an entry of that file's own folder (`src/index.ts` in functions/README.md). It must exist,
//   be a build output git ignores (`web/dist`, `functions/lib`) or be one of CREATED_BY_HAND. Not paths: spans with
//   a placeholder, glob or space (`<`, `{`, `*`, `…`, `$`, `|`, ` `: `web/src/features/<x>/`, `users/{uid}`), URL
//   paths (they start with `/`: `/blog/{post}`), Firestore paths (their first segment is a collection, not a
//   top-level folder), and bare file names (`savings.ts`). A span or link may end in `#anchor`: the target file
//   must have that heading.
// - A link's anchor (`#…`, into the same file or another Markdown file) must be a heading of the target (GitHub's
//   slugs) or an explicit `<a id>`.
// - An npm script: `npm run <name>` anywhere, code blocks included; `-w <workspace>` / `--workspace <workspace>`
//   after the name means that workspace's package.json.
// - A function: an inline code span written next to the word "function(s)" (`` `render_blog` function ``,
//   `` function `unsubscribe` ``), a span holding a Hosting path with an underscore (`/stripe_webhook`, `POST
//   /delete_account`), which must be a function rewrite in firebase.json, and an emulator URL
//   `…/us-central1/<name>`. Functions are the exports of functions/src/index.ts.
// The functions reference (functions/README.md) must name every exported function, and every function its tables
// list must be exported.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const root = join(__dirname, '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');
/** A regular expression match's group, '' when it did not take part. */
const group = (match: RegExpMatchArray, index = 1): string => match[index] ?? '';
const FUNCTIONS_REFERENCE = 'functions/README.md';

/** Files the docs tell you to create yourself (the deploy checklist); not in the repository, not ignored. */
const CREATED_BY_HAND = ['web/.env.production', 'functions/.env'];

const EXCLUDED = /(^|\/)(node_modules|emulator-data|bench-results)\//;

function markdownFiles(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', '*.md'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return [
    ...new Set(
      listed.split('\n').filter((file) => file && !EXCLUDED.test(file) && existsSync(join(root, file))),
    ),
  ].sort();
}

/** The text outside fenced code blocks (``` or ~~~), line numbers kept. */
function withoutFences(text: string): string {
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

const codeSpans = (text: string): string[] =>
  [...withoutFences(text).matchAll(/`([^`\n]+)`/g)].map((m) => group(m));
const linkTargets = (text: string): string[] =>
  [...withoutFences(text).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => group(m));

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(file: string): Set<string> {
  const text = withoutFences(read(file));
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const plain = group(match).replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  for (const match of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(group(match));
  return anchors;
}

const topLevel = new Set(readdirSync(root).filter((entry) => entry !== '.git' && entry !== 'node_modules'));
const entriesOf = (folder: string): Set<string> =>
  new Set(existsSync(join(root, folder)) ? readdirSync(join(root, folder)) : []);

function ignoredByGit(paths: string[]): Set<string> {
  if (paths.length === 0) return new Set();
  const asked = paths.flatMap((path) => [path, `${path.replace(/\/$/, '')}/`]);
  try {
    const out = execFileSync('git', ['check-ignore', '--no-index', '--stdin'], {
      cwd: root,
      input: asked.join('\n'),
      encoding: 'utf8',
    });
    return new Set(out.split('\n').map((path) => path.replace(/\/$/, '')));
  } catch (error) {
    // check-ignore exits 1 when none of the paths is ignored.
    if ((error as { status?: number }).status === 1) return new Set();
    throw error;
  }
}

const NOT_A_PATH = /[<>{}*…$|\s]|^\/|^\.\.?$|:\/\//;

interface PathClaim {
  file: string;
  named: string;
  resolved: string;
  anchor?: string;
}

/** The repository paths a Markdown file names, resolved from the repository root. */
function pathClaims(file: string): PathClaim[] {
  const text = read(file);
  const folder = dirname(file);
  const local = folder === '.' ? new Set<string>() : entriesOf(folder);
  const claims: PathClaim[] = [];
  const claim = (named: string, base: 'root' | 'folder') => {
    const [path = '', anchor] = named.split('#');
    const resolved = normalize(base === 'root' ? path : join(folder, path)).replace(/\/$/, '');
    claims.push({ file, named, resolved, anchor: anchor || undefined });
  };
  for (const span of codeSpans(text)) {
    const token = span.replace(/[.,;:]$/, '');
    if (NOT_A_PATH.test(token)) continue;
    const first = token.split('/')[0] ?? '';
    if (!token.includes('/') && !/\.\w+$/.test(token) && !topLevel.has(first)) continue;
    if (local.has(first)) claim(token, 'folder');
    else if (topLevel.has(first)) claim(token, 'root');
  }
  for (const target of linkTargets(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
    claim(target, 'folder');
  }
  return claims;
}

const exportedFunctions = (): Map<string, string> =>
  new Map(
    [...read('functions/src/index.ts').matchAll(/^export const (\w+) = (on\w+)\(/gm)].map((m) => [
      group(m),
      group(m, 2),
    ]),
  );

/** Hosting path → function, from firebase.json's rewrites. */
function functionRewrites(): Map<string, string> {
  const config = JSON.parse(read('firebase.json')) as {
    hosting: { rewrites?: { source: string; function?: string | { functionId: string } }[] };
  };
  const rewrites = new Map<string, string>();
  for (const rewrite of config.hosting.rewrites ?? []) {
    if (!rewrite.function) continue;
    rewrites.set(
      rewrite.source,
      typeof rewrite.function === 'string' ? rewrite.function : rewrite.function.functionId,
    );
  }
  return rewrites;
}

const files = markdownFiles();
const describeMissing = (file: string, what: string) => `${file} names ${what}`;

test('the docs test finds the Markdown files, the functions and their rewrites', () => {
  expect(files).toEqual(expect.arrayContaining(['README.md', FUNCTIONS_REFERENCE, 'docs/reference.md']));
  expect(files.some((file) => EXCLUDED.test(file))).toBe(false);
  expect([...exportedFunctions().values()]).toEqual(expect.arrayContaining(['onRequest', 'onSchedule']));
  expect(functionRewrites().get('/stripe_webhook')).toBe('stripe_webhook');
  // The rule finds root-relative and folder-relative paths (a checker that finds nothing would pass anything).
  expect(pathClaims('README.md').map(({ resolved }) => resolved)).toContain(
    'web/src/app/pages/DashboardPage.tsx',
  );
  expect(pathClaims(FUNCTIONS_REFERENCE).map(({ resolved }) => resolved)).toContain('functions/src/index.ts');
});

test('every repository path a Markdown file names exists (or is a build output git ignores)', () => {
  const claims = files.flatMap(pathClaims);
  const awaited = new Set<string>(CREATED_BY_HAND);
  const missing = claims.filter(
    ({ resolved }) => !existsSync(join(root, resolved)) && !awaited.has(resolved),
  );
  const ignored = ignoredByGit([...new Set(missing.map(({ resolved }) => resolved))]);
  const problems = missing
    .filter(({ resolved }) => !ignored.has(resolved))
    .map(({ file, named, resolved }) =>
      describeMissing(
        file,
        `\`${named}\`${resolved === named ? '' : ` (${resolved})`}, which does not exist`,
      ),
    );
  expect(problems).toEqual([]);
});

test('every anchor a Markdown link or path names is a heading of its target', () => {
  const problems: string[] = [];
  const check = (file: string, target: string, anchor: string, named: string) => {
    if (!target.endsWith('.md') || !existsSync(join(root, target))) return;
    if (!anchorsOf(target).has(anchor.toLowerCase()))
      problems.push(describeMissing(file, `\`${named}\`: ${target} has no heading #${anchor}`));
  };
  for (const file of files) {
    for (const { resolved, anchor, named } of pathClaims(file))
      if (anchor) check(file, resolved, anchor, named);
    for (const target of linkTargets(read(file)))
      if (target.startsWith('#')) check(file, file, target.slice(1), target);
  }
  expect(problems).toEqual([]);
});

test('every npm script a Markdown file names is defined', () => {
  const scriptsOf = (workspace: string) =>
    Object.keys((JSON.parse(read(join(workspace, 'package.json'))) as { scripts?: object }).scripts ?? {});
  const problems: string[] = [];
  for (const file of files) {
    for (const m of read(file).matchAll(/npm run ([\w:.-]+)(?:\s+(?:-w|--workspace)[ =]([\w./-]+))?/g)) {
      const script = group(m);
      const workspace = group(m, 2) || '.';
      if (!existsSync(join(root, workspace, 'package.json'))) {
        problems.push(describeMissing(file, `\`${m[0]}\`: there is no workspace ${workspace}`));
      } else if (!scriptsOf(workspace).includes(script)) {
        problems.push(
          describeMissing(file, `\`${m[0]}\`: ${join(workspace, 'package.json')} has no script "${script}"`),
        );
      }
    }
  }
  expect(problems).toEqual([]);
});

test('every function a Markdown file names is exported, and every Hosting path it names rewrites to one', () => {
  const exported = exportedFunctions();
  const rewrites = functionRewrites();
  const problems: string[] = [];
  const name = '([a-z][a-z0-9]*(?:_[a-z0-9]+)*)';
  const nextToFunction = new RegExp(
    `\`${name}\`(?:\\s+(?:HTTPS|scheduled|trigger|Cloud|Firestore))*\\s+functions?\\b|\\bfunctions?\\s+\`${name}\``,
    'g',
  );
  for (const file of files) {
    const text = read(file);
    const prose = withoutFences(text);
    for (const m of prose.matchAll(nextToFunction)) {
      const fn = group(m) || group(m, 2);
      if (!exported.has(fn))
        problems.push(describeMissing(file, `the function \`${fn}\`, which index.ts does not export`));
    }
    for (const span of codeSpans(text)) {
      for (const match of span.matchAll(/(?:^|\s)(\/[a-z][a-z0-9]*_[a-z0-9_]+)\b/g)) {
        const path = group(match);
        if (!rewrites.has(path))
          problems.push(
            describeMissing(file, `\`${path}\`, which no firebase.json rewrite sends to a function`),
          );
      }
    }
    for (const match of text.matchAll(/us-central1\/([a-z][a-z0-9_]*)\b/g)) {
      const fn = group(match);
      if (!exported.has(fn))
        problems.push(
          describeMissing(file, `the function \`${fn}\` in an emulator URL, which index.ts does not export`),
        );
    }
  }
  expect(problems).toEqual([]);
});

test(`every exported function is in the functions reference (${FUNCTIONS_REFERENCE}), and only those`, () => {
  const exported = exportedFunctions();
  const reference = read(FUNCTIONS_REFERENCE);
  const absent = [...exported.keys()]
    .filter((fn) => !reference.includes(`\`${fn}\``))
    .map((fn) => `${FUNCTIONS_REFERENCE} lacks \`${fn}\` (${exported.get(fn)} in functions/src/index.ts)`);
  const listed = [...reference.matchAll(/^\|\s*`([a-z][a-z0-9_]*)`\s*\|/gm)].map((m) => group(m));
  const unknown = listed
    .filter((fn) => !exported.has(fn))
    .map((fn) =>
      describeMissing(
        FUNCTIONS_REFERENCE,
        `the function \`${fn}\` in a table, which index.ts does not export`,
      ),
    );
  expect([...absent, ...unknown]).toEqual([]);
});
