import { describe, expect, it } from 'vitest';
import type { SceneDefinition } from '../../../shared/scenes/scene-definition.js';
import type { ScenesState } from '../../../shared/scenes/scene-document.js';
import { addedTagId, ScenesModel } from '../../../renderer/state/scenes-model.js';
import type { ConnectionState } from '../../../renderer/transport/connection.js';
import { fakeHost, unreachableHost } from '../fake-host.js';

const scene = (name: string, ids: string[]): SceneDefinition => ({
  name,
  tags: ids.map((id, i) => ({ id, name: `Tag ${id}`, kind: 'Input', type: 'Bit', address: i })),
});

const state = (name: string, ids: string[], dirty = false): ScenesState => ({
  builtins: ['A', 'B'],
  recent: ['/x.tagsim.json'],
  document: { scene: scene(name, ids), origin: 'builtin', dirty, canUndo: dirty, canRedo: false },
});

function setup(initial: ConnectionState = { status: 'connected' }) {
  const { client, link, answers, calls, listeners, push } = fakeHost<ScenesState>(initial);
  const model = new ScenesModel(client, link);
  return {
    model,
    link,
    answers,
    calls,
    listeners,
    push: (payload: ScenesState) => push({ event: 'scenes', payload }),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ScenesModel', () => {
  it('loads the scenes state when connected, then follows the scenes event', async () => {
    const { model, answers, calls, push } = setup();
    let notified = 0;
    model.changes.subscribe(() => notified++);
    model.start();
    expect(calls).toEqual(['getScenes']);
    expect(model.document).toBeUndefined();
    expect(model.builtins).toEqual([]);
    answers[0]!(state('Line 1', ['a', 'b']));
    await flush();
    expect(model.document?.scene.name).toBe('Line 1');
    expect(model.builtins).toEqual(['A', 'B']);
    expect(model.recent).toEqual(['/x.tagsim.json']);
    expect(model.tag('b')?.name).toBe('Tag b');
    expect(model.indexOf('b')).toBe(1);
    expect(model.indexOf('zz')).toBe(-1);

    push(state('Line 1', ['b', 'a', 'c'], true));
    expect(model.document?.dirty).toBe(true);
    expect(model.indexOf('b')).toBe(0);
    expect(model.tag('c')).toBeDefined();
    expect(notified).toBe(2);
  });

  it('lets a pushed event win over a load still in flight', async () => {
    const { model, answers, push } = setup();
    model.start();
    push(state('Newer', ['n']));
    answers[0]!(state('Older', ['o']));
    await flush();
    expect(model.document?.scene.name).toBe('Newer');
  });

  it('reloads after a reconnection, and stops listening when stopped', async () => {
    const { model, link, calls, answers, listeners } = setup({ status: 'connecting', attempt: 0 });
    const stop = model.start();
    expect(calls).toEqual([]);
    link.set({ status: 'connected' });
    answers[0]!(state('Line 1', ['a']));
    await flush();
    link.set({ status: 'connected' });
    expect(calls).toEqual(['getScenes', 'getScenes']);
    expect(listeners.size).toBe(1);
    stop();
    expect(listeners.size).toBe(0);
  });

  it('keeps the state it had when a load fails', async () => {
    const { client, link } = unreachableHost();
    const model = new ScenesModel(client, link);
    model.start();
    await flush();
    expect(model.document).toBeUndefined();
  });
});

describe('addedTagId', () => {
  it('finds the tag an add or a duplicate made', () => {
    expect(addedTagId(scene('S', ['a', 'b']), scene('S', ['a', 'n', 'b']))).toBe('n');
    expect(addedTagId(scene('S', ['a', 'b']), scene('S', ['b', 'a']))).toBeUndefined();
  });
});
