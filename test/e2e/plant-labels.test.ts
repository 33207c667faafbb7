// The names of the Plant view as chromium draws them (docs/ui.md, "Plant view"): in the scenes
// whose names used to run into each other, no drawn name's box on screen overlaps another's. The
// label placer's own boxes are checked for every built-in scene in test/plant/labels.test.ts; this
// checks that the text drawn in them, in the window's real font, stays inside them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { closeTagsimWindow, openTagsimWindow, row, type TagsimWindow } from './support/tagsim-ui.js';

const SCENES = [
  'Elevator (Basic)',
  'Elevator (Advanced)',
  'Assembler (Analog)',
  'Sorting by Weight',
  'Converge Station',
  'Separating Station',
  'Sorting Station',
  'Sorting by Height (Basic)',
];

interface Drawn {
  text: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The table's first named row (Name A-Z; spare I/O is all named "-"): the scene has loaded. */
const firstRow = (scene: string) =>
  builtinScene(scene)!
    .tags.map((t) => t.name)
    .filter((n) => n !== '-')
    .sort((a, b) => a.localeCompare(b))[0]!;

// One window for every scene (switched over the control API, as a user's script would): a
// server and a browser each would cost more than the checks.
let window: TagsimWindow;
beforeAll(async () => {
  window = await openTagsimWindow(['--scene', SCENES[0]!], firstRow(SCENES[0]!));
}, 60_000);
afterAll(() => closeTagsimWindow(window));

describe("the Plant view's drawn names", () => {
  it.each(SCENES)(
    '%s: no name drawn over another',
    async (scene) => {
      const { page } = window.b;
      const answer = await fetch(`${window.tagsim.apiUrl}/tagsim/v1/scene`, {
        method: 'POST',
        body: JSON.stringify({ scene }),
        signal: AbortSignal.timeout(10_000),
      });
      expect(answer.status, await answer.text()).toBe(200);
      await row(page, firstRow(scene)).waitFor();
      // The view's open state is remembered per scene: a scene not seen yet opens with the table.
      await page.getByRole('button', { name: 'Plant', exact: true }).click();
      await page.getByRole('heading', { name: `Plant view of ${scene}` }).waitFor({ state: 'attached' });
      await page.locator('svg.plant-drawing text').first().waitFor();
      const drawn: Drawn[] = await page.$$eval('svg.plant-drawing text', (texts) =>
        texts
          // Fault badges are not names; a readout's text sits in its own box.
          .filter((t) => !t.closest('.mark') && (t.textContent ?? '').trim() !== '')
          .map((t) => {
            const r = t.getBoundingClientRect();
            return {
              text: t.textContent ?? '',
              left: r.left,
              top: r.top,
              right: r.right,
              bottom: r.bottom,
            };
          }),
      );
      expect(drawn.length).toBeGreaterThan(3);
      const clashes: string[] = [];
      drawn.forEach((a, i) => {
        for (const b of drawn.slice(i + 1))
          if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
            clashes.push(`${a.text} / ${b.text}`);
      });
      expect(clashes).toStrictEqual([]);
      expect(window.b.problems).toEqual([]);
      // Back to the table, so the next scene's view is opened the same way.
      await page.getByRole('button', { name: 'Plant', exact: true }).click();
    },
    30_000,
  );
});
