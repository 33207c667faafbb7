// A scene file's optional `layout` (issue 23: placement hints for the Plant view): validated like
// every field (each problem with its place, nothing half-loaded), written back untouched, kept
// by the editor, and described in the JSON Schema editors use.
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import { builtinPlant } from '../../shared/scenes/builtin/builtin-plants.js';
import type { PlacementHints } from '../../shared/plant/plant-types.js';
import { BUILTIN_SCENE_NAMES, builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { applySceneEdit } from '../../shared/scenes/scene-editor.js';
import { parseSceneFile, serializeScene, validateSceneJson } from '../../shared/scenes/scene-file.js';
import { formatProblem, ValidationError } from '../../shared/problems/problem-list.js';
import { sceneJsonSchema } from '../../shared/scenes/scene-schema.js';
import { sceneBehaviours } from '../../shared/scenes/scene-plant.js';
import { validateLayout } from '../../shared/scenes/scene-layout.js';

const FROM_A_TO_B = builtinScene('From A to B')!;
/** From A to B as a file with its own plant and a layout. */
const file = (layout: unknown, scene: SceneDefinition = FROM_A_TO_B) => ({
  ...(JSON.parse(serializeScene({ ...scene, behaviours: sceneBehaviours(scene).behaviours })) as object),
  layout,
});
const GOOD: PlacementHints = {
  conveyors: { belt: { x: 1, y: 2, angle: 90, width: 0.6, look: 'rollers' } },
  parts: [
    {
      part: 'station',
      label: 'Operator',
      x: 5,
      y: 1,
      width: 1,
      height: 1,
      tags: [{ tag: { name: 'Sensor', kind: 'Input' }, role: 'detected' }],
    },
  ],
  panel: { x: 0, y: 4, tags: ['Conveyor'] },
};

function problemsOf(json: unknown): string[] {
  try {
    validateSceneJson(json, 'scene.tagsim.json');
  } catch (error) {
    if (error instanceof ValidationError) return error.problems.map(formatProblem);
    throw error;
  }
  throw new Error('the file was accepted');
}

describe("a scene file's layout", () => {
  it('is read with the scene and written back untouched', () => {
    const scene = validateSceneJson(file(GOOD));
    expect(scene.layout).toEqual(GOOD);
    const text = serializeScene(scene);
    expect(JSON.parse(text)).toMatchObject({ layout: GOOD });
    expect(parseSceneFile(text)).toEqual(scene);
  });

  it('is optional: a file without one has none, and none is written', () => {
    const scene = validateSceneJson(file(undefined));
    expect(scene).not.toHaveProperty('layout');
    expect(serializeScene(scene)).not.toContain('"layout"');
  });

  it('refuses bad values with their place and a clear message, loading nothing', () => {
    const cases: [unknown, string[]][] = [
      [5, ['layout: must be an object {conveyors, parts, panel}; got number 5']],
      [
        { conveyor: {} },
        [
          "layout.conveyor: unknown field; did you mean 'conveyors'? (known fields here: conveyors, parts, panel)",
        ],
      ],
      [
        { conveyors: { belt: { x: 'left', y: 1 } } },
        ['layout.conveyors["belt"].x: must be a number of metres from -10000 to 10000; got "left"'],
      ],
      [{ conveyors: { belt: { x: 1 } } }, ['layout.conveyors["belt"].y: is missing: a number of metres']],
      [
        { conveyors: { belt: { x: 1, y: 1, width: 0 } } },
        ['layout.conveyors["belt"].width: must be a number of metres above 0 and at most 10000; got 0'],
      ],
      [
        { conveyors: { blet: { x: 1, y: 1 } } },
        ["layout.conveyors[\"blet\"]: no conveyor of this scene's plant is named 'blet' (conveyors: 'belt')"],
      ],
      [
        { parts: [{ ...GOOD.parts![0]!, part: 'robot' }] },
        [
          'layout.parts[0].part: must be one of tank, axis, crane, elevator, scale, vision, pusher, station, turntable; got "robot"',
        ],
      ],
      [
        { parts: [{ ...GOOD.parts![0]!, tags: [{ tag: 'Sensr', role: 'detected' }] }] },
        ["layout.parts[0].tags[0].tag: no tag is named 'Sensr' in this scene (names are case-sensitive)"],
      ],
      [
        { parts: [{ ...GOOD.parts![0]!, tracks: ['belt', 'shaft'], carries: ['belt'] }] },
        ["layout.parts[0].tracks[1]: no conveyor of this scene's plant is named 'shaft' (conveyors: 'belt')"],
      ],
      [
        { parts: [{ ...GOOD.parts![0]!, carries: 'belt' }] },
        ['layout.parts[0].carries: must be an array of at most 500 conveyor names; got string "belt"'],
      ],
      [
        { parts: [{ ...GOOD.parts![0]!, on: 'Gantry' }] },
        ["layout.parts[0].on: names no other machine of this layout ('Gantry'; machines: 'Operator')"],
      ],
      [
        { parts: [{ ...GOOD.parts![0]!, on: 'Operator' }] },
        ["layout.parts[0].on: names no other machine of this layout ('Operator'; machines: 'Operator')"],
      ],
      [
        { panel: { x: 1e9, y: 0 } },
        ['layout.panel.x: must be a number of metres from -10000 to 10000; got 1000000000'],
      ],
      [
        { panel: { x: 0, y: 0, tags: [{ id: 'nope' }] } },
        ["layout.panel.tags[0]: no tag has the id 'nope' in this scene"],
      ],
    ];
    for (const [layout, problems] of cases) {
      const got = problemsOf(file(layout));
      expect(
        got.map((p) => p.replace(/^scene\.tagsim\.json: /, '')),
        JSON.stringify(layout),
      ).toEqual(problems);
    }
  });

  it('checks the conveyors of the plant a file borrows from the built-in scene of its name', () => {
    const borrowed = { ...JSON.parse(serializeScene(FROM_A_TO_B)), behaviours: [] } as Record<
      string,
      unknown
    >;
    expect(validateSceneJson({ ...borrowed, layout: GOOD }).layout).toEqual(GOOD);
    expect(problemsOf({ ...borrowed, layout: { conveyors: { other: { x: 0, y: 0 } } } })).toHaveLength(1);
  });

  it('fits the hints of every built-in scene (the same shape, the same checks)', () => {
    for (const name of BUILTIN_SCENE_NAMES) {
      const hints = builtinPlant(name)?.layout;
      if (!hints) continue;
      const scene = builtinScene(name)!;
      const { problems } = validateLayout(hints, {
        tags: scene.tags,
        behaviours: sceneBehaviours(scene).behaviours,
      });
      expect(problems, name).toEqual([]);
    }
  });

  it('is kept by every edit of the scene editor', () => {
    let scene = validateSceneJson(file(GOOD));
    let n = 0;
    const newId = () => `new-${++n}`;
    for (const edit of [
      { op: 'renameScene', name: 'From A to B, my copy' },
      { op: 'addTag', kind: 'Input', type: 'Bit' },
      { op: 'moveBehaviour', index: 0, toIndex: 0 },
    ] as const) {
      const outcome = applySceneEdit(scene, edit, newId);
      if (!outcome.ok) throw new Error(outcome.problems.join('; '));
      scene = outcome.scene;
      expect(scene.layout).toEqual(GOOD);
    }
  });

  it('follows an edit that renames what it names, rather than refuse it (layout-follow.test.ts)', () => {
    const scene = validateSceneJson(file(GOOD));
    const renamed = { ...scene.behaviours![0]!, conveyor: 'main belt' };
    const outcome = applySceneEdit(scene, { op: 'updateBehaviour', index: 0, behaviour: renamed }, () => 'x');
    expect(outcome).toMatchObject({
      ok: true,
      scene: { layout: { ...GOOD, conveyors: { 'main belt': GOOD.conveyors!['belt'] } } },
    });
  });

  it('is described by the JSON Schema of scene files', () => {
    const validate = new Ajv({ allErrors: true, strict: true, strictTypes: false }).compile(
      sceneJsonSchema(),
    );
    expect(validate(file(GOOD))).toBe(true);
    for (const bad of [
      5,
      { conveyor: {} },
      { conveyors: { belt: { x: 'left', y: 1 } } },
      { panel: { x: 1e9, y: 0 } },
    ]) {
      expect(validate(file(bad)), JSON.stringify(bad)).toBe(false);
    }
  });

  it('is set or removed by the editor, checked with the file rules', () => {
    const scene = validateSceneJson(file(undefined));
    const set = applySceneEdit(scene, { op: 'setLayout', layout: GOOD }, () => 'x');
    expect(set).toMatchObject({ ok: true, scene: { layout: GOOD } });
    const bad = applySceneEdit(
      scene,
      { op: 'setLayout', layout: { conveyors: { blet: { x: 0, y: 0 } } } },
      () => 'x',
    );
    expect(bad).toEqual({
      ok: false,
      problems: [
        "layout.conveyors[\"blet\"]: no conveyor of this scene's plant is named 'blet' (conveyors: 'belt')",
      ],
    });
    const removed = applySceneEdit(
      (set as { scene: SceneDefinition }).scene,
      { op: 'setLayout', layout: null },
      () => 'x',
    );
    expect(removed.ok && removed.scene).not.toHaveProperty('layout');
  });
});
