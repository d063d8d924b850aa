// The web app's layer rule in eslint.config.mjs: shared code → features → app, no import cycles. Each case is a
// source text linted as if it were the file at `filePath` (lib/lint-texts.ts).
import { type LintCase, type LintMessage, lintTexts } from './lib/lint-texts';

const CASES = {
  featureImportsSharedAndItself: {
    filePath: 'web/src/features/account/components/LayersFixture.tsx',
    code: [
      "import { userDocPath } from '@bargains/model/paths';",
      "import { Alert } from '@/components/Alert';",
      "import { errorText } from '@/lib/error-text';",
      "import { ACCOUNT_MESSAGES } from '../lib/account-messages';",
      'export const used = [userDocPath, Alert, errorText, ACCOUNT_MESSAGES];',
      '',
    ].join('\n'),
  },
  appComposesFeatures: {
    filePath: 'web/src/app/pages/LayersFixture.tsx',
    code: [
      "import { SubscribeScreen } from '@/features/billing/components/SubscribeScreen';",
      "import { DealBrowser } from '@/features/dashboard/components/DealBrowser';",
      'export const used = [SubscribeScreen, DealBrowser];',
      '',
    ].join('\n'),
  },
  featureImportsFeatureByAlias: {
    filePath: 'web/src/features/account/components/LayersFixture.tsx',
    code: [
      "import { DealCard } from '@/features/dashboard/components/DealCard';",
      'export const used = DealCard;',
      '',
    ].join('\n'),
  },
  featureImportsFeatureRelatively: {
    filePath: 'web/src/features/account/components/LayersFixture.tsx',
    code: [
      "import { isCheckoutReturn } from '../../billing/lib/checkout-return';",
      'export const used = isCheckoutReturn;',
      '',
    ].join('\n'),
  },
  featureLoadsFeatureLazily: {
    filePath: 'web/src/features/marketing/LayersFixture.ts',
    code: "export const loadSignIn = () => import('@/features/auth/api/auth-actions');\n",
  },
  featureImportsApp: {
    filePath: 'web/src/features/blog/LayersFixture.ts',
    code: "import { appRoutes } from '@/app/routes';\nexport const used = appRoutes;\n",
  },
  sharedImportsFeatureType: {
    filePath: 'web/src/lib/LayersFixture.ts',
    code: [
      "import type { Credentials } from '@/features/auth/validation';",
      'export type Used = Credentials;',
      '',
    ].join('\n'),
  },
  sharedImportsApp: {
    filePath: 'web/src/components/LayersFixture.tsx',
    code: "import { appRoutes } from '@/app/routes';\nexport const used = appRoutes;\n",
  },
  // lib/auth.ts imports config/env.ts: config/env.ts importing lib/auth.ts closes a cycle.
  importCycle: {
    filePath: 'web/src/config/env.ts',
    code: "import { auth } from '@/lib/auth';\nexport const used = auth;\n",
  },
} satisfies Record<string, LintCase>;
type CaseName = keyof typeof CASES;

const FEATURE_TO_FEATURE = 'never another feature';
const FEATURE_TO_APP = 'A feature never imports app code';
const SHARED_TO_UPPER = 'Shared code imports no feature and no app code';

let answers: Record<CaseName, LintMessage[]>;

beforeAll(async () => {
  const names = Object.keys(CASES) as CaseName[];
  const messages = await lintTexts(names.map((name) => CASES[name]));
  answers = Object.fromEntries(names.map((name, index) => [name, messages[index] ?? []])) as typeof answers;
}, 120_000);

function expectOneError(name: CaseName, ruleId: string, text?: string) {
  expect(answers[name]).toEqual([
    { ruleId, message: text === undefined ? expect.any(String) : expect.stringContaining(text) },
  ]);
}

describe('web app layers (eslint.config.mjs)', () => {
  it('lets a feature import shared code, the data model and its own folder', () => {
    expect(answers.featureImportsSharedAndItself).toEqual([]);
  });

  it('lets the app compose several features', () => {
    expect(answers.appComposesFeatures).toEqual([]);
  });

  it.each<CaseName>([
    'featureImportsFeatureByAlias',
    'featureImportsFeatureRelatively',
    'featureLoadsFeatureLazily',
  ])('fails an import of another feature (%s)', (name) =>
    expectOneError(name, 'import-x/no-restricted-paths', FEATURE_TO_FEATURE),
  );

  it('fails a feature that imports app code', () => {
    expectOneError('featureImportsApp', 'import-x/no-restricted-paths', FEATURE_TO_APP);
  });

  it('fails shared code that imports a feature (type-only imports too) or the app', () => {
    expectOneError('sharedImportsFeatureType', 'import-x/no-restricted-paths', SHARED_TO_UPPER);
    expectOneError('sharedImportsApp', 'import-x/no-restricted-paths', SHARED_TO_UPPER);
  });

  it('fails an import cycle', () => {
    expectOneError('importCycle', 'import-x/no-cycle');
  });
});
