// The scene commands of the tray and the application menu (docs/desktop.md, "Scenes in the desktop
// app"): Open, Save, Save as, the "Save changes?" prompt, Overwrite when the file changed on disk,
// the error box listing a file's problems, and the prompt before quitting. A real TagSim (its
// bridge) over real files in a temporary folder; only Electron's dialogs are fakes.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TagEngine } from '../../shared/core/tag-engine.js';
import { builtinScene, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';
import { serializeScene } from '../../shared/scenes/scene-file.js';
import type { SceneService } from '../../main/runtime/scene-service.js';
import { startTagSim, type TagSim } from '../../main/compose/start-tagsim.js';
import { MAX_LISTED_PROBLEMS } from '../../main/electron/native-dialogs.js';
import { createSceneActions, type SceneActions } from '../../main/electron/scene-actions.js';
import { FakeDialogs } from './fakes/dialogs.js';

let dir: string;
let tagsim: TagSim;
let engine: TagEngine;
let scenes: SceneService;
let dialogs: FakeDialogs;
let actions: SceneActions;
let reportError: ReturnType<typeof vi.fn<(error: unknown) => void>>;
let afterCommand: ReturnType<typeof vi.fn<() => void>>;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tagsim-scene-actions-'));
  // No port and no timer: the commands drive the bridge, as the tray and the menus do.
  tagsim = await startTagSim({
    listen: 'later',
    simulation: { startRunning: false, every: () => () => undefined },
  });
  ({ engine, scenes } = tagsim);
  dialogs = new FakeDialogs();
  reportError = vi.fn<(error: unknown) => void>();
  afterCommand = vi.fn<() => void>();
  actions = createSceneActions({
    client: tagsim.bridge.api,
    scenes,
    dialogs,
    platform: 'linux',
    documentsDir: path.join(dir, 'Documents'),
    reportError,
    afterCommand,
  });
});

afterEach(async () => {
  expect(dialogs.allAnswered, 'every scripted dialog answer was used').toBe(true);
  await tagsim.close();
  await rm(dir, { recursive: true, force: true });
});

const file = (name: string) => path.join(dir, name);
const nameOnDisk = async (file: string) =>
  (JSON.parse(await readFile(file, 'utf8')) as { name: string }).name;

/** Writes a valid scene file: a built-in scene under another name. */
async function sceneFile(name: string, sceneName = name, builtin = 'Filling Tank'): Promise<string> {
  const target = file(name);
  await writeFile(target, serializeScene({ ...builtinScene(builtin)!, name: sceneName }));
  return target;
}

/** Makes the document dirty: renames the scene in the editor. */
function edit(name = 'My line') {
  const outcome = scenes.edit({ op: 'renameScene', name });
  expect(outcome.ok).toBe(true);
  expect(scenes.document.dirty).toBe(true);
}

