// The plant of "Pick & Place (XYZ)" against a controller written for the real scene.
import { describe, expect, it } from 'vitest';
import { builtinScene } from '../../../shared/scenes/builtin-scenes.js';
import { builtinPlant } from '../../../shared/scenes/builtin/builtin-plants.js';
import { validateBehaviours } from '../../../shared/sim/validate-behaviours.js';
import { Bench, type Io } from '../../sim/plc.js';

const SCENE = 'Pick & Place (XYZ)';

const near = (a: number, b: number) => Math.abs(a - b) < 0.01;

/**
 * The vendor's sample, step by step. Picking: wait for a part and a box at their places (both
 * sensors off), go over the part, let the grab sequence take it, go over the box (three places,
 * the third rotated with `C +`), lower (to 10, the third to 5), release, count, rise. Grab: lower
 * towards 5.3 until `Detected`, stop there, grab for 1 s, rise to 0. The part conveyor runs while
 * no part is at its place; the box and exit conveyors while no box is at its place, and to send
 * the full box away (the count starts over when it has left the sensor).
 */
function sampleController() {
  const m = {
    picking: 0,
    grabbing: 0,
    counter: 0,
    boxesFilled: 0,
    grabSince: undefined as number | undefined,
    grab: false,
    c: false,
    spX: 0,
    spY: 0,
    spZ: 0,
    boxWasAtPlace: false,
  };
  const scan = (io: Io, t: number) => {
    const partAtPlace = io.in('Part at place') === true;
    const boxAtPlace = io.in('Box at place') === true;
    const x = io.in('X') as number;
    const y = io.in('Y') as number;
    const z = io.in('Z') as number;
    const boxLeft = m.boxWasAtPlace && boxAtPlace; // F_TRIG of "a box is at the place"
    m.boxWasAtPlace = !boxAtPlace;

    switch (m.picking) {
      case 0:
        m.grabbing = 0;
        if (!partAtPlace && !boxAtPlace && m.counter < 3) m.picking = 1;
        break;
      case 1:
        m.c = false;
        m.spX = 8.3;
        m.spY = 5.5;
        if (near(x, m.spX) && near(y, m.spY)) {
          m.grabbing = 1;
          m.picking = 2;
        }
        break;
      case 2:
        if (m.grabbing === 0) m.picking = 3;
        break;
      case 3:
        m.spX = 3.1;
        m.spY = [3.8, 6.7, 5.3][m.counter]!;
        if (m.counter === 2) m.c = true;
        if (near(x, m.spX) && near(y, m.spY)) m.picking = 4;
        break;
      case 4:
        m.spZ = m.counter === 2 ? 5 : 10;
        if (near(z, m.spZ)) {
          m.grab = false;
          m.counter++;
          m.picking = 5;
        }
        break;
      case 5:
        m.spZ = 0;
        if (near(z, m.spZ)) m.picking = 0;
        break;
    }

    switch (m.grabbing) {
      case 1:
        m.spZ = 5.3;
        if (io.in('Detected') === true) {
          m.spZ = z;
          m.grabbing = 2;
        }
        break;
      case 2:
        m.grab = true;
        m.grabSince ??= t;
        if (t - m.grabSince >= 1000) {
          m.grabSince = undefined;
          m.grabbing = 3;
        }
        break;
      case 3:
        m.spZ = 0;
        if (near(m.spZ, z)) m.grabbing = 0;
        break;
    }

    let boxConveyor = false;
    let exitConveyor = false;
    if (m.counter === 3) {
      boxConveyor = true;
      exitConveyor = true;
      if (boxLeft) {
        m.counter = 0;
        m.boxesFilled++;
        exitConveyor = false;
      }
    } else if (boxAtPlace) {
      boxConveyor = true;
      exitConveyor = true;
    }

    io.set('Part conveyor', partAtPlace);
    io.set('Box conveyor', boxConveyor);
    io.set('Exit conveyor', exitConveyor);
    io.set('Grab', m.grab);
    io.set('C +', m.c);
    io.set('SP X', m.spX);
    io.set('SP Y', m.spY);
    io.set('SP Z', m.spZ);
    io.set('Exit yellow', m.picking !== 0);
    io.set('Exit green', m.picking === 0);
  };
  return { scan, m };
}

describe('Pick & Place (XYZ)', () => {
  it('fits the scene', () => {
    expect(validateBehaviours(builtinPlant(SCENE)!.behaviours, builtinScene(SCENE)!.tags).problems).toEqual(
      [],
    );
  });

  it("the vendor's sample controller fills 4 boxes with 3 parts each and sends them away", () => {
    const bench = Bench.builtin(SCENE);
    const { scan, m } = sampleController();
    const took = bench.runUntil(scan, () => m.boxesFilled === 4, 300_000);
    // About 14 s a part (each move settles within 0.01 of its setpoint in 6 to 7 time
    // constants), and 6 s to change the box.
    expect(took).toBeGreaterThan(175_000);
    expect(took).toBeLessThan(190_000);
    // Every part went into a box: 12 into the 4 boxes sent away, none in the gripper.
    expect(bench.conveyor('in box').removed['part']).toBe(12);
    expect(bench.conveyor('gripper').items).toHaveLength(0);
    const exit = bench.conveyor('exit');
    expect(exit.items.length + (exit.removed['box'] ?? 0)).toBe(4);
  });

  it('the axes follow their setpoints, and the gripper detects a part only where one waits', () => {
    const bench = Bench.builtin(SCENE);
    // Normally closed: on while nothing is at the place.
    expect(bench.io.in('Part at place')).toBe(true);
    expect(bench.io.in('Box at place')).toBe(true);
    const goTo = (x: number, y: number, z: number) => (io: Io) => {
      io.set('SP X', x);
      io.set('SP Y', y);
      io.set('SP Z', z);
    };
    bench.runFor(goTo(8.3, 5.5, 0), 500);
    // After one time constant, 63% of the way.
    expect(bench.io.in('X') as number).toBeGreaterThan(5);
    expect(bench.io.in('X') as number).toBeLessThan(5.5);
    bench.runFor(goTo(8.3, 5.5, 5.3), 4000);
    expect(near(bench.io.in('X') as number, 8.3)).toBe(true);
    expect(near(bench.io.in('Y') as number, 5.5)).toBe(true);
    expect(near(bench.io.in('Z') as number, 5.3)).toBe(true);
    // No part at the place yet (the part conveyor has not run): nothing to detect.
    expect(bench.io.in('Detected')).toBe(false);
    bench.runFor((io) => {
      goTo(8.3, 5.5, 5.3)(io);
      io.set('Part conveyor', io.in('Part at place'));
    }, 10_000);
    expect(bench.io.in('Part at place')).toBe(false);
    expect(bench.io.in('Detected')).toBe(true);
    // The stopped conveyor holds the part at its end; without Grab, rising leaves it there.
    bench.runFor(goTo(8.3, 5.5, 0), 3000);
    expect(bench.io.in('Detected')).toBe(false);
    expect(bench.conveyor('part').items[0]!.front).toBe(4);
    expect(bench.conveyor('gripper').items).toHaveLength(0);
  });
});
