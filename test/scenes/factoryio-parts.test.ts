// The generic plant's parts, each from a saved scene written here: hand-over where conveyors
// meet (end to start, and onto the middle of another), a conveyor with a Reverse, a curve, what
// it tells it cannot move; and a saved copy of a built-in scene, recognised by its tags and parts.
import { describe, expect, it } from 'vitest';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { builtinPlant } from '../../shared/scenes/builtin/builtin-plants.js';
import { readFactoryIoScene } from '../../shared/scenes/factoryio/read-factoryio.js';
import { builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { REFERENCE_SCENES } from '../../shared/scenes/reference-scenes.generated.js';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import { isConveyor } from '../../shared/sim/behaviour-types.js';
import { Simulation } from '../../shared/sim/simulation.js';
import {
  fioPart,
  fioTag,
  keyOf,
  writeFactoryIo,
  type FioPartSpec,
  type FioTagSpec,
} from '../support/factoryio-writer.mjs';

let address = 0;
const tag = (element: FioTagSpec['element'], name: string, more: Partial<FioTagSpec> = {}) =>
  fioTag(element, name, address++ % 200, more);
const part = fioPart;
const emitter = (at: [number, number, number], name = 'Emitter') =>
  part('Emitter', at, 0, [tag('BinaryOutput', name, { forced: true, forcedValue: true })], {
    emitter: { min: 1, max: 1, parts: ['BoxS'] },
  });
const sensor = (at: [number, number, number], name: string, yaw = 90) =>
  part('DiffusePhotoelectricSensor', at, yaw, [tag('BinaryInput', name)], { sensorRange: 1.2 });

function read(parts: FioPartSpec[], name = 'Scene.factoryio') {
  return readFactoryIoScene(writeFactoryIo({ parts }).slice(1), name);
}

/** Runs the scene's plant with these Outputs on for `ms`, noting which Inputs were ever on. */
function run(scene: SceneDefinition, outputs: string[], ms: number) {
  const engine = new TagEngine(scene);
  const sim = new Simulation(engine, scene.behaviours ?? [], { maxAdvanceMs: Infinity });
  engine.write(
    'set',
    'name',
    outputs.map((name) => ({ name, value: true })),
  );
  const everOn = new Set<string>();
  for (let t = 0; t < ms; t += 100) {
    sim.advance(100);
    for (const tag of engine.listTags({ kind: 'Input' })) if (tag.value === true) everOn.add(tag.name);
  }
  return { everOn, sim, engine };
}

describe('conveyors that meet', () => {
  it('hand items over end to start, and onto the middle of a conveyor, which is split there', () => {
    const { scene } = read([
      // A: 2 m along +X from X 0 to 2 m; B: 4 m along +X from 2 to 6 m; C: 4 m along -Z (down the
      // page) at X 5 m, from Z 2 to -2 m; D: 2 m along +X ending on C's middle at X 4.5 m.
      part('RollerConveyor2M', [8, 2, 0], 90, [tag('BinaryOutput', 'A')]),
      part('RollerConveyor4M', [32, 2, 0], 90, [tag('BinaryOutput', 'B')]),
      emitter([2, 6, 0]),
      sensor([40, 5, 5], 'On B'),
      part('RollerConveyor4M', [40, 2, 40], 180, [tag('BinaryOutput', 'C')]),
      part('RollerConveyor2M', [28, 2, 40], 90, [tag('BinaryOutput', 'D')]),
      emitter([20, 6, 40], 'Emitter D'),
      sensor([44, 5, 28], 'C after D', 180),
      sensor([44, 5, 52], 'C before D', 180),
    ]);
    const conveyors = scene.behaviours!.filter(isConveyor);
    expect(conveyors.map((c) => [c.conveyor, c.length, c.exits?.map((e) => e.to) ?? [], c.end])).toEqual([
      ['A', 2, ['B'], undefined],
      ['B', 4, [], 'remove'],
      ['C (1)', 2, ['C (2)'], undefined],
      ['C (2)', 2, [], 'remove'],
      ['D', 2, ['C (2)'], undefined],
    ]);
    const { everOn } = run(scene, ['A', 'B', 'C', 'D'], 20_000);
    expect([...everOn].filter((n) => !n.startsWith('FACTORY I/O')).sort()).toEqual(['C after D', 'On B']);
  });

  it('stop items at an end where a machine it does not move stands, and drop them where nothing does', () => {
    const { scene } = read([
      part('BeltConveyor2M', [8, 3, 0], 90, [tag('BinaryOutput', 'To turntable')]),
      part('Turntable', [21, 3, 0], 0, [tag('BinaryOutput', 'Turn')]),
      part('BeltConveyor2M', [8, 3, 30], 90, [tag('BinaryOutput', 'To floor')]),
    ]);
    const ends = scene.behaviours!.filter(isConveyor).map((c) => c.end);
    expect(ends).toEqual([undefined, 'remove']);
  });
});

describe('conveyors with a Reverse, and curves', () => {
  it('runs a DoubleBinary conveyor backwards while its Reverse is on, an emitter over it feeding its start', () => {
    const { scene } = read([
      part('RollerConveyor4M', [16, 2, 0], 90, [], {
        mode: '$C_RollerConveyor_OM_DoubleBinary_NAME',
        groups: [
          { description: 'Roll', tags: [tag('BinaryOutput', 'Line (+)')] },
          { description: 'Reverse', tags: [tag('BinaryOutput', 'Line (-)')] },
        ],
      }),
      emitter([20, 6, 0]),
    ]);
    const [line] = scene.behaviours!.filter(isConveyor);
    expect(line).toMatchObject({
      conveyor: 'Line (+)',
      length: 4,
      runs: { tag: { id: keyOf('Line (+)') } },
      reverse: { tag: { id: keyOf('Line (-)') } },
    });
    const { sim, engine } = run(scene, ['Line (+)'], 12_000);
    const belt = () => sim.snapshot().conveyors[0]!;
    const fronts = () => belt().items.map((i) => Math.round(i.front * 100) / 100);
    const fellOff = belt().removed['small box']!;
    expect(fellOff).toBeGreaterThan(0); // off the end: nothing stands there
    engine.write('force', 'name', [{ name: 'Emitter', value: false }]);
    engine.write('set', 'name', [{ name: 'Line (-)', value: true }]);
    sim.advance(12_000);
    // Back against the start, packed, none lost.
    expect(fronts().reverse()).toEqual(fronts().map((_, i) => Math.round((i + 1) * 40) / 100));
    expect(belt().removed['small box']).toBe(fellOff);
  });

  it('carries items round a curve from the straight conveyor it meets to the next', () => {
    // The public files' geometry: a clockwise roller curve at (262, 47) turned to face -Z takes
    // items from a conveyor ending at (258, 40) going +Z to one starting at (270, 51) going +X.
    const { scene } = read([
      part('RollerConveyor2M', [258, 4, 32], 0, [tag('BinaryOutput', 'In')]),
      part('CurvedRollerConveyor', [262, 4, 47], 180, [tag('BinaryOutput', 'Curve')], {
        mode: '$C_CurvedRollerConveyor_OM_CW_NAME',
      }),
      part('RollerConveyor2M', [278, 4, 51], 90, [tag('BinaryOutput', 'Out')]),
      emitter([258, 8, 26]),
      sensor([282, 7, 56], 'On out'),
    ]);
    const conveyors = scene.behaviours!.filter(isConveyor);
    expect(conveyors.map((c) => [c.conveyor, c.exits?.map((e) => e.to) ?? []])).toEqual([
      ['In', ['Curve']],
      ['Curve', ['Out']],
      ['Out', []],
    ]);
    expect(conveyors[1]!.length).toBe(2.26);
    expect(run(scene, ['In', 'Curve', 'Out'], 15_000).everOn.has('On out')).toBe(true);
  });
});

describe('what the generic plant cannot move', () => {
  it('is drawn as a box marked not simulated: an emitter over no conveyor, a sensor that sees none', () => {
    const { scene } = read([
      part('BeltConveyor2M', [8, 3, 0], 90, [tag('BinaryOutput', 'Belt')]),
      emitter([100, 6, 100], 'Lost emitter'),
      sensor([100, 5, -100], 'Lost sensor'),
    ]);
    expect(scene.layout!.parts!.map((p) => [p.label, p.simulated, p.tags.map((t) => t.role)])).toEqual([
      ['Emitter 1', false, ['switch']],
      ['Diffuse photoelectric sensor 1', false, ['lamp']],
    ]);
  });
});

describe('a saved copy of a built-in scene', () => {
  /** The built-in scene's tags as a saved scene holds them, each on its part, under another name. */
  function copyOf(name: string, edit: (tags: FioTagSpec[]) => FioTagSpec[] = (t) => t) {
    const ref = REFERENCE_SCENES.find((r) => r.name === name)!;
    const element = (t: (typeof ref.tags)[number]) =>
      (t.type === 'Bit' ? 'Binary' : t.type === 'Int' ? 'Int' : 'Analogue') + t.kind;
    const tags = edit(
      ref.tags.map((t) => ({
        element: element(t) as FioTagSpec['element'],
        name: t.name,
        address: t.address!,
        key: t.id!,
      })),
    );
    const parts = tags.map((t, i) => {
      const kind = /(Input|Output)$/.exec(t.element)?.[1];
      const prefab = ref.tags.find((r) => r.name === t.name && r.kind === kind)?.part;
      return part(prefab ?? 'DiffusePhotoelectricSensor', [i * 10, 3, 0], 0, [t]);
    });
    return readFactoryIoScene(writeFactoryIo({ parts }).slice(1), 'My sorter.factoryio');
  }

  it("gets that scene's plant and drawing, whatever the file is called", () => {
    const { scene, notes } = copyOf('Sorting by Height (Basic)');
    expect(scene.name).toBe('My sorter');
    expect(scene.behaviours).toEqual(builtinPlant('Sorting by Height (Basic)')!.behaviours);
    expect(scene.layout).toEqual(builtinPlant('Sorting by Height (Basic)')!.layout);
    expect(notes).toContain(
      'a copy of the built-in scene "Sorting by Height (Basic)": it runs that scene\'s plant',
    );
    const ids = (s: SceneDefinition) =>
      s.tags
        .filter((t) => !/^FACTORY/.test(t.name))
        .map((t) => t.id)
        .sort();
    expect(ids(scene)).toEqual(ids(builtinScene('Sorting by Height (Basic)')!));
  });

  it('is still recognised with a tag added and one renamed, but not with its sensors on other parts', () => {
    const edited = copyOf('Sorting by Height (Basic)', (tags) => [
      ...tags.map((t) => (t.name === 'Counter' ? { ...t, name: 'Boxes' } : t)),
      { element: 'BinaryInput', name: 'My extra sensor', address: 40, key: keyOf('extra') },
    ]);
    expect(edited.scene.behaviours).toEqual(builtinPlant('Sorting by Height (Basic)')!.behaviours);
    // Same names, new keys, and every sensor a capacitive one: a scene of its own.
    const other = copyOf('Sorting by Height (Basic)', (tags) =>
      tags.map((t) => ({ ...t, key: keyOf(`other ${t.key}`) })),
    );
    expect(other.notes.some((n) => n.startsWith('a copy of'))).toBe(true); // prefabs still match here
    const moved = readFactoryIoScene(
      writeFactoryIo({
        parts: [
          part('CapacitiveSensor', [0, 3, 0], 0, [
            tag('BinaryInput', 'Pallet sensor'),
            tag('BinaryInput', 'Loaded'),
          ]),
        ],
      }).slice(1),
      'Sorting by Height (Basic).factoryio',
    );
    expect(moved.notes.some((n) => n.startsWith('a copy of'))).toBe(false);
  });
});
