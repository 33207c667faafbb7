// The plant of "Automated Warehouse" against a controller written for the real scene.
import { describe, expect, it } from 'vitest';
import { builtinScene } from '../../../shared/scenes/builtin-scenes.js';
import { builtinBehaviours } from '../../../shared/sim/builtin-behaviours.js';
import { validateBehaviours } from '../../../shared/sim/validate-behaviours.js';
import { Bench, Falling, type Io, Rising } from '../plc.js';

const SCENE = 'Automated Warehouse';

/**
 * The vendor's sample, step by step: wait at the load position for a pallet (`At Load` off), forks
 * left, lift, forks back, go to the next cell (1, 2, ...), forks right, lower, forks back, return
 * to the load position (55). The entry and load conveyors run while `At Load` sees nothing.
 */
function sampleController() {
  const edge = {
    movXZStopped: new Falling(),
    movZStopped: new Falling(),
    atLeft: new Rising(),
    atMiddle: new Rising(),
    atRight: new Rising(),
  };
  const m = { state: 1, currentPos: 0, target: 55, forksLeft: false, lift: false, forksRight: false };
  const scan = (io: Io) => {
    const movXZStopped = edge.movXZStopped.q(io.in('Moving X') === true || io.in('Moving Z') === true);
    const movZStopped = edge.movZStopped.q(io.in('Moving Z'));
    const atLeft = edge.atLeft.q(io.in('At Left'));
    const atMiddle = edge.atMiddle.q(io.in('At Middle'));
    const atRight = edge.atRight.q(io.in('At Right'));
    switch (m.state) {
      case 0:
        m.target = 55;
        if (movXZStopped) m.state = 1;
        break;
      case 1:
        if (io.in('At Load') === false) m.state = 2;
        break;
      case 2:
        m.forksLeft = true;
        if (atLeft) m.state = 3;
        break;
      case 3:
        m.lift = true;
        if (movZStopped) m.state = 4;
        break;
      case 4:
        m.forksLeft = false;
        if (atMiddle) m.state = 5;
        break;
      case 5:
        m.target = ++m.currentPos;
        m.state = 6;
        break;
      case 6:
        if (movXZStopped) m.state = 7;
        break;
      case 7:
        m.forksRight = true;
        if (atRight) m.state = 8;
        break;
      case 8:
        m.lift = false;
        if (movZStopped) m.state = 9;
        break;
      case 9:
        m.forksRight = false;
        if (atMiddle) m.state = 0;
        break;
    }
    io.set('Target Position', m.target);
    io.set('Forks Left', m.forksLeft);
    io.set('Lift', m.lift);
    io.set('Forks Right', m.forksRight);
    io.set('Entry Conveyor', io.in('At Load'));
    io.set('Load Conveyor', io.in('At Load'));
  };
  return { scan, m };
}

/** The pallets on each conveyor, by name. */
function pallets(bench: Bench): Map<string, number> {
  return new Map(bench.sim.snapshot().conveyors.map((c) => [c.name, c.items.length]));
}

describe('Automated Warehouse', () => {
  it('fits the scene', () => {
    expect(validateBehaviours(builtinBehaviours(SCENE), builtinScene(SCENE)!.tags).problems).toEqual([]);
  });

  it("the vendor's sample controller stores 6 pallets in cells 1 to 6, one per cycle", () => {
    const bench = Bench.builtin(SCENE);
    const { scan, m } = sampleController();
    const took = bench.runUntil(scan, () => m.currentPos === 6 && m.state === 1, 300_000);
    // The first pallet reaches the load after 13.6 s; a cycle is 11 s of forks and lift, the
    // travel to the cell (1 s to cell 1, 0.5 s more per column) and 3 s back: 93.1 s in all.
    expect(took).toBeGreaterThan(93_000);
    expect(took).toBeLessThan(96_000);
    const held = pallets(bench);
    for (let cell = 1; cell <= 54; cell++) expect(held.get(`cell ${cell}`)).toBe(cell <= 6 ? 1 : 0);
    expect(held.get('forks')).toBe(0);
    // The next pallet has come to the load and stopped the conveyors.
    bench.runFor(scan, 10_000);
    expect(bench.io.in('At Load')).toBe(false);
    expect(bench.io.out('Load Conveyor')).toBe(false);
  });

  it('At Load is normally closed, a stopped load conveyor holds the pallet, and the forks need the crane there', () => {
    const bench = Bench.builtin(SCENE);
    expect(bench.io.in('At Load')).toBe(true);
    expect(bench.io.in('At Middle')).toBe(true);
    bench.runFor((io) => {
      io.set('Entry Conveyor', io.in('At Load'));
      io.set('Load Conveyor', io.in('At Load'));
    }, 20_000);
    expect(bench.io.in('At Load')).toBe(false);
    const load = () => bench.sim.snapshot().conveyors.find((c) => c.name === 'load')!.items;
    expect(load()[0]!.front).toBe(2);
    // The crane starts at the load position, as the vendor's documentation says: with Target
    // Position still 0 the forks reach the pallet and lifting takes it.
    bench.runFor((io) => {
      io.set('Forks Left', true);
      io.set('Lift', io.in('At Left'));
    }, 4000);
    expect(bench.io.in('At Left')).toBe(true);
    expect(pallets(bench).get('forks')).toBe(1);
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

  it('the crane travels longer to a far cell than to a near one', () => {
    const bench = Bench.builtin(SCENE);
    const moving = (target: number) => {
      let x = 0;
      let z = 0;
      bench.runFor((io) => {
        io.set('Target Position', target);
        if (io.in('Moving X') === true) x += 10;
        if (io.in('Moving Z') === true) z += 10;
      }, 8000);
      return { x, z };
    };
    expect(moving(1)).toEqual({ x: 1000, z: 500 });
    expect(moving(54)).toEqual({ x: 5000, z: 4500 });
    expect(moving(55)).toEqual({ x: 3000, z: 2000 });
  });
});