describe('Open file…', () => {
  it('opens the file chosen, serves it and remembers it', async () => {
    const target = await sceneFile('line.tagsim.json', 'Line 1');
    dialogs.openReturns(target);
    expect(await actions.run({ kind: 'openFile' })).toBe('done');
    expect(engine.scene.name).toBe('Line 1');
    expect(scenes.document).toMatchObject({ origin: 'file', path: target, dirty: false });
    expect(scenes.recent).toStrictEqual([target]);
    expect(dialogs.opened[0]).toStrictEqual({
      title: 'Open scene',
      defaultPath: path.join(dir, 'Documents'),
      buttonLabel: 'Open',
      filters: [
        { name: 'TagSim scene', extensions: ['tagsim.json'] },
        { name: 'FACTORY I/O scene', extensions: ['factoryio'] },
        { name: 'JSON', extensions: ['json'] },
        { name: 'All files', extensions: ['*'] },
      ],
      properties: ['openFile'],
    });
    expect(dialogs.boxes).toHaveLength(0);
    expect(afterCommand).toHaveBeenCalledOnce();
  });

  it('starts in the folder of the latest file', async () => {
    const target = await sceneFile('line.tagsim.json');
    dialogs.openReturns(target).openReturns(undefined);
    await actions.run({ kind: 'openFile' });
    await actions.run({ kind: 'openFile' });
    expect(dialogs.opened[1]?.defaultPath).toBe(dir);
  });

  it('does nothing when the dialog is cancelled', async () => {
    dialogs.openReturns(undefined);
    expect(await actions.run({ kind: 'openFile' })).toBe('canceled');
    expect(engine.scene.name).toBe(DEFAULT_SCENE_NAME);
    expect(afterCommand).toHaveBeenCalledOnce();
  });

  it('shows the problems of an invalid file in an error box and keeps the scene', async () => {
    const broken = JSON.parse(serializeScene(builtinScene('Filling Tank')!)) as {
      tags: Record<string, unknown>[];
    };
    broken.tags[0]!['address'] = 600;
    broken.tags[1]!['colour'] = 'red';
    const target = file('broken.tagsim.json');
    await writeFile(target, JSON.stringify(broken));
    dialogs.openReturns(target);

    expect(await actions.run({ kind: 'openFile' })).toBe('failed');
    expect(engine.scene.name).toBe(DEFAULT_SCENE_NAME);
    expect(scenes.document).toMatchObject({ origin: 'builtin', dirty: false });
    expect(scenes.recent).toStrictEqual([]);
    expect(dialogs.errors).toHaveLength(1);
    expect(dialogs.errors[0]).toMatchObject({
      type: 'error',
      message: 'broken.tagsim.json is not a valid TagSim scene.',
      buttons: ['OK'],
    });
    expect(dialogs.errors[0]?.detail).toBe(
      [
        '• tags[0].address: 600 is outside the Bit range 0-511',
        '• tags[1].colour: unknown field; remove it (known fields: id, name, kind, type, address, initial, min, max, description, forced, forcedValue, failure)',
        '',
        `TagSim keeps serving "${DEFAULT_SCENE_NAME}".`,
      ].join('\n'),
    );
  });

  it('lists the first 15 problems of a very broken file, then how many more', async () => {
    const broken = JSON.parse(serializeScene(builtinScene('Filling Tank')!)) as {
      tags: Record<string, unknown>[];
    };
    for (const tag of broken.tags) Object.assign(tag, { colour: 'red', size: 'large' });
    const count = broken.tags.length * 2;
    expect(count).toBeGreaterThan(MAX_LISTED_PROBLEMS + 1);
    const target = file('very-broken.tagsim.json');
    await writeFile(target, JSON.stringify(broken));
    dialogs.openReturns(target);
    await actions.run({ kind: 'openFile' });
    const lines = dialogs.errors[0]?.detail?.split('\n') ?? [];
    expect(lines.filter((line) => line.startsWith('• '))).toHaveLength(MAX_LISTED_PROBLEMS);
    expect(lines).toContain(`… and ${count - MAX_LISTED_PROBLEMS} more problems`);
    expect(engine.scene.name).toBe(DEFAULT_SCENE_NAME);
  });

  it('says why a file cannot be read', async () => {
    expect(await actions.run({ kind: 'openPath', path: file('gone.tagsim.json') })).toBe('failed');
    expect(dialogs.errors[0]?.message).toBe('Cannot open gone.tagsim.json.');
    expect(dialogs.errors[0]?.detail).toMatch(/no such file/);
    expect(dialogs.errors[0]?.detail).toContain(`TagSim keeps serving "${DEFAULT_SCENE_NAME}".`);
  });
});

