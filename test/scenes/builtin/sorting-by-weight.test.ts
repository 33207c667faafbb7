// The plant of "Sorting by Weight" against a controller written for the real scene.
import { describe, expect, it } from 'vitest';
import type { TagValue } from '../../../shared/core/tag-types.js';
import { BOX_WEIGHTS } from '../../../shared/scenes/builtin/sorting-by-weight.js';
import { Bench, type Io, Rising } from '../../sim/plc.js';

const SCENE = 'Sorting by Weight';
const EXITS = ['left', 'forward', 'right'] as const;
type Exit = (typeof EXITS)[number];

/** The vendor's sample: a weight class from the scale's reading (kg x 2, as its display shows). */
function weightClass(weight: number): Exit | undefined {
  const w = Math.trunc(weight * 2);
  if (w < 8) return 'left';
  if (w > 8 && w < 10) return 'forward';
  if (w > 10) return 'right';
  return undefined; // 8 or 10: the sample weighs again
}

/**
 * The vendor's sample, state by state: wait for a box at the scale entry (normally closed), load
 * the scale until the box has cleared the entry sensor (the entry conveyor then stops), stop the
 * scale when `At scale` sees it, weigh 1 s later, send it left, forward or right with the wheel
 * sorter and that exit's conveyor, and start over once the box has passed the exit's entry sensor.
 * The entry conveyor runs whenever nothing waits at the scale entry, so the next box comes up.
 */
function sampleController(bench: Bench) {
  const fallen = { scaleEntry: new Rising(), left: new Rising(), forward: new Rising(), right: new Rising() };
  const m = { state: 0, timerMs: 0, weighed: [] as number[], sent: [] as Exit[], delivered: [] as Exit[] };
  const out = {
    load: false,
    send: false,
    left: false,
    right: false,
    conveyors: { left: true, forward: true, right: true },
  };
  const scan = (io: Io) => {
    const atScaleEntry = io.in('At scale entry') === true;
    // Falling edges, as the sample's F_TRIGs (a rising edge of the inverted signal).
    const clearedEntry = fallen.scaleEntry.q(atScaleEntry);
    const passed = {
      left: fallen.left.q(io.in('At left entry') !== true),
      forward: fallen.forward.q(io.in('At forward entry') !== true),
      right: fallen.right.q(io.in('At right entry') !== true),
    };
    let entry = atScaleEntry || m.state === 1;
    if (m.state === 0) {
      out.conveyors = { left: false, forward: false, right: false };
      if (!atScaleEntry) m.state = 1;
    } else if (m.state === 1) {
      out.send = out.left = out.right = false;
      out.load = true;
      if (clearedEntry) {
        entry = false;
        m.state = 2;
      }
    } else if (m.state === 2) {
      if (io.in('At scale') === true) {
        out.load = false;
        m.state = 3;
        m.timerMs = 0;
      }
    } else if (m.state === 3) {
      m.timerMs += 10;
      if (m.timerMs >= 1000) {
        const weight = io.in('Weight') as number;
        const exit = weightClass(weight);
        m.timerMs = 0;
        if (exit) {
          m.weighed.push(weight);
          m.sent.push(exit);
          m.state = 4 + EXITS.indexOf(exit);
        }
      }
    } else {
      const exit = EXITS[m.state - 4]!;
      out.load = true;
      out.send = true;
      out.left = exit === 'left';
      out.right = exit === 'right';
      out.conveyors[exit] = true;
      if (passed[exit]) {
        m.delivered.push(exit);
        m.state = 0;
      }
    }
    io.set('Entry conveyor', entry);
    io.set('Load scale', out.load);
    io.set('Send forward', out.send);
    io.set('Send left', out.left);
    io.set('Send right', out.right);
    io.set('Left conveyor', out.conveyors.left);
    io.set('Front conveyor', out.conveyors.forward);
    io.set('Right conveyor', out.conveyors.right);
    setOutput(bench, 'Weight', Math.trunc((io.in('Weight') as number) * 2));
  };
  return { scan, m };
}

/** Writes an Output whose name an Input shares ("Weight" is both), by its id. */
function setOutput(bench: Bench, name: string, value: TagValue): void {
  const tag = bench.engine.tagsNamed(name).find((t) => t.kind === 'Output')!;
  const errors = bench.engine.write('set', 'id', [{ id: tag.id, value }]);
  if (errors.length > 0) throw new Error(JSON.stringify(errors));
}

