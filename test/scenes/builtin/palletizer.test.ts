// The plant of "Palletizer" against the vendor's sample controller, ported scan for scan.
import { describe, expect, it } from 'vitest';
import { builtinScene } from '../../../shared/scenes/builtin-scenes.js';
import { builtinPlant } from '../../../shared/scenes/builtin/builtin-plants.js';
import { validateBehaviours } from '../../../shared/sim/validate-behaviours.js';
import { Bench, Falling, type Io, Rising } from '../../sim/plc.js';

const SCENE = 'Palletizer';

/** The PLC's TON: Q once IN has been on for `presetMs`. */
class Ton {
  private since: number | undefined;
  constructor(private readonly presetMs: number) {}
  q(on: boolean, timeMs: number): boolean {
    if (!on) this.since = undefined;
    else this.since ??= timeMs;
    return this.since !== undefined && timeMs - this.since >= this.presetMs;
  }
}

/**
 * The vendor's sample: load a pallet and lift it to the top; form layers of six boxes (three rows
 * of two, then two rows of three with `Turn` on, alternately), push each row onto the plate,
 * clamp the layer and open the plate, then lower the pallet a layer; after three layers lower it
 * to the bottom and roll it out, and load the next. The box and pallet sensors at the conveyors'
 * ends are normally closed, so the sample watches their negations.
 */
