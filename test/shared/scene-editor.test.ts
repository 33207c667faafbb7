import { describe, expect, it } from 'vitest';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { builtinScene, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';
import { emptyScene, freeAddress, isSystemTag } from '../../shared/scenes/scene-editor.js';
import { SceneHistory } from '../../shared/scenes/scene-history.js';
import { BASE_SCENE, SDK_LAYOUT_SCENE } from '../scenes/corpus.js';
import { edit, newId, refused } from '../scenes/edits.js';

// The default scene with its plant, laid out as older files are: its own tags, then the system
// tags (the corpus's base).
const base = () => BASE_SCENE;
const byName = (scene: SceneDefinition, name: string) => scene.tags.find((t) => t.name === name)!;

describe('applySceneEdit', () => {
  it('adds a tag at the lowest free address of its space, before the system tags', () => {
    const scene = edit(SDK_LAYOUT_SCENE, { op: 'addTag', kind: 'Input', type: 'Bit' });
    const added = scene.tags.find((t) => t.name === 'New input')!;
    expect(added).toMatchObject({ kind: 'Input', type: 'Bit', address: 6 });
    expect(scene.tags.indexOf(added)).toBe(13);
    expect(isSystemTag(scene.tags[14]!)).toBe(true);
    const second = edit(scene, { op: 'addTag', kind: 'Input', type: 'Bit' });
    expect(second.tags.map((t) => t.name)).toContain('New input 2');
  });

  it('adds a tag at the end of a scene that lists the system tags first, as the built-ins do', () => {
    const builtin = builtinScene(DEFAULT_SCENE_NAME)!;
    expect(isSystemTag(builtin.tags[0]!)).toBe(true);
    const scene = edit(builtin, { op: 'addTag', kind: 'Input', type: 'Bit' });
    expect(scene.tags.at(-1)).toMatchObject({ name: 'New input', kind: 'Input', type: 'Bit', address: 19 });
  });

  it('renames a tag and keeps its id', () => {
    const before = byName(base(), 'Pallet sensor');
    const scene = edit(base(), { op: 'updateTag', id: before.id, changes: { name: 'Pallet present' } });
    expect(scene.tags.find((t) => t.id === before.id)).toMatchObject({
      name: 'Pallet present',
      address: before.address,
    });
  });

  it('refuses a taken address with the place and the fix, and changes nothing', () => {
    const scene = base();
    const problems = refused(scene, {
      op: 'updateTag',
      id: byName(scene, 'High sensor').id,
      changes: { address: byName(scene, 'Low sensor').address },
    });
    expect(problems).toEqual([
      "tags[9].address: Input Bit 1 is already used by tags[8] ('Low sensor'); each address is unique within its kind and type",
    ]);
    // The earlier tag edited: the message still blames the tag edited, not the one holding it.
    expect(
      refused(scene, {
        op: 'updateTag',
        id: byName(scene, 'Low sensor').id,
        changes: { address: byName(scene, 'High sensor').address },
      }),
    ).toEqual([
      "tags[8].address: Input Bit 2 is already used by tags[9] ('High sensor'); each address is unique within its kind and type",
    ]);
    // A tag moved to another type lands on a free address there, so it takes none already used.
    expect(
      refused(scene, {
        op: 'updateTag',
        id: byName(scene, 'Low sensor').id,
        changes: { kind: 'Output', address: byName(scene, 'Load').address },
      }),
    ).toEqual([
      "tags[8].address: Output Bit 1 is already used by tags[1] ('Load'); each address is unique within its kind and type",
    ]);
  });

  it('moves a tag to another type: new free address, old initial value and range dropped', () => {
    let scene = edit(base(), {
      op: 'updateTag',
      id: byName(base(), 'Counter').id,
      changes: { initial: 5, max: 100 },
    });
    scene = edit(scene, { op: 'updateTag', id: byName(scene, 'Counter').id, changes: { type: 'Float' } });
    const counter = byName(scene, 'Counter');
    expect(counter).toMatchObject({ type: 'Float', address: 0 });
    expect(counter.initial).toBeUndefined();
    expect(counter.max).toBeUndefined();
  });

  it('clears a field with null and validates ranges', () => {
    const id = byName(base(), 'Counter').id;
    const ranged = edit(base(), { op: 'updateTag', id, changes: { min: 0, max: 10, initial: 5 } });
    expect(byName(ranged, 'Counter')).toMatchObject({ min: 0, max: 10, initial: 5 });
    expect(refused(ranged, { op: 'updateTag', id, changes: { initial: 11 } })).toEqual([
      "tags[6].initial: 11 is outside the tag's range 0 to 10",
    ]);
    const cleared = edit(ranged, { op: 'updateTag', id, changes: { max: null } });
    expect(byName(cleared, 'Counter').max).toBeUndefined();
  });

  it('protects the system tags', () => {
    const scene = base();
    const run = byName(scene, 'FACTORY I/O (Run)');
    expect(refused(scene, { op: 'deleteTag', id: run.id })[0]).toContain('is a system tag of the simulator');
    expect(refused(scene, { op: 'updateTag', id: run.id, changes: { address: 10 } })[0]).toContain(
      'cannot be changed',
    );
    expect(
      refused(scene, {
        op: 'updateTag',
        id: byName(scene, 'Load').id,
        changes: { name: 'FACTORY I/O (Run)' },
      })[0],
    ).toContain('is the name of a system tag');
  });

  it('deletes, duplicates and reorders', () => {
    // Without its plant: a tag the behaviours use cannot be deleted (test/scenes/scene-editor-behaviours).
    const { behaviours: _plant, ...tagsOnly } = base();
    let scene = edit(tagsOnly, { op: 'deleteTag', id: byName(base(), 'Load').id });
    expect(scene.tags.some((t) => t.name === 'Load')).toBe(false);
    const entry = byName(scene, 'Conveyor entry');
    scene = edit(scene, { op: 'duplicateTag', id: entry.id });
    const copy = scene.tags[1]!;
    expect(copy).toMatchObject({ name: 'Conveyor entry copy', kind: 'Output', type: 'Bit', address: 1 });
    expect(copy.id).not.toBe(entry.id);
    scene = edit(scene, { op: 'moveTag', id: copy.id, toIndex: 5 });
    expect(scene.tags[5]!.id).toBe(copy.id);
  });

  it('renames the scene, and refuses an empty name', () => {
    expect(edit(base(), { op: 'renameScene', name: ' Line 3 ', description: 'Lab B' })).toMatchObject({
      name: 'Line 3',
      description: 'Lab B',
    });
    expect(refused(base(), { op: 'renameScene', name: '  ' })).toEqual(['name: the scene needs a name']);
  });

  describe('behaviours', () => {
    const pulseRule = {
      name: 'Pallet arrives',
      when: { rising: { name: 'Conveyor entry', kind: 'Output' } },
      then: [{ pulse: 'Pallet sensor', forMs: 500 }],
    } as const;
    const names = (scene: SceneDefinition) =>
      (scene.behaviours ?? []).map((b) => ('name' in b ? b.name : undefined));

    it('adds at the end or at an index, replaces, moves and deletes', () => {
      // The plant's conveyors drive every sensor of this scene; start from its tags alone.
      const { behaviours: _plant, ...tagsOnly } = base();
      const start = edit(tagsOnly, { op: 'addBehaviour', behaviour: { ...pulseRule, name: 'Zero' } });
      const count = 1;
      let scene = edit(start, { op: 'addBehaviour', behaviour: pulseRule });
      expect(scene.behaviours).toHaveLength(count + 1);
      expect(scene.behaviours![count]).toEqual(pulseRule);
      scene = edit(scene, { op: 'addBehaviour', behaviour: { ...pulseRule, name: 'First' }, index: 0 });
      expect(names(scene)[0]).toBe('First');
      scene = edit(scene, { op: 'updateBehaviour', index: 0, behaviour: { ...pulseRule, name: 'Renamed' } });
      expect(names(scene)[0]).toBe('Renamed');
      scene = edit(scene, { op: 'moveBehaviour', index: 0, toIndex: 99 });
      expect(names(scene).at(-1)).toBe('Renamed');
      scene = edit(scene, { op: 'deleteBehaviour', index: count + 1 });
      expect(names(scene)).not.toContain('Renamed');
      expect(scene.behaviours).toHaveLength(count + 1);
    });

    it('refuses a behaviour that breaks the file rules, with its place, and changes nothing', () => {
      const scene = base();
      const writesOutput = {
        when: { always: true },
        then: [{ set: { name: 'Load', kind: 'Output' }, value: true }],
      };
      const count = scene.behaviours!.length;
      expect(refused(scene, { op: 'addBehaviour', behaviour: writesOutput as never, index: 1 })).toEqual([
        "behaviours[1].then[0].set: 'Load' is an Output; a behaviour may only write Input tags",
      ]);
      // Replacing a conveyor that others lead to breaks them: every problem is told, with its place.
      const problems = refused(scene, { op: 'updateBehaviour', index: 1, behaviour: writesOutput as never });
      expect(problems).toContain(
        "behaviours[0].exits[0].to: no conveyor is named 'transfer' (conveyors: 'entry', 'to left', 'to right', 'left', 'right')",
      );
      expect(count).toBe(6);
      const unknown = { generate: 'Tank level', signal: 'sine', amplitude: 1, periodMs: 1000 };
      expect(refused(scene, { op: 'addBehaviour', behaviour: unknown as never })[0]).toMatch(
        /^behaviours\[\d+\]\.generate: no tag is named 'Tank level'/,
      );
      expect(base()).toEqual(scene);
    });

    it('refuses an index that names no behaviour', () => {
      const scene = base();
      const count = scene.behaviours!.length;
      expect(refused(scene, { op: 'deleteBehaviour', index: count })).toEqual([
        `behaviours[${count}]: there is no such behaviour; the scene has ${count} (0 to ${count - 1})`,
      ]);
      expect(refused(scene, { op: 'addBehaviour', behaviour: pulseRule, index: count + 1 })).toEqual([
        `behaviours[${count + 1}]: a new behaviour goes from 0 to ${count}`,
      ]);
      const { behaviours: _plant, ...bare } = scene;
      expect(refused(bare, { op: 'moveBehaviour', index: 0, toIndex: 1 })).toEqual([
        'behaviours[0]: the scene has no behaviours',
      ]);
    });

    it('replaces the whole plant, and an empty one leaves no behaviours field', () => {
      const scene = edit(base(), { op: 'setBehaviours', behaviours: [pulseRule] });
      expect(scene.behaviours).toEqual([pulseRule]);
      const none = edit(scene, { op: 'setBehaviours', behaviours: [] });
      expect('behaviours' in none).toBe(false);
    });
  });

  it('starts a new scene with only the system tags', () => {
    const scene = emptyScene('Fresh', newId);
    expect(scene.tags.map((t) => `${t.kind} ${t.name}`)).toHaveLength(7);
    expect(scene.tags.every(isSystemTag)).toBe(true);
    expect(freeAddress(scene.tags, 'Output', 'Bit')).toBe(0);
  });
});

describe('SceneHistory', () => {
  it('undoes and redoes whole scenes and knows what is saved', () => {
    const first = base();
    const history = new SceneHistory(first, true);
    expect(history.dirty).toBe(false);
    const second = edit(first, { op: 'renameScene', name: 'Two' });
    history.push(second);
    expect([history.dirty, history.canUndo, history.canRedo]).toEqual([true, true, false]);
    expect(history.undo()).toBe(first);
    expect(history.dirty).toBe(false);
    expect(history.redo()).toBe(second);
    history.markSaved();
    expect(history.dirty).toBe(false);
    history.push(edit(second, { op: 'renameScene', name: 'Three' }));
    expect(history.canRedo).toBe(false);
  });
});

describe('TagEngine scene loading', () => {
  it('keeps the runtime state of kept tags when asked', () => {
    const engine = new TagEngine(base());
    const sensor = byName(base(), 'Pallet sensor');
    engine.write('force', 'id', [{ id: sensor.id, value: true }]);
    engine.setFailure(byName(base(), 'Load').id, 'alwaysOn');
    const edited = edit(base(), { op: 'updateTag', id: sensor.id, changes: { name: 'Pallet present' } });
    engine.loadScene(edited, { keepState: true });
    expect(engine.getTag(sensor.id)).toMatchObject({ name: 'Pallet present', isForced: true, value: true });
    expect(engine.getTag(byName(base(), 'Load').id)!.shortCircuit).toBe(true);
    engine.loadScene(edited);
    expect(engine.getTag(sensor.id)!.isForced).toBe(false);
  });

  it('lets a pinned view finish against the scene it started with', () => {
    const engine = new TagEngine(base());
    const view = engine.viewOfCurrentScene();
    engine.loadScene(builtinScene('Filling Tank')!);
    expect(view.readValues('name', ['Pallet sensor'])).toEqual([{ name: 'Pallet sensor', value: false }]);
    expect(engine.readValues('name', ['Pallet sensor'])[0]).toMatchObject({ code: 404 });
    // A write to the replaced scene is dropped with it.
    view.write('set', 'name', [{ name: 'Load', value: true }]);
    expect(engine.tagsNamed('Load')).toEqual([]);
  });
});