describe('opening while there are unsaved changes', () => {
  it('asks "Save changes to <scene>?"; Cancel keeps the scene and its changes', async () => {
    edit('My line');
    dialogs.click('Cancel');
    expect(await actions.run({ kind: 'openBuiltin', name: 'Filling Tank' })).toBe('canceled');
    expect(dialogs.boxes[0]).toMatchObject({
      type: 'warning',
      message: 'Save changes to My line?',
      buttons: ['Save', "Don't save", 'Cancel'],
      defaultId: 0,
      cancelId: 2,
    });
    expect(engine.scene.name).toBe('My line');
    expect(scenes.document.dirty).toBe(true);
  });

  it("Don't save opens the other scene and drops the changes", async () => {
    edit();
    dialogs.click("Don't save");
    expect(await actions.run({ kind: 'openBuiltin', name: 'Filling Tank' })).toBe('done');
    expect(engine.scene.name).toBe('Filling Tank');
    expect(scenes.document).toMatchObject({ origin: 'builtin', dirty: false, canUndo: false });
  });

  it('Save saves to the file first, then opens', async () => {
    const mine = await sceneFile('mine.tagsim.json', 'Mine');
    await scenes.open({ path: mine });
    edit('Mine, edited');
    const other = await sceneFile('other.tagsim.json', 'Other');
    dialogs.click('Save');
    expect(await actions.run({ kind: 'openPath', path: other })).toBe('done');
    expect(await nameOnDisk(mine)).toBe('Mine, edited');
    expect(engine.scene.name).toBe('Other');
    expect(scenes.recent).toStrictEqual([other, mine]);
  });

  it('Save on a scene without a file asks where with Save as, then opens', async () => {
    edit('Line 4');
    const target = file('line4');
    dialogs.click('Save').saveReturns(target);
    expect(await actions.run({ kind: 'openBuiltin', name: 'Filling Tank' })).toBe('done');
    expect(await nameOnDisk(`${target}.tagsim.json`)).toBe('Line 4');
    expect(engine.scene.name).toBe('Filling Tank');
  });

  it('cancelling the Save as dialog cancels the open', async () => {
    edit('Line 4');
    dialogs.click('Save').saveReturns(undefined);
    expect(await actions.run({ kind: 'openBuiltin', name: 'Filling Tank' })).toBe('canceled');
    expect(engine.scene.name).toBe('Line 4');
    expect(scenes.document.dirty).toBe(true);
  });

  it("an invalid file after Don't save keeps the scene, changes included", async () => {
    edit('Keep me');
    const target = file('bad.tagsim.json');
    await writeFile(target, '{ "format": "tagsim-scene", ');
    dialogs.openReturns(target).click("Don't save");
    expect(await actions.run({ kind: 'openFile' })).toBe('failed');
    expect(dialogs.errors[0]?.message).toBe('bad.tagsim.json is not a valid TagSim scene.');
    expect(dialogs.errors[0]?.detail).toContain('TagSim keeps serving "Keep me".');
    expect(engine.scene.name).toBe('Keep me');
    expect(scenes.document).toMatchObject({ dirty: true, canUndo: true });
  });

  it('New scene asks too, then starts a scene with the system tags', async () => {
    edit();
    dialogs.click("Don't save");
    expect(await actions.run({ kind: 'newScene' })).toBe('done');
    expect(engine.scene.name).toBe('New scene');
    expect(scenes.document.origin).toBe('new');
  });

  it('leaves the built-in served alone when it is chosen again (its tags keep their state)', async () => {
    engine.setFailure(engine.listTags()[0]!.id, 'alwaysOn');
    expect(await actions.run({ kind: 'openBuiltin', name: DEFAULT_SCENE_NAME })).toBe('done');
    expect(engine.listTags()[0]?.shortCircuit).toBe(true);
    // With changes, choosing it again offers to drop them.
    edit('Changed');
    dialogs.click("Don't save");
    expect(await actions.run({ kind: 'openBuiltin', name: DEFAULT_SCENE_NAME })).toBe('done');
    expect(engine.scene.name).toBe(DEFAULT_SCENE_NAME);
    expect(scenes.document.dirty).toBe(false);
  });

  it('asks nothing when there are no changes', async () => {
    expect(await actions.run({ kind: 'openBuiltin', name: 'Filling Tank' })).toBe('done');
    expect(dialogs.boxes).toHaveLength(0);
  });
});

