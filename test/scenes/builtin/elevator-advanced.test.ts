// The plant of "Elevator (Advanced)" against a controller written for the real scene.
import { describe, expect, it } from 'vitest';
import { builtinScene } from '../../../shared/scenes/builtin-scenes.js';
import { builtinPlant } from '../../../shared/scenes/builtin/builtin-plants.js';
import { validateBehaviours } from '../../../shared/sim/validate-behaviours.js';
import { Bench, Falling, type Io, Rising } from '../../sim/plc.js';

const SCENE = 'Elevator (Advanced)';
const PARTS_PER_BOX = 4;
const LEVELS = [1, 2, 3];

/**
 * The vendor's sample: an empty box comes down conveyor 0 onto the platform (`Load` until it has
 * passed `At entry`); each part that arrives at the end of its level's conveyor stops that
 * conveyor and queues a visit; the elevator visits the levels in that order (slowing at the
 * level's first sensor, stopping when both see it), runs the conveyor until the part has dropped,
 * waits 2 s; with four parts it goes down to level 0 and sends the box out (`Load` until it
 * reaches `At exit`, then the exit belt until it has passed). The box and part sensors are
 * normally closed, so "a box" is a sensor that is off. (The sample queues a visit to level 3 when
 * a part reaches level 2, a slip of the pen for level 3's own sensor: this port uses At 3. Ported
 * as written, it fills its boxes all the same.)
 */
function sampleController(light: (name: string, on: boolean) => void) {
  const arrived = { elevator: new Rising(), exit: new Rising(), at: LEVELS.map(() => new Rising()) };
  const gone = { entry: new Falling(), exit: new Falling(), at: LEVELS.map(() => new Falling()) };
  const m = {
    loadUnload: 'load start',
    getItems: 'idle',
    target: -1,
    floor: 0,
    itemsInBox: 0,
    waitUntil: 0,
    fetching: 0,
  };
  const queue: number[] = [];
  const visits: number[] = [];
  const out: Record<string, boolean> = {
    'Conveyor 0': false,
    'Conveyor 1': true,
    'Conveyor 2': true,
    'Conveyor 3': true,
    'Exit conveyor': false,
  };
  const part = (io: Io, name: string) => io.in(name) !== true;
  const at = (io: Io, k: number) => io.in(`At ${k} (low)`) === true && io.in(`At ${k} (high)`) === true;

  const scan = (io: Io, timeMs: number) => {
    const atElevator = arrived.elevator.q(part(io, 'At elevator'));
    const atExit = arrived.exit.q(part(io, 'At exit'));
    const passedEntry = gone.entry.q(part(io, 'At entry'));
    const passedExit = gone.exit.q(part(io, 'At exit'));
    const partArrived = LEVELS.map((k, i) => arrived.at[i]!.q(part(io, `At ${k}`)));
    const partDropped = LEVELS.map((k, i) => gone.at[i]!.q(part(io, `At ${k}`)));

    // The elevator: to level `target`, idle (-1) once there; the level it is at is read while idle.
    let up = false;
    let down = false;
    let slow = false;
    if (m.target < 0) {
      const k = [0, 1, 2, 3].find((n) => at(io, n));
      if (k !== undefined) m.floor = k;
    } else if (m.floor > m.target) {
      down = true;
      slow = io.in(`At ${m.target} (high)`) === true;
      if (at(io, m.target)) m.target = -1;
    } else if (m.floor < m.target) {
      up = true;
      slow = io.in(`At ${m.target} (low)`) === true;
      if (at(io, m.target)) m.target = -1;
    } else {
      m.target = -1;
    }
    if (m.target < 0) up = down = slow = false;
    const idle = m.target < 0;

    // Load an empty box, unload a full one.
    if (m.loadUnload === 'reset') {
      out['Conveyor 0'] = false;
      out['Load'] = false;
      out['Exit conveyor'] = false;
    } else if (m.loadUnload === 'load start') {
      out['Conveyor 0'] = true;
      out['Load'] = false;
      out['Exit conveyor'] = false;
      if (atElevator) m.loadUnload = 'load';
    } else if (m.loadUnload === 'load') {
      out['Load'] = true;
      if (passedEntry) {
        m.getItems = 'next';
        m.loadUnload = 'reset';
      }
    } else if (m.loadUnload === 'unload start') {
      out['Load'] = true;
      if (atExit) m.loadUnload = 'unload';
    } else if (m.loadUnload === 'unload') {
      out['Exit conveyor'] = true;
      if (passedExit) m.loadUnload = 'load start';
    }

    // Collect the parts, in the order they arrived.
    if (m.getItems === 'idle') {
      if (m.itemsInBox === PARTS_PER_BOX && idle) {
        m.loadUnload = 'unload start';
        m.itemsInBox = 0;
      }
    } else if (m.getItems === 'next') {
      if (idle && queue.length > 0) {
        m.target = m.fetching = queue.shift()!;
        visits.push(m.fetching);
        m.getItems = 'get';
      }
    } else if (m.getItems === 'get') {
      if (idle) {
        out[`Conveyor ${m.fetching}`] = true;
        if (partDropped[m.fetching - 1]) {
          m.itemsInBox++;
          m.waitUntil = timeMs + 2000;
          m.getItems = 'wait';
        }
      }
    } else if (m.getItems === 'wait' && timeMs >= m.waitUntil) {
      if (m.itemsInBox === PARTS_PER_BOX) {
        m.getItems = 'idle';
        m.target = 0;
      } else {
        m.getItems = 'next';
      }
    }

    LEVELS.forEach((k, i) => {
      if (partArrived[i]) {
        queue.push(k);
        out[`Conveyor ${k}`] = false;
      }
    });

    io.set('Up', up);
    io.set('Down', down);
    io.set('Slow', slow);
    io.set('Warning light', !idle);
    LEVELS.forEach((k) => light(`Floor ${k}`, at(io, k)));
    for (const [name, value] of Object.entries(out)) io.set(name, value);
  };
  return { scan, visits };
}

