// The tag table of the window, in a real browser against the real `tagsim serve --ui`: filtering
// as the API does, sorting, the selection kept in view, and the keyboard.
import { describe, expect, it } from 'vitest';
import { hasFocus, namesInOrder, poll, row, scrollToRow, windowPerTest } from './support/tagsim-ui.js';

const ui = windowPerTest({ firstRow: 'Counter' });

describe('the tag table of tagsim serve --ui', () => {
  it('filters with the API wildcard rules', async () => {
    const { page } = ui.b;
    const filter = page.getByLabel('Filter tags by name');
    const shown = async () => (await page.locator('.tag-row .cell.name').allTextContents()).sort();
    await filter.fill('conveyor*');
    expect(await shown()).toEqual(['Conveyor entry', 'Conveyor left', 'Conveyor right']);
    await filter.fill('*SENSOR');
    expect(await shown()).toEqual(['High sensor', 'Low sensor', 'Pallet sensor']);
    await filter.fill('?oad');
    expect(await shown()).toEqual(['Load']);
    await filter.fill('FACTORY I/O (R*');
    expect(await shown()).toHaveLength(4);
    await filter.fill('*entry');
    expect(await shown()).toEqual(['At left entry', 'At right entry', 'Conveyor entry']);
    expect(await page.locator('.count').textContent()).toBe('3 of 40 tags');
    await filter.fill('pallet SENSOR'); // no wildcard: names that contain it, in any letter case
    expect(await shown()).toEqual(['Pallet sensor']);
    await filter.fill('entry');
    expect(await shown()).toEqual(['At left entry', 'At right entry', 'Conveyor entry']);
    await filter.fill('conv');
    expect(await shown()).toEqual(['Conveyor entry', 'Conveyor left', 'Conveyor right']);
    await filter.fill('nothing like it');
    expect(await shown()).toEqual([]);
    expect(await page.locator('.grid-empty').textContent()).toBe(
      'No tags match. Names that contain “nothing like it”.',
    );
    await filter.fill('conv?');
    expect(await page.locator('.grid-empty').textContent()).toBe(
      'No tags match. Whole names matching conv?, as GET /api/tags?name= matches them.',
    );
    expect(await filter.getAttribute('placeholder')).toBe('Filter: a word, or conveyor*, ?oad');

    await filter.fill('*sensor');
    await page.getByRole('button', { name: 'Inputs' }).click();
    expect(await shown()).toHaveLength(3);
    await page.getByRole('button', { name: 'Outputs', exact: true }).click();
    await page.getByRole('button', { name: 'Inputs', exact: true }).click();
    expect(await shown()).toEqual([]);
    await page.getByRole('button', { name: 'Outputs', exact: true }).click();
    await filter.press('Escape'); // clears the filter
    expect(await filter.inputValue()).toBe('');
    await page.getByRole('button', { name: 'Int', exact: true }).click();
    expect(await shown()).toEqual(['Counter']);
    await page.getByRole('button', { name: 'Int', exact: true }).click();
    expect(await page.locator('.count').textContent()).toBe('40 tags');
  });

  it('sorts by address as an I/O map, and by name both ways', async () => {
    const { page } = ui.b;
    const inOrder = () => namesInOrder(page);
    await page
      .getByRole('columnheader', { name: /Address/ })
      .getByRole('button')
      .click();
    const byAddress = await inOrder();
    // Input Bit 0 to 5: five unnamed beams, then High sensor.
    expect(byAddress.slice(0, 6)).toEqual(['-', '-', '-', '-', '-', 'High sensor']);
    expect(byAddress[byAddress.length - 1]).toBe('Counter'); // the only Output Int
    await page.getByRole('combobox', { name: 'Sort' }).selectOption('name-desc');
    expect((await inOrder()).slice(0, 3)).toEqual(['Unload', 'Transf. right', 'Transf. left']);
    await page.getByRole('combobox', { name: 'Sort' }).selectOption('name-asc');
    const byName = await inOrder();
    // Named tags first; the five unnamed beams last.
    expect(byName.slice(0, 2)).toEqual(['At left entry', 'At left exit']);
    expect(byName.slice(-6)).toEqual(['Unload', '-', '-', '-', '-', '-']);
    expect(byName).toHaveLength(40);
  });

  it('keeps the selected tag in view when the order changes, also when the editor opens', async () => {
    const { page } = ui.b;
    const grid = page.getByRole('grid', { name: 'Tags' });
    /** Whether the row is wholly inside the table's scrolled view, below its header. */
    const inView = async (name: string) => {
      const [view, head, box] = await Promise.all([
        grid.boundingBox(),
        grid.locator('.grid-head').boundingBox(),
        row(page, name)
          .boundingBox({ timeout: 1000 })
          .catch(() => null),
      ]);
      return box !== null && box.y >= view!.y + head!.height && box.y + box.height <= view!.y + view!.height;
    };
    await (await scrollToRow(page, 'Counter')).click();
    expect(await inView('Counter')).toBe(true);
    // By address, the only Output Int is last of 40: below the view unless the table follows.
    await page.getByRole('combobox', { name: 'Sort' }).selectOption('address-asc');
    await poll(() => inView('Counter')).toBe(true);
    await page.getByRole('combobox', { name: 'Sort' }).selectOption('name-asc');
    await poll(() => inView('Counter')).toBe(true);
    // The editor shows the scene order, where Counter is near the end.
    await page.getByRole('button', { name: 'Edit scene' }).click();
    await poll(() => page.locator('.toolbar select').inputValue()).toBe('scene-asc');
    await poll(() => inView('Counter')).toBe(true);
    expect(await page.locator('.tag-row.selected .cell.name').textContent()).toBe('Counter');
  });

  it('is driven from the keyboard: filter focus, arrows, Space toggles a Bit', async () => {
    const { page } = ui.b;
    const filter = page.getByLabel('Filter tags by name');
    await page.locator('.statusbar').click();
    await page.keyboard.press('Control+f');
    expect(await hasFocus(filter)).toBe(true);
    await filter.fill('conveyor*');
    await filter.press('ArrowDown'); // into the table, first row selected
    const selectedName = () => page.locator('.tag-row.selected .cell.name').textContent();
    expect(await selectedName()).toBe('Conveyor entry');
    await page.keyboard.press('ArrowDown');
    expect(await selectedName()).toBe('Conveyor left');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown'); // stays on the last row
    expect(await selectedName()).toBe('Conveyor right');
    await page.keyboard.press('ArrowUp');
    expect(await selectedName()).toBe('Conveyor left');
    expect(await page.getByRole('grid').getAttribute('aria-activedescendant')).toBe(
      await page.locator('.tag-row.selected').getAttribute('id'),
    );

    const left = await ui.client.byName('Conveyor left');
    await page.keyboard.press(' ');
    await poll(async () => (await ui.client.tag(left.id)).value).toBe(true);
    await poll(() => page.locator('.tag-row.selected .cell.value').textContent()).toBe('true');
    await page.keyboard.press(' ');
    await poll(async () => (await ui.client.tag(left.id)).value).toBe(false);

    await page.keyboard.press('/');
    expect(await hasFocus(filter)).toBe(true);
    await filter.press('Escape');
    expect(await filter.inputValue()).toBe('');
  });
});
