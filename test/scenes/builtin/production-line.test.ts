// The plant of "Production Line" against a controller written for the real scene.
import { describe, expect, it } from 'vitest';
import { builtinScene } from '../../../shared/scenes/builtin-scenes.js';
import { builtinPlant } from '../../../shared/scenes/builtin/builtin-plants.js';
import { validateBehaviours } from '../../../shared/sim/validate-behaviours.js';
import { Bench, Falling, type Io } from '../../sim/plc.js';

const SCENE = 'Production Line';

/**
 * The vendor's sample, for each center: keep it started and the exit conveyors running; feed raw
 * material until a piece has passed the entry sensor (normally closed) into the center, and again
 * once the center is no longer busy, counting that part.
 */
function sampleController() {
  const centers = (['Lids', 'Bases'] as const).map((prefix) => ({
    prefix,
    passedEntry: new Falling(),
    done: new Falling(),
    feed: true,
    counter: 0,
  }));
  const scan = (io: Io) => {
    for (const c of centers) {
      // The sample's falling edge of "material at entry" (= not the sensor): it has gone in.
      if (c.passedEntry.q(io.in(`${c.prefix} at entry`) !== true)) c.feed = false;
      if (c.done.q(io.in(`${c.prefix} center (busy)`))) {
        c.feed = true;
        c.counter++;
      }
      io.set(`${c.prefix} center (start)`, true);
      io.set(`${c.prefix} raw conveyor`, c.feed && io.in(`${c.prefix} center (busy)`) !== true);
      io.set(`${c.prefix} counter`, c.counter);
      io.set(`${c.prefix} exit conveyor 1`, true);
      io.set(`${c.prefix} exit conveyor 2`, true);
    }
    io.set('Exit conveyor', true);
  };
  return { scan };
}

describe('Production Line', () => {
  it('fits the scene', () => {
    expect(validateBehaviours(builtinPlant(SCENE)!.behaviours, builtinScene(SCENE)!.tags).problems).toEqual(
      [],
    );
  });

  it("the vendor's sample controller makes 10 lids and 10 bases, and the exit carries them away", () => {
    const bench = Bench.builtin(SCENE);
    const { scan } = sampleController();
    const done = () => bench.io.out('Lids counter') === 10 && bench.io.out('Bases counter') === 10;
    const took = bench.runUntil(scan, done, 300_000);
    // 14 s for the first part (7 s of travel, 7 s in the center), then one every 10 s per center.
    expect(took).toBeGreaterThan(100_000);
    expect(took).toBeLessThan(110_000);
    // Each count is a part that left its center: exactly one piece went in per count.
    for (const [line, part] of [
      ['lids', 'lid'],
      ['bases', 'base'],
    ] as const) {
      const after = ['exit 1', 'exit 2'].map((n) => bench.conveyor(`${line} ${n}`).items);
      const onExit = bench.conveyor('exit').items.filter((i) => i.label === part).length;
      const gone = bench.conveyor('exit').removed[part] ?? 0;
      expect(after.flat().length + onExit + gone, line).toBe(10);
      expect(bench.conveyor(`${line} center`).items, line).toEqual([]);
    }
    // Keep running: the parts reach the end of the line.
    bench.runFor(scan, 20_000);
    expect(bench.conveyor('exit').removed).toEqual({ lid: 10, base: 10 });
  });

  it('the entry sensors are normally closed; a center not started takes no material', () => {
    const bench = Bench.builtin(SCENE);
    bench.sim.advance(10);
    expect(bench.io.in('Lids at entry')).toBe(true);
    expect(bench.io.in('Lids center (busy)')).toBe(false);
    bench.runFor((io) => io.set('Lids raw conveyor', true), 15_000);
    // The first piece waits at the door of the center, which is not started.
    expect(bench.io.in('Lids at entry')).toBe(false);
    expect(bench.io.in('Lids center (busy)')).toBe(false);
    expect(bench.io.in('Lids center (running)')).toBe(false);
    expect(bench.conveyor('lids raw').items[0]!.front).toBe(4);
    bench.runFor((io) => io.set('Lids center (start)', true), 100);
    expect(bench.io.in('Lids center (running)')).toBe(true);
    expect(bench.io.in('Lids center (busy)')).toBe(true);
    // The bases' line has had no command: nothing moved there.
    expect(bench.conveyor('bases raw').items.map((i) => i.front)).toEqual([0.5]);
  });

  it('a stopped exit conveyor 1 keeps the finished part in the center: busy stays on', () => {
    const bench = Bench.builtin(SCENE);
    bench.runFor((io) => {
      io.set('Bases center (start)', true);
      io.set('Bases raw conveyor', io.in('Bases center (busy)') !== true);
    }, 30_000);
    // The part was pushed out of the center onto the stopped belt, but is still in the door.
    expect(bench.io.in('Bases center (busy)')).toBe(true);
    expect(bench.conveyor('bases center').items).toEqual([]);
    expect(bench.conveyor('bases exit 1').items.map((i) => i.front)).toEqual([0]);
    // Running the exit conveyor unloads it: the center is free 1 s later.
    bench.runFor((io) => {
      io.set('Bases center (start)', true);
      io.set('Bases exit conveyor 1', true);
    }, 1100);
    expect(bench.io.in('Bases center (busy)')).toBe(false);
    expect(bench.conveyor('bases exit 1').items[0]!.front).toBeCloseTo(0.55, 6);
  });
});
