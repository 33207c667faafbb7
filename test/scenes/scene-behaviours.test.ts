// The `behaviours` field of scene files: built-ins carry their plant into files and back, the
// editor keeps the behaviours through edits, a renamed tag takes its references along, a tag the
// plant uses cannot be deleted, and which plant runs for a scene that has none of its own.
import { describe, expect, it } from 'vitest';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import { builtinScene, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';
import { parseSceneFile, serializeScene } from '../../shared/scenes/scene-file.js';
import { formatProblem, ValidationError } from '../../shared/problems/problem-list.js';
import type { Behaviour } from '../../shared/sim/behaviour-types.js';
import { behavioursUsingTag } from '../../shared/sim/behaviour-tag-refs.js';
import { builtinPlant, SCENES_WITH_PLANTS } from '../../shared/scenes/builtin/builtin-plants.js';
import { sceneBehaviours } from '../../shared/scenes/scene-plant.js';
import { base } from './corpus.js';
import { edit, refused } from './edits.js';

const sorting = () => builtinScene(DEFAULT_SCENE_NAME)!;
const idOf = (scene: SceneDefinition, name: string) => scene.tags.find((t) => t.name === name)!.id;

function problemsOf(json: unknown): string[] {
  try {
    parseSceneFile(JSON.stringify(json));
  } catch (error) {
    if (error instanceof ValidationError) return error.problems.map(formatProblem);
    throw error;
  }
  return [];
}

/** A scene of the default scene's tags with these behaviours (and no layout: it places the built-in's). */
function withPlant(behaviours: Behaviour[]): SceneDefinition {
  const { layout: _drawn, ...scene } = sorting();
  return { ...scene, behaviours };
}

describe('scene files with behaviours', () => {
  it.each(SCENES_WITH_PLANTS.map((n) => [n]))(
    'the built-in %s carries its plant into its file and back',
    (name) => {
      const scene = builtinScene(name)!;
      expect(scene.behaviours).toEqual(builtinPlant(name)!.behaviours);
      const text = serializeScene(scene);
      expect(JSON.parse(text).behaviours).toEqual(builtinPlant(name)!.behaviours);
      expect(parseSceneFile(text)).toEqual(scene);
    },
  );

  it('a scene without a plant has no behaviours, and its file an empty array', () => {
    // Every built-in has a plant: a built-in's tags under a name that is no built-in have none.
    const scene: SceneDefinition = { name: 'Palletizer station', tags: builtinScene('Palletizer')!.tags };
    const text = serializeScene(scene);
    expect(JSON.parse(text).behaviours).toEqual([]);
    expect(parseSceneFile(text).behaviours).toBeUndefined();
    expect(sceneBehaviours(parseSceneFile(text))).toEqual({ behaviours: [], source: 'none' });
  });

  it('an absent or empty field gives a scene without behaviours of its own', () => {
    const file = base();
    delete file['behaviours'];
    expect(parseSceneFile(JSON.stringify(file)).behaviours).toBeUndefined();
    file['behaviours'] = [];
    expect(parseSceneFile(JSON.stringify(file)).behaviours).toBeUndefined();
  });

  it('checks the behaviours only once the tags have no problem (they would only echo it)', () => {
    const file = base();
    file.tags[7]!['kind'] = 'Sensor'; // Pallet sensor, which the entry conveyor drives
    expect(problemsOf(file)).toEqual(['tags[7].kind: must be Input or Output; got "Sensor"']);
    file.tags[7]!['kind'] = 'Input';
    file['behaviours'] = 'none';
    expect(problemsOf(file)).toEqual(['behaviours: must be an array of behaviours; got string "none"']);
  });

  it('reports root, tag... then behaviour problems, all at once', () => {
    const file = base();
    file['author'] = 'me';
    (file['behaviours'] as unknown[]).push({ when: { always: true }, then: [{ set: 'Load', value: 1 }] });
    const problems = problemsOf(file);
    expect(problems[0]).toMatch(/^author: unknown field/);
    expect(problems[1]).toBe(
      "behaviours[6].then[0].set: 'Load' is an Output; a behaviour may only write Input tags",
    );
  });
});

describe('the editor and the behaviours', () => {
  it('keeps the behaviours through edits that do not touch their tags', () => {
    let scene = sorting();
    scene = edit(scene, { op: 'addTag', kind: 'Input', type: 'Float' });
    scene = edit(scene, { op: 'moveTag', id: idOf(scene, 'Counter'), toIndex: 0 });
    scene = edit(scene, { op: 'duplicateTag', id: idOf(scene, 'Load') });
    scene = edit(scene, {
      op: 'updateTag',
      id: idOf(scene, 'Loaded'),
      changes: { description: 'On the transfer' },
    });
    scene = edit(scene, { op: 'renameScene', name: 'Line 3' });
    scene = edit(scene, { op: 'deleteTag', id: idOf(scene, 'Counter') });
    expect(scene.behaviours).toEqual(builtinPlant(DEFAULT_SCENE_NAME)!.behaviours);
  });

  it('a renamed tag takes its references along, in the form they had', () => {
    const plant = withPlant([
      {
        conveyor: 'belt',
        length: 6,
        speed: { if: { tag: { name: 'Pallet sensor', kind: 'Input' }, equals: false }, then: 0.5 },
        sensors: [{ tag: { name: 'Pallet sensor', kind: 'Input' }, from: 5.7, to: 6 }],
      },
      { when: { rising: 'Pallet sensor' }, then: [{ pulse: 'Loaded', forMs: 10 }] },
      { when: { falling: 'Loaded' }, then: [{ toggle: 'Low sensor' }] },
    ]);
    const id = idOf(plant, 'Pallet sensor');
    const renamed = edit(plant, { op: 'updateTag', id, changes: { name: 'Pallet here' } });
    expect(renamed.behaviours).toEqual([
      {
        conveyor: 'belt',
        length: 6,
        speed: { if: { tag: { name: 'Pallet here', kind: 'Input' }, equals: false }, then: 0.5 },
        sensors: [{ tag: { name: 'Pallet here', kind: 'Input' }, from: 5.7, to: 6 }],
      },
      { when: { rising: 'Pallet here' }, then: [{ pulse: 'Loaded', forMs: 10 }] },
      { when: { falling: 'Loaded' }, then: [{ toggle: 'Low sensor' }] },
    ]);
    expect(behavioursUsingTag(renamed.behaviours!, renamed.tags, id)).toEqual([0, 1]);
    // The built-in plant follows too.
    const scene = edit(sorting(), { op: 'updateTag', id, changes: { name: 'Pallet here' } });
    expect(JSON.stringify(scene.behaviours)).not.toContain('Pallet sensor');
    expect(behavioursUsingTag(scene.behaviours!, scene.tags, id)).toEqual([0]);
  });

  it('references by id need nothing when their tag is renamed', () => {
    const scene = sorting();
    const loaded = idOf(scene, 'Loaded');
    const plant = withPlant([{ when: { rising: { id: loaded } }, then: [{ toggle: 'Low sensor' }] }]);
    const renamed = edit(plant, { op: 'updateTag', id: loaded, changes: { name: 'On transfer' } });
    expect(renamed.behaviours).toEqual(plant.behaviours);
  });

  it('refuses a change that the behaviours cannot follow, saying where', () => {
    const scene = sorting();
    expect(
      refused(scene, { op: 'updateTag', id: idOf(scene, 'Loaded'), changes: { kind: 'Output' } }),
    ).toEqual(["behaviours[1].sensors[0].tag: 'Loaded' is an Output; a behaviour may only write Input tags"]);
    const asInt = refused(scene, { op: 'updateTag', id: idOf(scene, 'Loaded'), changes: { type: 'Int' } });
    expect(asInt).toHaveLength(1);
    expect(asInt[0]).toMatch(/^behaviours\[1\]\.sensors\[0\]\.tag: .*'Loaded'/);
    // Renamed to a name an Output has, a bare read becomes ambiguous.
    const plant = withPlant([{ when: { rising: 'Loaded' }, then: [{ toggle: 'Low sensor' }] }]);
    expect(refused(plant, { op: 'updateTag', id: idOf(scene, 'Loaded'), changes: { name: 'Load' } })).toEqual(
      [
        `behaviours[0].when.rising: 'Load' names an Input and an Output; say which, e.g. {"name": "Load", "kind": "Output"}`,
      ],
    );
  });

  it('refuses to delete a tag the behaviours use, naming them', () => {
    const scene = sorting();
    expect(refused(scene, { op: 'deleteTag', id: idOf(scene, 'Load') })).toEqual([
      "'Load' (Output) is used by the scene's behaviours (behaviours[0], behaviours[1]); remove it from those behaviours first",
    ]);
    expect(refused(scene, { op: 'deleteTag', id: idOf(scene, 'High sensor') })).toEqual([
      "'High sensor' (Input) is used by the scene's behaviours (behaviours[0]); remove it from that behaviour first",
    ]);
  });
});

describe('the plant that runs for a scene', () => {
  it("is the scene's own behaviours when it has some", () => {
    const own: Behaviour[] = [{ when: { always: true }, then: [{ set: 'Loaded', value: true }] }];
    expect(sceneBehaviours(withPlant(own))).toEqual({ behaviours: own, source: 'scene' });
    expect(sceneBehaviours(sorting()).source).toBe('scene');
  });

  it("is the built-in's of that name when the scene has none and the built-in's fit its tags", () => {
    const { behaviours: _plant, ...tagsOnly } = sorting();
    expect(sceneBehaviours(tagsOnly)).toEqual({
      behaviours: builtinPlant(DEFAULT_SCENE_NAME)!.behaviours,
      source: 'builtin',
    });
    // Other ids (a scene imported from the real simulator) are fine: the plant names tags by name.
    const otherIds = { ...tagsOnly, tags: tagsOnly.tags.map((t, i) => ({ ...t, id: `sim-${i}` })) };
    expect(sceneBehaviours(otherIds).source).toBe('builtin');
  });

  it('is none for another name, or when the built-in plant does not fit whole', () => {
    const { behaviours: _plant, ...tagsOnly } = sorting();
    expect(sceneBehaviours({ ...tagsOnly, name: 'Line 3' })).toEqual({ behaviours: [], source: 'none' });
    const missing = { ...tagsOnly, tags: tagsOnly.tags.filter((t) => t.name !== 'High sensor') };
    expect(sceneBehaviours(missing)).toEqual({ behaviours: [], source: 'none' });
  });
});
