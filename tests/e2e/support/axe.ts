import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

// axe-core from node_modules, put into the page by the browser's debugging protocol (evaluate is
// not subject to the page's Content-Security-Policy, which refuses inline scripts): nothing is
// downloaded at run time.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: colour contrast, names, roles, keyboard… */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * Best practices the audit of issue 9 also held us to: all content in landmarks, one main, and
 * table headers with a name.
 */
const EXTRA_RULES = ['region', 'landmark-one-main', 'empty-table-header'];

export type AxeViolation = { rule: string; impact: string; help: string; targets: string[] };

/** The page's violations of the rules above, as they are now (after hydration, with its CSS). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  await settle(page);
  return page.evaluate(
    async ({ tags, extra }) => {
      type AxeResult = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };
      const axe = (window as unknown as { axe: { getRules(tags: string[]): { ruleId: string }[]; run(context: Document, options: object): Promise<{ violations: AxeResult[] }> } }).axe;
      const rules = [...new Set([...axe.getRules(tags).map((rule) => rule.ruleId), ...extra])];
      const { violations } = await axe.run(document, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] });
      return violations.map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
      }));
    },
    { tags: WCAG_TAGS, extra: EXTRA_RULES },
  );
}

/**
 * Waits for the page to stop moving: its fonts loaded, and a resized viewport's transitions ended.
 * axe measuring a field half-way through one found its own buttons covering all but 8 px of it
 * (target-size, about one run in four right after a resize). Endless animations are not waited for,
 * and no wait is longer than 2 s.
 */
async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    await frame();
    await frame();
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([Promise.allSettled(finite.map((animation) => animation.finished)), new Promise((resolve) => setTimeout(resolve, 2_000))]);
    await frame();
  });
}

/** One line per violation: rule, impact, what it asks, page, and up to five of its elements. */
export function describeViolations(where: string, violations: AxeViolation[]): string[] {
  return violations.map((violation) => {
    const shown = violation.targets.slice(0, 5).join(' | ');
    const more = violation.targets.length > 5 ? ` (+${violation.targets.length - 5} more)` : '';
    return `${where}: ${violation.rule} [${violation.impact}] ${violation.help} — ${violation.targets.length} node(s): ${shown}${more}`;
  });
}
