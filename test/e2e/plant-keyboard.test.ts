// The Plant view by keyboard alone, in the real `tagsim serve --ui` in chromium (issue 32): Tab
// goes from the toolbar into the drawing and through every tag's mark in the order items travel,
// each with a visible focus ring; Shift+F10 opens a mark's menu and a fault is injected without
// the mouse. And the smallest window the view is made for, 1024 x 768: the scene's name whole, the
// toolbar on one row, the control panel in view.
import { describe, expect, it } from 'vitest';
import { openPlant } from './support/plant-ui.js';
import { poll, windowPerTest } from './support/tagsim-ui.js';

// The default scene, Sorting by Height (Basic).
const ui = windowPerTest({ firstRow: 'Counter' });

/** The focused element's accessible name (its aria-label) and whether its focus ring shows. */
const focused = async () =>
  (await ui.b.page.evaluate(`(() => {
    const e = document.activeElement;
    const hit = e && e.querySelector('polygon.hit');
    const ring = hit ? getComputedStyle(hit) : undefined;
    return {
      name: (e && (e.getAttribute('aria-label') ?? e.textContent?.trim())) || '',
      inDrawing: !!(e && e.closest('svg.plant-drawing')),
      ring: ring !== undefined && ring.stroke !== 'none' && parseFloat(ring.strokeWidth) > 0,
    };
  })()`)) as { name: string; inDrawing: boolean; ring: boolean };

describe('the Plant view by keyboard', () => {
  it('tabs through every mark along the belts, each ringed, and injects a fault with Shift+F10 and Enter', async () => {
    const { page } = ui.b;
    await openPlant(page);
    // From the toolbar's last control, Tab reaches the drawing (it used to skip to the panel).
    await page.getByRole('combobox', { name: 'Sort' }).focus();
    const marks = await page.locator('svg.plant-drawing [role="button"]').count();
    const seen: { name: string; ring: boolean }[] = [];
    for (let i = 0; i < marks; i++) {
      await page.keyboard.press('Tab');
      const now = await focused();
      expect(now.inDrawing, `Tab ${i + 1} stays in the drawing (${now.name})`).toBe(true);
      seen.push(now);
    }
    expect(seen.slice(0, 4).map((s) => s.name.replace(/:.*/, ''))).toEqual([
      'Drive Conveyor entry',
      'Sensor Pallet sensor',
      'Sensor Low sensor',
      'Sensor High sensor',
    ]);
    expect(new Set(seen.map((s) => s.name)).size).toBe(marks);
    expect(seen.filter((s) => !s.ring).map((s) => s.name)).toEqual([]);
    // Then on to the control panel.
    await page.keyboard.press('Tab');
    expect((await focused()).inDrawing).toBe(false);

    // Back to the pallet sensor, its menu by keyboard, Always On by keyboard.
    for (let i = 0; i < marks - 1; i++) await page.keyboard.press('Shift+Tab');
    expect((await focused()).name).toMatch(/^Sensor Pallet sensor: /);
    await page.keyboard.press('Shift+F10');
    const menu = page.getByRole('menu', { name: 'Pallet sensor: faults and forces' });
    await menu.waitFor();
    let item = '';
    for (let i = 0; i < 8 && item !== 'Always On'; i++) {
      await page.keyboard.press('ArrowDown');
      item = (await page.evaluate("document.activeElement?.textContent?.trim() ?? ''")) as string;
    }
    expect(item).toBe('Always On');
    await page.keyboard.press('Enter');
    const sensor = await ui.client.byName('Pallet sensor', 'Input');
    await poll(async () => (await ui.client.tag(sensor.id)).shortCircuit).toBe(true);
    // The drawing says so on the mark, and focus is back on it.
    const mark = page.locator('[role="button"][data-tag="Pallet sensor"]');
    await poll(() => mark.getAttribute('aria-label')).toMatch(/\(Always On\)$/);
    expect(await mark.locator('.mark-failed').count()).toBe(1);
    expect((await focused()).name).toMatch(/^Sensor Pallet sensor: /);
  });
});

describe('the Plant view at 1024 x 768', () => {
  it("shows the scene's name whole, the toolbar on one row and the control panel in view", async () => {
    const { page } = ui.b;
    await page.setViewportSize({ width: 1024, height: 768 });
    await openPlant(page);
    const title = page.locator('.scene-name');
    expect(await title.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    const tops = await page
      .locator('.toolbar > *')
      .evaluateAll((items) => items.map((e) => Math.round(e.getBoundingClientRect().top)));
    // One row: no control starts a row's height (30 px) below another.
    expect(Math.max(...tops) - Math.min(...tops), `toolbar items at ${tops.join(', ')}`).toBeLessThan(15);
    const status = await page.locator('.statusbar').boundingBox();
    const button = await page.locator('.control-panel .panel-control').first().boundingBox();
    expect(button!.y + button!.height).toBeLessThanOrEqual(status!.y);
    // No control's name is cut: each shows whole, on at most two lines.
    const cut = await page
      .locator('.control-panel .control-name')
      .evaluateAll((names) =>
        names
          .filter((n) => n.scrollHeight > n.clientHeight + 1 || n.scrollWidth > n.clientWidth + 1)
          .map((n) => n.textContent),
      );
    expect(cut).toEqual([]);
  });
});
