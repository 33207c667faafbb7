// The plant of "Pick & Place (Basic)" against a controller written for the real scene.
import { describe, expect, it } from 'vitest';
import { builtinScene } from '../../../shared/scenes/builtin-scenes.js';
import { builtinPlant } from '../../../shared/scenes/builtin/builtin-plants.js';
import { validateBehaviours } from '../../../shared/sim/validate-behaviours.js';
import { Bench, Falling, type Io, Rising } from '../../sim/plc.js';

const SCENE = 'Pick & Place (Basic)';

/**
 * The vendor's sample, step by step: wait for a box at the entry, lower the gripper until it
 * detects the box, grab and raise, move to the exit, lower until the exit sensor sees the box,
 * release and raise, count, move back. The entry belt stops when a box arrives at its end and
 * restarts when the gantry reaches the exit; the exit belt runs once the box is put down.
 */
function sampleController() {
  const edge = {
    zStopped: new Falling(),
    xStopped: new Falling(),
    atEntry: new Rising(),
    atExit: new Rising(),
    detected: new Rising(),
  };
  const m = { state: 0, counter: 0, moveZ: false, moveX: false, grab: false, entry: true, exit: false };
  const scan = (io: Io) => {
    const zStopped = edge.zStopped.q(io.in('Moving Z'));
    const xStopped = edge.xStopped.q(io.in('Moving X'));
    const atEntry = edge.atEntry.q(io.in('Item at entry'));
    const atExit = edge.atExit.q(io.in('Item at exit'));
    const detected = edge.detected.q(io.in('Item detected'));
    switch (m.state) {
      case 0:
        if (io.in('Item at entry') === true) m.state = 1;
        break;
      case 1:
        m.moveZ = true;
        if (detected) m.state = 2;
        break;
      case 2:
        m.grab = true;
        m.moveZ = false;
        if (zStopped) m.state = 3;
        break;
      case 3:
        m.moveX = true;
        if (xStopped) {
          m.entry = true;
          m.exit = false;
          m.state = 4;
        }
        break;
      case 4:
        m.moveZ = true;
        if (atExit) m.state = 5;
        break;
      case 5:
        m.grab = false;
        m.moveZ = false;
        if (zStopped) {
          m.counter++;
          m.exit = true;
          m.state = 6;
        }
        break;
      case 6:
        m.moveX = false;
        if (xStopped) m.state = 0;
        break;
    }
    if (atEntry) m.entry = false;
    io.set('Move Z', m.moveZ);
    io.set('Move X', m.moveX);
    io.set('Grab', m.grab);
    io.set('Entry conveyor', m.entry);
    io.set('Exit conveyor', m.exit);
    io.set('Counter', m.counter);
  };
  return { scan, m };
}

/** Boxes that reached the exit belt: carried to the end of the line or still on it. */
function delivered(bench: Bench): number {
  const exit = bench.sim.snapshot().conveyors.find((c) => c.name === 'exit')!;
  return (exit.removed['box'] ?? 0) + exit.items.length;
}

describe('Pick & Place (Basic)', () => {
  it('fits the scene', () => {
    expect(validateBehaviours(builtinPlant(SCENE)!.behaviours, builtinScene(SCENE)!.tags).problems).toEqual(
      [],
    );
  });

  it("the vendor's sample controller moves 10 boxes from the entry to the exit, one per cycle", () => {
    const bench = Bench.builtin(SCENE);
    const { scan } = sampleController();
    const took = bench.runUntil(scan, () => bench.io.out('Counter') === 10, 150_000);
    // 5 s for the first box to reach the gripper, then 8 s a cycle (Z 4 x 1 s, X 2 x 2 s).
    expect(took).toBeGreaterThan(80_000);
    expect(took).toBeLessThan(90_000);
    expect(delivered(bench)).toBe(10);
    // Nothing is lost or doubled: every box the feeder made is on a belt, in the gripper or gone.
    const boxes = bench.sim
      .snapshot()
      .conveyors.reduce((n, c) => n + c.items.length + (c.removed['box'] ?? 0), 0);
    const entry = bench.sim.snapshot().conveyors.find((c) => c.name === 'entry')!;
    expect(boxes).toBe(10 + entry.items.length);
  });

  it('the axes report travelling for their travel time, and the entry sensor is normally open', () => {
    const bench = Bench.builtin(SCENE);
    expect(bench.io.in('Item at entry')).toBe(false);
    expect(bench.io.in('Item at exit')).toBe(false);
    const movingX: number[] = [];
    const movingZ: number[] = [];
    bench.runFor((io, t) => {
      io.set('Move X', t >= 1000);
      io.set('Move Z', t >= 4000);
      if (io.in('Moving X') === true) movingX.push(t);
      if (io.in('Moving Z') === true) movingZ.push(t);
    }, 7000);
    // From the scan after the command, for the travel time: X 2 s, Z 1 s.
    expect([movingX[0], movingX[movingX.length - 1]]).toEqual([1010, 3000]);
    expect([movingZ[0], movingZ[movingZ.length - 1]]).toEqual([4010, 5000]);
    expect(movingX).toHaveLength(200);
  });

  it('a box waits at the end of a stopped entry belt; lowering the gripper empty on the exit side detects nothing', () => {
    const bench = Bench.builtin(SCENE);
    bench.runFor((io) => io.set('Entry conveyor', io.in('Item at entry') !== true), 10_000);
    expect(bench.io.in('Item at entry')).toBe(true);
    expect(bench.io.in('Item detected')).toBe(false);
    const entry = () => bench.sim.snapshot().conveyors.find((c) => c.name === 'entry')!.items;
    expect(entry()[0]!.front).toBe(3);
    // Grabbing from the exit side takes nothing: the box stays at the end of the entry belt.
    bench.runFor((io, t) => {
      io.set('Move X', true);
      io.set('Move Z', t >= 13_000);
      io.set('Grab', t >= 15_000);
    }, 8000);
    expect(bench.io.in('Item detected')).toBe(false);
    expect(bench.io.in('Item at exit')).toBe(false);
    expect(entry()[0]!.front).toBe(3);
  });
});
