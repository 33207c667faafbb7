// The table's layout from the narrowest window it is made for (1024 px) to the widest (2560 px):
// every column fully in view and readable, and extra room shared rather than given to one column.
import { describe, expect, it } from 'vitest';
import { poll, scrollToRow, windowPerTest } from './support/tagsim-ui.js';

const ui = windowPerTest({ firstRow: 'Counter' });

/** Each header cell: its text, where it ends, and whether its text is cut off. */
async function headers() {
  return ui.b.page.locator('.head-row > .cell:not(.pin)').evaluateAll((cells) =>
    cells.map((cell) => ({
      text: cell.textContent?.trim() ?? '',
      right: cell.getBoundingClientRect().right,
      width: cell.getBoundingClientRect().width,
      cut: [cell, ...cell.querySelectorAll('*')].some((e) => e.scrollWidth > e.clientWidth + 1),
    })),
  );
}

describe('the tag table', () => {
  for (const width of [1024, 1280, 1920, 2560]) {
    it(`shows every column whole at ${width} px`, async () => {
      await ui.b.page.setViewportSize({ width, height: 800 });
      const frame = await ui.b.page.locator('.table-frame').boundingBox();
      const cells = await headers();
      expect(cells.map((c) => c.text.replace(/[▲▼]/, '').trim())).toEqual([
        'Name',
        'Kind',
        'Type',
        'Address',
        'Value',
        'Raw',
        'Forced',
        'Failure',
      ]);
      for (const cell of cells) {
        expect(cell.right, `${cell.text} ends inside the table`).toBeLessThanOrEqual(
          frame!.x + frame!.width + 1,
        );
        expect(cell.cut, `${cell.text} is not cut off`).toBe(false);
      }
      // The kind badges are whole too ("Output" is the longest).
      const badge = (await scrollToRow(ui.b.page, 'Counter')).locator('.cell.kind > *');
      expect(await badge.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
      // Wider windows share the room: the name column never takes half of the table.
      const name = cells.find((c) => c.text.startsWith('Name'))!;
      expect(name.width).toBeLessThan(frame!.width / 2);
    });
  }
});

describe('on a classroom projector (1280 x 720)', () => {
  it('keeps the table, the selected tag and four pinned quick faults in view at once', async () => {
    await ui.b.page.setViewportSize({ width: 1280, height: 720 });
    for (const name of ['High sensor', 'Low sensor', 'Pallet sensor', 'Loaded']) {
      await (await scrollToRow(ui.b.page, name)).getByRole('button', { name: 'Pin' }).click();
    }
    await (await scrollToRow(ui.b.page, 'Pallet sensor')).click();
    await ui.b.page.locator('.quick-faults .quick-name').nth(3).waitFor();
    const inView = async (selector: string) => {
      const box = await ui.b.page.locator(selector).last().boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= 720;
    };
    // The last quick fault's buttons, the side panel's heading and the status bar: no scrolling.
    expect(await inView('.quick-faults button')).toBe(true);
    expect(await inView('.details-title h2')).toBe(true);
    expect(await inView('.statusbar')).toBe(true);
    // The whole page does not scroll: only the table and the side panel do, each on its own.
    expect(await ui.b.page.evaluate('document.documentElement.scrollHeight')).toBeLessThanOrEqual(720);
  });
});

describe('with the Behaviours tab open (the side panel at its widest)', () => {
  it('shows every cell of the table whole at 1024 px, the Failure column inside the window', async () => {
    const { page } = ui.b;
    // Tall enough to draw every row of the scene at once: the width is what is tested.
    await page.setViewportSize({ width: 1024, height: 1200 });
    await page.getByRole('button', { name: 'Edit scene' }).click();
    const panel = page.locator('.editor-panel');
    await panel.getByRole('tab', { name: /^Behaviours/ }).click();
    await panel.getByRole('listbox').getByRole('option').first().click();
    const rowCount = Number(await page.getByRole('grid', { name: 'Tags' }).getAttribute('aria-rowcount'));
    await poll(() => page.locator('.tag-row').count()).toBe(rowCount - 1);
    const cells = await page.locator('.grid .row > .cell').evaluateAll((all) =>
      all.map((cell) => ({
        text: `${cell.className}: ${cell.textContent ?? ''}`,
        // Text hidden on purpose for screen readers (a 1 px box) is not text cut off.
        cut: [cell, ...cell.querySelectorAll('*')]
          .filter((e) => !e.closest('.visually-hidden'))
          .some((e) => e.scrollWidth > e.clientWidth),
      })),
    );
    expect(cells.length).toBeGreaterThan(9 * 30);
    expect(cells.filter((c) => c.cut).map((c) => c.text)).toEqual([]);
    const failure = await page.locator('.head-row .cell.failure').boundingBox();
    const frame = await page.locator('.table-frame').boundingBox();
    const grid = await page.getByRole('grid', { name: 'Tags' }).evaluate((g) => g.clientWidth);
    expect(failure!.x + failure!.width).toBeLessThanOrEqual(frame!.x + grid);
    expect(frame!.x + frame!.width).toBeLessThanOrEqual(1024);
    // And the panel keeps room for the JSON, with the list's kinds whole ("Conveyor").
    expect((await panel.boundingBox())!.width).toBeGreaterThanOrEqual(280);
    const kinds = await panel
      .locator('.behaviour-kind')
      .evaluateAll((all) => all.filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.textContent));
    expect(kinds).toEqual([]);
  });
});
