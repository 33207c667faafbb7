// The plant of "Converge Station" against a controller written for the real scene.
import { describe, expect, it } from 'vitest';
import { Bench, Falling, type Io, Rising } from '../../sim/plc.js';

const SCENE = 'Converge Station';

/**
 * The vendor's sample: a master state machine serves line 1 whenever a box waits at its end,
 * else line 2. Line 1: `Load 1` draws the box across transfer 1 onto the exit line. Line 2:
 * `Load 2` draws the box onto transfer 2, both transfers' chains carry it left onto transfer 1,
 * then `Load 1` forwards it. A cycle ends when the box has passed `At exit`.
 */
function sampleController() {
  const ftAtExit = new Falling();
  const m = { mng: 0, trf1: 0, trf2: 0, doTransfer1: false, doTransfer2: false, delivered: 0 };
  const out = { load1: false, load2: false, left1: false, left2: false };
  const scan = (io: Io) => {
    const atEntry1 = io.in('At entry 1') === true;
    const atEntry2 = io.in('At entry 2') === true;
    const exited = ftAtExit.q(io.in('At exit'));
    if (exited) m.delivered++;
    if (m.mng === 0) {
      if (atEntry1) m.mng = 1;
      else if (atEntry2) m.mng = 2;
    } else if (m.mng === 1) {
      m.doTransfer1 = true;
      if (exited) m.mng = 0;
    } else {
      m.doTransfer2 = true;
      if (exited) m.mng = 0;
    }
    if (m.doTransfer1) {
      if (m.trf1 === 0) {
        out.load1 = false;
        if (atEntry1) m.trf1 = 1;
      } else {
        out.load1 = true;
        if (exited) {
          m.doTransfer1 = false;
          m.trf1 = 0;
        }
      }
    }
    if (m.doTransfer2) {
      if (m.trf2 === 0) {
        out.load2 = false;
        if (atEntry2) m.trf2 = 1;
      } else if (m.trf2 === 1) {
        out.load2 = true;
        if (io.in('At transfer 2') === true) m.trf2 = 2;
      } else if (m.trf2 === 2) {
        out.load2 = false;
        out.left1 = true;
        out.left2 = true;
        if (io.in('At transfer 1') === true) m.trf2 = 3;
      } else {
        out.load1 = true;
        out.left1 = false;
        out.left2 = false;
        if (exited) {
          m.doTransfer2 = false;
          m.trf2 = 0;
        }
      }
    }
    io.set('Load 1', out.load1);
    io.set('Load 2', out.load2);
    io.set('Transfer left 1', out.left1);
    io.set('Transfer left 2', out.left2);
    io.set('Conveyor 1', !atEntry1 || (out.load1 && m.doTransfer1));
    io.set('Conveyor 2', !atEntry2 || out.load2);
    io.set('Exit conveyor', io.in('At exit') === true || out.load1);
  };
  return { scan, m };
}

/** The boxes that left the plant at the end of the exit line, by the line they came from. */
function delivered(bench: Bench): Record<string, number> {
  return bench.sim.snapshot().conveyors.find((c) => c.name === 'exit')!.removed;
}

describe('Converge Station', () => {
  it("the vendor's sample merges both lines onto the exit line, box after box", () => {
    const bench = Bench.builtin(SCENE);
    const { scan, m } = sampleController();
    const order: string[] = [];
    const served = new Rising();
    const took = bench.runUntil(
      (io) => {
        scan(io);
        if (served.q(m.mng !== 0)) order.push(`line ${m.mng}`);
      },
      () => m.delivered === 10,
      300_000,
    );
    // One box every 12.5 s from alternate lines: the station keeps up with both.
    expect(took).toBeLessThan(140_000);
    expect(order).toEqual(Array.from({ length: 10 }, (_, i) => `line ${(i % 2) + 1}`));
    expect(delivered(bench)).toEqual({ 'box 1': 5, 'box 2': 5 });
  });

  it('the sensors are normally open, and a box waits at the end of its line until its transfer loads', () => {
    const bench = Bench.builtin(SCENE);
    bench.sim.advance(10);
    for (const name of ['At entry 1', 'At entry 2', 'At transfer 1', 'At transfer 2', 'At exit'])
      expect(bench.io.in(name), name).toBe(false);
    const arrived = new Rising();
    let arrivedAt = -1;
    bench.runFor((io, t) => {
      io.set('Conveyor 1', io.in('At entry 1') !== true);
      if (arrived.q(io.in('At entry 1'))) arrivedAt = t;
    }, 20_000);
    expect(arrivedAt).toBeGreaterThan(6000); // 3.2 m at 0.5 m/s
    expect(bench.io.in('At entry 1')).toBe(true);
    expect(bench.io.in('At transfer 1')).toBe(false);
    expect(delivered(bench)).toEqual({});
  });

  it("a box crosses from transfer 2 only while transfer 1's chains run too", () => {
    const bench = Bench.builtin(SCENE);
    // Bring the first box of line 2 onto transfer 2.
    bench.runUntil(
      (io) => {
        io.set('Conveyor 2', true);
        io.set('Load 2', io.in('At transfer 2') !== true);
      },
      () => bench.io.in('At transfer 2') === true,
      30_000,
    );
    bench.runFor((io) => io.set('Transfer left 2', true), 5000);
    expect(bench.io.in('At transfer 1')).toBe(false);
    bench.runUntil(
      (io) => io.set('Transfer left 1', true),
      () => bench.io.in('At transfer 1') === true,
      1000,
    );
  });
});
