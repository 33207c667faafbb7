import { describe, expect, it } from 'vitest';
import type { DialogAnswers, DialogKind, DialogSpecs } from '../../../renderer/state/dialogs.js';
import { refusalLines, SceneFlows, type SceneClient } from '../../../renderer/state/scene-flows.js';
import type { DownloadScene } from '../../../shared/window/scene-flow.js';
import { MAX_SCENE_FILE_BYTES } from '../../../shared/scenes/file-limits.js';
import { emptyScene } from '../../../shared/scenes/scene-editor.js';
import type { SceneDocument, SceneOutcome } from '../../../shared/scenes/scene-document.js';
import { serializeScene } from '../../../shared/scenes/scene-file.js';

let ids = 0;
const newId = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`;

function doc(over: Partial<SceneDocument> = {}): SceneDocument {
  return {
    scene: emptyScene('Line 1', newId),
    origin: 'builtin',
    dirty: false,
    canUndo: false,
    canRedo: false,
    ...over,
  };
}

type Call = { method: string; args: unknown };

/** A scripted host: each method answers from its queue (an Error rejects), and records the calls. */
function setup(
  script: Partial<Record<keyof SceneClient, (SceneOutcome | SceneDocument | Error)[]>>,
  answers: Partial<{ [K in DialogKind]: DialogAnswers[K][] }> = {},
  downloadInstead?: DownloadScene,
) {
  const calls: Call[] = [];
  const asked: { kind: DialogKind; spec: unknown }[] = [];
  const respond = (method: keyof SceneClient) => async (args: unknown) => {
    calls.push({ method, args });
    const next = script[method]?.shift();
    if (next === undefined) throw new Error(`unexpected ${method}`);
    if (next instanceof Error) throw next;
    return next;
  };
  const client = {
    openScene: respond('openScene'),
    newScene: respond('newScene'),
    saveScene: respond('saveScene'),
    editScene: respond('editScene'),
    undoEdit: respond('undoEdit'),
    redoEdit: respond('redoEdit'),
  } as unknown as SceneClient;
  const ask = async <K extends DialogKind>(kind: K, spec: DialogSpecs[K]): Promise<DialogAnswers[K]> => {
    asked.push({ kind, spec });
    const queue = answers[kind] as DialogAnswers[K][] | undefined;
    if (!queue || queue.length === 0) throw new Error(`unexpected dialog ${kind}`);
    return queue.shift()!;
  };
  let current = doc({ dirty: true });
  const flows = new SceneFlows(
    client,
    ask,
    () => current,
    () => downloadInstead,
  );
  return { flows, calls, asked, setDoc: (d: SceneDocument) => (current = d) };
}

const ok = (d = doc()): SceneOutcome => ({ ok: true, document: d });

describe('SceneFlows: opening and starting scenes', () => {
  it('opens at once when nothing is unsaved', async () => {
    const opened = doc({ origin: 'builtin' });
    const { flows, calls, asked } = setup({ openScene: [ok(opened)] });
    expect(await flows.open({ builtin: 'From A to B' })).toBe(opened);
    expect(calls).toEqual([{ method: 'openScene', args: { builtin: 'From A to B' } }]);
    expect(asked).toEqual([]);
  });

  it('asks before discarding unsaved changes, and retries with discardChanges', async () => {
    const { flows, calls, asked } = setup(
      { openScene: [{ ok: false, reason: 'unsaved' }, ok()] },
      { unsaved: ['discard'] },
    );
    expect(await flows.open({ path: '/scenes/a.tagsim.json' })).toBeDefined();
    expect(asked).toEqual([{ kind: 'unsaved', spec: { sceneName: 'Line 1' } }]);
    expect(calls.map((c) => c.args)).toEqual([
      { path: '/scenes/a.tagsim.json' },
      { path: '/scenes/a.tagsim.json', discardChanges: true },
    ]);
  });

  it('keeps the scene when the person cancels', async () => {
    const { flows, calls } = setup(
      { openScene: [{ ok: false, reason: 'unsaved' }] },
      { unsaved: ['cancel'] },
    );
    expect(await flows.open({ builtin: 'Palletizer' })).toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  it('saves first when asked to, then opens', async () => {
    const { flows, calls } = setup(
      {
        openScene: [{ ok: false, reason: 'unsaved' }, ok()],
        saveScene: [{ ok: false, reason: 'noPath' }, ok()],
      },
      { unsaved: ['save'], savePath: ['/scenes/line-1.tagsim.json'] },
    );
    expect(await flows.open({ builtin: 'Palletizer' })).toBeDefined();
    expect(calls).toEqual([
      { method: 'openScene', args: { builtin: 'Palletizer' } },
      { method: 'saveScene', args: {} },
      { method: 'saveScene', args: { path: '/scenes/line-1.tagsim.json' } },
      { method: 'openScene', args: { builtin: 'Palletizer' } },
    ]);
  });

  it('does not open when the save before it was cancelled', async () => {
    const { flows, calls } = setup(
      { openScene: [{ ok: false, reason: 'unsaved' }], saveScene: [{ ok: false, reason: 'noPath' }] },
      { unsaved: ['save'], savePath: [undefined] },
    );
    expect(await flows.open({ builtin: 'Palletizer' })).toBeUndefined();
    expect(calls.map((c) => c.method)).toEqual(['openScene', 'saveScene']);
  });

  it('lists the problems of a file that is not a valid scene', async () => {
    const problems = ['tags[0].address: 600 is outside the Bit range 0-511'];
    const { flows, asked } = setup(
      { openScene: [{ ok: false, reason: 'invalid', problems }] },
      { problems: [undefined] },
    );
    expect(await flows.open({ path: 'C:\\scenes\\broken.tagsim.json' })).toBeUndefined();
    expect(asked).toEqual([
      { kind: 'problems', spec: { title: 'broken.tagsim.json is not a valid scene', problems } },
    ]);
  });

  it('shows an error the host or the connection gives', async () => {
    const { flows, asked } = setup(
      {
        openScene: [
          { ok: false, reason: 'error', message: 'cannot open /x.tagsim.json: no such file' },
          new Error('The connection to TagSim was lost.'),
        ],
      },
      { error: [undefined, undefined] },
    );
    await flows.open({ path: '/x.tagsim.json' });
    await flows.open({ builtin: 'Palletizer' });
    expect(asked).toEqual([
      {
        kind: 'error',
        spec: { title: 'Could not open x.tagsim.json', message: 'cannot open /x.tagsim.json: no such file' },
      },
      {
        kind: 'error',
        spec: { title: 'Could not open Palletizer', message: 'The connection to TagSim was lost.' },
      },
    ]);
  });

  it('asks for a new scene’s name, and does nothing without one', async () => {
    const { flows, calls } = setup(
      { newScene: [{ ok: false, reason: 'unsaved' }, ok()] },
      { newScene: ['Line 7', undefined], unsaved: ['discard'] },
    );
    expect(await flows.create()).toBeDefined();
    expect(calls.map((c) => c.args)).toEqual([{ name: 'Line 7' }, { name: 'Line 7', discardChanges: true }]);
    expect(await flows.create()).toBeUndefined();
    expect(calls).toHaveLength(2);
  });

  it('opens a built-in chosen from the list, marking the one served', async () => {
    const { flows, asked, calls } = setup({ openScene: [ok()] }, { builtin: ['Palletizer', undefined] });
    await flows.openBuiltin(['Palletizer', 'Line 1']);
    expect(asked[0]).toEqual({
      kind: 'builtin',
      spec: { builtins: ['Palletizer', 'Line 1'], current: 'Line 1' },
    });
    expect(calls).toEqual([{ method: 'openScene', args: { builtin: 'Palletizer' } }]);
    expect(await flows.openBuiltin([])).toBeUndefined();
  });

  it('opens a path typed in', async () => {
    const { flows, calls } = setup({ openScene: [ok()] }, { openPath: [' /scenes/a.tagsim.json ', ''] });
    await flows.openPath();
    await flows.openPath();
    expect(calls).toEqual([{ method: 'openScene', args: { path: '/scenes/a.tagsim.json' } }]);
  });
});

describe('SceneFlows: files from this computer', () => {
  const file = (name: string, text: string, size = text.length) => ({ name, size, text: async () => text });

  it('sends a valid file’s text to the host', async () => {
    const text = serializeScene(emptyScene('Dropped', newId));
    const { flows, calls } = setup({ openScene: [ok()] });
    await flows.openUpload(file('line.tagsim.json', text));
    expect(calls).toEqual([{ method: 'openScene', args: { text, fileName: 'line.tagsim.json' } }]);
  });

  it('lists a broken file’s problems without asking to discard anything', async () => {
    const { flows, calls, asked } = setup({}, { problems: [undefined] });
    await flows.openUpload(file('torn.tagsim.json', '{"format": '));
    expect(calls).toEqual([]);
    expect(asked[0]!.kind).toBe('problems');
    expect((asked[0]!.spec as { title: string }).title).toBe('torn.tagsim.json is not a valid scene');
    expect((asked[0]!.spec as { problems: string[] }).problems[0]).toMatch(/^\(file\): /);
  });

  it('leaves other formats to the host', async () => {
    const { flows, calls } = setup(
      { openScene: [{ ok: false, reason: 'invalid', problems: ['line 2: ...'] }] },
      { problems: [undefined] },
    );
    await flows.openUpload(file('plant.csv', 'Name,Type,Data Type,Address'));
    expect(calls).toHaveLength(1);
  });

  it('sends a saved scene of the simulator (.factoryio) to the host, which reads it', async () => {
    const { flows, calls } = setup({ openScene: [ok()] });
    const xml = '<FactoryIO Type="MySavedScene"><Description Data="" /></FactoryIO>';
    await flows.openUpload(file('Line 3.factoryio', xml));
    expect(calls).toEqual([{ method: 'openScene', args: { text: xml, fileName: 'Line 3.factoryio' } }]);
  });

  it('refuses a file bigger than a scene file can be', async () => {
    const { flows, calls, asked } = setup({}, { error: [undefined] });
    await flows.openUpload(file('huge.tagsim.json', '', MAX_SCENE_FILE_BYTES + 1));
    expect(calls).toEqual([]);
    expect(asked[0]).toEqual({
      kind: 'error',
      spec: {
        title: 'Could not open huge.tagsim.json',
        message: 'huge.tagsim.json is 16.0 MiB; a scene file is at most 16 MiB.',
      },
    });
  });
});

describe('SceneFlows: saving', () => {
  it('saves to its file', async () => {
    const { flows, calls, asked } = setup({ saveScene: [ok()] });
    expect(await flows.save()).toBe(true);
    expect(calls).toEqual([{ method: 'saveScene', args: {} }]);
    expect(asked).toEqual([]);
  });

  it('asks for a path when the scene has no file, suggesting one from its name', async () => {
    const { flows, calls, asked } = setup(
      { saveScene: [{ ok: false, reason: 'noPath' }, ok()] },
      { savePath: ['/scenes/line-1.tagsim.json'] },
    );
    expect(await flows.save()).toBe(true);
    expect(asked).toEqual([
      { kind: 'savePath', spec: { suggested: 'Line 1.tagsim.json', reason: 'noPath' } },
    ]);
    expect(calls[1]).toEqual({ method: 'saveScene', args: { path: '/scenes/line-1.tagsim.json' } });
  });

  it('saves as: asks first, suggesting the current file', async () => {
    const { flows, calls, asked, setDoc } = setup({ saveScene: [ok()] }, { savePath: ['/b.tagsim.json'] });
    setDoc(doc({ origin: 'file', path: '/a.tagsim.json' }));
    expect(await flows.save({ saveAs: true })).toBe(true);
    expect(asked[0]!.spec).toEqual({ suggested: '/a.tagsim.json', reason: 'saveAs' });
    expect(calls).toEqual([{ method: 'saveScene', args: { path: '/b.tagsim.json' } }]);
  });

  it('asks before overwriting a file that changed on disk', async () => {
    const changed: SceneOutcome = { ok: false, reason: 'changedOnDisk', path: '/a.tagsim.json' };
    const { flows, calls } = setup({ saveScene: [changed, ok(), changed] }, { overwrite: [true, false] });
    expect(await flows.save()).toBe(true);
    expect(calls.map((c) => c.args)).toEqual([{}, { overwrite: true }]);
    expect(await flows.save()).toBe(false);
    expect(calls).toHaveLength(3);
  });

  it('shows why a save failed', async () => {
    const { flows, asked } = setup(
      { saveScene: [{ ok: false, reason: 'error', message: 'EACCES: permission denied' }] },
      { error: [undefined] },
    );
    expect(await flows.save()).toBe(false);
    expect(asked[0]).toEqual({
      kind: 'error',
      spec: { title: 'Could not save to its file', message: 'EACCES: permission denied' },
    });
  });
});

describe('SceneFlows: a browser window without file access on the TagSim machine', () => {
  it('downloads the scene for Save and Save as, and never asks the host to write a file', async () => {
    const downloaded: string[] = [];
    const { flows, calls, asked } = setup({}, {}, (scene) => downloaded.push(scene.name));
    expect(await flows.save()).toBe(true);
    expect(await flows.save({ saveAs: true })).toBe(true);
    expect(downloaded).toEqual(['Line 1', 'Line 1']);
    expect(calls).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('offers a download before discarding unsaved changes, then opens', async () => {
    const downloaded: string[] = [];
    const { flows, calls, asked } = setup(
      { openScene: [{ ok: false, reason: 'unsaved' }, ok()] },
      { unsaved: ['save'] },
      (scene) => downloaded.push(scene.name),
    );
    expect(await flows.open({ builtin: 'From A to B' })).toBeDefined();
    expect(asked).toEqual([{ kind: 'unsaved', spec: { sceneName: 'Line 1', download: true } }]);
    expect(downloaded).toEqual(['Line 1']);
    expect(calls.map((c) => c.args)).toEqual([
      { builtin: 'From A to B' },
      { builtin: 'From A to B', discardChanges: true },
    ]);
  });
});

describe('SceneFlows: edits', () => {
  it('returns the document, or the lines to show inline', async () => {
    const edited = doc({ dirty: true, canUndo: true });
    const { flows, calls } = setup({
      editScene: [
        ok(edited),
        {
          ok: false,
          reason: 'invalid',
          problems: ["tags[1].address: Output Bit 1 is already used by tags[0] ('Load')"],
        },
        new Error('Not connected to TagSim.'),
      ],
    });
    const edit = { op: 'updateTag' as const, id: 'x', changes: { address: 1 } };
    expect(await flows.edit(edit)).toEqual({ ok: true, document: edited });
    expect(calls[0]).toEqual({ method: 'editScene', args: { edit } });
    expect(await flows.edit(edit)).toEqual({
      ok: false,
      problems: ["tags[1].address: Output Bit 1 is already used by tags[0] ('Load')"],
    });
    expect(await flows.edit(edit)).toEqual({ ok: false, problems: ['Not connected to TagSim.'] });
  });

  it('undoes and redoes', async () => {
    const { flows, calls } = setup({ undoEdit: [doc()], redoEdit: [doc()] });
    await flows.undo();
    await flows.redo();
    expect(calls.map((c) => c.method)).toEqual(['undoEdit', 'redoEdit']);
  });
});

describe('refusals', () => {
  it('says every refusal in words', () => {
    expect(refusalLines({ ok: false, reason: 'noPath' })).toEqual([
      'The scene has no file yet: use Save as.',
    ]);
    expect(refusalLines({ ok: false, reason: 'unsaved' })).toEqual(['The scene has unsaved changes.']);
    expect(refusalLines({ ok: false, reason: 'changedOnDisk', path: '/a' })).toEqual([
      '/a was changed by another program since TagSim opened it.',
    ]);
  });
});
