import { describe, expect, it } from 'vitest';
import { isSystemTag } from '../../shared/core/system-tags.js';
import { corners, layoutPlant } from '../../shared/plant/layout.js';
import type { PlantLayout } from '../../shared/plant/plant-types.js';
import { BUILTIN_SCENE_NAMES, builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { builtinPlant } from '../../shared/scenes/builtin/builtin-plants.js';
import { layoutScene } from '../../shared/scenes/scene-plant.js';
import { isConveyor } from '../../shared/sim/behaviour-types.js';
import { testScene } from '../sim/plc.js';

/** Every place a tag is drawn and counted (echo beams of a tag placed elsewhere are not). */
function placedIds(layout: PlantLayout): string[] {
  return [
    ...layout.conveyors.flatMap((c) => [
      ...c.sensors.filter((s) => !s.echo).map((s) => s.tag.id),
      ...c.drive.map((t) => t.id),
      ...c.exits.flatMap((e) => e.gates.map((t) => t.id)),
    ]),
    ...layout.parts.flatMap((p) => p.tags.map((t) => t.tag.id)),
    ...(layout.panel?.controls ?? []).map((c) => c.tag.id),
    ...layout.io.flatMap((g) => g.controls.map((c) => c.tag.id)),
  ];
}

type Poly = [number, number][];

/** Whether two convex polygons overlap by more than `slack` (separating axis theorem). */
function overlap(a: Poly, b: Poly, slack = 0.02): boolean {
  for (const poly of [a, b]) {
    for (let i = 0; i < poly.length; i++) {
      const [x1, y1] = poly[i]!;
      const [x2, y2] = poly[(i + 1) % poly.length]!;
      const len = Math.hypot(x2 - x1, y2 - y1);
      const n = [(y1 - y2) / len, (x2 - x1) / len] as const;
      const project = (p: Poly) => p.map(([x, y]) => x * n[0] + y * n[1]);
      const pa = project(a);
      const pb = project(b);
      if (Math.max(...pa) - slack <= Math.min(...pb) || Math.max(...pb) - slack <= Math.min(...pa))
        return false;
    }
  }
  return true;
}

const rect = (x: number, y: number, w: number, h: number): Poly => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];

/**
 * The solid things of a drawing: belts (not the model's travel paths), the machines drawn as
 * blocks (not a gantry over its belts, a lift or crane before them, a turntable under its
 * rollers, nor what rides another machine), the panel.
 */
function solids(layout: PlantLayout): { name: string; poly: Poly }[] {
  return [
    ...layout.conveyors
      .filter((c) => c.look !== 'path')
      .map((c) => ({ name: `conveyor ${c.name}`, poly: corners(c) })),
    ...layout.parts
      .filter((p) => !['axis', 'crane', 'elevator', 'turntable'].includes(p.part) && p.on === undefined)
      .map((p) => ({
        name: `part ${p.label}`,
        poly: rect(p.x, p.y, p.width, p.height),
      })),
    ...(layout.panel
      ? [
          {
            name: 'panel',
            poly: rect(layout.panel.x, layout.panel.y, layout.panel.width, layout.panel.height),
          },
        ]
      : []),
  ];
}

describe('layoutPlant: every built-in scene', () => {
  it.each(BUILTIN_SCENE_NAMES.map((n) => [n]))(
    '%s: every sensor and actuator tag once, nothing overlaps',
    (name) => {
      const scene = builtinScene(name)!;
      const layout = layoutScene(scene);
      const ids = placedIds(layout);
      const expected = scene.tags.filter((t) => !isSystemTag(t)).map((t) => t.id);
      expect([...ids].sort()).toEqual([...expected].sort());
      expect(new Set(ids).size).toBe(ids.length);

      const things = solids(layout);
      const clashes: string[] = [];
      for (let i = 0; i < things.length; i++)
        for (let j = i + 1; j < things.length; j++)
          if (overlap(things[i]!.poly, things[j]!.poly))
            clashes.push(`${things[i]!.name} / ${things[j]!.name}`);
      expect(clashes).toEqual([]);

      // Machines inside the drawing's box (the panels are drawn beside it).
      for (const t of things.filter((t) => t.name !== 'panel'))
        for (const [x, y] of t.poly) {
          expect(x).toBeGreaterThanOrEqual(-0.01);
          expect(y).toBeGreaterThanOrEqual(-0.01);
          expect(x).toBeLessThanOrEqual(layout.width + 0.01);
          expect(y).toBeLessThanOrEqual(layout.height + 0.01);
        }
      // Every conveyor of the plant that runs is drawn, with its sensors where the model has them.
      expect(layout.conveyors.length).toBe((scene.behaviours ?? []).filter((b) => 'conveyor' in b).length);
    },
  );
});