/**
 * Writes an Output by id: the floor lights share their names with the `Floor k` Inputs, and a
 * write by name means the Input.
 */
function outputWriter(bench: Bench) {
  return (name: string, on: boolean) => {
    const id = bench.engine.tagsNamed(name).find((t) => t.kind === 'Output')!.id;
    const errors = bench.engine.write('set', 'id', [{ id, value: on }]);
    if (errors.length > 0) throw new Error(JSON.stringify(errors));
  };
}

/** Boxes that left the platform onto the exit belt (taken away or still on it). */
function boxesOut(bench: Bench): number {
  const exit = bench.conveyor('exit');
  return (exit.removed['box'] ?? 0) + exit.items.length;
}

describe('Elevator (Advanced)', () => {
  it('fits the scene', () => {
    expect(validateBehaviours(builtinPlant(SCENE)!.behaviours, builtinScene(SCENE)!.tags).problems).toEqual(
      [],
    );
  });

  it("the vendor's sample controller fills 5 boxes with 4 parts each from the three levels", () => {
    const bench = Bench.builtin(SCENE);
    const { scan, visits } = sampleController(outputWriter(bench));
    const took = bench.runUntil(scan, () => boxesOut(bench) === 5, 600_000);
    // About 49 s a box: four visits of a level and back, 2 s at each, and the box out and in.
    expect(took).toBeGreaterThan(200_000);
    expect(took).toBeLessThan(300_000);
    expect(new Set(visits)).toEqual(new Set(LEVELS));
    // Four parts went into each box that left; the next box is aboard, being filled.
    const dropped = bench.conveyor('box').removed['part'] ?? 0;
    expect(dropped - 20).toBeGreaterThanOrEqual(0);
    expect(dropped - 20).toBeLessThan(PARTS_PER_BOX);
  });

  it('the platform starts at level 0 and the box and part sensors are normally closed', () => {
    const bench = Bench.builtin(SCENE);
    bench.runFor(() => undefined, 20);
    expect([0, 1, 2, 3].map((k) => [bench.io.in(`At ${k} (low)`), bench.io.in(`At ${k} (high)`)])).toEqual([
      [true, true],
      [false, false],
      [false, false],
      [false, false],
    ]);
    for (const name of ['At elevator', 'At entry', 'At exit', 'At 1', 'At 2', 'At 3'])
      expect(bench.io.in(name)).toBe(true);
  });

  it('a part waits at the end of its conveyor while the platform is elsewhere, and drops in when it is there', () => {
    const bench = Bench.builtin(SCENE);
    // The first part reaches the end in 5.4 s and waits there: the platform is at level 0.
    bench.runFor((io, t) => io.set('Conveyor 1', t < 6400), 7000);
    expect(bench.io.in('At 1')).toBe(false);
    expect(bench.conveyor('conveyor 1').items[0]!.front).toBe(3);
    expect(bench.conveyor('box').removed['part']).toBeUndefined();
    // Up to level 1: slow at its low sensor, stop when both see the platform.
    bench.runUntil(
      (io) => {
        const there = io.in('At 1 (low)') === true && io.in('At 1 (high)') === true;
        io.set('Up', !there);
        io.set('Slow', io.in('At 1 (low)') === true);
      },
      () => bench.io.in('At 1 (high)') === true,
      20_000,
    );
    bench.runUntil(
      (io) => {
        io.set('Up', false);
        io.set('Slow', false);
        io.set('Conveyor 1', true);
      },
      () => bench.conveyor('box').removed['part'] !== undefined,
      5000,
    );
    expect(bench.conveyor('box').removed['part']).toBe(1);
    expect([bench.io.in('At 1 (low)'), bench.io.in('At 1 (high)'), bench.io.in('At 0 (high)')]).toEqual([
      true,
      true,
      false,
    ]);
  });
});
