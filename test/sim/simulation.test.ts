// The simulation driver with a fake clock: lifecycle through the system tags and the programmatic
// controls, time scale, reset, batching into one engine update, determinism, scene changes.
import { describe, expect, it } from 'vitest';
import type { TagChangeEvent } from '../../shared/core/tag-engine.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import type { Behaviour } from '../../shared/sim/behaviour-types.js';
import { Simulation, type SimulationStatus } from '../../shared/sim/simulation.js';
import { BehaviourError } from '../../shared/sim/validate-behaviours.js';
import { Bench, testScene } from './plc.js';

const TAGS = [
  ['Motor', 'Bit', 'Output'],
  ['Valve', 'Float', 'Output'],
  ['Sensor', 'Bit', 'Input'],
  ['Level', 'Float', 'Input'],
  ['Count', 'Int', 'Input'],
  ['Walk', 'Float', 'Input'],
] as const;

/** A ramp to read the time from, a counter of Motor starts, a seeded random walk. */
const PLANT: Behaviour[] = [
  { generate: 'Level', signal: 'ramp', rate: 1, min: 0, max: 1000, atLimit: 'clamp' },
  { when: { rising: 'Motor' }, then: [{ increment: 'Count' }] },
  { generate: 'Walk', signal: 'randomWalk', step: 1, min: -100, max: 100, intervalMs: 50 },
];

const bench = (options = {}) => Bench.custom(TAGS, PLANT, options);
const sys = (b: Bench, name: string) => b.io.in(`FACTORY I/O (${name})`);
const press = (b: Bench, name: string, value: boolean) =>
  b.engine.write('set', 'name', [{ name: `FACTORY I/O (${name})`, value }]);

