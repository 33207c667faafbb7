// Accessibility of the window: axe-core finds no problem at all (any impact, best practices
// included) in the states a person sees: the table with forces and failures, the selected tag's
// details and quick faults, the Traffic view with a request open, the scene editor's Tags and
// Behaviours tabs; light and dark.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { poll, row, scrollToRow, windowPerTest } from './support/tagsim-ui.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// A plant a person is working on: a forced counter, a failed sensor, a pinned quick fault, a
// selected tag.
const ui = windowPerTest({
  args: ['--paused'],
  firstRow: 'Counter',
  async prepare({ b: { page }, client }) {
    const counter = await client.byName('Counter');
    const pallet = await client.byName('Pallet sensor');
    await client.force([{ id: counter.id, value: 42 }]);
    await client.alwaysOn([{ id: pallet.id, value: true }]);
    const failure = (await scrollToRow(page, 'Pallet sensor')).locator('.cell.failure');
    await poll(() => failure.textContent()).toBe('Always On');
    await (await scrollToRow(page, 'High sensor')).getByRole('button', { name: 'Pin' }).click();
    await page.locator('.quick-faults .quick-name').waitFor();
    await (await scrollToRow(page, 'Counter')).click();
    await poll(() => page.locator('.details-title h2').textContent()).toBe('Counter');
    await poll(() => row(page, 'Counter').locator('.cell.forced').textContent()).toBe('42');
  },
});

/** axe-core's findings on the page as it is now, whatever their impact. */
async function findings(): Promise<string[]> {
  // Evaluated through the debugging protocol: the window's CSP (rightly) allows no injected script.
  await ui.b.page.evaluate(axeSource);
  const results = (await ui.b.page.evaluate('axe.run()')) as {
    violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
  };
  return results.violations.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
}

describe('accessibility of the window', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`has no axe findings in the table and the details, ${colorScheme}`, async () => {
      await ui.b.page.emulateMedia({ colorScheme });
      expect(await findings()).toEqual([]);
      // A selected Bit that reads false: its muted value and raw text on the selection's blue.
      await (await scrollToRow(ui.b.page, 'Start')).click();
      await poll(() => ui.b.page.locator('.details-title h2').textContent()).toBe('Start');
      expect(await row(ui.b.page, 'Start').locator('.cell.raw').textContent()).toBe('false');
      expect(await findings()).toEqual([]);
    }, 60_000);

    it(`has no axe findings in the Traffic view with a request open, ${colorScheme}`, async () => {
      const { page } = ui.b;
      await page.emulateMedia({ colorScheme });
      const res = await fetch(`${ui.tagsim.apiUrl}/api/tag/values/by-name`, {
        method: 'PUT',
        body: JSON.stringify([{ name: 'No such tag', value: true }]),
        signal: AbortSignal.timeout(5000),
      });
      await res.arrayBuffer();
      await page.getByRole('button', { name: 'Traffic' }).click();
      const traffic = page.getByRole('main', { name: 'Traffic' });
      await traffic.getByRole('button', { name: /: PUT \/api\/tag\/values\/by-name$/ }).click();
      await page.getByRole('region', { name: 'Request details' }).waitFor();
      expect(await findings()).toEqual([]);
    }, 60_000);

    it(`has no axe findings in the scene editor, Tags and Behaviours tabs, ${colorScheme}`, async () => {
      const { page } = ui.b;
      await page.emulateMedia({ colorScheme });
      await page.getByRole('button', { name: 'Edit scene' }).click();
      await (await scrollToRow(page, 'Counter')).click();
      await poll(() => page.locator('.editor-panel').getByLabel('Name', { exact: true }).inputValue()).toBe(
        'Counter',
      );
      expect(await findings()).toEqual([]);
      const panel = page.locator('.editor-panel');
      await panel.getByRole('tab', { name: /^Behaviours/ }).click();
      await panel.getByRole('listbox').getByRole('option').first().click();
      expect(await findings()).toEqual([]);
    }, 60_000);
  }

  it('says the F and ! markers in words to a screen reader', async () => {
    /** The text a screen reader reads: the cell without what is hidden from it. */
    const name = async (tag: string) =>
      (await (await scrollToRow(ui.b.page, tag)).locator('.cell.value').innerHTML())
        .replace(/<span aria-hidden="true">[^<]*<\/span>/g, '')
        .replace(/<[^>]+>/g, '')
        .trim();
    expect(await name('Counter')).toBe('42 (forced)');
    expect(await name('Pallet sensor')).toBe('true (Always On failure)');
  });

  it('reaches every control outside the table with Tab (the table has its own keys)', async () => {
    const controls = `[...document.querySelectorAll('button, input, select, [tabindex="0"]')]
      .filter((e) => !e.closest('.grid') && !e.disabled && e.offsetParent !== null)
      .filter((e) => !(e.type === 'radio' && !e.checked))`; // a radio group is one stop; arrows move in it
    const all = (await ui.b.page.evaluate(`${controls}.length`)) as number;
    await ui.b.page.getByLabel('Filter tags by name').focus();
    await ui.b.page.evaluate(`(${controls}).forEach((e, i) => e.setAttribute('data-tab-check', String(i)))`);
    const reached = new Set<string>();
    for (let i = 0; i < all + 20; i++) {
      await ui.b.page.keyboard.press('Tab');
      reached.add(
        (await ui.b.page.evaluate("document.activeElement?.getAttribute('data-tab-check') ?? ''")) as string,
      );
    }
    reached.delete('');
    const missed = (await ui.b.page.evaluate(
      `[...document.querySelectorAll('[data-tab-check]')].filter((e) => !${JSON.stringify([...reached])}.includes(e.getAttribute('data-tab-check'))).map((e) => e.outerHTML.slice(0, 120))`,
    )) as string[];
    expect(all).toBeGreaterThan(20);
    expect(missed).toEqual([]);
  });
});
