// The behaviour editor of the window, in a real browser against the real `tagsim serve --ui`:
// what is edited is what runs, seen over the API a client uses, and what is saved.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { serializeScene } from '../../shared/scenes/scene-file.js';
import { hasFocus, poll, windowPerTest, type TagsimWindow } from './support/tagsim-ui.js';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tagsim-e2e-behaviours-'));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The window of the test running now (each describe below gives each of its tests one). */
let ui: TagsimWindow;
const page = () => ui.b.page;
const panel = () => page().locator('.editor-panel');
const options = () =>
  panel().getByRole('listbox', { name: 'Behaviours of the scene, in order' }).getByRole('option');
const summaries = () => options().locator('.behaviour-summary').allTextContents();
const json = () => panel().getByLabel('JSON of the behaviour');
const jsonError = () => panel().locator('#behaviour-json-error');
const tab = (name: 'Tags' | 'Behaviours') => panel().getByRole('tab', { name: new RegExp(`^${name}`) });
const dirtyMark = () => page().locator('.scenebar .dirty-mark');
/** Opens the scene editor, on its Tags or its Behaviours view. */
const editScene = async (view: 'Tags' | 'Behaviours') => {
  await page().getByRole('button', { name: 'Edit scene' }).click();
  await tab(view).click();
  await poll(() => tab(view).getAttribute('aria-selected')).toBe('true');
};

const FILLING_TANK = [
  'When the plant starts → set Discharge = true',
  'When Fill valve = false and Discharge valve = false for 3 s → pulse Fill for 500 ms',
  'When Fill valve falls → pulse Discharge = false for 500 ms, after 2 s',
];
const SINE = 'Sine on Tank level: 5 ± 2.5, 10 s period';

/** Filling Tank with a Float Input driven by a sine, in a scene file of its own. */
function tankWithSineFile(): string {
  const scene = builtinScene('Filling Tank')!;
  const path = join(mkdtempSync(join(dir, 'sine-')), 'tank.tagsim.json');
  const level = { name: 'Tank level', kind: 'Input', type: 'Float', address: 0 } as const;
  const sine = {
    name: 'Sine on Tank level',
    generate: { name: 'Tank level', kind: 'Input' },
    signal: 'sine',
    offset: 5,
    amplitude: 2.5,
    periodMs: 10_000,
  } as const;
  const tags = [...scene.tags, { ...level, id: '51e0a7e1-0000-4000-8000-000000000001' }];
  writeFileSync(path, serializeScene({ ...scene, tags, behaviours: [...(scene.behaviours ?? []), sine] }));
  return path;
}

