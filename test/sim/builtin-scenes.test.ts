// The built-in plants against straightforward controllers written for the real scenes, each
// scanned like a PLC every 10 ms of simulation time through the TagEngine (as an API client).
import { describe, expect, it } from 'vitest';
import { BUILTIN_SCENE_NAMES, builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { builtinPlant, SCENES_WITH_PLANTS } from '../../shared/scenes/builtin/builtin-plants.js';
import { validateBehaviours } from '../../shared/sim/validate-behaviours.js';
import { Bench, type Io, Rising } from './plc.js';

describe('built-in behaviours', () => {
  it('cover the scenes the issue names, and fit their reference scenes', () => {
    expect(SCENES_WITH_PLANTS).toEqual(
      expect.arrayContaining([
        'From A to B',
        'From A to B (Set and Reset)',
        'Filling Tank',
        'Level Control',
        'Sorting by Height (Basic)',
        'Queue of Items',
      ]),
    );
    for (const name of SCENES_WITH_PLANTS) {
      const { problems } = validateBehaviours(builtinPlant(name)!.behaviours, builtinScene(name)!.tags);
      expect(problems, name).toEqual([]);
      // They are plain JSON: what a scene file would hold.
      expect(JSON.parse(JSON.stringify(builtinPlant(name)!.behaviours))).toEqual(
        builtinPlant(name)!.behaviours,
      );
    }
    // Every built-in scene has a plant; a name that is no built-in scene has none.
    expect([...SCENES_WITH_PLANTS].sort()).toEqual([...BUILTIN_SCENE_NAMES].sort());
    expect(BUILTIN_SCENE_NAMES).not.toContain('Palletizer station');
    expect(builtinPlant('Palletizer station')).toBeUndefined();
  });
});

/**
 * Sorting by Height (Basic), the event-driven way the vendor's samples work: load on the pallet
 * sensor, remember the height from the sensors' edges, send low boxes left and high ones right
 * when the transfer is loaded, count as a box reaches an exit conveyor (its retro-reflective entry
 * sensor goes off) and load the next pallet then.
 */
function edgeSorter() {
  const edge = {
    pallet: new Rising(),
    low: new Rising(),
    high: new Rising(),
    loaded: new Rising(),
    left: new Rising(),
    right: new Rising(),
  };
  const m = { load: false, busy: false, left: false, right: false, sendLeft: false, counter: 0 };
  const scan = (io: Io) => {
    const pallet = io.in('Pallet sensor') === true;
    if (edge.pallet.q(pallet) && !m.busy) m.load = true;
    if (edge.low.q(io.in('Low sensor'))) m.sendLeft = true;
    if (edge.high.q(io.in('High sensor'))) m.sendLeft = false;
    if (edge.loaded.q(io.in('Loaded'))) {
      m.load = false;
      m.busy = true;
      if (m.sendLeft) m.left = true;
      else m.right = true;
    }
    for (const side of ['left', 'right'] as const) {
      // The entry sensors are retro-reflective: off while a box breaks the beam.
      if (!edge[side].q(io.in(`At ${side} entry`) === false)) continue;
      m[side] = false;
      if (pallet) m.load = true;
      m.counter++;
    }
    io.set('Conveyor entry', !pallet || m.load);
    io.set('Load', m.load);
    io.set('Transf. left', m.left);
    io.set('Transf. right', m.right);
    io.set('Conveyor left', m.counter > 0 || m.left);
    io.set('Conveyor right', m.counter > 0 || m.right);
    io.set('Counter', m.counter);
  };
  return { scan, m };
}

/** Sorting by Height (Basic) as a plain sequence: feed, measure, load, transfer, count. */
function sequenceSorter() {
  type Step = 'feed' | 'load' | 'transfer';
  const m = { step: 'feed' as Step, high: false, counter: 0, sentHigh: [] as boolean[] };
  const arrived = { loaded: new Rising(), left: new Rising(), right: new Rising() };
  const scan = (io: Io) => {
    const loaded = arrived.loaded.q(io.in('Loaded'));
    const atLeft = arrived.left.q(io.in('At left entry') === false);
    const atRight = arrived.right.q(io.in('At right entry') === false);
    if (m.step === 'feed') {
      if (io.in('High sensor') === true) m.high = true;
      if (io.in('Pallet sensor') === true) m.step = 'load';
    } else if (m.step === 'load' && loaded) {
      m.step = 'transfer';
      m.sentHigh.push(m.high);
    } else if (m.step === 'transfer' && (atLeft || atRight)) {
      m.counter++;
      m.high = false;
      m.step = 'feed';
    }
    const high = m.sentHigh[m.sentHigh.length - 1] === true;
    io.set('Conveyor entry', m.step !== 'transfer');
    io.set('Load', m.step === 'load');
    io.set('Transf. left', m.step === 'transfer' && high);
    io.set('Transf. right', m.step === 'transfer' && !high);
    io.set('Conveyor left', true);
    io.set('Conveyor right', true);
    io.set('Counter', m.counter);
  };
  return { scan, m };
}

describe('Sorting by Height (Basic)', () => {
  const scene = 'Sorting by Height (Basic)';

  it('an event-driven controller counts 10 boxes, low ones left and high ones right', () => {
    const bench = Bench.builtin(scene);
    const { scan } = edgeSorter();
    const took = bench.runUntil(scan, () => bench.io.out('Counter') === 10, 120_000);
    expect(took).toBeLessThan(65_000); // loading the next box while one is delivered: 5 s each
    const removedOrOnTheWay = sides(bench);
    expect(removedOrOnTheWay.left.every((label) => label === 'low')).toBe(true);
    expect(removedOrOnTheWay.right.every((label) => label === 'high')).toBe(true);
    expect(removedOrOnTheWay.left.length + removedOrOnTheWay.right.length).toBe(10);
    expect(removedOrOnTheWay.left.length).toBe(5);
  });

  it('a step-by-step controller counts 10 boxes, high ones left and low ones right', () => {
    const bench = Bench.builtin(scene);
    const { scan, m } = sequenceSorter();
    const took = bench.runUntil(scan, () => bench.io.out('Counter') === 10, 150_000);
    expect(took).toBeLessThan(80_000); // one box at a time: about 7 s each
    // The pallets alternate low, high, low...; the controller saw exactly that.
    expect(m.sentHigh).toEqual([false, true, false, true, false, true, false, true, false, true]);
    const { left, right } = sides(bench);
    expect(left).toEqual(['high', 'high', 'high', 'high', 'high']);
    expect(right).toEqual(['low', 'low', 'low', 'low', 'low']);
  });

  it('the light curtain sees the first (low) box arrive and wait, and the next one not yet', () => {
    const bench = Bench.builtin(scene);
    const seen: string[] = [];
    const low = new Rising();
    const high = new Rising();
    bench.runFor((io) => {
      io.set('Conveyor entry', io.in('Pallet sensor') !== true);
      if (low.q(io.in('Low sensor'))) seen.push('low sensor');
      if (high.q(io.in('High sensor'))) seen.push('high sensor');
    }, 30_000);
    // The first (low) box reaches the curtain and the entry stops with it there; the second box
    // stays short of the curtain.
    expect(seen).toEqual(['low sensor']);
    expect(bench.io.in('Low sensor')).toBe(true);
    expect(bench.io.in('Pallet sensor')).toBe(true);
    expect(bench.io.in('Loaded')).toBe(false);
  });

  it('a failure on an Output changes what the plant does: Load always off never loads', () => {
    const bench = Bench.builtin(scene);
    bench.engine.write('alwaysOff', 'name', [{ name: 'Load', value: true }]);
    const { scan, m } = edgeSorter();
    bench.runFor(scan, 30_000);
    expect(m.load).toBe(true); // the controller asks...
    expect(bench.io.in('Loaded')).toBe(false); // ...but the transfer never runs
    expect(bench.io.in('Pallet sensor')).toBe(true);
  });
});

/** The labels that went (or are going) to each exit conveyor. */
function sides(bench: Bench): { left: string[]; right: string[] } {
  const out = { left: [] as string[], right: [] as string[] };
  for (const c of bench.sim.snapshot().conveyors) {
    const side = c.name.endsWith('left') ? out.left : c.name.endsWith('right') ? out.right : undefined;
    if (!side) continue;
    for (const [label, n] of Object.entries(c.removed)) for (let i = 0; i < n; i++) side.push(label);
    side.push(...c.items.map((i) => i.label));
  }
  return out;
}

describe('From A to B', () => {
  it('Conveyor = Sensor moves box after box from A to B', () => {
    const bench = Bench.builtin('From A to B');
    const arrivals = new Rising();
    let count = 0;
    bench.runFor((io) => {
      io.set('Conveyor', io.in('Sensor'));
      if (arrivals.q(io.in('Sensor') === false)) count++;
    }, 60_000);
    // 6.4 s of travel, 2 s at B until the operator takes the box: a box every 8.4 s.
    expect(count).toBe(7);
    expect(bench.sim.snapshot().conveyors[0]!.removed).toEqual({ box: 7 });
  });

  it('the sensor is normally closed: on while nothing is at B', () => {
    const bench = Bench.builtin('From A to B');
    expect(bench.io.in('Sensor')).toBe(true);
  });
});

describe('From A to B (Set and Reset)', () => {
  it('set at A and reset at B moves every box to B', () => {
    const bench = Bench.builtin('From A to B (Set and Reset)');
    let conveyor = false;
    let count = 0;
    const atB = new Rising();
    bench.runFor((io) => {
      if (io.in('Sensor A') === false) conveyor = true;
      if (io.in('Sensor B') === false) conveyor = false;
      io.set('Conveyor', conveyor);
      if (atB.q(io.in('Sensor B') === false)) count++;
    }, 60_000);
    expect(count).toBe(7);
  });
});

describe('Queue of Items', () => {
  it('a controller that queues three items then releases them runs cycle after cycle', () => {
    const bench = Bench.builtin('Queue of Items');
    // The vendor sample's logic: load items one by one until three are queued, then release.
    const m = { unloading: false, step: 0, counter: 0, released: 0 };
    const arrive = new Rising();
    const passed = new Rising();
    const left = new Rising();
    bench.runUntil(
      (io) => {
        const atEntry = io.in('At entry') === false; // normally closed sensors
        const arrived = arrive.q(atEntry);
        const passedEntry = passed.q(!atEntry);
        const leftExit = left.q(io.in('At exit') === true);
        if (!m.unloading && m.counter === 3) m.unloading = true;
        else if (m.unloading && m.counter === 0) m.unloading = false;
        if (!m.unloading) {
          if (m.step === 0 && (io.in('Item ready') === false || atEntry)) m.step = 1;
          else if (m.step === 1 && arrived) m.step = 2;
          else if (m.step === 2 && passedEntry) {
            m.counter++;
            m.step = 0;
          }
          io.set('Entry conveyor', true);
          io.set('Buffer conveyor', m.step === 2);
        } else {
          io.set('Entry conveyor', false);
          io.set('Buffer conveyor', true);
          if (leftExit) {
            m.counter--;
            m.released++;
          }
        }
      },
      () => m.released === 9,
      120_000,
    );
    expect(bench.sim.snapshot().conveyors[1]!.removed).toEqual({ item: 9 });
  });
});

describe('Filling Tank', () => {
  it('the operator presses Fill and Discharge in turn, and off-delay timers run the valves', () => {
    const bench = Bench.builtin('Filling Tank');
    // The sample's logic: each valve stays open 8 s after its button (Discharge is normally closed).
    let fillUntil = -1;
    let dischargeUntil = -1;
    const fills = new Rising();
    const discharges = new Rising();
    const events: string[] = [];
    bench.runFor((io, t) => {
      if (io.in('Fill') === true) fillUntil = t + 8000;
      if (io.in('Discharge') === false) dischargeUntil = t + 8000;
      const fill = t < fillUntil;
      const discharge = t < dischargeUntil;
      io.set('Fill valve', fill);
      io.set('Filling', fill);
      io.set('Discharge valve', discharge);
      io.set('Discharging', discharge);
      io.set('Timer', Math.ceil(Math.max(fillUntil - t, dischargeUntil - t, 0) / 1000));
      if (fills.q(fill)) events.push(`fill ${t}`);
      if (discharges.q(discharge)) events.push(`discharge ${t}`);
    }, 60_000);
    expect(events).toEqual([
      'fill 3000', // valves closed for 3 s: the operator presses Fill
      'discharge 13500', // 2 s after the fill valve closed (at 11.5 s), Discharge
      'fill 25000',
      'discharge 35500',
      'fill 47000',
      'discharge 57500',
    ]);
  });

  it('the Discharge push button rests closed', () => {
    const bench = Bench.builtin('Filling Tank');
    bench.sim.advance(10);
    expect(bench.io.in('Discharge')).toBe(true);
    expect(bench.io.in('Fill')).toBe(false);
  });
});

describe('Level Control', () => {
  it('a PI controller brings the level to each setpoint the operator gives', () => {
    const bench = Bench.builtin('Level Control');
    let integral = 0;
    const trace: { t: number; sp: number; pv: number }[] = [];
    bench.runFor((io, t) => {
      const sp = io.in('Setpoint') as number;
      const pv = io.in('Level meter') as number;
      const error = sp - pv;
      const kp = 4;
      const ki = 0.8;
      const unclamped = kp * error + ki * integral;
      // Anti-windup: integrate only while the valve is not saturated the same way.
      if ((unclamped < 10 || error < 0) && (unclamped > 0 || error > 0)) integral += error * 0.01;
      io.set('Fill valve', Math.min(10, Math.max(0, unclamped)));
      io.set('SP', Math.trunc((sp * 300) / 10));
      io.set('PV', Math.trunc((pv * 300) / 10));
      if (t % 1000 === 0) trace.push({ t, sp, pv });
    }, 240_000);
    const at = (t: number) => trace.find((p) => p.t === t)!;
    expect(at(0).sp).toBe(7);
    expect(at(55_000).pv).toBeCloseTo(7, 0);
    expect(Math.abs(at(55_000).pv - 7)).toBeLessThan(0.1);
    expect(at(115_000).sp).toBe(3);
    expect(Math.abs(at(115_000).pv - 3)).toBeLessThan(0.1);
    expect(Math.abs(at(175_000).pv - 7)).toBeLessThan(0.1);
  });

  it('with the fill valve closed the tank drains and stays at 0', () => {
    const bench = Bench.builtin('Level Control');
    bench.runFor((io) => io.set('Fill valve', 10), 30_000);
    const full = bench.io.in('Level meter') as number;
    expect(full).toBeGreaterThan(9.5);
    bench.runFor((io) => io.set('Fill valve', 0), 120_000);
    expect(bench.io.in('Level meter')).toBeLessThan(0.02);
  });
});

describe('determinism of the built-in plants', () => {
  /** Every Input of the scene every 100 ms while `scan` runs the plant. */
  function trace(scene: string, scan: (io: Io) => void, ms: number, seed = 1): string[] {
    const bench = Bench.builtin(scene, { seed });
    const inputs = bench.engine.listTags({ kind: 'Input' }).map((t) => t.id);
    const lines: string[] = [];
    bench.runFor((io, t) => {
      scan(io);
      if (t % 100 === 0) lines.push(inputs.map((id) => String(bench.engine.getTag(id)!.value)).join(' '));
    }, ms);
    return lines;
  }

  it('the same seed gives the same trace; the seed drives the noise', () => {
    const pi = (io: Io) =>
      io.set(
        'Fill valve',
        Math.max(0, Math.min(10, 3 * ((io.in('Setpoint') as number) - (io.in('Level meter') as number)))),
      );
    const first = trace('Level Control', pi, 20_000);
    expect(trace('Level Control', pi, 20_000)).toEqual(first);
    expect(trace('Level Control', pi, 20_000, 2)).not.toEqual(first);
    const sorting = 'Sorting by Height (Basic)';
    expect(trace(sorting, edgeSorter().scan, 30_000)).toEqual(trace(sorting, edgeSorter().scan, 30_000));
  });
});