describe('Save and Save as', () => {
  it('Save on a scene without a file opens Save as, named after the scene, and writes the file', async () => {
    edit('Line 3: sorting');
    const target = file('chosen.tagsim.json');
    dialogs.saveReturns(target);
    expect(await actions.run({ kind: 'save' })).toBe('done');
    expect(dialogs.saved[0]).toMatchObject({
      title: 'Save scene as',
      defaultPath: path.join(dir, 'Documents', 'Line 3- sorting.tagsim.json'),
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    });
    expect(await nameOnDisk(target)).toBe('Line 3: sorting');
    expect(scenes.document).toMatchObject({ path: target, origin: 'file', dirty: false });
    expect(scenes.recent).toStrictEqual([target]);
    // Written atomically: no temporary file is left next to it.
    expect(await readdir(dir)).toStrictEqual(['chosen.tagsim.json']);
  });

  it('saves a built-in scene as a file to start from', async () => {
    dialogs.saveReturns(file('start.tagsim.json'));
    expect(await actions.run({ kind: 'saveAs' })).toBe('done');
    expect(await nameOnDisk(file('start.tagsim.json'))).toBe(DEFAULT_SCENE_NAME);
  });

  it('adds .tagsim.json to a name without it, and keeps a .json name as chosen', async () => {
    dialogs.saveReturns(file('plain')).saveReturns(file('export.JSON'));
    await actions.run({ kind: 'saveAs' });
    await actions.run({ kind: 'saveAs' });
    expect((await readdir(dir)).sort()).toStrictEqual(['export.JSON', 'plain.tagsim.json']);
    expect(scenes.document.path).toBe(file('export.JSON'));
  });

  it('asks before replacing a file the dialog did not ask about (extension added)', async () => {
    const existing = await sceneFile('taken.tagsim.json', 'Taken');
    dialogs.saveReturns(file('taken')).click('Cancel');
    expect(await actions.run({ kind: 'saveAs' })).toBe('canceled');
    expect(dialogs.messages).toStrictEqual(['taken.tagsim.json already exists. Replace it?']);
    expect(await nameOnDisk(existing)).toBe('Taken');

    dialogs.saveReturns(file('taken')).click('Replace');
    expect(await actions.run({ kind: 'saveAs' })).toBe('done');
    expect(await nameOnDisk(existing)).toBe(DEFAULT_SCENE_NAME);
    expect(await nameOnDisk(`${existing}.bak`)).toBe('Taken');
  });

  it('Save as starts at the file the scene has', async () => {
    const mine = await sceneFile('mine.tagsim.json', 'Mine');
    await scenes.open({ path: mine });
    dialogs.saveReturns(undefined);
    expect(await actions.run({ kind: 'saveAs' })).toBe('canceled');
    expect(dialogs.saved[0]?.defaultPath).toBe(mine);
  });

  describe('when another program changed the file since it was opened', () => {
    let mine: string;
    beforeEach(async () => {
      mine = await sceneFile('shared.tagsim.json', 'Shared');
      await scenes.open({ path: mine });
      await writeFile(mine, serializeScene({ ...builtinScene('Filling Tank')!, name: 'Changed elsewhere' }));
      edit('Mine');
    });

    it('Cancel leaves the file as the other program wrote it', async () => {
      dialogs.click('Cancel');
      expect(await actions.run({ kind: 'save' })).toBe('canceled');
      expect(dialogs.boxes[0]).toMatchObject({
        type: 'warning',
        message: 'shared.tagsim.json was changed by another program since TagSim opened it.',
        buttons: ['Overwrite', 'Cancel'],
        cancelId: 1,
        defaultId: 1,
      });
      expect(await nameOnDisk(mine)).toBe('Changed elsewhere');
      expect(scenes.document.dirty).toBe(true);
    });

    it('Overwrite saves, keeping their version as .bak', async () => {
      dialogs.click('Overwrite');
      expect(await actions.run({ kind: 'save' })).toBe('done');
      expect(await nameOnDisk(mine)).toBe('Mine');
      expect(await nameOnDisk(`${mine}.bak`)).toBe('Changed elsewhere');
      expect(scenes.document.dirty).toBe(false);
    });
  });

  it('says why a save failed', async () => {
    await writeFile(file('a-file'), 'not a folder');
    dialogs.saveReturns(path.join(file('a-file'), 'x.tagsim.json'));
    expect(await actions.run({ kind: 'saveAs' })).toBe('failed');
    expect(dialogs.errors[0]?.message).toBe('Cannot save x.tagsim.json.');
    expect(scenes.document.path).toBeUndefined();
  });
});

