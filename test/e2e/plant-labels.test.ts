// The names and marks of the Plant view as chromium draws them (docs/ui.md, "Plant view"): in
// every built-in scene, with every tag forced so each mark shows its F badge, no drawn name's box
// on screen overlaps another's, no two tags' marks (their click areas) overlap, and no badge lies
// on another badge, another tag's mark or a name. The planners' own boxes are checked in
// test/plant/labels.test.ts and marks.test.ts; this checks that what is drawn, in the window's real
// font, stays inside them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_SCENE_NAMES, builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { closeTagsimWindow, openTagsimWindow, poll, row, type TagsimWindow } from './support/tagsim-ui.js';

interface Rect {
  what: string;
  /** The tag's mark it belongs to (its index among the drawn tags), or -1 for a name of no tag. */
  owner: number;
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

const overlap = (a: Rect, b: Rect) =>
  a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;

/** Every pair of `a` and `b` (or of `a` alone) that overlaps; a tag's own pairs only if `own`. */
function clashes(a: readonly Rect[], b: readonly Rect[] = a, own = false): string[] {
  const out: string[] = [];
  a.forEach((x, i) => {
    for (const y of a === b ? a.slice(i + 1) : b)
      if ((own || x.owner === -1 || x.owner !== y.owner) && overlap(x, y)) out.push(`${x.what} / ${y.what}`);
  });
  return out;
}

// One window for every scene (switched over the control API, as a user's script would): a
// server and a browser each would cost more than the checks.
let window: TagsimWindow;
beforeAll(async () => {
  window = await openTagsimWindow(['--scene', BUILTIN_SCENE_NAMES[0]!], firstRow(BUILTIN_SCENE_NAMES[0]!));
}, 60_000);
afterAll(() => closeTagsimWindow(window));

describe("the Plant view's drawn names and marks", () => {
  it.each(BUILTIN_SCENE_NAMES)(
    '%s: no name, mark or badge drawn over another',
    async (scene) => {
      const { page } = window.b;
      const answer = await fetch(`${window.tagsim.apiUrl}/tagsim/v1/scene`, {
        method: 'POST',
        body: JSON.stringify({ scene }),
        signal: AbortSignal.timeout(10_000),
      });
      expect(answer.status, await answer.text()).toBe(200);
      await row(page, firstRow(scene)).waitFor();
      // Every tag forced at its value: each mark shows its F badge.
      const tags = (await window.client.tags()).filter((t) => !t.name.startsWith('FACTORY I/O'));
      await window.client.force(tags.map((t) => ({ id: t.id, value: t.value })));
      // The view's open state is remembered per scene: a scene not seen yet opens with the table.
      await page.getByRole('button', { name: 'Plant', exact: true }).click();
      await page.getByRole('heading', { name: `Plant view of ${scene}` }).waitFor({ state: 'attached' });
      const drawing = page.locator('svg.plant-drawing');
      const spots = drawing.locator('[role="button"]');
      await poll(() => drawing.locator('[role="button"].is-forced').count()).toBe(await spots.count());
      // Every name, tag's mark (its hit area) and F badge, with the tag it belongs to.
      const { names, marks, badges } = (await page.evaluate(`(() => {
        const svg = document.querySelector('svg.plant-drawing');
        const all = [...svg.querySelectorAll('[role="button"]')];
        const rect = (e, what, owner) => {
          const r = e.getBoundingClientRect();
          return { what, owner, left: r.left, top: r.top, right: r.right, bottom: r.bottom };
        };
        const ownerOf = (e) => all.indexOf(e.closest('[role="button"]'));
        return {
          names: [...svg.querySelectorAll('text')]
            .filter((t) => !t.closest('.mark') && (t.textContent ?? '').trim() !== '')
            .map((t) => rect(t, '"' + t.textContent + '"', ownerOf(t))),
          marks: all.map((s, i) => rect(s.querySelector('polygon.hit'), 'mark ' + s.getAttribute('data-tag'), i)),
          badges: [...svg.querySelectorAll('.mark-forced rect')].map((b) =>
            rect(b, 'badge ' + b.closest('[role="button"]').getAttribute('data-tag'), ownerOf(b)),
          ),
        };
      })()`)) as { names: Rect[]; marks: Rect[]; badges: Rect[] };
      expect(marks.length).toBeGreaterThan(0);
      expect(badges).toHaveLength(marks.length);
      expect(clashes(names)).toStrictEqual([]);
      expect(clashes(marks)).toStrictEqual([]);
      expect(clashes(badges)).toStrictEqual([]);
      // A badge sits on nothing, its own mark included; a name on no other tag's mark.
      expect(clashes(badges, marks, true)).toStrictEqual([]);
      expect(clashes(badges, names)).toStrictEqual([]);
      expect(clashes(names, marks)).toStrictEqual([]);
      expect(window.b.problems).toEqual([]);
      // Back to the table, so the next scene's view is opened the same way.
      await page.getByRole('button', { name: 'Plant', exact: true }).click();
    },
    30_000,
  );
});
