// The one unsaved-changes flow (shared/window/scene-flow.ts) that the window's dialogs and the
// desktop app's native ones both drive; their own tests (test/renderer/state/scene-flows.test.ts,
// test/electron/scene-actions.test.ts) cover each host's words. Here: the flow itself.
import { describe, expect, it } from 'vitest';
import {
  baseName,
  SceneFlow,
  type SceneFlowClient,
  type SceneQuestions,
  sourceLabel,
} from '../../shared/window/scene-flow.js';
import type { SceneDocument, SceneOutcome } from '../../shared/scenes/scene-document.js';
import { emptyScene } from '../../shared/scenes/scene-editor.js';

const newId = () => '00000000-0000-4000-8000-000000000001';
const doc = (over: Partial<SceneDocument> = {}): SceneDocument => ({
  scene: emptyScene('Line 1', newId),
  origin: 'builtin',
  dirty: true,
  canUndo: true,
  canRedo: false,
  ...over,
});
const ok = (): SceneOutcome => ({ ok: true, document: doc({ dirty: false }) });

/** A flow over a scripted client and scripted answers; records what it called and asked. */
function setup(saves: SceneOutcome[], answers: { unsaved?: ('save' | 'discard' | 'cancel')[] }) {
  const log: string[] = [];
  const client: SceneFlowClient = {
    openScene: async () => {
      log.push('openScene');
      return ok();
    },
    newScene: async () => ok(),
    saveScene: async (args) => {
      log.push(`saveScene ${JSON.stringify(args ?? {})}`);
      return saves.shift() ?? ok();
    },
  };
  const questions: SceneQuestions = {
    unsaved: async ({ sceneName }) => {
      log.push(`unsaved ${sceneName}`);
      return answers.unsaved?.shift() ?? 'cancel';
    },
    savePath: async () => {
      log.push('savePath');
      return undefined;
    },
    overwrite: async () => false,
    refused: async (refusal) => void log.push(`refused ${refusal.reason}`),
    failed: async () => void log.push('failed'),
  };
  let current = doc();
  const flow = new SceneFlow(client, questions, () => current);
  return { flow, log, setDoc: (d: SceneDocument) => (current = d) };
}

describe('SceneFlow.settleUnsaved (before a window or the app goes away)', () => {
  it('goes on without asking when nothing is unsaved', async () => {
    const { flow, log, setDoc } = setup([], {});
    setDoc(doc({ dirty: false }));
    expect(await flow.settleUnsaved()).toBe(true);
    expect(log).toStrictEqual([]);
  });

  it('Cancel stays; Discard goes on; Save goes on once saved', async () => {
    const { flow, log } = setup([ok()], { unsaved: ['cancel', 'discard', 'save'] });
    expect(await flow.settleUnsaved()).toBe(false);
    expect(await flow.settleUnsaved()).toBe(true);
    expect(await flow.settleUnsaved()).toBe(true);
    expect(log).toStrictEqual(['unsaved Line 1', 'unsaved Line 1', 'unsaved Line 1', 'saveScene {}']);
  });

  it('stays when the save does not happen (no path chosen, or refused)', async () => {
    const { flow, log } = setup(
      [
        { ok: false, reason: 'noPath' },
        { ok: false, reason: 'error', message: 'EACCES' },
      ],
      { unsaved: ['save', 'save'] },
    );
    expect(await flow.settleUnsaved()).toBe(false);
    expect(await flow.settleUnsaved()).toBe(false);
    expect(log).toStrictEqual([
      'unsaved Line 1',
      'saveScene {}',
      'savePath',
      'unsaved Line 1',
      'saveScene {}',
      'refused error',
    ]);
  });
});

describe('SceneFlow results', () => {
  it('says done with the document, canceled or failed', async () => {
    const { flow } = setup([{ ok: false, reason: 'error', message: 'disk full' }], {});
    expect((await flow.open({ builtin: 'Palletizer' })).status).toBe('done');
    expect(await flow.save()).toStrictEqual({ status: 'failed' });
    expect(await flow.save({ saveAs: true })).toStrictEqual({ status: 'canceled' });
  });
});

describe('scene names and labels', () => {
  it('names a source by its file, whatever the separators', () => {
    expect(baseName('/home/lab/line.tagsim.json')).toBe('line.tagsim.json');
    expect(baseName('C:\\lab\\line.tagsim.json')).toBe('line.tagsim.json');
    expect(sourceLabel({ path: 'C:\\lab\\line.tagsim.json' })).toBe('line.tagsim.json');
    expect(sourceLabel({ builtin: 'Palletizer' })).toBe('Palletizer');
    expect(sourceLabel({ text: '{}', fileName: 'x.tagsim.json' })).toBe('x.tagsim.json');
  });
});
