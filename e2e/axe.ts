import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG 2.1 A and AA rules and axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Issue 16: axe-core's serious and critical findings on the page as it is drawn (less `exclude`), one line each. */
export async function seriousAxeFindings(page: Page, exclude: readonly string[] = []): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  for (const selector of exclude) builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const where = violation.nodes.slice(0, 3).map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`);
      return `axe ${violation.impact} ${violation.id} on ${violation.nodes.length} element(s): ${where.join(' | ')}`;
    });
}
