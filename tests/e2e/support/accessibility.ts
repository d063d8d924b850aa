// Runs axe-core (the engine behind Lighthouse's accessibility audit) in a page, for the WCAG 2.1 A and AA rules.
import { readFileSync } from 'node:fs';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * Left out of the check: the not-found page's big "404", hidden from assistive technology (the heading says it) and
 * drawn as mint with a 2 px teal outline, which axe cannot see: it compares only the mint fill with the page.
 */
const DECORATIVE = ['.status-code'];

/** One failed rule, with the elements that fail it (CSS selectors) and axe's reason for the first one. */
export interface AccessibilityViolation {
  rule: string;
  help: string;
  targets: string[];
  reason: string;
}

/**
 * The WCAG 2.1 AA violations in the page as it is now. axe is evaluated through the DevTools protocol, which the
 * page's Content-Security-Policy (no inline scripts) does not govern.
 */
export async function accessibilityViolations(page: Page): Promise<AccessibilityViolation[]> {
  // Once per document: states of one page (the app navigates without reloading) share the loaded engine.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ([tags, decorative]) => {
      const { axe } = window as unknown as {
        axe: { run(context: object, options: object): Promise<AxeResults> };
      };
      const results = await axe.run(
        { exclude: decorative.map((selector) => [selector]) },
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      );
      return results.violations;
    },
    [WCAG_AA, DECORATIVE] as const,
  );
  return violations.map((violation) => ({
    rule: violation.id,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
    reason: violation.nodes[0]?.failureSummary ?? '',
  }));
}
