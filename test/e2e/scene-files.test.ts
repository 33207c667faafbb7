// The scene menu of the window, in a real browser against the real `tagsim serve --ui`: saving,
// opening, dropping and new scenes, and the runtime state, checked on disk and over the API.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_TAGS } from '../../shared/core/system-tags.js';
import { sceneFile, sceneUi } from './support/scene-ui.js';
import { namesInOrder, poll, windowPerTest } from './support/tagsim-ui.js';

const ui = windowPerTest({ firstRow: 'Counter' });
const { page, apiNames, field, dirtyMark, editScene, selectTag, renameTag, sceneMenu, saveTo, dropFile } =
  sceneUi(ui);
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tagsim-e2e-scenes-'));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the scene menu of tagsim serve --ui', () => {
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
