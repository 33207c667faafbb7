// The plant of "Assembler (Analog)" against the vendor's sample controller, ported.
import { describe, expect, it } from 'vitest';
import { builtinScene } from '../../../shared/scenes/builtin-scenes.js';
import { builtinPlant } from '../../../shared/scenes/builtin/builtin-plants.js';
import { validateBehaviours } from '../../../shared/sim/validate-behaviours.js';
import { Bench, Falling, type Io, Rising } from '../../sim/plc.js';

const SCENE = 'Assembler (Analog)';

/** The PLC's TON: Q once IN has been on for PT ms (timed in scans of `scanMs`). */
class Ton {
  private elapsed = 0;
  q = false;
  run(on: boolean, ptMs: number, scanMs = 10): void {
    this.elapsed = on ? this.elapsed + scanMs : 0;
    this.q = on && this.elapsed >= ptMs;
  }
}

/**
 * The vendor's sample, two state machines. Lids: run the lids belt with the blade up until a lid
 * arrives (rising edge), go to it (X 1.1, Z 9) until the gripper detects it, grab for 1 s, lift
 * and go over the base (X 8.85), lower (Z 10) with blade 2 down and count once Z is past 8.4
 * (a 3 s watchdog skips the count), then release, free the base and go home (X and Z 0). Bases:
 * run belt 1 with blade 2 up until a base arrives, stop it; once freed, run both belts with the
 * blade down until the part has left.
 */
function sampleController() {
  const rtLid = new Rising();
  const rtBase = new Rising();
  const ftLeaving = new Falling();
  const grabTimer = new Ton();
  const watchDog = new Ton();
  const m = {
    lids: 0,
    bases: 0,
    counter: 0,
    lids1: false,
    blade1: false,
    bases1: true,
    bases2: true,
    blade2: false,
    setX: 0,
    setZ: 0,
    grab: false,
    grabTiming: false,
    watching: false,
  };
  const scan = (io: Io) => {
    const lidArrived = rtLid.q(io.in('Lid at place'));
    const x = io.in('X') as number;
    const z = io.in('Z') as number;
    grabTimer.run(m.grabTiming, 1000);
    watchDog.run(m.watching, 3000);
    switch (m.lids) {
      case 0:
        m.lids1 = true;
        m.blade1 = true;
        m.setX = 1.1;
        if (lidArrived) m.lids = 1;
        break;
      case 1:
        m.lids1 = false;
        m.setZ = 9;
        if (io.in('Item detected') === true) {
          m.grabTiming = true;
          m.lids = 2;
        }
        break;
      case 2:
        m.grab = true;
        if (grabTimer.q) {
          m.grabTiming = false;
          m.lids = 3;
        }
        break;
      case 3:
        m.setZ = 0;
        m.setX = 8.85;
        if (x > 8.84) {
          m.watching = true;
          m.lids = 4;
        }
        break;
      case 4:
        m.setZ = 10;
        m.blade2 = false;
        if (watchDog.q || z > 8.4) {
          if (!watchDog.q) m.counter++;
          m.watching = false;
          m.lids = 5;
        }
        break;
      case 5:
        m.setZ = 0;
        m.setX = 0;
        m.grab = false;
        if (m.bases !== 0) m.bases = 2;
        if (x < 0.1 && z < 0.1) m.lids = 0;
        break;
    }
    const baseArrived = rtBase.q(io.in('Base at place'));
    const partLeft = ftLeaving.q(io.in('Part leaving'));
    switch (m.bases) {
      case 0:
        m.bases1 = true;
        m.bases2 = false;
        m.blade2 = true;
        if (baseArrived) m.bases = 1;
        break;
      case 1:
        m.bases1 = false;
        break;
      case 2:
        m.blade2 = false;
        m.bases1 = true;
        m.bases2 = true;
        if (partLeft) m.bases = 0;
        break;
    }
    io.set('Lids conveyor 1', m.lids1);
    io.set('Stop blade 1', m.blade1);
    io.set('Bases conveyor 1', m.bases1);
    io.set('Bases conveyor 2', m.bases2);
    io.set('Stop blade 2', m.blade2);
    io.set('Set X', m.setX);
    io.set('Set Z', m.setZ);
    io.set('Grab', m.grab);
    io.set('Counter', m.counter);
  };
  return { scan, m };
}

describe('Assembler (Analog)', () => {
  it('fits the scene', () => {
    expect(validateBehaviours(builtinPlant(SCENE)!.behaviours, builtinScene(SCENE)!.tags).problems).toEqual(
      [],
    );
  });

  it("the vendor's sample controller puts a lid on each of 10 bases, one per cycle", () => {
    const bench = Bench.builtin(SCENE);
    const { scan } = sampleController();
    const took = bench.runUntil(scan, () => bench.io.out('Counter') === 10, 200_000);
    // 7 s for the first lid and base to arrive, then about 9.2 s a cycle.
    expect(took).toBeGreaterThan(90_000);
    expect(took).toBeLessThan(100_000);
    // Every count is a lid put on a base, and every base that left the place carries one.
    bench.runFor(scan, 5000);
    expect(bench.conveyor('assembly').removed).toEqual({ lid: 10 });
    const out = bench.conveyor('bases 2');
    expect((out.removed['base'] ?? 0) + out.items.length).toBe(10);
    // No lid lost: at most the next cycle's lid is in the gripper, none went past blade 1.
    expect(bench.conveyor('gripper').items.length).toBeLessThanOrEqual(1);
    expect(bench.conveyor('lids 2').removed).toEqual({});
  });

  it('X and Z follow their setpoints; the place sensors are normally open', () => {
    const bench = Bench.builtin(SCENE);
    bench.runFor(() => undefined, 100);
    expect(bench.io.in('Lid at place')).toBe(false);
    expect(bench.io.in('Base at place')).toBe(false);
    expect(bench.io.in('Part leaving')).toBe(false);
    const x: number[] = [];
    bench.runFor((io) => {
      io.set('Set X', 8);
      io.set('Set Z', 4);
      x.push(io.in('X') as number);
    }, 3000);
    // Rising steadily, never past the setpoint, and there within 0.01 after 3 s (7.5 time constants).
    expect(x.every((v, i) => i === 0 || v >= x[i - 1]!)).toBe(true);
    expect(bench.io.in('X') as number).toBeGreaterThan(7.99);
    expect(bench.io.in('X') as number).toBeLessThanOrEqual(8);
    expect(bench.io.in('Z') as number).toBeCloseTo(4, 2);
  });

  it('a blade up holds the part at place with its belt running; down, the part goes on', () => {
    const bench = Bench.builtin(SCENE);
    bench.runFor((io) => {
      io.set('Lids conveyor 1', true);
      io.set('Stop blade 1', true);
      io.set('Bases conveyor 1', true);
      io.set('Stop blade 2', true);
    }, 10_000);
    expect(bench.io.in('Lid at place')).toBe(true);
    expect(bench.io.in('Base at place')).toBe(true);
    bench.runFor((io) => {
      io.set('Stop blade 2', false);
      io.set('Bases conveyor 2', true);
    }, 2600);
    expect(bench.io.in('Base at place')).toBe(false);
    expect(bench.io.in('Part leaving')).toBe(true);
    // Lids let past blade 1 leave the line down lids conveyor 2, unassembled.
    bench.runFor((io) => {
      io.set('Stop blade 1', false);
      io.set('Lids conveyor 2', true);
    }, 6000);
    expect(bench.conveyor('lids 2').removed['lid']).toBeGreaterThan(0);
    expect(bench.conveyor('assembly').removed).toEqual({});
  });
});
