// The plant of "Assembler" against the vendor's sample controller, ported.
import { describe, expect, it } from 'vitest';
import { builtinScene } from '../../../shared/scenes/builtin-scenes.js';
import { builtinPlant } from '../../../shared/scenes/builtin/builtin-plants.js';
import { validateBehaviours } from '../../../shared/sim/validate-behaviours.js';
import { Bench, Falling, type Io } from '../../sim/plc.js';

const SCENE = 'Assembler';

/**
 * The vendor's sample, two state machines. Lids: run the lids belt until a lid arrives (the
 * sensor's falling edge: it is normally closed), clamp it, lower the gripper until it detects
 * the lid, grab and raise (unclamping), move to the bases, lower, release and raise (freeing the
 * base), count once the gripper is up and empty, move back. Bases: run the belt until a base
 * arrives, clamp it; once freed, raise the bar and run until it has left.
 */
function sampleController() {
  const ft = {
    lidAtPlace: new Falling(),
    baseAtPlace: new Falling(),
    movingZ: new Falling(),
    movingX: new Falling(),
    partLeaving: new Falling(),
  };
  const m = {
    lids: 0,
    bases: 0,
    counter: 0,
    lidsConveyor: false,
    basesConveyor: true,
    moveZ: false,
    moveX: false,
    grab: false,
    clampLid: false,
    clampBase: false,
    posRaiseBase: false,
  };
  const scan = (io: Io) => {
    const lidArrived = ft.lidAtPlace.q(io.in('Lid at place'));
    const zStopped = ft.movingZ.q(io.in('Moving Z'));
    const xStopped = ft.movingX.q(io.in('Moving X'));
    const detected = io.in('Item detected') === true;
    switch (m.lids) {
      case 0:
        m.lidsConveyor = true;
        if (lidArrived) m.lids = 1;
        break;
      case 1:
        m.lidsConveyor = false;
        m.clampLid = true;
        if (io.in('Lid clamped') === true) m.lids = 2;
        break;
      case 2:
        m.moveZ = true;
        if (zStopped) m.lids = 3;
        break;
      case 3:
        if (detected) m.lids = 4;
        break;
      case 4:
        m.grab = true;
        m.moveZ = false;
        m.clampLid = false;
        if (zStopped) m.lids = 5;
        break;
      case 5:
        m.moveX = true;
        if (xStopped) m.lids = 6;
        break;
      case 6:
        m.moveZ = true;
        if (zStopped) m.lids = 7;
        break;
      case 7:
        m.grab = false;
        m.moveZ = false;
        m.bases = 2;
        if (zStopped && !detected) {
          m.counter++;
          m.lids = 8;
        }
        break;
      case 8:
        if (!detected) m.lids = 9;
        break;
      case 9:
        m.moveX = false;
        if (xStopped) m.lids = 0;
        break;
    }
    const baseArrived = ft.baseAtPlace.q(io.in('Base at place'));
    const partLeft = ft.partLeaving.q(io.in('Part leaving'));
    switch (m.bases) {
      case 0:
        m.basesConveyor = true;
        m.posRaiseBase = false;
        if (baseArrived) m.bases = 1;
        break;
      case 1:
        m.basesConveyor = false;
        m.clampBase = true;
        break;
      case 2:
        m.basesConveyor = true;
        m.clampBase = false;
        m.posRaiseBase = true;
        if (partLeft || io.in('Base at place') === true) m.bases = 0;
        break;
    }
    io.set('Lids conveyor', m.lidsConveyor);
    io.set('Bases conveyor', m.basesConveyor);
    io.set('Move Z', m.moveZ);
    io.set('Move X', m.moveX);
    io.set('Grab', m.grab);
    io.set('Clamp lid', m.clampLid);
    io.set('Clamp base', m.clampBase);
    io.set('Pos. raise (bases)', m.posRaiseBase);
    io.set('Counter', m.counter);
  };
  return { scan, m };
}

describe('Assembler', () => {
  it('fits the scene', () => {
    expect(validateBehaviours(builtinPlant(SCENE)!.behaviours, builtinScene(SCENE)!.tags).problems).toEqual(
      [],
    );
  });

  it("the vendor's sample controller puts a lid on each of 10 bases, one per cycle", () => {
    const bench = Bench.builtin(SCENE);
    const { scan } = sampleController();
    const took = bench.runUntil(scan, () => bench.io.out('Counter') === 10, 200_000);
    // 7 s for the first lid to arrive, then about 10 s a cycle (Z 4 x 1 s, X 2 x 2 s, the clamp
    // 0.5 s, the next lid 1 s).
    expect(took).toBeGreaterThan(100_000);
    expect(took).toBeLessThan(115_000);
    // Every count is a lid put on a base, and every base that left the place carries one.
    expect(bench.conveyor('assembly').removed).toEqual({ lid: 10 });
    bench.runFor(scan, 5000);
    const exit = bench.conveyor('exit');
    expect((exit.removed['base'] ?? 0) + exit.items.length).toBe(bench.conveyor('assembly').removed['lid']);
    expect(bench.conveyor('gripper').items).toEqual([]);
  });

  it('the place sensors are normally closed; a base waits at the bar until it is raised', () => {
    const bench = Bench.builtin(SCENE);
    bench.runFor(() => undefined, 100);
    expect(bench.io.in('Lid at place')).toBe(true);
    expect(bench.io.in('Base at place')).toBe(true);
    expect(bench.io.in('Part leaving')).toBe(true);
    // The belts run with the bar down: lid and base stop at their places.
    bench.runFor((io) => {
      io.set('Lids conveyor', true);
      io.set('Bases conveyor', true);
    }, 10_000);
    expect(bench.io.in('Lid at place')).toBe(false);
    expect(bench.io.in('Base at place')).toBe(false);
    expect(bench.conveyor('bases').items).toEqual([expect.objectContaining({ label: 'base', front: 3 })]);
    // Clamped, the base stays even with the bar raised; unclamped, it goes and the exit sees it.
    bench.runFor((io) => {
      io.set('Clamp base', true);
      io.set('Pos. raise (bases)', true);
    }, 1000);
    expect(bench.io.in('Base clamped')).toBe(true);
    expect(bench.io.in('Pos. at limit (bases)')).toBe(false);
    expect(bench.io.in('Base at place')).toBe(false);
    bench.runFor((io) => io.set('Clamp base', false), 3600);
    expect(bench.io.in('Base clamped')).toBe(false);
    expect(bench.io.in('Base at place')).toBe(true);
    expect(bench.io.in('Part leaving')).toBe(false);
    // A clamp closed on nothing reaches its limit.
    bench.runFor((io) => {
      io.set('Bases conveyor', false);
      io.set('Clamp base', true);
    }, 1000);
    expect(bench.io.in('Base at place')).toBe(true);
    expect(bench.io.in('Pos. at limit (bases)')).toBe(true);
    expect(bench.io.in('Base clamped')).toBe(false);
  });

  it('a lid lowered onto an empty place stays in the gripper', () => {
    const bench = Bench.builtin(SCENE);
    // Pick the first lid without ever letting a base arrive.
    bench.runFor((io, t) => {
      io.set('Lids conveyor', true);
      io.set('Move Z', (t >= 9000 && t < 10_500) || t >= 14_000);
      io.set('Grab', t >= 10_000 && t < 16_000);
      io.set('Move X', t >= 11_500);
    }, 18_000);
    expect(bench.conveyor('assembly').removed).toEqual({});
    expect(bench.conveyor('gripper').items).toHaveLength(1);
    expect(bench.io.in('Item detected')).toBe(true);
  });
});
