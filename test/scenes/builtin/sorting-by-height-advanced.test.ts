// The plant of "Sorting by Height (Advanced)" against a controller written for the real scene.
import { describe, expect, it } from 'vitest';
import { Bench, Falling, type Io, Rising } from '../../sim/plc.js';

const SCENE = 'Sorting by Height (Advanced)';

/**
 * The vendor's sample: a FIFO of heights taken as boxes pass the height sensors; the entry
 * conveyor stops a box at the turntable entry until the turntable takes it. High boxes: load
 * until the box is aboard (At back falls), turn, unload backwards onto the right conveyor, turn
 * back. Low boxes: load, turn while loading on to the front stop, then load forwards onto the
 * left conveyor, turn back. The exit conveyors run from a box's arrival until it has left.
 */
function sampleController() {
  const rt = { low: new Rising(), right: new Rising(), left: new Rising() };
  const ft = {
    back: new Falling(),
    rightEntry: new Falling(),
    leftEntry: new Falling(),
    rightExit: new Falling(),
    leftExit: new Falling(),
    tableEntry: new Falling(),
  };
  const fifo: boolean[] = [];
  const m = { table: 0, entryState: 0, sent: [] as string[], leftRight: { left: 0, right: 0 } };
  const out = { entry: false, load: false, unload: false, turn: false, right: false, left: false };
  const scan = (io: Io) => {
    const atTableEntry = io.in('At turntable entry') === true;
    const low = rt.low.q(io.in('Low box'));
    const arrivedRight = rt.right.q(io.in('At right entry'));
    const arrivedLeft = rt.left.q(io.in('At left entry'));
    const aboard = ft.back.q(io.in('At back'));
    const offRight = ft.rightEntry.q(io.in('At right entry'));
    const offLeft = ft.leftEntry.q(io.in('At left entry'));
    const leftRightExit = ft.rightExit.q(io.in('At right exit'));
    const leftLeftExit = ft.leftExit.q(io.in('At left exit'));
    const leftTableEntry = ft.tableEntry.q(atTableEntry);

    if (m.entryState === 0) out.entry = !atTableEntry;
    else {
      out.entry = true;
      if (leftTableEntry) m.entryState = 0;
    }
    let feeder = out.entry;
    if (io.in('At entry') !== true) feeder = true;
    if (!atTableEntry) out.entry = true;
    if (arrivedRight) out.right = true;
    if (leftRightExit) {
      out.right = false;
      m.leftRight.right++;
    }
    if (arrivedLeft) out.left = true;
    if (leftLeftExit) {
      out.left = false;
      m.leftRight.left++;
    }
    if (low) fifo.push(io.in('High box') === true);

    switch (m.table) {
      case 0:
        if (atTableEntry && fifo.length > 0) {
          const high = fifo.shift()!;
          m.sent.push(high ? 'high' : 'low');
          m.table = high ? 10 : 20;
          m.entryState = 1;
        }
        break;
      case 10:
        out.load = true;
        if (aboard) {
          out.load = false;
          out.turn = true;
          m.table = 11;
        }
        break;
      case 11:
        if (io.in('At unload position') === true) {
          out.unload = true;
          m.table = 12;
        }
        break;
      case 12:
        if (offRight) {
          out.turn = false;
          out.unload = false;
          m.table = 13;
        }
        break;
      case 13:
      case 24:
        if (io.in('At load position') === true) m.table = 0;
        break;
      case 20:
        out.entry = true;
        out.load = true;
        if (aboard) {
          out.entry = false;
          out.turn = true;
          m.table = 21;
        }
        break;
      case 21:
        if (io.in('At front') === true) {
          out.load = false;
          m.table = 22;
        }
        break;
      case 22:
        if (io.in('At unload position') === true) {
          out.load = true;
          m.table = 23;
        }
        break;
      case 23:
        if (offLeft) {
          out.load = false;
          out.turn = false;
          m.table = 24;
        }
        break;
    }
    io.set('Feeder conveyor', feeder);
    io.set('Entry conveyor', out.entry);
    io.set('Load', out.load);
    io.set('Unload', out.unload);
    io.set('Turn', out.turn);
    io.set('Right conveyor', out.right);
    io.set('Left conveyor', out.left);
  };
  return { scan, m };
}

/**
 * A plain step-by-step controller, one box at a time: bring it to the turntable entry, load it
 * to the front stop, turn, then send it out of the front (Load: left) when low or out of the back
 * (Unload: right) when high, and turn back. The heights are noted as boxes pass the sensors (the
 * entry conveyor carries the next box past them while loading one).
 */
