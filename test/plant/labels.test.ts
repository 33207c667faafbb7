// The names in the Plant view (docs/ui.md, "Plant view"): the one label placer
// (shared/plant/labels.ts) gives every name the drawing writes beside a belt's mark a box that
// overlaps no other name, no drawn mark and no fault badge, near what it names, and joins a name
// that had to go further than LEADER_FROM to its mark with a leader line. The renderer draws each
// name in its box, so these are the boxes on screen.
import { describe, expect, it } from 'vitest';
import { beltMarks, box, boxPoly, type Poly, polysOverlap } from '../../shared/plant/drawn-marks.js';
import {
  labelClashes,
  LEADER_FROM,
  type LabelPlan,
  placeLabels,
  type PlacedLabel,
} from '../../shared/plant/labels.js';
import { layoutScene } from '../../shared/scenes/scene-plant.js';
import { BUILTIN_SCENE_NAMES, builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { testScene } from '../sim/plc.js';

/** The spots of a plan that are named beside their mark: beams, zones, motors and gates of belts. */
function namedSpots(plan: LabelPlan): string[] {
  return plan.spots.spots.filter((s) => s.owner.startsWith('belt ') && s.kind !== 'reader').map((s) => s.key);
}

/** How far a point is from a polygon's edges, exactly. */
function pointToEdges([px, py]: readonly [number, number], poly: Poly): number {
  let nearest = Infinity;
  poly.forEach(([x1, y1], i) => {
    const [x2, y2] = poly[(i + 1) % poly.length]!;
    const len2 = (x2 - x1) ** 2 + (y2 - y1) ** 2;
    const t =
      len2 === 0 ? 0 : Math.min(1, Math.max(0, ((px - x1) * (x2 - x1) + (py - y1) * (y2 - y1)) / len2));
    nearest = Math.min(nearest, Math.hypot(px - (x1 + (x2 - x1) * t), py - (y1 + (y2 - y1) * t)));
  });
  return nearest;
}

/** How far a label's box is from a polygon (its mark's body). */
function distance(b: PlacedLabel['box'], poly: Poly): number {
  let nearest = Infinity;
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
    const layout = layoutScene(builtinScene('From A to B')!);
    const marks = layout.conveyors.flatMap((c) => beltMarks(c));
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
    '%s: every name placed once, clear of every other, every mark and badge, joined to its mark when away from it',
    (name) => {
      const layout = layoutScene(builtinScene(name)!);
      const plan = placeLabels(layout);
      expect(labelClashes(plan)).toStrictEqual([]);
      const keys = plan.labels.map((l) => l.key);
      expect([...keys].sort()).toStrictEqual(namedSpots(plan).sort());
      for (const l of plan.labels) {
        const body = plan.spots.byKey.get(l.key)!.body;
        const away = distance(l.box, body);
        // Near its mark, or joined to it: a leader from the name's box to the mark's edge.
        expect(away, `${l.key} "${l.text}"`).toBeLessThan(2);
        if (away > LEADER_FROM + 0.01) {
          expect(l.leader, `${l.key} "${l.text}" is ${away.toFixed(2)} m away`).toBeDefined();
          expect(pointToEdges(l.leader!.from, boxPoly(l.box))).toBeLessThan(0.001);
          expect(pointToEdges(l.leader!.to, body)).toBeLessThan(0.001);
        } else expect(l.leader).toBeUndefined();
      }
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
    "%s: the set point's and the valves' texts are marks of their own, so names keep off them and the frame holds them",
    (name) => {
      const layout = layoutScene(builtinScene(name)!);
      const plan = placeLabels(layout);
      const tank = layout.parts.find((p) => p.part === 'tank')!;
      const named = (role: string) => tank.tags.find((t) => t.role === role)?.tag;
      const spotOf = (role: string) => plan.spots.spots.find((s) => s.tag.id === named(role)?.id);
      for (const role of ['fill', 'drain']) expect(spotOf(role)?.kind).toBe('valve');
      const inFrame = (poly: Poly) =>
        poly.every(
          ([x, y]) =>
            x >= plan.frame.x &&
            y >= plan.frame.y &&
            x <= plan.frame.x + plan.frame.width &&
            y <= plan.frame.y + plan.frame.height,
        );
      for (const s of plan.spots.spots)
        expect(inFrame(s.body) && inFrame(boxPoly(s.badge)), s.key).toBe(true);
      if (!named('setpoint')) return;
      // Drawn left of the body, at any height the set point takes: its box spans the body's height.
      const ys = spotOf('setpoint')!.body.map(([, y]) => y);
      const xs = spotOf('setpoint')!.body.map(([x]) => x);
      expect(Math.max(...xs)).toBeLessThan(tank.x + tank.width * 0.2);
      expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(tank.height - 1.1);
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
    const layout = layoutScene(scene);
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

describe("placeLabels: a lift's car", () => {
  it.each(['Elevator (Basic)', 'Elevator (Advanced)', 'Palletizer'])(
    "%s: the car's names cover no other name at any height of its shaft",
    (name) => {
      const layout = layoutScene(builtinScene(name)!);
      const plan = placeLabels(layout);
      for (const lift of layout.parts.filter((p) => p.tracks.length > 0)) {
        const carried = new Set(lift.carries.map((c) => `belt ${c}`));
        const rides = (l: PlacedLabel) => carried.has(plan.spots.byKey.get(l.key)!.owner);
        const tracks = layout.conveyors.filter((c) => lift.tracks.includes(c.name));
        const ys = tracks.flatMap((c) => [c.y, c.y + Math.sin((c.angle * Math.PI) / 180) * c.drawnLength]);
        const home = tracks[0]!.y;
        const car = plan.labels.filter(rides);
        const others = plan.labels.filter((l) => !rides(l));
        expect(car.length).toBeGreaterThan(0);
        const clashes: string[] = [];
        for (let dy = Math.min(...ys) - home; dy <= Math.max(...ys) - home + 1e-9; dy += 0.05)
          for (const a of car) {
            const moved = boxPoly(box(a.box.x, a.box.y + dy, a.box.width, a.box.height));
            for (const b of others)
              if (polysOverlap(moved, boxPoly(b.box)))
                clashes.push(`${a.text} at ${dy.toFixed(2)} / ${b.text}`);
          }
        expect(clashes).toStrictEqual([]);
      }
    },
  );
});
