import { describe, expect, it } from 'vitest';
import { isFaulted, TagStore } from '../../../renderer/state/tag-store.js';
import { SCENE, tag } from '../fixtures.js';

describe('TagStore', () => {
  it('loads a full state in scene order and counts forced and failed tags', () => {
    const store = new TagStore();
    store.reset(SCENE, [
      tag('B', { isForced: true }),
      tag('A', { shortCircuit: true }),
      tag('C', { isForced: true, openCircuit: true }),
    ]);
    expect(store.ids()).toEqual(['id-B-Input', 'id-A-Input', 'id-C-Input']);
    expect(store.size).toBe(3);
    expect(store.forcedCount).toBe(2);
    expect(store.failedCount).toBe(2);
    expect(store.sceneIndex('id-A-Input')).toBe(1);
    expect(store.sceneIndex('nope')).toBe(-1);
    expect(store.scene).toEqual(SCENE);
  });

  it('does not count a force the scene keeps (an emitter forced on) as a fault, but one it does not', () => {
    const store = new TagStore();
    const emitter = tag('Emitter', { isForced: true, value: true, sceneForced: true });
    store.reset(SCENE, [emitter, tag('B', { isForced: true })]);
    expect(store.forcedCount).toBe(1);
    expect(isFaulted(emitter)).toBe(false);
    // Forced off by someone: its scene's force no longer, so a fault.
    store.apply({
      sceneChanged: false,
      scene: SCENE,
      tags: [tag('Emitter', { isForced: true, value: false })],
    });
    expect(store.forcedCount).toBe(2);
    expect(isFaulted(store.get('id-Emitter-Input')!)).toBe(true);
  });

  it('ignores a partial update before the first full state (getState will bring everything)', () => {
    const store = new TagStore();
    expect(store.apply({ sceneChanged: false, scene: SCENE, tags: [tag('A')] })).toBe(false);
    expect(store.size).toBe(0);
    expect(store.scene).toBeUndefined();
  });

  it('applies changed tags, replacing the objects and keeping the counts right', () => {
    const store = new TagStore();
    store.reset(SCENE, [tag('A'), tag('B')]);
    const before = store.get('id-A-Input');
    const structure = store.structureVersion;
    const version = store.version;

    expect(
      store.apply({ sceneChanged: false, scene: SCENE, tags: [tag('A', { isForced: true, value: true })] }),
    ).toBe(true);
    expect(store.get('id-A-Input')).not.toBe(before);
    expect(store.get('id-A-Input')?.value).toBe(true);
    expect(store.forcedCount).toBe(1);
    expect(store.structureVersion).toBe(structure);
    expect(store.version).toBe(version + 1);

    store.apply({
      sceneChanged: false,
      scene: SCENE,
      tags: [tag('A', { isForced: false, shortCircuit: true })],
    });
    expect(store.forcedCount).toBe(0);
    expect(store.failedCount).toBe(1);
    store.apply({ sceneChanged: false, scene: SCENE, tags: [tag('A')] });
    expect(store.failedCount).toBe(0);
  });

  it('skips tags that are not in the scene it holds', () => {
    const store = new TagStore();
    store.reset(SCENE, [tag('A')]);
    store.apply({ sceneChanged: false, scene: SCENE, tags: [tag('Z', { isForced: true })] });
    expect(store.size).toBe(1);
    expect(store.get('id-Z-Input')).toBeUndefined();
    expect(store.forcedCount).toBe(0);
  });

  it('replaces everything on a scene change', () => {
    const store = new TagStore();
    store.reset(SCENE, [tag('A', { isForced: true })]);
    const structure = store.structureVersion;
    const next = { name: 'Other', tagCount: 2 };
    store.apply({ sceneChanged: true, scene: next, tags: [tag('X'), tag('Y')] });
    expect(store.scene).toEqual(next);
    expect(store.ids()).toEqual(['id-X-Input', 'id-Y-Input']);
    expect(store.forcedCount).toBe(0);
    expect(store.structureVersion).toBe(structure + 1);
  });

  it('keeps the first of duplicated ids', () => {
    const store = new TagStore();
    store.reset(SCENE, [tag('A', { address: 1 }), tag('A', { address: 2 })]);
    expect(store.size).toBe(1);
    expect(store.get('id-A-Input')?.address).toBe(1);
  });

  it('calls a tag faulted when it is forced or failed', () => {
    expect(isFaulted(tag('A'))).toBe(false);
    expect(isFaulted(tag('A', { isForced: true }))).toBe(true);
    expect(isFaulted(tag('A', { openCircuit: true }))).toBe(true);
    expect(isFaulted(tag('A', { shortCircuit: true }))).toBe(true);
  });
});
