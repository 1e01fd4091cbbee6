// axe-core on a page: only serious and critical violations fail (issue 3: "nothing serious or
// critical"); the report names the rule, the help text and the offending elements.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Frame, Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The part of an axe violation the suites report. */
export interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Keeps serious and critical violations. */
export function seriousOnly(violations: AxeViolation[]): AxeViolation[] {
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** One readable line per violation and element. */
export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.map((n) =>
        `    ${JSON.stringify(n.target)}: ${n.failureSummary ?? ''}`.trimEnd(),
      );
      return `  ${v.impact} ${v.id}: ${v.help}\n${nodes.join('\n')}`;
    })
    .join('\n');
}

/**
 * Runs axe on the whole page (or one frame of it); resolves to its serious and critical violations.
 * With `iframes: false` the page's iframes are left out (check a cross-origin frame on its own).
 */
export async function axeSerious(
  page: Page | Frame,
  { iframes = true }: { iframes?: boolean } = {},
): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, so a Content-Security-Policy cannot block it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (iframes) => {
    const axe = (
      window as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'], iframes });
    return JSON.parse(JSON.stringify(result.violations)) as unknown[];
  }, iframes);
  return seriousOnly(violations as AxeViolation[]);
}
