// The plant of "Buffer Station" against a controller written for the real scene.
import { describe, expect, it } from 'vitest';
import { Bench, type Io, Rising } from '../../sim/plc.js';

const SCENE = 'Buffer Station';

/**
 * The vendor's sample (its sensors are normally closed): run the buffer belt at the operator's
 * speed with the blade up; when a box is at the blade, lower it and run the exit belt; once the
 * box has left the blade, raise it and run the buffer belt only until the next box is there;
 * when the released box reaches `At exit`, stop the exit belt and start over.
 */
function sampleController() {
  const left = new Rising(); // the box at the blade has gone: At buffer exit back on
  const m = { state: 0, released: 0, buffer: 0, exit: 10, blade: false };
  const scan = (io: Io) => {
    const atBlade = io.in('At buffer exit') === false;
    const gone = left.q(!atBlade);
    const knob = io.in('Buffer Vel.') as number;
    if (m.state === 0) {
      m.buffer = knob;
      m.exit = 0;
      m.blade = true;
      if (atBlade) {
        m.blade = false;
        m.exit = 10;
        m.state = 1;
      }
    } else if (m.state === 1) {
      if (gone) {
        m.blade = true;
        m.released++;
        m.state = 2;
      }
    } else {
      m.buffer = atBlade ? 0 : knob;
      if (io.in('At exit') === false) m.state = 0;
    }
    io.set('Buffer conveyor', m.buffer);
    io.set('Exit conveyor', m.exit);
    io.set('Stop blade', m.blade);
  };
  return { scan, m };
}

describe('Buffer Station', () => {
  it("the vendor's sample releases the buffered boxes one at a time", () => {
    const bench = Bench.builtin(SCENE);
    const { scan, m } = sampleController();
    let mostOnExit = 0;
    const took = bench.runUntil(
      (io) => {
        scan(io);
        mostOnExit = Math.max(mostOnExit, bench.conveyor('exit').items.length);
      },
      () => m.released === 10,
      300_000,
    );
    // The first box takes 16 s down the buffer belt at 7 V; then a box every 7.6 s.
    expect(took).toBeLessThan(90_000);
    // One box travels while the one before waits at At exit, never more.
    expect(mostOnExit).toBe(2);
    expect(bench.conveyor('exit').removed).toEqual({ box: 9 });
    // Boxes come faster than they are released: the next ones wait in the buffer.
    expect(bench.conveyor('buffer').items.length).toBeGreaterThanOrEqual(3);
  });

  it('boxes queue against the raised blade while the belt runs, and At buffer exit is normally closed', () => {
    const bench = Bench.builtin(SCENE);
    bench.sim.advance(10);
    expect(bench.io.in('At buffer exit')).toBe(true);
    expect(bench.io.in('At exit')).toBe(true);
    expect(bench.io.in('Buffer Vel.')).toBe(7);
    bench.runFor((io) => {
      io.set('Stop blade', true);
      io.set('Buffer conveyor', 10);
      io.set('Exit conveyor', 10);
    }, 40_000);
    expect(bench.io.in('At buffer exit')).toBe(false);
    const fronts = bench.conveyor('buffer').items.map((i) => Number(i.front.toFixed(3)));
    expect(fronts.slice(0, 3)).toEqual([6, 5.5, 5]);
    expect(bench.conveyor('exit').items).toEqual([]);
  });

  it('the belt speed follows its Float Output: at 0 V nothing moves, at 5 V half as fast as at 10 V', () => {
    const travelled = (volts: number) => {
      const bench = Bench.builtin(SCENE);
      bench.runFor((io) => io.set('Buffer conveyor', volts), 4000);
      return bench.conveyor('buffer').items[0]!.front - 0.5;
    };
    expect(travelled(0)).toBe(0);
    expect(travelled(5)).toBeCloseTo(1, 5);
    expect(travelled(10)).toBeCloseTo(2, 5);
  });
});