describe('the behaviour editor of tagsim serve --ui', () => {
  const opened = windowPerTest({ args: ['--scene', 'Filling Tank'], firstRow: 'Fill valve' });
  beforeEach(() => {
    ui = opened;
  });

  it("lists a built-in scene's behaviours in order, with a line and a kind each", async () => {
    await editScene('Behaviours');
    expect(await summaries()).toEqual(FILLING_TANK);
    expect(await options().locator('.behaviour-kind').allTextContents()).toEqual(['Rule', 'Rule', 'Rule']);
    expect(await options().first().locator('.behaviour-name').textContent()).toBe(
      'Discharge button rests closed',
    );
    // The first is selected and open in the editor, as pretty JSON.
    expect(await options().first().getAttribute('aria-selected')).toBe('true');
    expect(JSON.parse(await json().inputValue())).toMatchObject({ name: 'Discharge button rests closed' });

    // The keyboard: arrows select, Enter goes to the JSON.
    await panel().getByRole('listbox').focus();
    await page().keyboard.press('ArrowDown');
    expect(await options().nth(1).getAttribute('aria-selected')).toBe('true');
    expect(JSON.parse(await json().inputValue())).toMatchObject({
      name: 'Operator presses Fill when the tank is idle',
    });
    await page().keyboard.press('Enter');
    expect(await hasFocus(json())).toBe(true);
  });

  it('adds a sine from a template on a new Float Input, and the API shows the tag moving', async () => {
    // A tag for it first, in the Tags view.
    await editScene('Tags');
    await panel().getByLabel('Kind of the new tag').selectOption('Input');
    await panel().getByLabel('Type of the new tag').selectOption('Float');
    await panel().getByRole('button', { name: '+ Add tag' }).click();
    await poll(() => hasFocus(panel().getByLabel('Name', { exact: true }))).toBe(true);
    await page().keyboard.type('Tank level');
    await page().keyboard.press('Enter');
    await poll(async () => (await ui.client.byName('Tank level')).type).toBe('Float');

    await tab('Behaviours').click();
    await options().nth(2).click(); // a new behaviour goes after the selected one: at the end
    await panel().getByRole('button', { name: 'Add behaviour from a template' }).click();
    await page().getByRole('menuitem', { name: 'Sine', exact: true }).click();
    await poll(() => hasFocus(json())).toBe(true);
    const template = JSON.parse(await json().inputValue()) as Record<string, unknown>;
    expect(template).toMatchObject({ signal: 'sine', generate: { name: 'Tank level', kind: 'Input' } });
    expect(await summaries()).toEqual(FILLING_TANK); // nothing added until it is applied

    await page().keyboard.press('Control+Enter');
    await poll(summaries).toEqual([...FILLING_TANK, SINE]);
    expect(await options().nth(3).getAttribute('aria-selected')).toBe('true');

    // The simulation runs it: a client reading the tag sees it take new values.
    const id = (await ui.client.byName('Tank level')).id;
    const seen = new Set<number>();
    await poll(async () => {
      seen.add((await ui.client.tag(id)).value as number);
      return seen.size;
    }, 8000).toBeGreaterThanOrEqual(4);
    expect([...seen].every((v) => v >= 2.5 - 1e-6 && v <= 7.5 + 1e-6)).toBe(true);
  });

  it('refuses a rule that writes an Output, with the place inside the entry, and changes nothing', async () => {
    await editScene('Behaviours');
    await options().first().click();
    const before = await json().inputValue();
    const broken = before.replace(
      '{ "name": "Discharge", "kind": "Input" }',
      '{ "name": "Fill valve", "kind": "Output" }',
    );
    expect(broken).not.toBe(before);
    await json().fill(broken);
    await panel().getByRole('button', { name: 'Apply' }).click();
    await jsonError().waitFor();
    expect(await jsonError().textContent()).toBe(
      ".then[0].set: 'Fill valve' is an Output; a behaviour may only write Input tags",
    );
    expect(await json().getAttribute('aria-invalid')).toBe('true');
    expect(await json().inputValue()).toBe(broken); // kept, to be fixed
    expect((await summaries())[0]).toBe(FILLING_TANK[0]);

    // Text that is not JSON is caught here, with its line and column.
    await json().fill(before.replace('"when"', '"when" "'));
    await json().press('Control+Enter');
    await poll(() => jsonError().textContent()).toMatch(/^not valid JSON at line 3, column \d+: /);

    // Esc puts back what the scene has.
    await json().press('Escape');
    expect(await json().inputValue()).toBe(before);
    expect(await jsonError().count()).toBe(0);
    expect((await summaries())[0]).toBe(FILLING_TANK[0]);
  });

  it('edits a behaviour: the new delay is listed', async () => {
    await editScene('Behaviours');
    await options().nth(2).click();
    const text = await json().inputValue();
    await json().fill(text.replace('"delayMs": 2000', '"delayMs": 4000'));
    await json().press('Control+Enter');
    await poll(async () => (await summaries())[2]).toBe(
      'When Fill valve falls → pulse Discharge = false for 500 ms, after 4 s',
    );
  });

  it("puts a scene's tag into the text with a click: a name inside quotes, a reference elsewhere", async () => {
    await editScene('Behaviours');
    await options().first().click();
    const before = await json().inputValue();
    const cursorAt = async (offset: number) => {
      await json().focus();
      await json().evaluate(
        (el, at) =>
          (el as unknown as { setSelectionRange(a: number, b: number): void }).setSelectionRange(at, at),
        offset,
      );
    };
    const palette = panel().getByRole('list', { name: 'Tags of the scene' });
    await cursorAt(before.indexOf('Discharge"') + 3);
    await palette.getByRole('button', { name: /^Fill Input Bit/ }).click();
    await poll(() => json().inputValue()).toBe(before.replace('"Discharge"', '"Fill"'));
    expect(await hasFocus(json())).toBe(true);

    await panel().getByLabel('Find a tag to insert').fill('valve');
    expect(await palette.getByRole('button').allTextContents()).toEqual([
      'Fill valveOutputBit',
      'Discharge valveOutputBit',
    ]);
    const text = await json().inputValue();
    await cursorAt(text.length);
    await palette.getByRole('button', { name: /^Fill valve/ }).click();
    await poll(() => json().inputValue()).toBe(`${text}{ "name": "Fill valve", "kind": "Output" }`);
    await panel().getByLabel('Find a tag to insert').fill('');
    await json().press('Escape');
    expect(await json().inputValue()).toBe(before);
  });

  it('deletes a behaviour, and Undo brings it back', async () => {
    await editScene('Behaviours');
    await options().nth(1).click();
    await panel().getByRole('button', { name: 'Delete', exact: true }).click();
    await poll(async () => (await summaries()).length).toBe(2);
    expect(await summaries()).not.toContain(FILLING_TANK[1]);
    await page().getByRole('button', { name: 'Undo' }).click();
    await poll(summaries).toEqual(FILLING_TANK);
  });

  it('moves a behaviour down and back up', async () => {
    await editScene('Behaviours');
    await options().first().click();
    await panel().getByRole('button', { name: 'Move down' }).click();
    await poll(async () => (await summaries()).slice(0, 2)).toEqual([FILLING_TANK[1], FILLING_TANK[0]]);
    expect(await options().nth(1).getAttribute('aria-selected')).toBe('true');
    // And back with the keyboard, in the list.
    await panel().getByRole('listbox').focus();
    await page().keyboard.press('Alt+ArrowUp');
    await poll(async () => (await summaries()).slice(0, 2)).toEqual([FILLING_TANK[0], FILLING_TANK[1]]);
    expect(await options().first().getAttribute('aria-selected')).toBe('true');
  });

  it("offers to copy a built-in's plant into a scene of that name that has none of its own", async () => {
    const path = join(dir, 'imported.tagsim.json');
    const { behaviours: _none, ...tagsOnly } = builtinScene('Filling Tank')!;
    writeFileSync(path, serializeScene(tagsOnly));
    await editScene('Tags');
    await page().getByRole('button', { name: 'Scene', exact: true }).click();
    await page().getByRole('menuitem', { name: 'Open by path…' }).click();
    const dialog = page().getByRole('dialog', { name: /Open a scene file/ });
    await dialog.getByLabel('Path of the file on the computer that runs TagSim').fill(path);
    await dialog.getByRole('button', { name: 'Open' }).click();
    await poll(() => page().locator('.scene-where').textContent()).toBe(path);

    await tab('Behaviours').click();
    const note = panel().locator('.plant-note');
    await note.waitFor();
    expect(await note.textContent()).toMatch(/runs the plant of the built-in scene “Filling Tank” \(3\)/);
    expect(
      await panel()
        .getByRole('list', { name: 'The built-in plant this scene runs' })
        .getByRole('listitem')
        .count(),
    ).toBe(3);
    await panel().getByRole('button', { name: 'Copy the built-in plant into this scene' }).click();
    await poll(summaries).toEqual(FILLING_TANK);
    expect(await note.count()).toBe(0);
    await dirtyMark().waitFor();
  });
});