describe('lifecycle', () => {
  it('tells whether a client has written since the start or the last reset', () => {
    const b = bench();
    const seen: (boolean | undefined)[] = [];
    b.sim.subscribe((s) => seen.push(s.clientWritten));
    b.sim.advance(100);
    expect(b.sim.status.clientWritten).toBe(false);
    // The window's own writes and the plant's are not a client's; nor is a write refused whole.
    b.engine.write('set', 'name', [{ name: 'Motor', value: true }], 'ui');
    b.engine.write('set', 'name', [{ name: 'No such tag', value: true }]);
    b.sim.advance(100);
    expect(b.sim.status.clientWritten).toBe(false);
    expect(seen).toEqual([]);
    // A client's write counts even when it changes nothing (Motor is already on); told at the next tick.
    b.engine.write('set', 'name', [{ name: 'Motor', value: true }]);
    expect(seen).toEqual([]);
    b.sim.advance(10);
    expect(seen).toEqual([true]);
    expect(b.sim.status.clientWritten).toBe(true);
    b.sim.advance(100);
    expect(seen).toEqual([true]);
    // A reset starts the count over.
    b.sim.reset();
    expect(seen).toEqual([true, false]);
    expect(b.sim.status.clientWritten).toBe(false);
  });

  it('runs from the start by default and says so on the system Inputs', () => {
    const b = bench();
    expect(sys(b, 'Running')).toBe(true);
    expect(sys(b, 'Paused')).toBe(false);
    expect(sys(b, 'Reset')).toBe(false);
    expect(sys(b, 'Time Scale')).toBe(1);
    b.sim.advance(500);
    expect(b.sim.status).toEqual({ state: 'running', timeScale: 1, timeMs: 500, clientWritten: false });
    expect(b.io.in('Level')).toBe(0.5);
  });

  it('with startRunning false, stays stopped until run', () => {
    const b = bench({ startRunning: false });
    expect(sys(b, 'Running')).toBe(false);
    expect(sys(b, 'Paused')).toBe(false);
    b.sim.advance(500);
    expect(b.sim.status.timeMs).toBe(0);
    b.sim.run();
    expect(sys(b, 'Running')).toBe(true); // at once, not at the next advance
    b.sim.advance(500);
    expect(b.sim.status.timeMs).toBe(500);
  });

  it('starts on a rising edge of FACTORY I/O (Run) and pauses on one of (Pause)', () => {
    const b = bench({ startRunning: false });
    press(b, 'Run', true);
    b.sim.advance(100);
    expect(b.sim.status).toMatchObject({ state: 'running', timeMs: 100 });
    press(b, 'Pause', true);
    b.sim.advance(100);
    expect(b.sim.status).toMatchObject({ state: 'paused', timeMs: 100 });
    expect(sys(b, 'Running')).toBe(false);
    expect(sys(b, 'Paused')).toBe(true);
    // Run is still on: that is no edge, so the simulation stays paused...
    press(b, 'Pause', false);
    b.sim.advance(100);
    expect(b.sim.status.state).toBe('paused');
    // ...until Run goes off and on again.
    press(b, 'Run', false);
    b.sim.advance(100);
    press(b, 'Run', true);
    b.sim.advance(100);
    expect(b.sim.status).toMatchObject({ state: 'running', timeMs: 200 });
  });

  it('an Output already on when the simulation starts is no edge', () => {
    const scene = testScene(TAGS);
    const engine = new TagEngine(scene);
    engine.write('set', 'name', [{ name: 'FACTORY I/O (Pause)', value: true }]);
    const sim = new Simulation(engine, PLANT);
    sim.advance(100);
    expect(sim.status.state).toBe('running');
  });

  it('reads the effective values of the control Outputs: a force or a failure counts', () => {
    const b = bench({ startRunning: false });
    b.engine.write('force', 'name', [{ name: 'FACTORY I/O (Run)', value: true }]);
    b.sim.advance(100);
    expect(b.sim.status.state).toBe('running');
    b.engine.write('alwaysOn', 'name', [{ name: 'FACTORY I/O (Pause)', value: true }]);
    b.sim.advance(100);
    expect(b.sim.status.state).toBe('paused');
  });

  it('runs simulation time at the time scale, within 0.25x to 8x', () => {
    const b = bench();
    expect(b.sim.setTimeScale(4)).toBe(4);
    expect(sys(b, 'Time Scale')).toBe(4);
    b.sim.advance(100);
    expect(b.sim.status.timeMs).toBe(400);
    expect(b.sim.setTimeScale(100)).toBe(8);
    expect(b.sim.setTimeScale(0.1)).toBe(0.25);
    expect(b.sim.setTimeScale(Number.NaN)).toBe(0.25);
    expect(sys(b, 'Time Scale')).toBe(0.25);
    b.sim.advance(100); // 25 ms: two whole steps, 5 ms wait for the next advance
    expect(b.sim.status.timeMs).toBe(420);
  });

  it('keeps a partial step for the next advance, so ticks of any size make the same steps', () => {
    const b = bench();
    for (let i = 0; i < 10; i++) b.sim.advance(3);
    expect(b.sim.status.timeMs).toBe(30);
    b.sim.setTimeScale(0.25);
    b.sim.advance(30); // 7.5 ms: no step yet
    expect(b.sim.status.timeMs).toBe(30);
    b.sim.advance(10); // 10 ms in all
    expect(b.sim.status.timeMs).toBe(40);
  });

  it('counts at most maxAdvanceMs of real time per advance', () => {
    const b = bench({ maxAdvanceMs: 200 });
    b.sim.advance(60_000);
    expect(b.sim.status.timeMs).toBe(200);
  });

  it('tells subscribers when the state or the time scale changes', () => {
    const b = bench({ startRunning: false });
    const seen: SimulationStatus[] = [];
    b.sim.subscribe((s) => seen.push(s));
    b.sim.advance(10);
    b.sim.run();
    b.sim.run();
    b.sim.setTimeScale(2);
    b.sim.pause();
    expect(seen.map((s) => `${s.state} ${s.timeScale}`)).toEqual(['running 1', 'running 2', 'paused 2']);
  });

  it('tells subscribers of every reset, by the controller too, with the time back at 0', () => {
    const b = bench();
    const seen: SimulationStatus[] = [];
    b.sim.subscribe((s) => seen.push(s));
    b.sim.advance(500);
    press(b, 'Reset', true);
    b.sim.advance(10);
    // The controller's Reset press is a client write, and the reset that follows starts the count over.
    expect(seen).toEqual([{ state: 'running', timeScale: 1, timeMs: 0, clientWritten: false }]);
    b.sim.advance(500);
    b.sim.reset();
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual({ state: 'running', timeScale: 1, timeMs: 0, clientWritten: false });
    b.sim.advance(100);
    expect(seen).toHaveLength(2); // ticks alone tell nothing
  });
});

