// The plant of "Automated Warehouse": the vendor's sample controller runs on it, and a controller
// that times the crane as the public FishAndCat controller does (docs/fidelity.md, "The stacker
// crane") measures what that controller logged against a real FACTORY I/O 2.5.10: travel growing
// with distance, the forks, the lift, the forks' middle, Target Position 0, a re-sent target, and
// the pallet the scene starts with.
import { describe, expect, it } from 'vitest';
import { builtinScene } from '../../../shared/scenes/builtin-scenes.js';
import { builtinPlant } from '../../../shared/scenes/builtin/builtin-plants.js';
import { CRANE_TIMING } from '../../../shared/scenes/builtin/automated-warehouse.js';
import { validateBehaviours } from '../../../shared/sim/validate-behaviours.js';
import { Bench, type Io } from '../../sim/plc.js';
import { sampleController } from './warehouse-sample.js';

const SCENE = 'Automated Warehouse';

/** The pallets on each conveyor, by name. */
function pallets(bench: Bench): Map<string, number> {
  return new Map(bench.sim.snapshot().conveyors.map((c) => [c.name, c.items.length]));
}

const crane = (bench: Bench) => bench.sim.snapshot().cranes[0]!;

/**
 * FishAndCat's waits (`f3_stacker_control.py`, docs/fidelity.md): write, then poll every 50 ms
 * until the thing waited for has held for `stableMs` (0.40 s for the crane and the lift, 0.15 s
 * for the fork limits). Returns the seconds it would log: the start of the motion, and the time
 * from then until it settled (or, with no start to wait for, from the write).
 */
function timed(
  bench: Bench,
  write: (io: Io) => void,
  done: (io: Io) => boolean,
  options: { stableMs: number; moving?: (io: Io) => boolean },
): { start: number; settled: number } {
  const POLL = 50;
  write(bench.io);
  const t0 = bench.timeMs;
  let started = t0;
  if (options.moving) {
    bench.runUntil(
      () => undefined,
      () => options.moving!(bench.io),
      3000,
      POLL,
    );
    started = bench.timeMs;
  }
  let since: number | undefined;
  bench.runUntil(
    () => undefined,
    () => {
      if (!done(bench.io)) since = undefined;
      else since ??= bench.timeMs;
      return since !== undefined && bench.timeMs - since >= options.stableMs;
    },
    30_000,
    POLL,
  );
  return { start: (started - t0) / 1000, settled: (bench.timeMs - started) / 1000 };
}

const moving = (io: Io) => io.in('Moving X') === true || io.in('Moving Z') === true;

/** Switches the fork outputs, timed as FishAndCat's fork waits: 0.15 s at the limit switch. */
function forksTo(bench: Bench, write: (io: Io) => void, limit: string): number {
  return timed(bench, write, (io) => io.in(limit) === true, { stableMs: 150 }).settled;
}

/** A fork move as that controller logged it: after 2.31 to 2.41 s. */
function expectForkTime(seconds: number): void {
  expect(seconds).toBeGreaterThanOrEqual(2.3);
  expect(seconds).toBeLessThanOrEqual(2.42);
}

/** Sends the crane, timed as FishAndCat's goto: its start, then 0.40 s with both axes still. */
function goTo(bench: Bench, target: number) {
  return timed(
    bench,
    (io) => io.set('Target Position', target),
    (io) => !moving(io),
    {
      stableMs: 400,
      moving,
    },
  );
}

