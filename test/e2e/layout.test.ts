// The table's layout from the narrowest window it is made for (1024 px) to the widest (2560 px):
// every column fully in view and readable, and extra room shared rather than given to one column.
import { describe, expect, it } from 'vitest';
import { scrollToRow, windowPerTest } from './support/tagsim-ui.js';

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
