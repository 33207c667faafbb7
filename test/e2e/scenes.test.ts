// The scene menu and the scene editor of the window, in a real browser against the real
// `tagsim serve --ui`: every change is checked where it matters, over the API a client uses.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_TAGS } from '../../shared/core/system-tags.js';
import { emptyScene } from '../../shared/scenes/scene-editor.js';
import { serializeScene } from '../../shared/scenes/scene-file.js';
import { hasFocus, namesInOrder, poll, scrollToRow, windowPerTest } from './support/tagsim-ui.js';

const ui = windowPerTest({ firstRow: 'Counter' });
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tagsim-e2e-scenes-'));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const apiNames = async () => (await ui.client.tags()).map((t) => t.name);
const page = () => ui.b.page;
const field = (label: string) => page().locator('.editor-panel').getByLabel(label, { exact: true });
const dirtyMark = () => page().locator('.scenebar .dirty-mark');
/** Opens the scene editor beside the table. */
const editScene = async () => {
  const toggle = page().getByRole('button', { name: 'Edit scene' });
  await toggle.click();
  await poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
};
/**
 * Selects a tag in the table and waits until the editor shows it. Typing earlier would put the
 * text into the field of the tag selected before, or lose it when the editor catches up.
 */
const selectTag = async (name: string) => {
  await (await scrollToRow(page(), name)).click();
  await poll(() => field('Name').inputValue()).toBe(name);
};
/** Renames a tag in the editor and waits until the API serves the new name. */
const renameTag = async (from: string, to: string) => {
  await selectTag(from);
  await field('Name').fill(to);
  await field('Name').press('Enter');
  await poll(apiNames).toContain(to);
};
const sceneMenu = async (item: string | RegExp) => {
  await page().getByRole('button', { name: 'Scene', exact: true }).click();
  await page().getByRole('menuitem', { name: item }).click();
};
/** Saves the scene to a path on the TagSim machine with the Save dialog, and waits until it is clean. */
const saveTo = async (path: string) => {
  await page().getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page().getByRole('dialog', { name: 'Save the scene to a file' });
  await dialog.getByLabel('Path of the file on the computer that runs TagSim').fill(path);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await poll(() => dirtyMark().count()).toBe(0);
};

/** A scene file with the system tags and the given user tags. */
function sceneFile(
  name: string,
  tags: { name: string; kind: 'Input' | 'Output'; address: number }[],
): string {
  let n = 0;
  const base = emptyScene(name, () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`);
  const user = tags.map((t) => ({
    id: `10000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
    type: 'Bit' as const,
    ...t,
  }));
  return serializeScene({ ...base, tags: [...user, ...base.tags] });
}

/** The page's DataTransfer (the tests' own types have no DOM). */
interface PageGlobals {
  DataTransfer: new () => { items: { add(file: unknown): void } };
  File: new (parts: string[], name: string, options: { type: string }) => unknown;
}

