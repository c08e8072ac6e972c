import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** A finding known and still open (issue 16): its rule and the element it is on (axe's target and HTML). */
export interface KnownFinding {
  rule: string;
  element: RegExp;
}

/** Findings known and still open: none. (Kept so a finding that must wait can be named, narrowed to its element.) */
export const KNOWN_OPEN: readonly KnownFinding[] = [];

/**
 * Issue 16: axe-core's serious and critical findings on the page as it is drawn (less `exclude`), one line each;
 * the elements of a known open finding are left out.
 */
export async function seriousAxeFindings(
  page: Page,
  exclude: readonly string[] = [],
  known: readonly KnownFinding[] = [],
): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  for (const selector of exclude) builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      ...violation,
      nodes: violation.nodes.filter(
        (node) => !known.some((open) => open.rule === violation.id && open.element.test(`${node.target.join(' ')} ${node.html}`)),
      ),
    }))
    .filter((violation) => violation.nodes.length > 0)
    .map((violation) => {
      // axe's own summary of the first element ("insufficient color contrast of 4.1 (foreground #…, background #…)").
      const why = violation.nodes[0]?.failureSummary?.split('\n').slice(1, 2).join('').trim();
      const where = violation.nodes.slice(0, 3).map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`);
      if (why) where.unshift(why);
      return `axe ${violation.impact} ${violation.id} on ${violation.nodes.length} element(s): ${where.join(' | ')}`;
    });
}
