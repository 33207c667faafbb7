// Where the Plant view draws the Automated Warehouse's stacker crane (docs/ui.md, "Plant view"):
// the plant's snapshot says, from the crane's own tags over plant time, at which column and level
// its carriage is, where its forks are and whether the lift holds them up. A controller's
// `Target Position` sends it; it is drawn on its way while each axis travels and at the target
// once it has stopped, never back home meanwhile (what issue 32 found the drawing did).
import { describe, expect, it } from 'vitest';
import { targetPlace } from '../../shared/plant/crane-motion.js';
import type { CraneState } from '../../shared/plant/plant-types.js';
import { plantSnapshots } from '../../shared/plant/snapshot.js';
import { Bench } from '../sim/plc.js';

function warehouse() {
  const bench = Bench.builtin('Automated Warehouse');
  const snapshots = plantSnapshots(() => bench.sim, bench.engine);
  const crane = (): CraneState => snapshots().cranes![0]!;
  return { bench, crane };
}

describe('targetPlace', () => {
  it('numbers the rack by rows from the bottom, nearest column first; 55 is the load position', () => {
    expect(targetPlace(1)).toEqual({ column: 1, level: 0 });
    expect(targetPlace(9)).toEqual({ column: 9, level: 0 });
    expect(targetPlace(20)).toEqual({ column: 2, level: 2 });
    expect(targetPlace(54)).toEqual({ column: 9, level: 5 });
    expect(targetPlace(55)).toEqual({ column: 0, level: 0 });
    for (const nowhere of [0, -1, 56, 2.5]) expect(targetPlace(nowhere)).toBeUndefined();
  });
});

describe("the snapshot's stacker crane", () => {
  it('starts at the load position, forks in the middle, lift down', () => {
    const { crane } = warehouse();
    expect(crane()).toEqual({ part: 'Stacker crane', column: 0, level: 0, forks: 0, lifted: false });
  });

  it('travels to the cell it is sent to, on its way while Moving X is on, and stays there', () => {
    const { bench, crane } = warehouse();
    const seen: CraneState[] = [];
    bench.runUntil(
      (io) => {
        io.set('Target Position', 20);
        seen.push(crane());
      },
      () => seen.length > 3 && bench.io.in('Moving X') === false && bench.io.in('Moving Z') === false,
      30_000,
    );
    // On its way: between home and cell 20's column and level, further along each time.
    const between = seen.filter((s) => s.column > 0 && s.column < 2);
    expect(between.length).toBeGreaterThan(3);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.column).toBeGreaterThanOrEqual(seen[i - 1]!.column);
    expect(crane()).toMatchObject({ column: 2, level: 2 });
    // Arrived, it stays: no trip back home while the target holds.
    bench.runFor((io) => io.set('Target Position', 20), 3000);
    expect(crane()).toMatchObject({ column: 2, level: 2 });
  });

  it('shows the forks at the side they reach and the lift raising them; a reset puts it home', () => {
    const { bench, crane } = warehouse();
    bench.runUntil(
      (io) => io.set('Forks Right', true),
      () => bench.io.in('At Right') === true,
      10_000,
    );
    expect(crane().forks).toBe(1);
    bench.runFor((io) => io.set('Lift', true), 100);
    expect(crane().lifted).toBe(true);
    bench.runUntil(
      (io) => {
        io.set('Forks Right', false);
        io.set('Forks Left', true);
      },
      () => bench.io.in('At Left') === true,
      10_000,
    );
    expect(crane().forks).toBe(-1);
    bench.runUntil(
      (io) => io.set('Target Position', 9),
      () => bench.io.in('Moving X') === false && crane().column === 9,
      30_000,
    );
    bench.sim.reset();
    expect(crane()).toMatchObject({ column: 0, level: 0, forks: 0 });
  });
});