describe("layoutPlant: scenes of one's own", () => {
  it('follows the conveyor graph when there are no hints: a belt fed by another is right of it', () => {
    const scene = {
      ...testScene([
        ['Belt A', 'Bit', 'Output'],
        ['Belt B', 'Bit', 'Output'],
        ['At end', 'Bit', 'Input'],
      ]),
      behaviours: [
        {
          conveyor: 'a',
          length: 3,
          speed: 1,
          runs: { tag: 'Belt A', equals: true },
          feeder: {},
          exits: [{ to: 'b' }],
        },
        {
          conveyor: 'b',
          length: 2,
          speed: 1,
          runs: { tag: 'Belt B', equals: true },
          sensors: [{ tag: 'At end', from: 1.8, to: 2 }],
        },
      ],
    };
    const layout = layoutPlant(scene);
    const [a, b] = layout.conveyors;
    expect(b!.x).toBeGreaterThanOrEqual(a!.x + a!.drawnLength);
    expect(a!.drive.map((t) => t.name)).toEqual(['Belt A']);
    expect(b!.sensors.map((s) => [s.tag.name, s.from, s.to])).toEqual([['At end', 1.8, 2]]);
    expect(layout.io).toEqual([]);
  });

  it('shows a scene without behaviours as lamps (sensors) and switches (actuators), grouped by kind', () => {
    const scene = testScene([
      ['Start', 'Bit', 'Input'],
      ['Part here', 'Bit', 'Input'],
      ['Motor', 'Bit', 'Output'],
      ['Level', 'Float', 'Input'],
      ['Speed', 'Int', 'Output'],
      ['Start light', 'Bit', 'Output'],
    ]);
    const layout = layoutPlant(scene);
    expect(layout.conveyors).toEqual([]);
    expect(layout.panel?.controls.map((c) => [c.tag.name, c.control, c.colour])).toEqual([
      ['Start', 'button', 'green'],
      ['Start light', 'light', 'green'],
    ]);
    expect(layout.io.map((g) => [g.title, g.controls.map((c) => `${c.tag.name}:${c.control}`)])).toEqual([
      ['Sensors', ['Part here:lamp']],
      ['Actuators', ['Motor:switch']],
      ['Readings', ['Level:display']],
      ['Set points and counters', ['Speed:display']],
    ]);
  });

  it('takes placement hints given with the scene, and a hint naming no tag places nothing', () => {
    const scene = testScene([['Motor', 'Bit', 'Output']]);
    const withPlant = {
      ...scene,
      behaviours: [{ conveyor: 'belt', length: 2, speed: 1, runs: { tag: 'Motor', equals: true } }],
    };
    const layout = layoutPlant(withPlant, {
      conveyors: { belt: { x: 2, y: 3, angle: 90 } },
      parts: [
        {
          part: 'tank',
          label: 'Tank',
          x: 5,
          y: 0,
          width: 1,
          height: 2,
          tags: [{ tag: 'No such tag', role: 'level' }],
        },
      ],
    });
    expect(layout.conveyors[0]).toMatchObject({ x: 2, y: 3, angle: 90 });
    // The same hints carried in the scene file's own `layout` field.
    const fromFile = layoutPlant({
      ...withPlant,
      layout: { conveyors: { belt: { x: 2, y: 3, angle: 90 } } },
    });
    expect(fromFile.conveyors[0]).toMatchObject({ x: 2, y: 3, angle: 90 });
    expect(layout.parts[0]!.tags).toEqual([]);
    expect(layout.conveyors[0]!.drive.map((t) => t.name)).toEqual(['Motor']);
  });

  it('marks Stop and Emergency stop as normally closed, as the built-in scenes have them', () => {
    const layout = layoutScene(builtinScene('Sorting by Height (Basic)')!);
    const nc = (layout.panel?.controls ?? []).filter((c) => c.normallyClosed).map((c) => c.tag.name);
    expect(nc).toEqual(expect.arrayContaining(['Stop', 'Emergency stop']));
    expect(nc).not.toContain('Start');
  });

  it("puts a panel's numbered controls in number order where the first of them stands", () => {
    // Sorting Station's scene lists Counter 3, Counter 1, Counter 2, as the simulator's does.
    const scene = builtinScene('Sorting Station')!;
    expect(scene.tags.filter((t) => /^Counter/.test(t.name)).map((t) => t.name)).toEqual([
      'Counter 3',
      'Counter 1',
      'Counter 2',
    ]);
    const names = layoutScene(scene).panel!.controls.map((c) => c.tag.name);
    expect(names.filter((n) => /^Counter/.test(n))).toEqual(['Counter 1', 'Counter 2', 'Counter 3']);
    expect(names.indexOf('Counter 1')).toBeGreaterThan(names.indexOf('Manual'));
  });
});

describe("the built-in plants' layouts (shared/scenes/builtin/)", () => {
  it.each(BUILTIN_SCENE_NAMES.map((n) => [n]))(
    '%s: place every conveyor, name only real ones and real tags',
    (name) => {
      const scene = builtinScene(name)!;
      const { behaviours, layout: hints } = builtinPlant(name)!;
      const conveyors = behaviours.filter(isConveyor).map((c) => c.conveyor);
      expect(Object.keys(hints.conveyors ?? {}).sort()).toEqual([...conveyors].sort());
      // Every tag a machine names is a tag of the scene, placed on that machine (a typo would
      // leave it for the I/O panel), and every tag the panel names is on the panel.
      const layout = layoutScene(scene);
      expect(layout.parts.map((p) => p.tags.length)).toEqual((hints.parts ?? []).map((p) => p.tags.length));
      const onPanel = new Set(layout.panel?.controls.map((c) => c.tag.name));
      for (const ref of hints.panel?.tags ?? [])
        expect(onPanel).toContain(typeof ref === 'string' ? ref : 'name' in ref ? ref.name : ref.id);
    },
  );
});
