// The scene editor of the window, in a real browser against the real `tagsim serve --ui`: every
// change to the scene's tags is checked where it matters, over the API a client uses.
import { describe, expect, it } from 'vitest';
import { sceneUi } from './support/scene-ui.js';
import { hasFocus, namesInOrder, poll, scrollToRow, windowPerTest } from './support/tagsim-ui.js';

const ui = windowPerTest({ firstRow: 'Counter' });
const { page, apiNames, field, dirtyMark, editScene, selectTag } = sceneUi(ui);

describe('the scene editor of tagsim serve --ui', () => {
  it('shows the scene, unedited, and edits it in scene order', async () => {
    expect(await page().locator('.scene-name').textContent()).toBe('Sorting by Height (Basic)');
    expect(await dirtyMark().count()).toBe(0);
    await editScene();
    expect(await page().locator('.toolbar select').inputValue()).toBe('scene-asc');
    const names = await apiNames();
    expect(names).toHaveLength(40);
    expect(await namesInOrder(page())).toEqual(names);
  });

  it('adds a tag, which the API lists at once', async () => {
    await editScene();
    await selectTag('Loaded');
    await page().getByLabel('Kind of the new tag').selectOption('Input');
    await page().getByLabel('Type of the new tag').selectOption('Bit');
    await page().getByRole('button', { name: '+ Add tag' }).click();
    // The new tag is selected with its name ready to type over.
    await poll(() => hasFocus(field('Name'))).toBe(true);
    expect(await field('Name').inputValue()).toBe('New input');
    await page().keyboard.type('Box sensor');
    await page().keyboard.press('Enter');
    // Input Bits 0 to 18 are taken: the new tag gets the first free one.
    await poll(async () => (await ui.client.byName('Box sensor')).address).toBe(19);
    const names = await apiNames();
    expect(names.indexOf('Box sensor')).toBe(names.indexOf('Loaded') + 1);
    expect((await ui.client.byName('Box sensor')).kind).toBe('Input');
    await dirtyMark().waitFor();
    expect(await page().title()).toBe('• Sorting by Height (Basic) — TagSim');
  });

  it('renames a tag, whose id stays the same over the API', async () => {
    const counter = await ui.client.byName('Counter');
    await editScene();
    await selectTag('Counter');
    await field('Name').fill('Box counter');
    await field('Name').press('Tab'); // leaving the field commits it
    await poll(async () => (await ui.client.tag(counter.id)).name).toBe('Box counter');
    await scrollToRow(page(), 'Box counter');
    expect(await apiNames()).not.toContain('Counter');
  });

  it('refuses a taken address under the field, and the API keeps the old one', async () => {
    const entry = await ui.client.byName('Conveyor entry');
    expect(entry.address).toBe(4);
    await editScene();
    await selectTag('Conveyor entry');
    await field('Address').fill('1'); // Output Bit 1 is Unload's
    await field('Address').press('Enter');
    const error = page().locator('#edit-tag-address-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/Output Bit 1 is already used by .*'Unload'/);
    expect(await field('Address').getAttribute('aria-invalid')).toBe('true');
    expect((await ui.client.tag(entry.id)).address).toBe(4);
    await field('Address').press('Escape'); // puts back what the scene has
    expect(await field('Address').inputValue()).toBe('4');
    expect(await error.count()).toBe(0);
  });

  it('duplicates a tag and deletes the copy, after asking', async () => {
    await editScene();
    await selectTag('Load');
    await page().getByRole('button', { name: 'Duplicate' }).click();
    await poll(apiNames).toContain('Load copy');
    const copy = await ui.client.byName('Load copy');
    expect(copy.id).not.toBe((await ui.client.byName('Load')).id);
    expect(copy.address).toBe(13); // the first free Output Bit (0 to 12 are taken)
    await poll(() => field('Name').inputValue()).toBe('Load copy');

    await page().getByRole('button', { name: 'Delete…' }).click();
    const dialog = page().getByRole('alertdialog', { name: 'Delete the tag “Load copy”?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await apiNames()).toContain('Load copy');
    await page().getByRole('button', { name: 'Delete…' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await poll(apiNames).not.toContain('Load copy');
  });

  it('locks the system tags', async () => {
    await editScene();
    await selectTag('FACTORY I/O (Run)');
    await page().locator('.locked-note').waitFor();
    expect(await field('Name').isDisabled()).toBe(true);
    expect(await page().getByRole('button', { name: 'Delete…' }).isDisabled()).toBe(true);
  });

  it('reorders tags, and undoes and redoes with the keys and the buttons', async () => {
    const order = await apiNames();
    const at = order.indexOf('Counter');
    const moved = [...order];
    moved.splice(at - 1, 2, 'Counter', order[at - 1]!);

    await editScene();
    await selectTag('Counter');
    await page().getByRole('button', { name: 'Move up' }).click();
    await poll(apiNames).toEqual(moved);
    await poll(() => namesInOrder(page())).toEqual(moved);

    await page().getByRole('grid').focus();
    await page().keyboard.press('Control+z');
    await poll(apiNames).toEqual(order);
    await page().keyboard.press('Control+Shift+z');
    await poll(apiNames).toEqual(moved);
    await page().getByRole('button', { name: 'Undo' }).click();
    await poll(apiNames).toEqual(order);
    await page().getByRole('button', { name: 'Redo' }).click();
    await poll(apiNames).toEqual(moved);
    await page().getByRole('grid').focus();
    await page().keyboard.press('Control+z');
    await poll(apiNames).toEqual(order);
    await page().keyboard.press('Control+y');
    await poll(apiNames).toEqual(moved);
    // In a text field, Ctrl+Z is the field's own undo: the typing goes, the scene stays. A scene
    // shortcut would keep the key from the field, so the field's undo shows the scene's did not run.
    const description = field('Description');
    const before = await description.inputValue();
    await description.focus();
    // One insertion, one step of the field's undo (typed keys may be split into several).
    await page().keyboard.insertText('typed');
    expect(await description.inputValue()).toBe(`${before}typed`);
    await page().keyboard.press('Control+z');
    await poll(() => description.inputValue()).toBe(before);
    expect(await apiNames()).toEqual(moved);
  });
});
