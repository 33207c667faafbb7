// The plant of "Elevator (Basic)" against a controller written for the real scene.
import { describe, expect, it } from 'vitest';
import { builtinScene } from '../../../shared/scenes/builtin-scenes.js';
import { builtinPlant } from '../../../shared/scenes/builtin/builtin-plants.js';
import { validateBehaviours } from '../../../shared/sim/validate-behaviours.js';
import { Bench, Falling, type Io, Rising } from '../../sim/plc.js';

const SCENE = 'Elevator (Basic)';

type Side = 'Left' | 'Right';

/**
 * The vendor sample's elevator state machine: `go(level)` sends it there (up with Slow once the
 * level's low sensor sees it, down with Slow once its high sensor does), `idle` once both sensors
 * of the target level see it; the level it is at is read while idle.
 */
function elevator(side: Side) {
  const s = side.toLowerCase();
  const m = { target: -1, level: 0 };
  const at = (io: Io, k: number) => io.in(`At ${s} low ${k}`) === true && io.in(`At ${s} high ${k}`) === true;
  return {
    go(level: number) {
      m.target = level;
    },
    get idle() {
      return m.target < 0;
    },
    scan(io: Io) {
      let up = false;
      let down = false;
      let slow = false;
      if (m.target < 0) {
        const k = [0, 1, 2].find((n) => at(io, n));
        if (k !== undefined) m.level = k;
      } else if (m.level > m.target) {
        down = true;
        slow = io.in(`At ${s} high ${m.target}`) === true;
        if (at(io, m.target)) m.target = -1;
      } else if (m.level < m.target) {
        up = true;
        slow = io.in(`At ${s} low ${m.target}`) === true;
        if (at(io, m.target)) m.target = -1;
      } else {
        m.target = -1;
      }
      if (m.target < 0) up = down = slow = false;
      io.set(`${side} up`, up);
      io.set(`${side} down`, down);
      io.set(`${side} slow`, slow);
    },
  };
}

/**
 * The vendor's sample: the left elevator takes each box from the entry belt to the first free
 * level's conveyor (level 0 first), stopping it just past `At entry k`; the right elevator fetches
 * the boxes waiting on the busy conveyors (level 0 first) and brings them down to the exit belt.
 * The box sensors are normally closed, so "a box" is a sensor that is off.
 */
function sampleController() {
  const left = elevator('Left');
  const right = elevator('Right');
  const gone = {
    entryLeft: new Falling(),
    exitRight: new Falling(),
    exit: new Falling(),
    entry: [new Falling(), new Falling(), new Falling()],
  };
  const arrived = { exitRight: new Rising() };
  const busy = [false, false, false];
  const sentTo: number[] = [];
  const m = { load: 'choose' as string, unload: 'choose' as string, level: 0, from: 0 };
  const out: Record<string, boolean> = {};
  const box = (io: Io, name: string) => io.in(name) !== true;

  const scan = (io: Io) => {
    const passedEntryLeft = gone.entryLeft.q(box(io, 'At entry left'));
    const passedExitRight = gone.exitRight.q(box(io, 'At exit right'));
    const passedExit = gone.exit.q(box(io, 'At exit'));
    const passedEntry = gone.entry.map((f, k) => f.q(box(io, `At entry ${k}`)));
    const atExitRight = arrived.exitRight.q(box(io, 'At exit right'));
    left.scan(io);
    right.scan(io);

    // Loading: entry belt -> left elevator -> conveyor of the first free level.
    if (m.load === 'choose') {
      if (busy.includes(false)) {
        out['Entry conveyor'] = true;
        out['Load left'] = true;
        if (passedEntryLeft) {
          out['Entry conveyor'] = false;
          out['Load left'] = false;
          m.level = busy.indexOf(false);
          sentTo.push(m.level);
          if (m.level > 0) left.go(m.level);
          m.load = 'deliver';
        }
      }
    } else if (m.load === 'deliver' && left.idle) {
      out[`Conveyor ${m.level}`] = true;
      out['Load left'] = true;
      busy[m.level] = true;
      if (passedEntry[m.level]) {
        out[`Conveyor ${m.level}`] = false;
        out['Load left'] = false;
        if (m.level > 0) left.go(0);
        m.load = 'return';
      }
    } else if (m.load === 'return' && left.idle) {
      m.load = 'choose';
    }

    // Unloading: right elevator to a busy level, box aboard, down to level 0, out to the exit belt.
    if (m.unload === 'choose') {
      const k = busy.indexOf(true);
      if (k >= 0) {
        m.from = k;
        right.go(k);
        m.unload = 'fetch';
      }
    } else if (m.unload === 'fetch' && right.idle) {
      out[`Conveyor ${m.from}`] = true;
      out['Load right'] = true;
      if (m.from === 0) {
        // Level 0: straight through to the exit belt.
        out['Exit conveyor'] = true;
        if (passedExitRight) {
          out['Conveyor 0'] = false;
          out['Load right'] = false;
          busy[0] = false;
          m.unload = 'leave';
        }
      } else if (atExitRight) {
        out[`Conveyor ${m.from}`] = false;
        out['Load right'] = false;
        busy[m.from] = false;
        right.go(0);
        m.unload = 'down';
      }
    } else if (m.unload === 'down' && right.idle) {
      out['Load right'] = true;
      out['Exit conveyor'] = true;
      if (passedExit) {
        out['Load right'] = false;
        out['Exit conveyor'] = false;
        m.unload = 'choose';
      }
    } else if (m.unload === 'leave' && passedExit) {
      out['Exit conveyor'] = false;
      m.unload = 'choose';
    }
    for (const [name, value] of Object.entries(out)) io.set(name, value);
  };
  return { scan, sentTo };
}

