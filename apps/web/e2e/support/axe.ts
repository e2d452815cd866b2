/**
 * Accessibility check of a screen (QUAL-4 in docs/requirements.md): axe-core
 * through @axe-core/playwright, WCAG 2.x A and AA rules; a test fails on any serious or critical
 * violation, naming rule and nodes.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Impacts that fail a test. */
const FAILING = new Set(['serious', 'critical']);

/**
 * Runs axe on `page` as it is now (optionally only inside `include`, a CSS selector) and
 * expects no serious or critical violation.
 */
export async function expectNoSeriousA11yViolations(page: Page, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const failing = results.violations
    .filter((v) => v.impact && FAILING.has(v.impact))
    .map(
      (v) => `${v.id} (${v.impact ?? ''}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  expect(failing, 'serious or critical accessibility violations').toEqual([]);
}