describe('reset', () => {
  it('restores initial values, keeps forces and failures, restarts the plant and pulses (Reset)', () => {
    const b = bench();
    b.io.set('Motor', true);
    b.io.set('Valve', 3.5);
    b.sim.advance(1000);
    expect(b.io.in('Count')).toBe(1);
    b.engine.write('force', 'name', [{ name: 'Sensor', value: true }]);
    b.engine.write('alwaysOn', 'name', [{ name: 'Valve', value: true }]);
    press(b, 'Reset', true);
    b.sim.advance(10);
    const tag = (name: string, kind: string) =>
      b.engine.listTagStates().find((t) => t.name === name && t.kind === kind)!;
    expect(tag('Motor', 'Output')).toMatchObject({ raw: false, value: false });
    expect(tag('Valve', 'Output')).toMatchObject({ raw: 0, value: 10, shortCircuit: true });
    expect(tag('Sensor', 'Input')).toMatchObject({ raw: false, value: true, isForced: true });
    expect(tag('Count', 'Input')).toMatchObject({ raw: 0 });
    // The plant starts over: time 0, and the advance that reset counts none of its time.
    expect(b.sim.status.timeMs).toBe(0);
    expect(b.io.in('Level')).toBe(0);
    // The Reset Input is on for 100 ms of simulation time; the controller's Reset Output is left alone.
    expect(sys(b, 'Reset')).toBe(true);
    expect(b.io.out('FACTORY I/O (Reset)')).toBe(true);
    for (let t = 10; t < 100; t += 10) {
      b.sim.advance(10);
      expect(sys(b, 'Reset'), `at ${t} ms`).toBe(true);
    }
    b.sim.advance(10);
    expect(sys(b, 'Reset')).toBe(false);
    expect(sys(b, 'Running')).toBe(true);
  });

  it('shows the Reset pulse even when a long advance would end it, and ends it while paused', () => {
    const b = bench();
    b.sim.pause();
    press(b, 'Reset', true);
    b.sim.advance(1000);
    expect(sys(b, 'Reset')).toBe(true); // published by the advance that saw the edge
    b.sim.advance(50);
    expect(sys(b, 'Reset')).toBe(true);
    b.sim.advance(50); // real time counts while paused
    expect(sys(b, 'Reset')).toBe(false);
    expect(b.sim.status.state).toBe('paused');
  });

  it('from the window or tray: reset() acts at once', () => {
    const b = bench();
    b.sim.advance(1000);
    b.sim.reset();
    expect(sys(b, 'Reset')).toBe(true);
    expect(b.io.in('Level')).toBe(0);
    b.sim.advance(100);
    expect(sys(b, 'Reset')).toBe(false);
  });

  it('replays the same run from the same seed', () => {
    const b = bench();
    const walk = () => {
      const values: unknown[] = [];
      for (let i = 0; i < 20; i++) {
        b.sim.advance(100);
        values.push(b.io.in('Walk'));
      }
      return values;
    };
    const first = walk();
    b.sim.reset();
    expect(walk()).toEqual(first);
  });
});

describe('updates', () => {
  it('sends one change notification per advance, from the source simulation', () => {
    const b = bench();
    const events: TagChangeEvent[] = [];
    b.engine.subscribe((e) => events.push(e));
    b.io.set('Motor', true);
    events.length = 0;
    b.sim.advance(1000); // 100 steps, several tags changing
    expect(events).toHaveLength(1);
    expect(events[0]!.source).toBe('simulation');
    const names = [...events[0]!.tagIds].map((id) => b.engine.getTag(id)!.name).sort();
    expect(names).toEqual(['Count', 'Level', 'Walk']);
    b.sim.pause();
    events.length = 0;
    b.sim.advance(1000);
    expect(events).toHaveLength(0); // nothing changed while paused
  });
});

