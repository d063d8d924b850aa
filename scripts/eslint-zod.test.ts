// Which zod a file imports (eslint.config.mjs, no-restricted-imports): zod/mini in the web app and the model it
// loads, classic zod in Node code, the web's signed-in tools and the model modules their forms use. Each case is a
// source text linted as if it were the file at `filePath`.
import { type LintCase, type LintMessage, lintTexts } from './lib/lint-texts';

const MINI = "import { object, string } from 'zod/mini';\nexport const schema = object({ id: string() });\n";
const CLASSIC = "import { z } from 'zod';\nexport const schema = z.object({ id: z.string() });\n";

const CASES = {
  webPageWithMini: { filePath: 'web/src/features/dashboard/api/ZodFixture.ts', code: MINI },
  webPageWithClassic: { filePath: 'web/src/features/dashboard/api/ZodFixture.ts', code: CLASSIC },
  webPageWithClassicV4: {
    filePath: 'web/src/lib/ZodFixture.ts',
    code: "import { z } from 'zod/v4';\nexport const schema = z.string();\n",
  },
  webPageWithClassicType: {
    filePath: 'web/src/lib/ZodFixture.ts',
    code: "import type { ZodError } from 'zod';\nexport type Failure = ZodError;\n",
  },
  editorToolWithClassic: { filePath: 'web/src/features/editor/api/ZodFixture.ts', code: CLASSIC },
  editorToolWithMini: { filePath: 'web/src/features/editor/api/ZodFixture.ts', code: MINI },
  buildEnvCheckWithClassic: { filePath: 'web/src/config/env-schema.ts', code: CLASSIC },
  functionWithClassic: { filePath: 'functions/src/http/ZodFixture.ts', code: CLASSIC },
  functionWithMini: { filePath: 'functions/src/http/ZodFixture.ts', code: MINI },
  scriptWithMini: { filePath: 'scripts/ZodFixture.ts', code: MINI },
  toolWithMini: { filePath: 'tools/ZodFixture.ts', code: MINI },
  modelWithMini: { filePath: 'packages/model/src/ZodFixture.ts', code: MINI },
  modelWithClassic: { filePath: 'packages/model/src/ZodFixture.ts', code: CLASSIC },
  modelToolFormWithClassic: { filePath: 'packages/model/src/blog-draft.ts', code: CLASSIC },
  modelToolFormWithMini: { filePath: 'packages/model/src/blog-draft.ts', code: MINI },
  blogBundleEnglish: { filePath: 'scripts/lib/zod-english.ts', code: MINI },
} satisfies Record<string, LintCase>;
type CaseName = keyof typeof CASES;

let answers: Record<CaseName, LintMessage[]>;

beforeAll(async () => {
  const names = Object.keys(CASES) as CaseName[];
  const messages = await lintTexts(names.map((name) => CASES[name]));
  answers = Object.fromEntries(names.map((name, index) => [name, messages[index] ?? []])) as typeof answers;
}, 120_000);

const restricted = (text: string) => [
  { ruleId: 'no-restricted-imports', message: expect.stringContaining(text) },
];

describe('which zod a file imports (eslint.config.mjs)', () => {
  it.each<CaseName>([
    'webPageWithMini',
    'webPageWithClassicType',
    'editorToolWithClassic',
    'buildEnvCheckWithClassic',
    'functionWithClassic',
    'modelWithMini',
    'modelToolFormWithClassic',
    'blogBundleEnglish',
  ])('allows %s', (name) => {
    expect(answers[name]).toEqual([]);
  });

  it.each<CaseName>(['webPageWithClassic', 'webPageWithClassicV4', 'modelWithClassic'])(
    'fails classic zod in the web app and the model it loads (%s)',
    (name) => expect(answers[name]).toEqual(restricted('zod/mini')),
  );

  it.each<CaseName>([
    'editorToolWithMini',
    'functionWithMini',
    'scriptWithMini',
    'toolWithMini',
    'modelToolFormWithMini',
  ])('fails zod/mini in Node code and the signed-in tools (%s)', (name) =>
    expect(answers[name]).toEqual(restricted('classic zod')),
  );
});
