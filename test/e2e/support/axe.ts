import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's findings on the page as it is now, of every impact (a missing landmark is only
 * "moderate", an empty table header "minor"), one line each: `moderate region: ... (targets)`.
 * Evaluated through the debugging protocol: the pages' CSP (rightly) allows no injected script.
 */
export async function axeFindings(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const results = (await page.evaluate('axe.run()')) as {
    violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
  };
  return results.violations.map(
    (v) =>
      `${v.impact} ${v.id} x${v.nodes.length}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
}
