// The stacker crane behaviour (docs/simulation.md, "Stacker cranes"): its checks, and how it runs
// on a small rack of 3 columns and 2 levels, on a plant of its own.
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../shared/problems/problem-list.js';
import type { StackerCrane } from '../../shared/sim/behaviour-types.js';
import { validateBehaviours } from '../../shared/sim/validate-behaviours.js';
import { Bench, testScene } from './plc.js';

const TAGS: readonly (readonly [string, 'Bit' | 'Int' | 'Float', 'Input' | 'Output'])[] = [
  ['Target', 'Int', 'Output'],
  ['Moving X', 'Bit', 'Input'],
  ['Moving Z', 'Bit', 'Input'],
  ['Lift', 'Bit', 'Output'],
  ['Level', 'Float', 'Input'],
];

/** 3 × 2 cells; X 1 s + 1 m/s from 2 m, 1 m apart; Z 0.5 s + 1 m/s from 0, 2 m apart; lift 0.8 s. */
const CRANE: StackerCrane = {
  stackerCrane: 'crane',
  target: { name: 'Target', kind: 'Output' },
  movingX: { name: 'Moving X', kind: 'Input' },
  movingZ: { name: 'Moving Z', kind: 'Input' },
  lift: { name: 'Lift', kind: 'Output' },
  liftMs: 800,
  columns: 3,
  levels: 2,
  x: { first: 2, pitch: 1, speed: 1, startStopMs: 1000 },
  z: { first: 0, pitch: 2, speed: 1, startStopMs: 500 },
};

const problems = (behaviours: unknown) =>
  validateBehaviours(behaviours, testScene(TAGS).tags).problems.map(formatProblem);

/** How long each Moving tag stays on after the target is set (ms, from the write). */
function travel(bench: Bench, target: number): { x: number; z: number } {
  let x = 0;
  let z = 0;
  bench.runFor((io) => {
    io.set('Target', target);
    if (io.in('Moving X') === true) x += 10;
    if (io.in('Moving Z') === true) z += 10;
  }, 10_000);
  return { x, z };
}

describe('a stacker crane', () => {
  it('is checked: its tags, their types, the lift with its time, unique names, one driver per tag', () => {
    expect(problems([CRANE])).toEqual([]);
    const { liftMs: _, ...withoutLiftMs } = CRANE;
    expect(
      problems([
        { ...withoutLiftMs, target: 'Level', movingX: 'Lift', lift: 'Level' },
        { ...CRANE, columns: 0, x: { first: 0, pitch: 0, speed: 1 } },
        { when: { always: true }, then: [{ set: 'Moving Z', value: true }] },
      ]),
    ).toEqual([
      "behaviours[0].target: the crane's target is an Int Output the controller writes; 'Level' is a Float Input",
      "behaviours[0].movingX: 'Lift' is an Output; a behaviour may only write Input tags",
      "behaviours[0].lift: the lift is a Bit Output; 'Level' is a Float",
      'behaviours[0].liftMs: is missing: how long the lift takes to raise or lower the platform',
      "behaviours[1].stackerCrane: behaviours[0] is already a stacker crane named 'crane'; names must be unique",
      'behaviours[1].columns: must be a whole number of at least 1; got 0',
      'behaviours[1].x.pitch: must be above 0; got 0',
      "behaviours[1].movingZ: 'Moving Z' is already driven by a stacker crane (behaviours[0]), which sets it every step; remove one of the two",
      "behaviours[2].then[0].set: 'Moving Z' is already driven by a stacker crane (behaviours[0]), which sets it every step; remove one of the two",
    ]);
  });

  it('never throws on odd JSON in a crane, and says what is wrong', () => {
    const odd: unknown[] = [
      { stackerCrane: 1, target: [], movingX: null, columns: 'a', x: null, z: { first: -1 } },
      { stackerCrane: ' ', target: { id: 5 }, lift: {}, liftMs: -1, levels: 1e9, x: [], z: 'z' },
      {
        stackerCrane: 'c',
        target: 'Target',
        movingX: 'Moving X',
        movingZ: 'Moving X',
        columns: 1,
        levels: 1,
      },
    ];
    for (const raw of odd) {
      const found = problems([raw]);
      expect(found.length, JSON.stringify(raw)).toBeGreaterThan(0);
      for (const line of found) expect(line).toMatch(/^behaviours\[0\]/);
    }
  });

  it('travels each axis its start-stop time plus its distance, both at once, from where it is', () => {
    const bench = new Bench(testScene(TAGS), [CRANE]);
    // Cell 6: column 3 (4 m), level 1 (2 m): X 1 s + 4 s, Z 0.5 s + 2 s.
    expect(travel(bench, 6)).toEqual({ x: 5000, z: 2500 });
    // To cell 4, the same level: X only, two columns back.
    expect(travel(bench, 4)).toEqual({ x: 3000, z: 0 });
    // Above the cells: the rest position at 0, 0.
    expect(travel(bench, 99)).toEqual({ x: 3000, z: 2500 });
    expect(bench.sim.snapshot().cranes[0]).toMatchObject({ x: 0, z: 0, at: 7 });
  });

  it('stops where it is at 0 or below, and goes on from there; a new target turns it at once', () => {
    const bench = new Bench(testScene(TAGS), [CRANE]);
    // To column 3 (4 m) takes 5 s, along which it moves evenly: half way after 2.5 s.
    bench.runFor((io) => io.set('Target', 3), 2500);
    bench.runFor((io) => io.set('Target', -1), 10);
    expect(bench.sim.snapshot().cranes[0]).toMatchObject({ x: 2, movingX: false });
    // At 2 m stands cell 1: no move at all; to cell 2 (3 m): 1 s + 1 m at 1 m/s.
    expect(travel(bench, 1)).toEqual({ x: 0, z: 0 });
    expect(bench.sim.snapshot().cranes[0]!.at).toBe(1);
    expect(travel(bench, 2)).toEqual({ x: 2000, z: 0 });
    // Sent to column 3, then at once back to the rest position: it turns round where it is.
    bench.runFor((io) => io.set('Target', 3), 1000);
    const { x } = bench.sim.snapshot().cranes[0]!;
    expect(x).toBeGreaterThan(3);
    expect(travel(bench, 7).x).toBeCloseTo(1000 + x * 1000, -2);
  });

  it('lifts in liftMs while it has a target, and holds the platform still at 0', () => {
    const bench = new Bench(testScene(TAGS), [CRANE]);
    let z = 0;
    bench.runFor((io) => {
      io.set('Lift', true);
      if (io.in('Moving Z') === true) z += 10;
    }, 2000);
    expect([z, bench.sim.snapshot().cranes[0]!.lifted]).toEqual([0, false]);
    bench.runFor((io) => {
      io.set('Target', 7);
      if (io.in('Moving Z') === true) z += 10;
    }, 2000);
    expect([z, bench.sim.snapshot().cranes[0]!.lifted]).toEqual([800, true]);
  });
});
