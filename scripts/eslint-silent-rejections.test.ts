// eslint.config.mjs forbids a rejection handler that drops the error without a trace (`.catch(() => undefined)`,
// `.then(ok, () => {})`): a rejection is handled by name or reported. The store chooser on /account stayed empty
// for weeks behind such a handler. Cases are linted as files of the web app and of the functions.
import { lintTexts } from './lib/lint-texts';

const RULE = 'no-restricted-syntax';
const lines = (...code: string[]) => [...code, ''].join('\n');
const PREAMBLE = 'declare const work: Promise<number>;';

const silent = [
  'work.catch(() => undefined);',
  'work.catch(() => null);',
  'work.catch(() => {});',
  'work.catch(() => {\n  // nothing to do\n});',
  'work.catch(function () {});',
  'work.catch(() => void 0);',
  'work.then((value) => value, () => undefined);',
  'work.then(undefined, () => {});',
];
const handled = [
  "work.catch((error: unknown) => console.error('work.failed', error));",
  'work.then((value) => value + 1);',
  "work.then((value) => value, (error: unknown) => console.warn('work.failed', error));",
  "import { reportedWhereAwaited } from '@/lib/reported-where-awaited';\nwork.catch(reportedWhereAwaited);",
];

describe('the silent rejection rule', () => {
  it.each(['web/src/lib/SilentFixture.ts', 'functions/src/SilentFixture.ts'])(
    'refuses every do-nothing rejection handler in %s',
    async (filePath) => {
      const answers = await lintTexts(silent.map((code) => ({ filePath, code: lines(PREAMBLE, code) })));
      answers.forEach((messages, index) => {
        expect({ code: silent[index], rules: messages.map(({ ruleId }) => ruleId) }).toEqual({
          code: silent[index],
          rules: [RULE],
        });
      });
    },
  );

  it('accepts handlers that report or name where the failure goes', async () => {
    const filePath = 'web/src/lib/HandledFixture.ts';
    const answers = await lintTexts(handled.map((code) => ({ filePath, code: lines(PREAMBLE, code) })));
    answers.forEach((messages, index) =>
      expect({ code: handled[index], messages }).toEqual({ code: handled[index], messages: [] }),
    );
  });
});
