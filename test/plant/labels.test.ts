// The names in the Plant view (docs/ui.md, "Plant view"): the one label placer
// (shared/plant/labels.ts) gives every name of the drawing a box that overlaps no other name and
// no drawn mark (belts, beams, motors, gates, machines), near what it names. The renderer draws
// each name in its box, so these are the boxes on screen.
import { describe, expect, it } from 'vitest';
import { beltMarks, box } from '../../shared/plant/drawn-marks.js';
import {
  labelClashes,
  labelKey,
  type LabelPlan,
  placeLabels,
  type PlacedLabel,
} from '../../shared/plant/labels.js';
import { layoutPlant } from '../../shared/plant/layout.js';
import type { PlantLayout } from '../../shared/plant/plant-types.js';
import { BUILTIN_SCENE_NAMES, builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { testScene } from '../sim/plc.js';

/** The names a layout's belts carry (sensors, readouts, motors, gates), as the placer keys them. */
function beltNames(layout: PlantLayout): string[] {
  return layout.conveyors.flatMap((c) => [
    ...c.sensors.flatMap((s, i) => (s.echo ? [] : [labelKey(s.reads ? 'reading' : 'sensor', c.name, i)])),
    ...c.drive.map((_, i) => labelKey('drive', c.name, i)),
    ...c.exits.flatMap((e) => e.gates).map((_, i) => labelKey('gate', c.name, i)),
  ]);
}

/** How far a belt's name is from what it names: its motor, gate or beam (a barrier may have several), else its belt. */
function distanceFromMark(plan: LabelPlan, label: PlacedLabel): number {
  const [, kind, belt] = /^(\w+) (.*) \d+$/.exec(label.key)!;
  const named = { drive: 'motor', gate: 'gate', sensor: 'beam' }[kind!];
  const own = plan.marks.filter((m) => m.what === `${named} ${label.text}`);
  const marks =
    own.length > 0 ? own : plan.marks.filter((m) => m.what === `belt ${belt}` || m.what === `track ${belt}`);
  const b = label.box;
  let nearest = Infinity;
  for (const { poly } of marks)
    poly.forEach(([x1, y1], i) => {
      const [x2, y2] = poly[(i + 1) % poly.length]!;
      for (let t = 0; t <= 1; t += 0.02) {
        const x = x1 + (x2 - x1) * t;
        const y = y1 + (y2 - y1) * t;
        const dx = Math.max(b.x - x, 0, x - (b.x + b.width));
        const dy = Math.max(b.y - y, 0, y - (b.y + b.height));
        nearest = Math.min(nearest, Math.hypot(dx, dy));
      }
    });
  return nearest;
}

describe('labelClashes', () => {
  const at = (key: string, x: number, y: number): PlacedLabel => ({
    key,
    kind: 'sensor',
    text: key,
    box: box(x, y, 1.2, 0.24),
  });

  it('sees two names drawn over each other, and a name over a belt', () => {
    const layout = layoutPlant(builtinScene('From A to B')!);
    const marks = layout.conveyors.flatMap(beltMarks);
    const belt = layout.conveyors[0]!;
    expect(
      labelClashes({ labels: [at('a', 1, 1), at('b', 1.5, 1.1), at('c', 4, 9)], marks: [] }),
    ).toStrictEqual(['a "a" / b "b"']);
    expect(labelClashes({ labels: [at('on belt', belt.x + 0.5, belt.y - 0.1)], marks })).toStrictEqual([
      `on belt "on belt" / belt ${belt.name}`,
    ]);
  });
});

describe('placeLabels: every built-in scene', () => {
  it.each(BUILTIN_SCENE_NAMES)(
    '%s: every name placed once, clear of every other and every mark, near its belt',
    (name) => {
      const layout = layoutPlant(builtinScene(name)!);
      const plan = placeLabels(layout);
      expect(labelClashes(plan)).toStrictEqual([]);
      const keys = plan.labels.map((l) => l.key);
      expect(new Set(keys).size).toBe(keys.length);
      const names = beltNames(layout);
      expect(keys.filter((k) => !/^(part|chip|readout) /.test(k)).sort()).toStrictEqual([...names].sort());
      // A machine's title and chips are on it; a belt's names within 1.2 m of what they name.
      for (const l of plan.labels.filter((l) => names.includes(l.key)))
        expect(distanceFromMark(plan, l), `${l.key} "${l.text}"`).toBeLessThan(1.2);
      // Every label inside the drawing's frame (the view's viewBox).
      for (const l of plan.labels) {
        expect(l.box.x).toBeGreaterThanOrEqual(plan.frame.x);
        expect(l.box.y).toBeGreaterThanOrEqual(plan.frame.y);
        expect(l.box.x + l.box.width).toBeLessThanOrEqual(plan.frame.x + plan.frame.width);
        expect(l.box.y + l.box.height).toBeLessThanOrEqual(plan.frame.y + plan.frame.height);
      }
    },
  );
});

describe("placeLabels: a tank's own texts", () => {
  it.each(['Level Control', 'Filling Tank'])(
    "%s: the set point's and the valves' names are placed, so other names keep off them and the frame holds them",
    (name) => {
      const layout = layoutPlant(builtinScene(name)!);
      const plan = placeLabels(layout);
      const tank = layout.parts.find((p) => p.part === 'tank')!;
      const named = (role: string) => tank.tags.find((t) => t.role === role)?.tag.name;
      const texts = plan.labels.map((l) => l.text);
      for (const role of ['fill', 'drain'])
        expect(texts.some((t) => t.startsWith(`${named(role)} `))).toBe(true);
      const setpoint = named('setpoint');
      if (setpoint === undefined) return;
      // Drawn left of the body, at any height the set point takes: the box spans the body's height.
      const label = plan.labels.find((l) => l.text === setpoint)!;
      expect(label.box.x + label.box.width).toBeLessThan(tank.x + tank.width * 0.2);
      expect(label.box.height).toBeGreaterThan(tank.height - 1.1);
      expect(label.box.x).toBeGreaterThanOrEqual(plan.frame.x);
    },
  );
});

describe("placeLabels: a scene file's plant", () => {
  it('places long names of close sensors on a belt without hints apart', () => {
    const scene = {
      ...testScene([
        ['Infeed belt motor with a long name', 'Bit', 'Output'],
        ['Outfeed belt', 'Bit', 'Output'],
        ['Box at the very start of the infeed', 'Bit', 'Input'],
        ['Box a little further along', 'Bit', 'Input'],
        ['Box yet a little further', 'Bit', 'Input'],
        ['Divert to outfeed', 'Bit', 'Output'],
      ]),
      behaviours: [
        {
          conveyor: 'infeed',
          length: 3,
          speed: 1,
          runs: { tag: 'Infeed belt motor with a long name', equals: true },
          feeder: {},
          sensors: [
            { tag: 'Box at the very start of the infeed', from: 0.3, to: 0.35 },
            { tag: 'Box a little further along', from: 0.5, to: 0.55 },
            { tag: 'Box yet a little further', from: 0.7, to: 0.75 },
          ],
          exits: [{ to: 'outfeed', when: { tag: 'Divert to outfeed', equals: true } }],
        },
        {
          conveyor: 'outfeed',
          length: 2,
          speed: 1,
          runs: { tag: 'Outfeed belt', equals: true },
          end: 'remove' as const,
        },
      ],
    };
    const layout = layoutPlant(scene);
    const plan = placeLabels(layout);
    expect(plan.labels.map((l) => l.text).sort()).toStrictEqual(
      [
        'Box a little further along',
        'Box at the very start of the infeed',
        'Box yet a little further',
        'Divert to outfeed',
        'Infeed belt motor with a long name',
        'Outfeed belt',
      ].sort(),
    );
    expect(labelClashes(plan)).toStrictEqual([]);
  });
});