describe('Automated Warehouse', () => {
  it('fits the scene', () => {
    expect(validateBehaviours(builtinPlant(SCENE)!.behaviours, builtinScene(SCENE)!.tags).problems).toEqual(
      [],
    );
  });

  it("the vendor's sample controller stores 6 pallets in cells 1 to 6, one per cycle", () => {
    const bench = Bench.builtin(SCENE);
    const { scan, m } = sampleController();
    const took = bench.runUntil(scan, () => m.currentPos === 6 && m.state === 1, 300_000);
    // Each cycle: the forks out, in, out and in (2.2 s each), the lift up and down (1.7 s each),
    // and the cart to the cell and back (1.75 s + its distance at 1.9 m/s, each way).
    const { x, forksMs, liftMs } = CRANE_TIMING;
    let cycles = 0;
    for (let cell = 1; cell <= 6; cell++) {
      const travel = x.startStopMs + (1000 * (x.first + (cell - 1) * x.pitch)) / x.speed;
      cycles += 4 * forksMs + 2 * liftMs + 2 * travel;
    }
    // Plus the first pallet's way to the load (2.3 s) and a few scans per step.
    expect(took).toBeGreaterThan(cycles + 2000);
    expect(took).toBeLessThan(cycles + 4500);
    const held = pallets(bench);
    for (let cell = 1; cell <= 54; cell++) expect(held.get(`cell ${cell}`)).toBe(cell <= 6 ? 1 : 0);
    expect(held.get('forks')).toBe(0);
    // The next pallet has come to the load and stopped the conveyors.
    bench.runFor(scan, 10_000);
    expect(bench.io.in('At Load')).toBe(false);
    expect(bench.io.out('Load Conveyor')).toBe(false);
  });

  it('starts with a pallet at At Entry, at the load 2.3 s after the belts start, as the real scene', () => {
    const bench = Bench.builtin(SCENE);
    bench.runFor(() => undefined, 10);
    expect(bench.io.in('At Entry')).toBe(false); // retro-reflective: off while the pallet is there
    expect(bench.io.in('At Load')).toBe(true);
    // FishAndCat's feed logged "box At Load" after 2.62, 2.56 and 2.61 s (0.30 s stable).
    const fed = timed(
      bench,
      (io) => {
        io.set('Entry Conveyor', true);
        io.set('Load Conveyor', true);
      },
      (io) => io.in('At Load') === false,
      { stableMs: 300 },
    );
    expect(fed.settled).toBeGreaterThan(2.45);
    expect(fed.settled).toBeLessThan(2.7);
  });

  it('travels for longer the farther it goes, from wherever it is: the times FishAndCat logged', () => {
    const bench = Bench.builtin(SCENE);
    // [from, to, start + settled as logged on the real crane] (docs/fidelity.md lists every log).
    const logged: [number, number, number][] = [
      [55, 1, 2.98],
      [1, 55, 2.98],
      [55, 11, 3.52],
      [11, 55, 3.59],
      [55, 24, 5.83],
      [24, 55, 5.87],
      [55, 37, 4.5],
      [37, 55, 4.6],
      [55, 1, 2.95],
      [1, 30, 3.9],
    ];
    const measured = logged.map(([, to, real]) => {
      const { start, settled } = goTo(bench, to);
      return { to, real, here: Math.round((start + settled) * 100) / 100 };
    });
    for (const { to, real, here } of measured)
      expect(Math.abs(here - real), `to ${to}: ${here} s`).toBeLessThan(0.2);
    // Farther in X, longer: cell 1 < cell 11 < cell 24 on the way out.
    expect(measured[0]!.here).toBeLessThan(measured[2]!.here);
    expect(measured[2]!.here).toBeLessThan(measured[4]!.here);
    // Back from 11 and from 24 to the same place: as long as the way out, not one fixed time.
    expect(Math.abs(measured[3]!.here - measured[2]!.here)).toBeLessThan(0.05);
    expect(measured[5]!.here - measured[3]!.here).toBeGreaterThan(2);
  });

  it('moves the forks in about 2.2 s and the lift in about 1.7 s, as FishAndCat logged (2.36-2.39 s, 2.0-2.16 s)', () => {
    const bench = Bench.builtin(SCENE);
    bench.runFor((io) => io.set('Target Position', 55), 100); // where it stands: no motion
    expectForkTime(forksTo(bench, (io) => io.set('Forks Left', true), 'At Left'));
    const lift = timed(
      bench,
      (io) => io.set('Lift', true),
      (io) => io.in('Moving Z') === false,
      {
        stableMs: 400,
        moving: (io) => io.in('Moving Z') === true,
      },
    );
    // "[start 0.11s] lift load", "[ok 2.09s] lift load settled" and the like.
    expect(lift.start + lift.settled).toBeGreaterThan(2.0);
    expect(lift.start + lift.settled).toBeLessThan(2.25);
    expectForkTime(forksTo(bench, (io) => io.set('Forks Left', false), 'At Middle'));
  });

  it('brings the forks back to the middle with Forks Left and Forks Right both on', () => {
    const bench = Bench.builtin(SCENE);
    bench.runFor((io) => io.set('Forks Right', true), 3000);
    expect([bench.io.in('At Right'), bench.io.in('At Middle')]).toEqual([true, false]);
    // FishAndCat's first controller centred the forks so: "forks At Middle" after 2.31-2.41 s.
    expectForkTime(forksTo(bench, (io) => io.set('Forks Left', true), 'At Middle'));
    expect([bench.io.in('At Left'), bench.io.in('At Right')]).toEqual([false, false]);
  });

  it('stops where it is at Target Position 0, where the lift does not move either', () => {
    const bench = Bench.builtin(SCENE);
    bench.runFor((io) => io.set('Target Position', 24), 2000);
    expect(moving(bench.io)).toBe(true);
    bench.runFor((io) => io.set('Target Position', 0), 20);
    expect([bench.io.in('Moving X'), bench.io.in('Moving Z')]).toEqual([false, false]);
    const stopped = crane(bench);
    expect(stopped.at).toBeUndefined(); // between the rest position and column 6
    expect(stopped.x).toBeGreaterThan(0);
    bench.runFor((io) => io.set('Lift', true), 3000);
    expect(crane(bench)).toMatchObject({ x: stopped.x, z: stopped.z, lifted: false, movingZ: false });
    // Sent on, it goes the rest of the way (and the lift it was told to make): less than from rest.
    const rest = goTo(bench, 24);
    expect(rest.start + rest.settled).toBeLessThan(5.83 - 0.5);
    expect(crane(bench)).toMatchObject({ at: 24, lifted: true });
  });

  it('at the start (Target Position 0), the forks and the lift pick nothing off the load conveyor', () => {
    const bench = Bench.builtin(SCENE);
    bench.runFor((io) => {
      io.set('Entry Conveyor', io.in('At Load'));
      io.set('Load Conveyor', io.in('At Load'));
    }, 5000);
    expect(bench.io.in('At Load')).toBe(false);
    bench.runFor((io) => {
      io.set('Forks Left', true);
      io.set('Lift', io.in('At Left'));
    }, 6000);
    expect(bench.io.in('At Left')).toBe(true);
    expect(bench.io.in('Moving Z')).toBe(false);
    expect(pallets(bench).get('forks')).toBe(0);
    // Sent to the rest position it stands at, it moves nothing but the lift, and takes the pallet.
    bench.runFor((io) => io.set('Target Position', 55), 2500);
    expect(pallets(bench).get('forks')).toBe(1);
    expect(bench.io.in('At Load')).toBe(true);
  });

  it('starts no motion when sent where it stands: at the start, and back after a stop', () => {
    const bench = Bench.builtin(SCENE);
    // FishAndCat: "[ok 0.45s] crane -> 55 already settled (no motion)".
    bench.runFor((io) => io.set('Target Position', 55), 1000);
    expect(crane(bench)).toMatchObject({ at: 55, movingX: false, movingZ: false });
    goTo(bench, 11);
    bench.runFor((io) => io.set('Target Position', 0), 500);
    let sawMoving = false;
    bench.runFor((io) => {
      io.set('Target Position', 11);
      sawMoving ||= moving(io);
    }, 2000);
    expect(sawMoving).toBe(false);
    expect(crane(bench).at).toBe(11);
  });

  it('a crane sent to a cell takes nothing at the load conveyor until it is sent back', () => {
    const bench = Bench.builtin(SCENE);
    bench.runFor((io) => {
      io.set('Entry Conveyor', io.in('At Load'));
      io.set('Load Conveyor', io.in('At Load'));
      io.set('Target Position', 10);
    }, 20_000);
    expect(bench.io.in('At Load')).toBe(false);
    bench.runFor((io) => {
      io.set('Forks Left', true);
      io.set('Lift', io.in('At Left'));
    }, 4000);
    expect(pallets(bench).get('forks')).toBe(0);
    expect(bench.io.in('At Load')).toBe(false);
  });
});