/** Drops a file on the window as a file manager would. */
async function dropFile(name: string, text: string): Promise<void> {
  const data = await page().evaluateHandle(
    ([fileName, content]) => {
      const { DataTransfer, File } = globalThis as unknown as PageGlobals;
      const transfer = new DataTransfer();
      transfer.items.add(new File([content!], fileName!, { type: 'application/json' }));
      return transfer;
    },
    [name, text],
  );
  for (const type of ['dragenter', 'dragover', 'drop']) {
    await page().dispatchEvent('.app', type, { dataTransfer: data });
  }
}

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
    await page().keyboard.type(' (typed)');
    expect(await description.inputValue()).toBe(`${before} (typed)`);
    await page().keyboard.press('Control+z');
    await poll(() => description.inputValue()).toBe(before);
    expect(await apiNames()).toEqual(moved);
  });

  it('saves to a path, offers a download, and reopens the file from the recent files', async () => {
    const path = join(dir, 'line-1.tagsim.json');
    await editScene();
    await renameTag('Loaded', 'Box sensor');
    await page().getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page().getByRole('dialog', { name: 'Save the scene to a file' });
    const pathField = dialog.getByLabel('Path of the file on the computer that runs TagSim');
    expect(await pathField.inputValue()).toBe('Sorting by Height (Basic).tagsim.json');

    const [download] = await Promise.all([
      page().waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download .tagsim.json' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Sorting by Height (Basic).tagsim.json');
    const downloaded = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
      tags: { name: string }[];
    };
    expect(downloaded.tags.map((t) => t.name)).toContain('Box sensor');

    await pathField.fill(path);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await poll(() => dirtyMark().count()).toBe(0);
    const saved = JSON.parse(readFileSync(path, 'utf8')) as { format: string; tags: { name: string }[] };
    expect(saved.format).toBe('tagsim-scene');
    expect(saved.tags.map((t) => t.name)).toContain('Box sensor');
    expect(await page().locator('.scene-where').textContent()).toBe(path);

    // An edit, then the file again from the recent files: the edit is asked about, then gone.
    await renameTag('Box sensor', 'Temporary name');
    await sceneMenu(/^line-1\.tagsim\.json/);
    await page()
      .getByRole('alertdialog', { name: /Discard unsaved changes/ })
      .getByRole('button', { name: 'Discard' })
      .click();
    await poll(apiNames).toContain('Box sensor');
    expect(await apiNames()).not.toContain('Temporary name');
    await poll(() => dirtyMark().count()).toBe(0);
  });

  it('asks before overwriting a file that changed on disk', async () => {
    const path = join(dir, 'line-2.tagsim.json');
    await editScene();
    await saveTo(path);
    await selectTag('Loaded');
    await field('Description').fill('Counts the boxes');
    await field('Description').press('Enter');
    await dirtyMark().waitFor();
    writeFileSync(path, readFileSync(path, 'utf8').replace('"Loaded"', '"Changed elsewhere"'));

    await page().getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page().getByRole('alertdialog', { name: 'The file changed on disk since it was opened' });
    await dialog.getByRole('button', { name: 'Overwrite' }).click();
    await poll(() => dirtyMark().count()).toBe(0);
    const saved = readFileSync(path, 'utf8');
    expect(saved).toContain('Counts the boxes');
    expect(saved).not.toContain('Changed elsewhere');
    expect(readFileSync(`${path}.bak`, 'utf8')).toContain('Changed elsewhere');
  });

  it('asks before discarding unsaved changes, then serves the built-in scene', async () => {
    await editScene();
    await selectTag('Loaded');
    await page().getByRole('button', { name: 'Duplicate' }).click();
    await dirtyMark().waitFor();
    await sceneMenu('Open built-in scene…');
    await page()
      .getByRole('dialog', { name: 'Open a built-in scene' })
      .getByRole('button', { name: 'From A to B', exact: true })
      .click();
    const prompt = page().getByRole('alertdialog', {
      name: 'Discard unsaved changes to “Sorting by Height (Basic)”?',
    });
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    expect(await apiNames()).toContain('Loaded copy');

    await sceneMenu('Open built-in scene…');
    await page()
      .getByRole('dialog', { name: 'Open a built-in scene' })
      .getByRole('button', { name: 'From A to B', exact: true })
      .click();
    await prompt.getByRole('button', { name: 'Discard' }).click();
    await poll(apiNames).not.toContain('Loaded');
    await poll(() => page().locator('.scene-name').textContent()).toBe('From A to B');
    await poll(() => dirtyMark().count()).toBe(0);
    expect(await namesInOrder(page())).toEqual(await apiNames());
  });

  it('opens a dropped scene file; a broken one is listed problem by problem and changes nothing', async () => {
    await dropFile(
      'dropped.tagsim.json',
      sceneFile('Dropped line', [{ name: 'Dropped sensor', kind: 'Input', address: 0 }]),
    );
    await poll(apiNames).toContain('Dropped sensor');
    // The window hears of the new scene a moment after the API serves it.
    await poll(() => page().locator('.scene-name').textContent()).toBe('Dropped line');

    const broken = sceneFile('Broken line', [
      { name: 'Too far', kind: 'Input', address: 600 },
      { name: 'Twin A', kind: 'Output', address: 3 },
      { name: 'Twin B', kind: 'Output', address: 3 },
    ]);
    await page()
      .locator('#scene-file-input')
      .setInputFiles({
        name: 'broken.tagsim.json',
        mimeType: 'application/json',
        buffer: Buffer.from(broken),
      });
    const dialog = page().getByRole('alertdialog', { name: 'broken.tagsim.json is not a valid scene' });
    await dialog.waitFor();
    const problems = await dialog.getByRole('listitem').allTextContents();
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^tags\[0\]\.address: 600 is outside the Bit range/);
    expect(problems[1]).toMatch(
      /^tags\[2\]\.address: Output Bit 3 is already used by tags\[1\] \('Twin A'\)/,
    );
    await dialog.getByRole('button', { name: 'OK' }).click();
    expect(await apiNames()).toContain('Dropped sensor');

    // Text that is not even JSON, dropped: the same.
    await dropFile('torn.tagsim.json', '{"format": "tagsim-scene", ');
    await page()
      .getByRole('alertdialog', { name: 'torn.tagsim.json is not a valid scene' })
      .getByRole('button', { name: 'OK' })
      .click();
    expect(await apiNames()).toContain('Dropped sensor');
  });

  it('starts a new scene with only the system tags, asking first about a scene never saved', async () => {
    await dropFile(
      'dropped.tagsim.json',
      sceneFile('Dropped line', [{ name: 'Dropped sensor', kind: 'Input', address: 0 }]),
    );
    await poll(() => page().locator('.scene-name').textContent()).toBe('Dropped line');
    await sceneMenu('New scene…');
    const dialog = page().getByRole('dialog', { name: 'New scene' });
    await dialog.getByLabel('Name').fill('Line 7');
    await dialog.getByRole('button', { name: 'Create' }).click();
    // The dropped scene was never saved: TagSim asks first.
    await page()
      .getByRole('alertdialog', { name: /Discard unsaved changes/ })
      .getByRole('button', { name: 'Discard' })
      .click();
    await poll(() => page().locator('.scene-name').textContent()).toBe('Line 7');
    expect((await apiNames()).sort()).toEqual(SYSTEM_TAGS.map((t) => t.name).sort());
    expect(await namesInOrder(page())).toHaveLength(SYSTEM_TAGS.length);
  });

  it('renames the scene', async () => {
    await editScene();
    await page().locator('.editor-panel').getByLabel('Scene name').fill('Line 7 (test rig)');
    await page().locator('.editor-panel').getByLabel('Scene name').press('Enter');
    await poll(() => page().locator('.scene-name').textContent()).toBe('Line 7 (test rig)');
    await poll(() => page().locator('.statusbar .scene').textContent()).toMatch(/^Line 7 \(test rig\)/);
  });

  it('saves the runtime state to a file and restores it, by path and by drop', async () => {
    const path = join(dir, 'faults.tagsim-state.json');
    const run = await ui.client.byName('FACTORY I/O (Run)');
    await ui.client.force([{ id: run.id, value: true }]);
    await sceneMenu('Save state…');
    const dialog = page().getByRole('dialog', { name: 'Save the runtime state' });
    await dialog.getByLabel('Path of the file on the computer that runs TagSim').fill(path);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page().getByRole('dialog', { name: 'State saved' }).getByRole('button', { name: 'OK' }).click();
    const saved = JSON.parse(readFileSync(path, 'utf8')) as { format: string };
    expect(saved.format).toBe('tagsim-state');

    await page()
      .getByRole('button', { name: /Release forces/ })
      .click();
    await poll(async () => (await ui.client.tag(run.id)).isForced).toBe(false);
    await sceneMenu('Restore state by path…');
    const restore = page().getByRole('dialog', { name: 'Restore the runtime state from a file' });
    await restore.getByLabel('Path of the file on the computer that runs TagSim').fill(path);
    await restore.getByRole('button', { name: 'Restore' }).click();
    const notice = page().getByRole('dialog', { name: 'State restored' });
    expect(await notice.locator('p').first().textContent()).toMatch(/^\d+ tags took their saved value/);
    await notice.getByRole('button', { name: 'OK' }).click();
    expect(await ui.client.tag(run.id)).toMatchObject({ isForced: true, value: true });

    await page()
      .getByRole('button', { name: /Release forces/ })
      .click();
    await poll(async () => (await ui.client.tag(run.id)).isForced).toBe(false);
    await dropFile('faults.tagsim-state.json', readFileSync(path, 'utf8'));
    await page().getByRole('dialog', { name: 'State restored' }).getByRole('button', { name: 'OK' }).click();
    expect((await ui.client.tag(run.id)).isForced).toBe(true);
  });
});