function sampleController(stopOfPallet: () => number) {
  const out: Record<string, boolean> = {
    'Pallet feeder': false,
    'Load pallet': false,
    'Elevator up': false,
    'Elevator down': false,
    'Move to limit': false,
    'Warning light': false,
    'Box feeder': false,
    'Load belt': false,
    Push: false,
    Clamp: false,
    'Open plate': false,
    'Exit conveyor': false,
    Turn: false,
  };
  const ftElevatorMoving = new Falling();
  const ftAtEntry = new Falling();
  const ftPalletAtExit = new Falling();
  const rtPusherLimit = new Rising();
  const rtPlateLimit = new Rising();
  const tonLoadBoxes = new Ton(2000);
  let tonIn = false;
  const m = {
    loadingPallet: false,
    elevatorBusy: false,
    movingToLayer: 0,
    boxCount: 0,
    boxesInLayer: 0,
    palletizing: 0,
    unloading: 0,
    oddEven: false,
  };
  const stats = { layers: 0, pallets: 0, dropsAt: [] as number[] };

  const scan = (io: Io, timeMs: number) => {
    const elevatorMovingFell = ftElevatorMoving.q(io.in('Elevator moving'));
    const boxLeftEntry = ftAtEntry.q(io.in('Box at entry') !== true);
    const palletLeftExit = ftPalletAtExit.q(io.in('Pallet at exit') !== true);
    const pusherAtLimit = rtPusherLimit.q(io.in('Pusher limit'));
    const plateAtLimit = rtPlateLimit.q(io.in('Plate limit'));

    if (io.in('Pallet at entry') !== true && !m.elevatorBusy) m.loadingPallet = true;

    if (m.loadingPallet) {
      out['Pallet feeder'] = true;
      out['Load pallet'] = true;
      out['Warning light'] = true;
      if (io.in('Pallet loaded') === true) {
        out['Pallet feeder'] = false;
        out['Load pallet'] = false;
        m.loadingPallet = false;
        m.elevatorBusy = true;
        m.movingToLayer = 0;
      }
    }

    if (m.elevatorBusy) {
      if (m.movingToLayer === 0) {
        out['Elevator down'] = false;
        out['Elevator up'] = true;
        out['Move to limit'] = true;
        if (elevatorMovingFell) {
          out['Elevator up'] = false;
          out['Move to limit'] = false;
        }
      } else if (m.movingToLayer === 3) {
        if (m.unloading === 0) {
          out['Elevator down'] = true;
          out['Move to limit'] = true;
          if (elevatorMovingFell) {
            out['Warning light'] = false;
            m.unloading = 1;
          }
        } else if (m.unloading === 1) {
          out['Load pallet'] = true;
          out['Exit conveyor'] = true;
          if (palletLeftExit) {
            out['Load pallet'] = false;
            out['Exit conveyor'] = false;
            m.unloading = 0;
            m.elevatorBusy = false;
            m.loadingPallet = true;
            stats.pallets++;
          }
        }
      }
    }

    // doLayer is always true in the sample.
    if (m.palletizing === 0) {
      // Load a row of boxes.
      out['Load belt'] = true;
      if (boxLeftEntry) {
        out['Open plate'] = false;
        m.boxesInLayer++;
        m.boxCount++;
      }
      if (
        (m.oddEven && (m.boxCount === 3 || m.boxCount === 6)) ||
        (!m.oddEven && (m.boxCount === 2 || m.boxCount === 6))
      ) {
        m.boxCount = 0;
        m.palletizing = 1;
      }
    } else if (m.palletizing === 1) {
      // Let the row reach the end of the belt.
      tonIn = true;
      if (tonLoadBoxes.q(tonIn, timeMs)) {
        tonIn = false;
        out['Load belt'] = false;
        m.palletizing = 2;
      }
    } else if (m.palletizing === 2) {
      // Push the row onto the plate (not while a full pallet goes down).
      if (m.movingToLayer !== 3) {
        out['Push'] = true;
        if (pusherAtLimit) {
          out['Push'] = false;
          m.palletizing = 3;
        }
      }
    } else if (m.palletizing === 3) {
      // The pusher is back.
      if (pusherAtLimit) {
        if (m.boxesInLayer === 6) {
          m.oddEven = !m.oddEven;
          m.palletizing = 4;
        } else {
          m.palletizing = 0;
        }
      }
    } else if (m.palletizing === 4) {
      m.boxesInLayer = 0;
      out['Clamp'] = true;
      if (io.in('Clamped') === true) m.palletizing = 5;
    } else if (m.palletizing === 5) {
      // Drop the layer.
      out['Open plate'] = true;
      if (plateAtLimit) {
        out['Clamp'] = false;
        m.movingToLayer++;
        stats.layers++;
        stats.dropsAt.push(stopOfPallet());
        m.palletizing = m.movingToLayer < 3 ? 6 : 0;
      }
    } else if (m.palletizing === 6) {
      // Lower the pallet a layer.
      out['Elevator up'] = false;
      out['Move to limit'] = false;
      out['Elevator down'] = true;
      if (elevatorMovingFell) {
        out['Elevator down'] = false;
        out['Open plate'] = false;
        m.palletizing = 0;
      }
    }
    if (!tonIn) tonLoadBoxes.q(false, timeMs);

    out['Pallet feeder'] = io.in('Pallet at entry') === true || m.loadingPallet;
    out['Box feeder'] = io.in('Box at entry') === true || m.palletizing === 0;
    out['Turn'] = m.oddEven;
    for (const [name, value] of Object.entries(out)) io.set(name, value);
  };
  return { scan, stats };
}

/** The stop of the elevator carrying a pallet (-1 while it travels or carries none). */
function elevatorStop(bench: Bench): number {
  const at = bench.sim
    .snapshot()
    .conveyors.find((c) => /^elevator at \d$/.test(c.name) && c.items.length > 0);
  return at ? Number(at.name.slice(-1)) : -1;
}

const palletsOut = (bench: Bench) => bench.conveyor('exit').removed['pallet'] ?? 0;
const boxesDropped = (bench: Bench) => bench.conveyor('layers').removed['box'] ?? 0;

