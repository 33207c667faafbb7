// The plant of "Sorting by Height (Basic)" where its light curtain matters: `Pallet sensor`,
// `Low sensor` and `High sensor` are beams of one curtain at one place along the entry conveyor,
// as in the saved scene (docs/fidelity.md, "Geometry"). Controllers scanned through the engine.
import { describe, expect, it } from 'vitest';
import { palletSensorController, type Value } from '../../support/sorting-controller.js';
import { Bench, type Io } from '../../sim/plc.js';

const SCENE = 'Sorting by Height (Basic)';
const CURTAIN = ['Pallet sensor', 'Low sensor', 'High sensor'] as const;

/** Runs a controller of test/support (it sees these inputs, its outputs are written) on the bench. */
function scanned(scan: (inputs: Record<string, Value>) => Record<string, Value>) {
  const names = [...CURTAIN, 'Loaded', 'At left entry', 'At right entry'];
  return (io: Io) => {
    const outputs = scan(Object.fromEntries(names.map((n) => [n, io.in(n) as Value])));
    for (const [name, value] of Object.entries(outputs)) io.set(name, value);
  };
}

describe('Sorting by Height (Basic): one light curtain', () => {
  it('a pallet breaks its beams at the same moment, and one waiting there keeps the beams of its height broken', () => {
    const bench = Bench.builtin(SCENE);
    const firstOn = new Map<string, number>();
    const waiting: Record<string, Value>[] = [];
    bench.runFor((io, t) => {
      for (const name of CURTAIN) if (io.in(name) === true && !firstOn.has(name)) firstOn.set(name, t);
      io.set('Conveyor entry', io.in('Pallet sensor') !== true);
    }, 20_000);
    // The first pallet (a low box) broke the pallet beam and the low beam together...
    expect(firstOn.get('Pallet sensor')).toBeGreaterThan(0);
    expect(firstOn.get('Low sensor')).toBe(firstOn.get('Pallet sensor'));
    expect(firstOn.has('High sensor')).toBe(false);
    // ...and, stopped there, keeps the pallet and low beams broken.
    waiting.push(Object.fromEntries(CURTAIN.map((n) => [n, bench.io.in(n) as Value])));

    // Load it away; the next pallet (a high box) stops at the curtain with all three beams broken.
    const load = (io: Io) => {
      io.set('Conveyor entry', true);
      io.set('Load', true);
    };
    bench.runUntil(load, () => bench.io.in('Loaded') === true, 10_000);
    bench.io.set('Load', false);
    bench.runFor((io) => io.set('Conveyor entry', io.in('Pallet sensor') !== true), 20_000);
    waiting.push(Object.fromEntries(CURTAIN.map((n) => [n, bench.io.in(n) as Value])));
    expect(waiting).toEqual([
      { 'Pallet sensor': true, 'Low sensor': true, 'High sensor': false },
      { 'Pallet sensor': true, 'Low sensor': true, 'High sensor': true },
    ]);
  });

  it('a controller that reads the height while the pallet waits at the pallet sensor sorts 10 boxes', () => {
    const bench = Bench.builtin(SCENE);
    const { scan, m } = palletSensorController();
    bench.runUntil(scanned(scan), () => m.counter === 10, 150_000);
    expect(m.noHeight).toBe(0);
    expect(m.sent.map((s) => s.height)).toEqual(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? 'high' : 'low')),
    );
    expect(m.arrived).toEqual(m.sent.map((s) => s.side));
  });

  it('without Load nothing leaves the entry conveyor: Transf. left/right move only what is on the transfer', () => {
    // The public Web API controller of docs/fidelity.md never writes Load: it stops the pallet at
    // the pallet sensor, reads its height and pushes it sideways, with a 15 s watchdog.
    const bench = Bench.builtin(SCENE);
    const heights: string[] = [];
    let pushUntil = -1;
    bench.runFor((io, t) => {
      const pallet = io.in('Pallet sensor') === true;
      if (pushUntil < t && pallet) {
        heights.push(io.in('High sensor') === true ? 'high' : io.in('Low sensor') === true ? 'low' : 'none');
        pushUntil = t + 15_000;
      }
      const side = heights[heights.length - 1] === 'high' ? 'Transf. left' : 'Transf. right';
      io.set('Conveyor entry', !pallet);
      io.set(side, pushUntil >= t);
      io.set('Conveyor left', true);
      io.set('Conveyor right', true);
    }, 60_000);
    // It measures the same low box again and again: the pallet never leaves the curtain.
    expect(heights.length).toBeGreaterThanOrEqual(3);
    expect(new Set(heights)).toEqual(new Set(['low']));
    expect(bench.io.in('Loaded')).toBe(false);
    for (const name of ['transfer', 'to left', 'to right', 'left', 'right']) {
      expect(bench.conveyor(name), name).toMatchObject({ items: [], removed: {} });
    }
  });
});