function stepController() {
  type Step = 'feed' | 'load' | 'turn' | 'send' | 'return';
  const m = { step: 'feed' as Step, high: false, sent: [] as string[] };
  const heights: boolean[] = [];
  const passed = new Rising();
  const gone = { left: new Falling(), right: new Falling() };
  const scan = (io: Io) => {
    const offLeft = gone.left.q(io.in('At left entry'));
    const offRight = gone.right.q(io.in('At right entry'));
    if (passed.q(io.in('Low box'))) heights.push(io.in('High box') === true);
    if (m.step === 'feed') {
      if (io.in('At turntable entry') === true) {
        m.high = heights.shift() === true;
        m.step = 'load';
      }
    } else if (m.step === 'load' && io.in('At front') === true) m.step = 'turn';
    else if (m.step === 'turn' && io.in('At unload position') === true) m.step = 'send';
    else if (m.step === 'send' && (offLeft || offRight)) {
      m.sent.push(m.high ? 'high' : 'low');
      m.step = 'return';
    } else if (m.step === 'return' && io.in('At load position') === true) m.step = 'feed';
    const feeding = m.step === 'feed';
    io.set('Feeder conveyor', feeding);
    io.set('Entry conveyor', feeding || m.step === 'load');
    io.set('Load', m.step === 'load' || (m.step === 'send' && !m.high));
    io.set('Unload', m.step === 'send' && m.high);
    io.set('Turn', m.step === 'turn' || m.step === 'send');
    io.set('Left conveyor', true);
    io.set('Right conveyor', true);
  };
  return { scan, m };
}

/** What left the plant at the end of the left and the right conveyor, by label. */
function sorted(bench: Bench): { left: Record<string, number>; right: Record<string, number> } {
  const removed = (name: string) => bench.sim.snapshot().conveyors.find((c) => c.name === name)!.removed;
  return { left: removed('left'), right: removed('right') };
}

/** How many of each label a list of labels has. */
function counted(labels: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const l of labels) out[l] = (out[l] ?? 0) + 1;
  return out;
}

describe('Sorting by Height (Advanced)', () => {
  it("the vendor's sample sends high boxes right and low boxes left over the turntable", () => {
    const bench = Bench.builtin(SCENE);
    const { scan, m } = sampleController();
    const took = bench.runUntil(scan, () => m.leftRight.left + m.leftRight.right === 10, 300_000);
    // A box every 8 s (as they come), once the first has come down both conveyors.
    expect(took).toBeLessThan(100_000);
    const { left, right } = sorted(bench);
    const sent = counted(m.sent.slice(0, 10));
    expect(left).toEqual({ low: sent.low });
    expect(right).toEqual({ high: sent.high });
    expect(sent.low).toBeGreaterThan(0); // the seeded order has both heights
    expect(sent.high).toBeGreaterThan(0);
  });

  it('a step-by-step controller that loads every box to the front stop sorts them too', () => {
    const bench = Bench.builtin(SCENE);
    const { scan, m } = stepController();
    bench.runUntil(scan, () => m.sent.length === 10, 300_000);
    // The same seeded boxes as the sample's, in the same order.
    const sample = sampleController();
    const other = Bench.builtin(SCENE);
    other.runUntil(sample.scan, () => sample.m.sent.length === 10, 300_000);
    expect(m.sent).toEqual(sample.m.sent);
    const { left, right } = sorted(bench);
    const sent = counted(m.sent);
    // The last box may still be on its way out.
    expect(left.low ?? 0).toBeGreaterThanOrEqual((sent.low ?? 0) - 1);
    expect(right.high ?? 0).toBeGreaterThanOrEqual((sent.high ?? 0) - 1);
    expect(left.high).toBeUndefined();
    expect(right.low).toBeUndefined();
  });

  it('the turntable takes 2 s to turn either way, and loads only at the load position', () => {
    const bench = Bench.builtin(SCENE);
    bench.sim.advance(10);
    expect(bench.io.in('At load position')).toBe(true);
    expect(bench.io.in('At unload position')).toBe(false);
    for (const name of ['At entry', 'At turntable entry', 'At back', 'At front', 'Low box', 'High box'])
      expect(bench.io.in(name), name).toBe(false);
    // Bring the first box to the turntable entry, then turn before loading.
    bench.runUntil(
      (io) => {
        io.set('Feeder conveyor', true);
        io.set('Entry conveyor', io.in('At turntable entry') !== true);
      },
      () => bench.io.in('At turntable entry') === true,
      30_000,
    );
    const turned = bench.runUntil(
      (io) => io.set('Turn', true),
      () => bench.io.in('At unload position') === true,
      5000,
    );
    expect(turned).toBeGreaterThanOrEqual(2000);
    expect(turned).toBeLessThan(2100);
    expect(bench.io.in('At load position')).toBe(false);
    // Loading now does not draw the box off the entry conveyor.
    bench.runFor((io) => {
      io.set('Load', true);
      io.set('Entry conveyor', true);
    }, 3000);
    expect(bench.io.in('At back')).toBe(false);
    expect(bench.io.in('At turntable entry')).toBe(true);
    const back = bench.runUntil(
      (io) => io.set('Turn', false),
      () => bench.io.in('At load position') === true,
      5000,
    );
    expect(back).toBeGreaterThanOrEqual(2000);
    expect(back).toBeLessThan(2100);
    // Back at the load position, Load draws the box aboard (At back sees it coming on).
    bench.runUntil(
      () => undefined,
      () => bench.io.in('At back') === true,
      1000,
    );
  });
});
