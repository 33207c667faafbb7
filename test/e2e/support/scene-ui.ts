// The scene bar, the scene menu and the scene editor of the window, as the scene tests drive them.
import { emptyScene } from '../../../shared/scenes/scene-editor.js';
import { serializeScene } from '../../../shared/scenes/scene-file.js';
import { poll, scrollToRow, type TagsimWindow } from './tagsim-ui.js';

/** The page's DataTransfer (the tests' own types have no DOM). */
interface PageGlobals {
  DataTransfer: new () => { items: { add(file: unknown): void } };
  File: new (parts: string[], name: string, options: { type: string }) => unknown;
}

/** What the scene tests do in the window of `ui` (filled anew for each test, see windowPerTest). */
export function sceneUi(ui: TagsimWindow) {
  const page = () => ui.b.page;
  const apiNames = async () => (await ui.client.tags()).map((t) => t.name);
  const field = (label: string) => page().locator('.editor-panel').getByLabel(label, { exact: true });
  const dirtyMark = () => page().locator('.scenebar .dirty-mark');
  /**
   * Selects a tag in the table and waits until the editor shows it. Typing earlier would put the
   * text into the field of the tag selected before, or lose it when the editor catches up.
   */
  const selectTag = async (name: string) => {
    await (await scrollToRow(page(), name)).click();
    await poll(() => field('Name').inputValue()).toBe(name);
  };
  return {
    page,
    apiNames,
    field,
    dirtyMark,
    selectTag,
    /** Opens the scene editor beside the table. */
    async editScene() {
      const toggle = page().getByRole('button', { name: 'Edit scene' });
      await toggle.click();
      await poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    },
    /** Renames a tag in the editor and waits until the API serves the new name. */
    async renameTag(from: string, to: string) {
      await selectTag(from);
      await field('Name').fill(to);
      await field('Name').press('Enter');
      await poll(apiNames).toContain(to);
    },
    async sceneMenu(item: string | RegExp) {
      await page().getByRole('button', { name: 'Scene', exact: true }).click();
      await page().getByRole('menuitem', { name: item }).click();
    },
    /** Saves the scene to a path on the TagSim machine with the Save dialog; waits until it is clean. */
    async saveTo(path: string) {
      await page().getByRole('button', { name: 'Save', exact: true }).click();
      const dialog = page().getByRole('dialog', { name: 'Save the scene to a file' });
      await dialog.getByLabel('Path of the file on the computer that runs TagSim').fill(path);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await poll(() => dirtyMark().count()).toBe(0);
    },
    /** Drops a file on the window as a file manager would. */
    async dropFile(name: string, text: string) {
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
    },
  };
}

/** A scene file with the system tags and the given user tags. */
export function sceneFile(
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