/** The labels of the boxes that went (or are going) down each exit conveyor. */
function delivered(bench: Bench): Record<Exit, string[]> {
  const out: Record<Exit, string[]> = { left: [], forward: [], right: [] };
  for (const c of bench.sim.snapshot().conveyors) {
    if (!(EXITS as readonly string[]).includes(c.name)) continue;
    const labels = out[c.name as Exit];
    for (const [label, n] of Object.entries(c.removed)) for (let i = 0; i < n; i++) labels.push(label);
    labels.push(...c.items.map((i) => i.label));
  }
  return out;
}

describe('Sorting by Weight', () => {
  it("the vendor's sample weighs 12 boxes and sends light ones left, medium forward, heavy right", () => {
    const bench = Bench.builtin(SCENE);
    const { scan, m } = sampleController(bench);
    const took = bench.runUntil(scan, () => m.delivered.length === 12, 240_000);
    expect(took).toBeLessThan(130_000); // under 10 s a box
    expect(m.delivered).toEqual(m.sent);
    // The seeded random order has every class, and each went to its exit.
    expect(new Set(m.sent)).toEqual(new Set(EXITS));
    const sorted = delivered(bench);
    expect(new Set(sorted.left)).toEqual(new Set(['light box']));
    expect(new Set(sorted.forward)).toEqual(new Set(['medium box']));
    expect(new Set(sorted.right)).toEqual(new Set(['heavy box']));
    expect(sorted.left.length + sorted.forward.length + sorted.right.length).toBe(12);
    // The scale read the box's weight, which the controller shows on the Weight display.
    expect(new Set(m.weighed.map((w) => Math.round(w * 10) / 10))).toEqual(new Set([3, 4.6, 6.2]));
    const display = bench.engine.tagsNamed('Weight').find((t) => t.kind === 'Output')!;
    expect(display.value).toBe(0); // the scale is empty again
  });

  it('the same seed sorts the same boxes; another seed another order', () => {
    const order = (seed: number) => {
      const bench = Bench.builtin(SCENE, { seed });
      const { scan, m } = sampleController(bench);
      bench.runUntil(scan, () => m.delivered.length === 6, 120_000);
      return m.sent;
    };
    expect(order(1)).toEqual(order(1));
    expect(order(2)).not.toEqual(order(1));
  });

  it('at rest the scale entry and exit sensors are on (normally closed), the scale reads 0', () => {
    const bench = Bench.builtin(SCENE);
    bench.sim.advance(10);
    expect(bench.io.in('At scale entry')).toBe(true);
    expect(bench.io.in('At scale exit')).toBe(true);
    expect(bench.io.in('At scale')).toBe(false);
    expect(bench.io.in('Weight')).toBe(0);
    expect(bench.io.in('At left entry')).toBe(false);
  });

  it('a stopped scale holds the box pushed onto it; At scale sees it wholly on; the sorter needs Send forward', () => {
    const bench = Bench.builtin(SCENE);
    const conveyor = (name: string) => bench.sim.snapshot().conveyors.find((c) => c.name === name)!;
    bench.runFor((io) => io.set('Entry conveyor', true), 8000);
    // The entry conveyor pushed the first box partly onto the scale, whose belt stands still.
    const [box] = conveyor('scale').items;
    expect(box!.front).toBeCloseTo(0, 6);
    expect(bench.io.in('At scale entry')).toBe(false); // its rear is still over the entry sensor
    expect(bench.io.in('At scale')).toBe(false);
    expect(bench.io.in('Weight')).toBe(Math.fround(BOX_WEIGHTS[box!.label]!));
    const took = bench.runUntil(
      (io) => {
        io.set('Entry conveyor', false);
        io.set('Load scale', io.in('At scale') !== true);
      },
      () => bench.io.in('At scale') === true,
      10_000,
    );
    expect(took).toBe(2800); // 1.4 m at 0.5 m/s
    expect(bench.io.in('At scale entry')).toBe(true);
    expect(bench.io.in('At scale exit')).toBe(true);
    bench.runFor((io) => io.set('Load scale', true), 2000);
    // Onto the sorter, whose wheels stand still: the box waits across the scale's end.
    expect(conveyor('sorter').items.map((i) => i.id)).toEqual([box!.id]);
    expect(bench.io.in('At scale exit')).toBe(false);
  });
});
