// The plant of "Sorting Station" against a controller written for the real scene.
import { describe, expect, it } from 'vitest';
import { Bench, type Io, Rising } from '../../sim/plc.js';

const SCENE = 'Sorting Station';

/**
 * The vendor's sample: the feeder runs the entry conveyor until the vision sensor sees a part;
 * if the sorters are free it picks one by the part's code (1 blue raw material: sorter 1, 4 green
 * raw material: sorter 2, anything else: sorter 3) and lets the part pass the sensor, else it
 * stops the entry until they are. The chosen sorter (arm turned, belt running) and the exit
 * conveyor run until a part has passed `At exit` (normally closed).
 */
function sampleController() {
  const passedExit = new Rising();
  const m = { feeder: 0, sorter: 0, seen: [] as number[], sorted: [] as number[] };
  const scan = (io: Io) => {
    const vision = io.in('Vision sensor') as number;
    const passed = passedExit.q(io.in('At exit') === true) && m.sorter !== 0;
    let entry = true;
    if (m.feeder === 0) {
      if (vision !== 0) {
        if (m.sorter === 0) {
          m.sorter = vision === 1 ? 1 : vision === 4 ? 2 : 3;
          m.seen.push(vision);
          m.feeder = 1;
        } else {
          entry = false;
        }
      }
    } else if (vision === 0) {
      m.feeder = 0;
    }
    if (passed) {
      m.sorted.push(m.sorter);
      m.sorter = 0;
    }
    io.set('Entry conveyor', entry);
    io.set('Exit conveyor', m.sorter !== 0);
    for (const n of [1, 2, 3]) {
      io.set(`Sorter ${n} turn`, m.sorter === n);
      io.set(`Sorter ${n} belt`, m.sorter === n);
    }
  };
  return { scan, m };
}

/** The labels of the parts that went down each ramp. */
function ramps(bench: Bench): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const c of bench.sim.snapshot().conveyors) {
    if (!c.name.startsWith('ramp')) continue;
    out[c.name] = [];
    for (const [label, n] of Object.entries(c.removed)) for (let i = 0; i < n; i++) out[c.name]!.push(label);
    out[c.name]!.push(...c.items.map((i) => i.label));
  }
  return out;
}

describe('Sorting Station', () => {
  it("the vendor's sample sorts 12 parts by the vision sensor's code, one ramp per kind", () => {
    const bench = Bench.builtin(SCENE);
    const { scan, m } = sampleController();
    const took = bench.runUntil(scan, () => m.sorted.length === 12, 180_000);
    expect(took).toBeLessThan(140_000); // about 10 s a part
    expect(new Set(m.seen)).toEqual(new Set([1, 4, 7])); // the emitter's raw materials, seeded
    expect(m.sorted).toEqual(m.seen.slice(0, 12).map((code) => (code === 1 ? 1 : code === 4 ? 2 : 3)));
    const sorted = ramps(bench);
    expect(new Set(sorted['ramp 1'])).toEqual(new Set(['blue raw material']));
    expect(new Set(sorted['ramp 2'])).toEqual(new Set(['green raw material']));
    expect(new Set(sorted['ramp 3'])).toEqual(new Set(['metal raw material']));
    expect(sorted['ramp 1']!.length + sorted['ramp 2']!.length + sorted['ramp 3']!.length).toBe(12);
  });

  it('the vision sensor reads 0 with nothing in view and the code of the part under it', () => {
    const bench = Bench.builtin(SCENE);
    bench.sim.advance(10);
    expect(bench.io.in('Vision sensor')).toBe(0);
    expect(bench.io.in('At exit')).toBe(true); // normally closed
    const took = bench.runUntil(
      (io) => io.set('Entry conveyor', io.in('Vision sensor') === 0),
      () => bench.io.in('Vision sensor') !== 0,
      20_000,
    );
    expect(took).toBe(5200); // the part's front from 0.4 m to the sensor at 3 m
    const [part] = bench.sim.snapshot().conveyors[0]!.items;
    const codes: Record<string, number> = {
      'blue raw material': 1,
      'green raw material': 4,
      'metal raw material': 7,
    };
    bench.runFor((io) => io.set('Entry conveyor', false), 5000); // the part stays under the sensor
    expect(bench.io.in('Vision sensor')).toBe(codes[part!.label]);
  });

  it('an arm turned with its belt still holds the part; with the arm back the part passes every sorter', () => {
    const bench = Bench.builtin(SCENE);
    const conveyor = (name: string) => bench.sim.snapshot().conveyors.find((c) => c.name === name)!;
    bench.runFor((io) => {
      io.set('Entry conveyor', true);
      io.set('Exit conveyor', true);
      io.set('Sorter 1 turn', true);
    }, 15_000);
    // The first part waits against the arm, the next ones queue behind it.
    expect(conveyor('exit 1').items[0]!.front).toBeCloseTo(1.5, 6);
    expect(conveyor('ramp 1').items).toHaveLength(0);
    bench.runFor((io) => io.set('Sorter 1 turn', false), 20_000);
    // The parts went past the three sorters to the end of the exit conveyor; At exit saw none.
    expect(Object.values(conveyor('exit end').removed).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(Object.values(ramps(bench)).flat()).toEqual([]);
    expect(bench.io.in('At exit')).toBe(true);
  });
});