describe('Palletizer', () => {
  it('fits the scene', () => {
    expect(validateBehaviours(builtinPlant(SCENE)!.behaviours, builtinScene(SCENE)!.tags).problems).toEqual(
      [],
    );
  });

  it("the vendor's sample controller completes 3 pallets of three 6-box layers", () => {
    const bench = Bench.builtin(SCENE);
    const { scan, stats } = sampleController(() => elevatorStop(bench));
    const droppedWhenOut: number[] = [];
    const took = bench.runUntil(
      scan,
      () => {
        if (palletsOut(bench) > droppedWhenOut.length) droppedWhenOut.push(boxesDropped(bench));
        return palletsOut(bench) === 3;
      },
      600_000,
    );
    // Each pallet leaves with its three layers of six boxes, the next layer not yet dropped.
    expect(droppedWhenOut).toEqual([18, 36, 54]);
    expect(stats.layers).toBe(9);
    // About 90 s a pallet: 18 boxes, one every 3.4 s, plus the pushes and the drops.
    expect(took).toBeGreaterThan(200_000);
    expect(took).toBeLessThan(330_000);
    // Each layer dropped with the pallet a stop lower: the top (3), then 2, then 1.
    expect(stats.dropsAt).toEqual([3, 2, 1, 3, 2, 1, 3, 2, 1]);
  });

  it("the sensors at the conveyors' ends are normally closed; the pusher and the plate start at a limit", () => {
    const bench = Bench.builtin(SCENE);
    bench.runFor(() => undefined, 20);
    const inputs = ['Pallet at entry', 'Pallet at exit', 'Box at entry', 'Pallet loaded', 'Elevator moving'];
    expect(inputs.map((name) => bench.io.in(name))).toEqual([true, true, true, false, false]);
    expect([bench.io.in('Pusher limit'), bench.io.in('Plate limit'), bench.io.in('Clamped')]).toEqual([
      true,
      true,
      false,
    ]);
    // A stopped feeder holds its box at the end: the sensor stays off.
    bench.runUntil(
      (io) => io.set('Box feeder', true),
      () => bench.io.in('Box at entry') === false,
      10_000,
    );
    bench.runFor((io) => io.set('Box feeder', false), 5_000);
    expect(bench.io.in('Box at entry')).toBe(false);
  });

  it('the elevator moves only with a pallet aboard: 4 s bottom to top, 0.8 s a layer down', () => {
    const bench = Bench.builtin(SCENE);
    const moving = () => bench.io.in('Elevator moving') === true;
    // Empty, it stays at the bottom.
    bench.runFor((io) => {
      io.set('Elevator up', true);
      io.set('Move to limit', true);
    }, 3_000);
    expect(moving()).toBe(false);
    bench.runFor((io) => io.set('Elevator up', false), 100);
    // Load a pallet.
    bench.runUntil(
      (io) => {
        io.set('Pallet feeder', true);
        io.set('Load pallet', true);
      },
      () => bench.io.in('Pallet loaded') === true,
      20_000,
    );
    bench.runFor((io) => {
      io.set('Pallet feeder', false);
      io.set('Load pallet', false);
    }, 100);
    // Up to the top.
    bench.runUntil((io) => io.set('Elevator up', true), moving, 2_000);
    const up = bench.runUntil(
      () => undefined,
      () => !moving(),
      10_000,
    );
    expect(up).toBeGreaterThanOrEqual(3_950);
    expect(up).toBeLessThanOrEqual(4_100);
    // Up again at the top: nothing moves.
    bench.runFor((io) => io.set('Elevator up', false), 500);
    bench.runFor((io) => io.set('Elevator up', true), 2_000);
    expect(moving()).toBe(false);
    // One layer down; a command held on at the stop waits for the settling, then goes on.
    bench.runFor((io) => {
      io.set('Elevator up', false);
      io.set('Move to limit', false);
    }, 500);
    bench.runUntil((io) => io.set('Elevator down', true), moving, 2_000);
    const down = bench.runUntil(
      () => undefined,
      () => !moving(),
      10_000,
    );
    expect(down).toBeGreaterThanOrEqual(750);
    expect(down).toBeLessThanOrEqual(900);
    expect(bench.io.in('Pallet loaded')).toBe(true);
  });
});