describe('the behaviour editor, with a generator in the scene file', () => {
  let path: string;
  const opened = windowPerTest({
    args: () => ['--scene', (path = tankWithSineFile())],
    firstRow: 'Fill valve',
  });
  beforeEach(async () => {
    ui = opened;
    await editScene('Behaviours');
    await poll(summaries).toEqual([...FILLING_TANK, SINE]);
  });

  it("duplicates a rule; a generator's copy is refused and opens to be fixed", async () => {
    await options().nth(3).click(); // the sine
    await panel().getByRole('button', { name: 'Duplicate' }).click();
    await jsonError().waitFor();
    expect(await jsonError().textContent()).toMatch(
      /^\.generate: 'Tank level' is already driven by a generator/,
    );
    expect(await summaries()).toHaveLength(4);
    await panel().getByRole('button', { name: 'Discard' }).click();

    await options().first().click();
    await panel().getByRole('button', { name: 'Duplicate' }).click();
    await poll(async () => (await summaries()).length).toBe(5);
    expect(await options().nth(1).locator('.behaviour-name').textContent()).toBe(
      'Discharge button rests closed copy',
    );
    await panel().getByRole('listbox').focus();
    await page().keyboard.press('Delete');
    await poll(async () => (await summaries()).length).toBe(4);
  });

  it('saves the behaviours, edited, to the scene file', async () => {
    await options().nth(2).click();
    const text = await json().inputValue();
    await json().fill(text.replace('"delayMs": 2000', '"delayMs": 4000'));
    await json().press('Control+Enter');
    await dirtyMark().waitFor();
    // Opened from a file, the scene is saved back to it.
    await page().getByRole('button', { name: 'Save', exact: true }).click();
    await poll(() => dirtyMark().count()).toBe(0);
    const saved = JSON.parse(readFileSync(path, 'utf8')) as { behaviours: Record<string, unknown>[] };
    expect(saved.behaviours).toHaveLength(4);
    expect(saved.behaviours[0]).toMatchObject({
      then: [{ set: { name: 'Discharge', kind: 'Input' }, value: true }],
    });
    expect(saved.behaviours[2]).toMatchObject({ delayMs: 4000 });
    expect(saved.behaviours[3]).toMatchObject({
      signal: 'sine',
      generate: { name: 'Tank level', kind: 'Input' },
    });
  });
});