describe('determinism', () => {
  /** Values of the random walk every 200 ms, advancing the clock in ticks of `tickMs`. */
  function trace(tickMs: number, seed = 1): unknown[] {
    const b = bench({ seed });
    const values: unknown[] = [];
    let elapsed = 0;
    while (values.length < 25) {
      b.sim.advance(tickMs);
      elapsed += tickMs;
      if (elapsed % 200 === 0) values.push(b.io.in('Walk'));
    }
    return values;
  }

  it('the same seed gives the same run, however the real clock ticks', () => {
    const reference = trace(10);
    expect(new Set(reference).size).toBeGreaterThan(10);
    expect(trace(40)).toEqual(reference);
    expect(trace(200)).toEqual(reference);
  });

  it('another seed, another run', () => {
    expect(trace(10, 2)).not.toEqual(trace(10, 1));
  });
});

describe('behaviours and scenes', () => {
  it('refuses behaviours that do not fit the scene, with every problem', () => {
    const engine = new TagEngine(testScene(TAGS));
    const bad: Behaviour[] = [{ when: { rising: 'Nope' }, then: [{ set: 'Motor', value: true }] }];
    expect(() => new Simulation(engine, bad)).toThrow(BehaviourError);
    try {
      new Simulation(engine, bad);
    } catch (error) {
      expect((error as BehaviourError).problems).toEqual([
        {
          path: 'behaviours[0].when.rising',
          message: "no tag is named 'Nope' in this scene (names are case-sensitive)",
        },
        {
          path: 'behaviours[0].then[0].set',
          message: "'Motor' is an Output; a behaviour may only write Input tags",
        },
      ]);
    }
  });

  it('follows a scene change: behaviours that no longer fit are left out and listed', () => {
    const b = bench();
    b.sim.advance(100);
    b.engine.loadScene(testScene([['Level', 'Float', 'Input']], 'Another scene'));
    b.sim.advance(100);
    expect(b.io.in('Level')).toBe(0.1); // the ramp still fits and starts over
    expect(b.sim.problems.map((p) => p.path)).toEqual([
      'behaviours[1].when.rising',
      'behaviours[1].then[0].increment',
      'behaviours[2].generate',
    ]);
    b.sim.setBehaviours([{ generate: 'Level', signal: 'constant', value: 7 }]);
    expect(b.io.in('Level')).toBe(7);
    expect(b.sim.problems).toEqual([]);
  });

  it('after a scene change, the plant starts over with its start values before any step', () => {
    const b = Bench.custom(TAGS, [{ when: { always: true }, then: [{ set: 'Sensor', value: true }] }], {
      startRunning: false,
    });
    expect(b.io.in('Sensor')).toBe(true);
    b.engine.loadScene(testScene([['Sensor', 'Bit', 'Input']], 'Another scene'));
    expect(b.io.in('Sensor')).toBe(false);
    b.sim.advance(10); // stopped: no step, yet the new plant has settled
    expect(b.io.in('Sensor')).toBe(true);
  });

  it('after a scene change, also leaves out what depended on a behaviour left out', () => {
    const line: Behaviour[] = [
      { conveyor: 'a', length: 1, speed: 1, exits: [{ to: 'b' }], feeder: {} },
      { conveyor: 'b', length: 1, speed: 1, sensors: [{ tag: 'Sensor', from: 0, to: 1 }] },
    ];
    const b = Bench.custom(TAGS, line);
    b.engine.loadScene(testScene([['Level', 'Float', 'Input']], 'Without the sensor'));
    expect(() => b.sim.advance(1000)).not.toThrow();
    expect(b.sim.problems.map((p) => p.path)).toEqual([
      'behaviours[1].sensors[0].tag',
      'behaviours[0].exits[0].to',
    ]);
    expect(b.sim.snapshot().conveyors.map((c) => c.name)).toEqual([]);
  });

  it('runs a scene without system tags (a synthetic scene) from the window controls', () => {
    const scene = { name: 'Bare', tags: testScene(TAGS).tags.filter((t) => !t.name.startsWith('FACTORY')) };
    const engine = new TagEngine(scene);
    const sim = new Simulation(engine, PLANT, { startRunning: false });
    sim.run();
    sim.advance(100);
    expect(sim.status.timeMs).toBe(100);
    sim.reset();
    expect(sim.status.timeMs).toBe(0);
  });
});