describe('undo and redo', () => {
  it('go through the scene history', async () => {
    edit('Changed');
    expect(await actions.run({ kind: 'undo' })).toBe('done');
    expect(engine.scene.name).toBe(DEFAULT_SCENE_NAME);
    expect(await actions.run({ kind: 'redo' })).toBe('done');
    expect(engine.scene.name).toBe('Changed');
  });
});

describe('one dialog at a time', () => {
  it('ignores a command while another waits for a dialog', async () => {
    edit();
    dialogs.holdBoxes = true;
    const first = actions.run({ kind: 'openBuiltin', name: 'Filling Tank' });
    await vi.waitFor(() => expect(dialogs.open).toHaveLength(1));
    expect(await actions.run({ kind: 'openBuiltin', name: 'Level Control' })).toBe('canceled');
    dialogs.answer("Don't save");
    expect(await first).toBe('done');
    expect(engine.scene.name).toBe('Filling Tank');
  });

  it('reports a dialog that fails instead of rejecting', async () => {
    const error = new Error('no display');
    dialogs.showOpenDialog.mockRejectedValueOnce(error);
    expect(await actions.run({ kind: 'openFile' })).toBe('failed');
    expect(reportError).toHaveBeenCalledWith(error);
    // The next command is not blocked.
    dialogs.openReturns(undefined);
    expect(await actions.run({ kind: 'openFile' })).toBe('canceled');
  });
});

describe('confirmQuit', () => {
  it('quits without asking when there is nothing unsaved', async () => {
    expect(await actions.confirmQuit()).toBe(true);
    expect(dialogs.boxes).toHaveLength(0);
  });

  it('Cancel keeps the app running', async () => {
    edit('Unsaved');
    dialogs.click('Cancel');
    expect(await actions.confirmQuit()).toBe(false);
    expect(dialogs.messages).toStrictEqual(['Save changes to Unsaved?']);
  });

  it("Don't save quits", async () => {
    edit();
    dialogs.click("Don't save");
    expect(await actions.confirmQuit()).toBe(true);
  });

  it('Save saves, then quits', async () => {
    const mine = await sceneFile('mine.tagsim.json', 'Mine');
    await scenes.open({ path: mine });
    edit('Mine, final');
    dialogs.click('Save');
    expect(await actions.confirmQuit()).toBe(true);
    expect(await nameOnDisk(mine)).toBe('Mine, final');
  });

  it('Save, then cancelling Save as, keeps the app running', async () => {
    edit();
    dialogs.click('Save').saveReturns(undefined);
    expect(await actions.confirmQuit()).toBe(false);
  });

  it('quits when the prompt cannot be shown', async () => {
    edit();
    dialogs.failBoxes = new Error('no display');
    expect(await actions.confirmQuit()).toBe(true);
    expect(reportError).toHaveBeenCalledWith(dialogs.failBoxes);
  });

  it('quits when the system ends the session while it asks', async () => {
    edit();
    dialogs.holdBoxes = true;
    const controller = new AbortController();
    const answer = actions.confirmQuit(controller.signal);
    await vi.waitFor(() => expect(dialogs.open).toHaveLength(1));
    expect(dialogs.open[0]?.signal).toBe(controller.signal);
    controller.abort();
    expect(await answer).toBe(true);
  });
});
