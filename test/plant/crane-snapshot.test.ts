// What the Plant view gets of a stacker crane (shared/plant/snapshot.ts): where it is on its
// rail and mast, the cell it stands at, whether it moves and whether the platform is raised.
import { describe, expect, it } from 'vitest';
import { snapshotPlant } from '../../shared/plant/snapshot.js';
import { CRANE_TIMING } from '../../shared/scenes/builtin/automated-warehouse.js';
import { Bench } from '../sim/plc.js';

describe("the Plant view's snapshot of a stacker crane", () => {
  it('shows it at rest, on its way, and at the cell it was sent to, lifted', () => {
    const bench = Bench.builtin('Automated Warehouse');
    expect(snapshotPlant(bench.sim).cranes).toEqual([
      {
        name: 'crane',
        x: 0,
        z: 0,
        column: 0,
        level: 0,
        at: 55,
        movingX: false,
        movingZ: false,
        lifted: false,
      },
    ]);
    bench.runFor((io) => io.set('Target Position', 24), 2000);
    const moving = snapshotPlant(bench.sim).cranes![0]!;
    expect(moving).toMatchObject({ movingX: true, movingZ: true });
    expect(moving.at).toBeUndefined();
    expect(moving.x).toBeGreaterThan(0);
    expect(moving.column).toBeGreaterThan(0);
    expect(moving.column).toBeLessThan(6);
    bench.runFor((io) => io.set('Lift', true), 8000);
    // Cell 24: column 6 of the third level from the bottom.
    const { x, z } = CRANE_TIMING;
    expect(snapshotPlant(bench.sim).cranes).toEqual([
      {
        name: 'crane',
        x: x.first + 5 * x.pitch,
        z: z.first + 2 * z.pitch,
        // In places: the rail's first column stands away from the rest position, the mast's
        // first level at it.
        column: 6,
        level: 2,
        at: 24,
        movingX: false,
        movingZ: false,
        lifted: true,
      },
    ]);
    // Other plants have none: the field stays out.
    expect(snapshotPlant(Bench.builtin('Sorting by Height (Basic)').sim)).not.toHaveProperty('cranes');
  });
});
