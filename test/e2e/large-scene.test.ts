// The 10 000-tag scene: the window loads it, scrolls it top to bottom and follows a burst of
// writes without errors, because only the rows in view exist in the page.
import { describe, expect, it } from 'vitest';
import { poll, row, STATE_WAIT_MS, windowPerTest } from './support/tagsim-ui.js';

const COUNT = 10_000;
const ROW_HEIGHT = 24;
const ui = windowPerTest({ args: ['--synthetic', String(COUNT)], firstRow: 'Tag 0' });

describe('a 10 000-tag scene in the window', () => {
  it('loads quickly and renders only the rows in view', async () => {
    expect(await ui.b.page.locator('.count').textContent()).toBe(`${COUNT} tags`);
    expect(await ui.b.page.getByRole('grid').getAttribute('aria-rowcount')).toBe(String(COUNT + 1));
    const rendered = await ui.b.page.locator('.tag-row').count();
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(100);
  });

  it('scrolls from top to bottom with every position drawn', async () => {
    const { page } = ui.b;
    const grid = page.getByRole('grid');
    await grid.hover();
    for (let i = 0; i < 5; i++) await page.mouse.wheel(0, 2000);
    const scrollHeight = (await grid.evaluate((g) => g.scrollHeight)) as number;
    expect(scrollHeight).toBeGreaterThanOrEqual(COUNT * ROW_HEIGHT);
    const steps = 40;
    for (let step = 0; step <= steps; step++) {
      const target = Math.round(((scrollHeight - 600) * step) / steps);
      const top = (await grid.evaluate((g, y) => {
        g.scrollTop = y;
        return g.scrollTop;
      }, target)) as number;
      // The row at the top of the view must be drawn (rows are named "Tag <index>" in name order).
      const index = Math.min(COUNT - 1, Math.floor(top / ROW_HEIGHT) + 1);
      await row(page, `Tag ${index}`).waitFor({ timeout: STATE_WAIT_MS });
      expect(await page.locator('.tag-row').count()).toBeLessThan(100);
    }
    await grid.evaluate((g) => (g.scrollTop = g.scrollHeight));
    expect(await row(page, `Tag ${COUNT - 1}`).getAttribute('aria-rowindex')).toBe(String(COUNT + 1));
  });

  it('goes to either end from the keyboard', async () => {
    const { page } = ui.b;
    await page.getByRole('grid').focus();
    await page.keyboard.press('Home');
    await row(page, 'Tag 0').waitFor();
    expect(await page.locator('.tag-row.selected .cell.name').textContent()).toBe('Tag 0');
    await page.keyboard.press('End');
    await row(page, `Tag ${COUNT - 1}`).waitFor();
    expect(await page.locator('.tag-row.selected .cell.name').textContent()).toBe(`Tag ${COUNT - 1}`);
    await page.keyboard.press('PageUp');
    await page.keyboard.press('ArrowUp');
    const selected = await page.locator('.tag-row.selected .cell.name').textContent();
    expect(Number(selected?.slice(4))).toBeLessThan(COUNT - 10);
    await poll(() => page.locator('.tag-row.selected').isVisible()).toBe(true);
  });

  it('filters 10 000 names with wildcards', async () => {
    const { page } = ui.b;
    const filter = page.getByLabel('Filter tags by name');
    await filter.fill('*99?');
    expect(await page.locator('.count').textContent()).toBe(`100 of ${COUNT} tags`);
    await filter.fill('tag 5000');
    expect(await page.locator('.tag-row .cell.name').allTextContents()).toEqual(['Tag 5000']);
    await filter.fill('');
    expect(await page.locator('.count').textContent()).toBe(`${COUNT} tags`);
  });

  it('follows a write of 5 000 Outputs at once', async () => {
    const { page } = ui.b;
    const outputs = await ui.client.tags('?kind=output&type=int');
    await page.getByRole('grid').focus();
    await page.keyboard.press('Home');
    await ui.client.setValues(outputs.map((t) => ({ id: t.id, value: 7 })));
    // "Tag 2" is an Output Int of the synthetic scene, near the top.
    await poll(() => row(page, 'Tag 2').locator('.cell.value').textContent()).toBe('7');
  });
});
