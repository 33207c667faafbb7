// The plant of "Separating Station" against a controller written for the real scene.
import { describe, expect, it } from 'vitest';
import { Bench, Falling, type Io, Rising } from '../../sim/plc.js';

const SCENE = 'Separating Station';

/**
 * The vendor's sample: wait until both vision sensors see a part (each entry conveyor stops with
 * its part under the sensor). Blue on line 1 and green on line 2: let both through, each line
 * stopping its entry when its part has passed `Sensor N` and its conveyor when the part has
 * passed `At pusher N exit`. Green on line 1: run line 1 until the part has passed `Sensor 1`,
 * stop, push it across with pusher 1, retract at `Pusher 1 front` and run line 2 until it has
 * passed `At pusher 2 exit`. Else blue on line 2: the same the other way round.
 */
function sampleController() {
  const ft = { sensor1: new Falling(), sensor2: new Falling(), exit1: new Falling(), exit2: new Falling() };
  const m = { state: 0, counter: 0, pushed: 0, passed: 0 };
  const out = {
    entry1: false,
    entry2: false,
    pusher1: false,
    pusher2: false,
    conveyor1: false,
    conveyor2: false,
  };
  const scan = (io: Io) => {
    const v1 = io.in('Vision sensor 1') as number;
    const v2 = io.in('Vision sensor 2') as number;
    const sensor1 = ft.sensor1.q(io.in('Sensor 1'));
    const sensor2 = ft.sensor2.q(io.in('Sensor 2'));
    const exit1 = ft.exit1.q(io.in('At pusher 1 exit'));
    const exit2 = ft.exit2.q(io.in('At pusher 2 exit'));
    if (m.state === 0) {
      out.entry1 = v1 === 0;
      out.entry2 = v2 === 0;
      out.conveyor1 = out.conveyor2 = false;
      if (v1 !== 0 && v2 !== 0) {
        if (v1 === 1 && v2 === 4) {
          out.entry1 = out.entry2 = out.conveyor1 = out.conveyor2 = true;
          m.counter = 0;
          m.state = 1;
        } else {
          m.state = 10;
        }
      }
    } else if (m.state === 1) {
      if (sensor1) out.entry1 = false;
      if (sensor2) out.entry2 = false;
      if (exit1) {
        out.conveyor1 = false;
        m.counter++;
      }
      if (exit2) {
        out.conveyor2 = false;
        m.counter++;
      }
      if (m.counter > 1) {
        m.passed += 2;
        m.state = 0;
      }
    } else if (m.state === 10) {
      if (v1 === 4) {
        out.entry1 = out.conveyor1 = true;
        m.state = 11;
      } else if (v2 === 1) {
        out.entry2 = out.conveyor2 = true;
        m.state = 20;
      }
    } else if (m.state === 11 || m.state === 20) {
      const n = m.state === 11 ? 1 : 2;
      if (n === 1 ? sensor1 : sensor2) {
        out[`entry${n}`] = out[`conveyor${n}`] = false;
        out[`pusher${n}`] = true;
        m.state++;
      }
    } else {
      const n = m.state === 12 ? 1 : 2;
      if (io.in(`Pusher ${n} front`) === true) {
        out[`pusher${n}`] = false;
        out[n === 1 ? 'conveyor2' : 'conveyor1'] = true; // the line it was pushed onto
      }
      if (n === 1 ? exit2 : exit1) {
        m.pushed++;
        m.state = 0;
      }
    }
    io.set('Entry conveyor 1', out.entry1);
    io.set('Entry conveyor 2', out.entry2);
    io.set('Pusher 1', out.pusher1);
    io.set('Pusher 2', out.pusher2);
    io.set('Conveyor 1', out.conveyor1);
    io.set('Conveyor 2', out.conveyor2);
  };
  return { scan, m };
}

/** The labels of the parts that left the plant down each line's exit conveyor. */
function leftBy(bench: Bench, line: 1 | 2): Record<string, number> {
  return bench.sim.snapshot().conveyors.find((c) => c.name === `exit ${line}`)!.removed;
}

describe('Separating Station', () => {
  it("the vendor's sample separates 16 parts: blue down line 1, green down line 2", () => {
    const bench = Bench.builtin(SCENE);
    const { scan, m } = sampleController();
    const took = bench.runUntil(scan, () => m.passed + m.pushed >= 16, 240_000);
    expect(took).toBeLessThan(110_000); // about 6 s a part
    expect(m.pushed).toBeGreaterThan(0); // some parts came on the wrong line and were pushed across
    expect(m.passed).toBeGreaterThan(0); // and some pairs were right at once
    const line1 = leftBy(bench, 1);
    const line2 = leftBy(bench, 2);
    expect(Object.keys(line1)).toEqual(['blue raw material']);
    expect(Object.keys(line2)).toEqual(['green raw material']);
    expect(line1['blue raw material']! + line2['green raw material']!).toBe(m.passed + m.pushed);
  });

  it('a pusher reaches the front 1 s after it is told to extend, and is back 1 s after it retracts', () => {
    const bench = Bench.builtin(SCENE);
    bench.sim.advance(10);
    expect([bench.io.in('Pusher 1 back'), bench.io.in('Pusher 1 front')]).toEqual([true, false]);
    const front = new Rising();
    const back = new Rising();
    const events: string[] = [];
    bench.runFor((io, t) => {
      io.set('Pusher 1', t >= 1000 && t < 3000);
      if (front.q(io.in('Pusher 1 front'))) events.push(`front ${t}`);
      if (back.q(io.in('Pusher 1 back'))) events.push(`back ${t}`);
    }, 6000);
    // (The first scan sees the back switch already on; the pusher set at 1 s moves from the next step.)
    expect(events).toEqual(['back 0', 'front 2010', 'back 4010']);
    expect(bench.io.in('Pusher 2 back')).toBe(true); // the other pusher never moved
  });

  it('the vision sensors read 0 with nothing in view, 1 for blue and 4 for green', () => {
    const bench = Bench.builtin(SCENE);
    bench.sim.advance(10);
    expect([bench.io.in('Vision sensor 1'), bench.io.in('Vision sensor 2')]).toEqual([0, 0]);
    bench.runFor((io) => {
      io.set('Entry conveyor 1', io.in('Vision sensor 1') === 0);
      io.set('Entry conveyor 2', io.in('Vision sensor 2') === 0);
    }, 10_000);
    for (const n of [1, 2]) {
      const [part] = bench.sim.snapshot().conveyors.find((c) => c.name === `entry ${n}`)!.items;
      expect(bench.io.in(`Vision sensor ${n}`)).toBe(part!.label === 'blue raw material' ? 1 : 4);
    }
    expect(bench.io.in('Sensor 1')).toBe(false); // normally open: nothing at the pusher yet
  });
});