/** Boxes that left the line at the end of the exit belt. */
function delivered(bench: Bench): number {
  return bench.conveyor('exit').removed['box'] ?? 0;
}

describe('Elevator (Basic)', () => {
  it('fits the scene', () => {
    expect(validateBehaviours(builtinPlant(SCENE)!.behaviours, builtinScene(SCENE)!.tags).problems).toEqual(
      [],
    );
  });

  it("the vendor's sample controller carries 10 boxes across the levels to the exit", () => {
    const bench = Bench.builtin(SCENE);
    const { scan, sentTo } = sampleController();
    const took = bench.runUntil(scan, () => delivered(bench) === 10, 600_000);
    // About 14 s a box: the elevators take 4.6 s from one level to the next.
    expect(took).toBeGreaterThan(100_000);
    expect(took).toBeLessThan(200_000);
    // Level 0 is busy while a box crosses it, so boxes also go up to the other levels.
    expect(new Set(sentTo)).toEqual(new Set([0, 1, 2]));
    expect(sentTo.length).toBeGreaterThanOrEqual(10);
    // Nothing is lost or doubled: every box is on a belt, aboard a platform, or gone.
    const boxes = bench.sim
      .snapshot()
      .conveyors.reduce(
        (n, c) => n + c.items.filter((i) => i.label === 'box').length + (c.removed['box'] ?? 0),
        0,
      );
    expect(boxes).toBe(10 + bench.conveyor('entry').items.length + (sentTo.length - 10));
  });

  it('the platforms start at level 0; the box sensors are normally closed', () => {
    const bench = Bench.builtin(SCENE);
    bench.runFor(() => undefined, 20);
    for (const side of ['left', 'right']) {
      expect(
        [0, 1, 2].map((k) => [bench.io.in(`At ${side} low ${k}`), bench.io.in(`At ${side} high ${k}`)]),
      ).toEqual([
        [true, true],
        [false, false],
        [false, false],
      ]);
    }
    for (const name of ['At entry left', 'At entry 0', 'At exit 2', 'At exit right', 'At exit'])
      expect(bench.io.in(name)).toBe(true);
    // A box at the end of the entry belt turns its sensor off.
    bench.runUntil(
      (io) => io.set('Entry conveyor', true),
      () => bench.io.in('At entry left') === false,
      10_000,
    );
    expect(bench.conveyor('entry').items[0]!.front).toBeCloseTo(2.8);
  });

  it('going up, the low sensor of a level comes on before the high one; with Up held the platform passes to the top and stays', () => {
    const bench = Bench.builtin(SCENE);
    const seen: string[] = [];
    const record = (io: Io) => {
      const state = `${io.in('At left low 1') === true ? 'L' : '-'}${io.in('At left high 1') === true ? 'H' : '-'}`;
      if (seen[seen.length - 1] !== state) seen.push(state);
    };
    bench.runFor((io) => {
      io.set('Left up', true);
      record(io);
    }, 20_000);
    expect(seen).toEqual(['--', 'L-', 'LH', '-H', '--']);
    expect(bench.io.in('At left low 2')).toBe(true);
    expect(bench.io.in('At left high 2')).toBe(true);
    // Down with Slow: the high sensor of level 1 is met first; stopping there leaves it at level 1.
    seen.length = 0;
    bench.runUntil(
      (io) => {
        const both = io.in('At left low 1') === true && io.in('At left high 1') === true;
        io.set('Left up', false);
        io.set('Left down', !both);
        io.set('Left slow', io.in('At left high 1') === true);
        record(io);
      },
      () => seen.includes('LH'),
      20_000,
    );
    bench.runFor((io) => {
      io.set('Left down', false);
      io.set('Left slow', false);
    }, 2000);
    expect(seen).toEqual(['--', '-H', 'LH']);
    expect([bench.io.in('At left low 1'), bench.io.in('At left high 1')]).toEqual([true, true]);
    // The right elevator did not move.
    expect(bench.io.in('At right low 0')).toBe(true);
  });
});
