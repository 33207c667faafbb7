import { describe, expect, it } from 'vitest';
import type { SceneDefinition } from '../../../shared/scenes/scene-definition.js';
import type { TagDefinition } from '../../../shared/core/tag-types.js';
import { builtinScene } from '../../../shared/scenes/builtin-scenes.js';
import { emptyScene } from '../../../shared/scenes/scene-editor.js';
import { ACTION_KEYS, SIGNALS } from '../../../shared/sim/behaviour-fields.js';
import { SCENES_WITH_PLANTS } from '../../../shared/scenes/builtin/builtin-plants.js';
import { validateBehaviours } from '../../../shared/sim/validate-behaviours.js';
import { behaviourTemplates } from '../../../renderer/state/behaviour-templates.js';

const scene = (name: string): SceneDefinition => builtinScene(name)!;

/** The scene with more tags, as a person adds them in the editor before a behaviour. */
function withTags(base: SceneDefinition, extra: Omit<TagDefinition, 'id'>[]): SceneDefinition {
  return { ...base, tags: [...extra.map((t, i) => ({ ...t, id: `extra-${i}` })), ...base.tags] };
}

/** The problems of a scene's behaviours once the template is added at the end. */
function problemsWith(s: SceneDefinition, behaviour: unknown): string[] {
  const all = [...(s.behaviours ?? []), behaviour];
  return validateBehaviours(all, s.tags).problems.map((p) => `${p.path}: ${p.message}`);
}

describe('behaviour templates', () => {
  it('offer every kind of the model: rule actions, signal generators and a conveyor', () => {
    const templates = behaviourTemplates(scene('Sorting by Weight'));
    const rules = templates.filter((t) => t.kind === 'rule').map((t) => t.behaviour);
    const actions = rules.flatMap((r) => ('then' in r ? r.then.map((a) => Object.keys(a)[0]) : []));
    expect(new Set(actions)).toEqual(new Set(ACTION_KEYS));
    const signals = templates
      .filter((t) => t.kind === 'signal')
      .map((t) => (t.behaviour as { signal: string }).signal);
    expect(signals).toEqual(SIGNALS);
    expect(templates.filter((t) => t.kind === 'conveyor')).toHaveLength(1);
    expect(new Set(templates.map((t) => t.id)).size).toBe(templates.length);
  });

  it('all apply unchanged to a built-in scene that has the tags they need', () => {
    // Its tags without its plant, whose sensors drive every Input.
    const s = { ...scene('Sorting by Weight'), behaviours: [] };
    for (const t of behaviourTemplates(s)) expect([t.id, problemsWith(s, t.behaviour)]).toEqual([t.id, []]);
  });

  it('leave out a tag that a conveyor sensor reading a value per item drives (the scale of Sorting by Weight)', () => {
    const sine = behaviourTemplates(scene('Sorting by Weight')).find((t) => t.id === 'signal-sine')!;
    expect(sine.behaviour).toMatchObject({ generate: '(an Int or Float Input)' });
    const free = behaviourTemplates({ ...scene('Sorting by Weight'), behaviours: [] });
    expect(free.find((t) => t.id === 'signal-sine')!.behaviour).toMatchObject({
      generate: { name: 'Weight', kind: 'Input' },
    });
  });

  it('pick tags of the right kind and type: a Bit Output to watch, a Bit Input to set, an Int or Float Input to generate', () => {
    const s = withTags(
      emptyScene('Rig', () => Math.random().toString(36)),
      [
        { name: 'Motor', kind: 'Output', type: 'Bit', address: 0 },
        { name: 'Box seen', kind: 'Input', type: 'Bit', address: 0 },
        { name: 'Boxes', kind: 'Input', type: 'Int', address: 0 },
        { name: 'Level', kind: 'Input', type: 'Float', address: 0, min: 0, max: 100 },
      ],
    );
    const byId = new Map(behaviourTemplates(s).map((t) => [t.id, t.behaviour]));
    expect(byId.get('rule-set')).toMatchObject({
      when: { rising: { name: 'Motor', kind: 'Output' } },
      then: [{ set: { name: 'Box seen', kind: 'Input' }, value: true }],
    });
    expect(byId.get('rule-increment')).toMatchObject({
      then: [{ increment: { name: 'Boxes', kind: 'Input' } }],
    });
    // Fitted to the tag's range 0-100.
    expect(byId.get('signal-sine')).toMatchObject({
      generate: { name: 'Level', kind: 'Input' },
      offset: 50,
      amplitude: 25,
    });
    for (const [id, b] of byId) expect([id, problemsWith(s, b)]).toEqual([id, []]);
  });

  it('avoid tags the scene already drives, so they apply to every built-in plant given one free tag of each type', () => {
    for (const name of SCENES_WITH_PLANTS) {
      const s = withTags(scene(name), [
        { name: 'Spare sensor', kind: 'Input', type: 'Bit', address: 100 },
        { name: 'Spare count', kind: 'Input', type: 'Int', address: 100 },
        { name: 'Spare level', kind: 'Input', type: 'Float', address: 100 },
      ]);
      for (const t of behaviourTemplates(s)) {
        expect([name, t.id, problemsWith(s, t.behaviour)]).toEqual([name, t.id, []]);
      }
    }
  });

  it('Level Control: the generators leave the driven Level meter and Setpoint alone', () => {
    const s = withTags(scene('Level Control'), [
      { name: 'Flow', kind: 'Input', type: 'Float', address: 100 },
    ]);
    const sine = behaviourTemplates(s).find((t) => t.id === 'signal-sine')!;
    expect(sine.behaviour).toMatchObject({ generate: { name: 'Flow', kind: 'Input' } });
    // A second conveyor gets a free name.
    const queue = behaviourTemplates(scene('Queue of Items')).find((t) => t.id === 'conveyor')!;
    expect(queue.behaviour).toMatchObject({ conveyor: 'belt' });
    const taken = {
      ...scene('Queue of Items'),
      behaviours: [...scene('Queue of Items').behaviours!, queue.behaviour],
    };
    expect(behaviourTemplates(taken).find((t) => t.id === 'conveyor')!.behaviour).toMatchObject({
      conveyor: 'belt 2',
    });
  });

  it('say what is needed where the scene has no such tag, and the refusal says it at its place', () => {
    const s = emptyScene('Only system tags', () => Math.random().toString(36));
    const sine = behaviourTemplates(s).find((t) => t.id === 'signal-sine')!;
    expect(sine.behaviour).toMatchObject({ generate: '(an Int or Float Input)' });
    expect(problemsWith(s, sine.behaviour)).toEqual([
      "behaviours[0].generate: no tag is named '(an Int or Float Input)' in this scene (names are case-sensitive)",
    ]);
    // A condition falls back to the simulator's Running, which every scene has.
    const set = behaviourTemplates(s).find((t) => t.id === 'rule-set')!;
    expect(set.behaviour).toMatchObject({
      when: { rising: { name: 'FACTORY I/O (Running)', kind: 'Input' } },
    });
  });

  it('name a tag by id when its name and kind are not unique', () => {
    const s = withTags(
      emptyScene('Twins', () => Math.random().toString(36)),
      [
        { name: 'Sensor', kind: 'Input', type: 'Bit', address: 0 },
        { name: 'Sensor', kind: 'Input', type: 'Bit', address: 1 },
      ],
    );
    const set = behaviourTemplates(s).find((t) => t.id === 'rule-set')!;
    expect(set.behaviour).toMatchObject({ then: [{ set: { id: 'extra-0' } }] });
  });
});
