// The simulation host: a real timer (here a fake one) advancing the core's Simulation by the real
// time elapsed, with big gaps clamped; the controls; the plant following the scene served.
import { afterEach, describe, expect, it } from 'vitest';
import { createBridgeHost } from '../../main/runtime/bridge-host.js';
import { SceneService } from '../../main/runtime/scene-service.js';
import { ServerController } from '../../main/runtime/server-controller.js';
import {
  createSimulationHost,
  MAX_TICK_GAP_MS,
  SIMULATION_TICK_MS,
  type SimulationHost,
  type SimulationHostOptions,
} from '../../main/runtime/simulation-host.js';
import { memorySettingsStore } from '../../main/settings/settings-store.js';
import type { SimulationStatus } from '../../shared/bridge/bridge-spec.js';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import type { TagKind, TagValue } from '../../shared/core/tag-types.js';
import { builtinScene, DEFAULT_SCENE_NAME, syntheticScene } from '../../shared/scenes/builtin-scenes.js';

/** A fake clock and timer: `tick(ms)` moves the clock and fires the timer once. */
function fakeTimer() {
  let now = 1000;
  let callback: (() => void) | undefined;
  const timer = {
    intervals: [] as number[],
    stopped: 0,
    tick(ms: number) {
      now += ms;
      callback?.();
    },
    /** Ticks every 10 ms for `ms`. */
    run(ms: number) {
      for (let t = 0; t < ms; t += SIMULATION_TICK_MS) timer.tick(SIMULATION_TICK_MS);
    },
    options: {
      now: () => now,
      every: (cb: () => void, ms: number) => {
        callback = cb;
        timer.intervals.push(ms);
        return () => {
          callback = undefined;
          timer.stopped++;
        };
      },
    } satisfies SimulationHostOptions,
  };
  return timer;
}

const hosts: SimulationHost[] = [];
afterEach(() => hosts.splice(0).forEach((h) => h.dispose()));

function setup(
  scene: SceneDefinition = builtinScene(DEFAULT_SCENE_NAME)!,
  options: SimulationHostOptions = {},
) {
  const engine = new TagEngine(scene);
  const timer = fakeTimer();
  const host = createSimulationHost(engine, { ...timer.options, ...options });
  hosts.push(host);
  const value = (name: string, kind: TagKind = 'Input'): TagValue =>
    engine.listTags({ name, kind }).find((t) => t.name === name)!.value;
  const set = (name: string, value: TagValue) => engine.write('set', 'name', [{ name, value }]);
  return { engine, timer, host, value, set };
}

describe('the simulation host', () => {
  it('runs on start by default, every 10 ms, on the real time elapsed', () => {
    const { timer, host, value } = setup();
    expect(timer.intervals).toEqual([SIMULATION_TICK_MS]);
    expect(host.status).toEqual({ state: 'running', timeScale: 1, timeMs: 0, clientWritten: false });
    expect(value('FACTORY I/O (Running)')).toBe(true);
    timer.run(500);
    expect(host.status.timeMs).toBe(500);
    timer.tick(3);
    timer.tick(4);
    expect(host.status.timeMs).toBe(500); // 7 ms: not a whole step yet
    timer.tick(3);
    expect(host.status.timeMs).toBe(510);
  });

  it('moves the plant: the entry conveyor brings the first pallet to the pallet sensor', () => {
    const { timer, value, set } = setup();
    set('Conveyor entry', true);
    timer.run(9_000);
    expect(value('Low sensor')).toBe(false); // the first pallet is still short of the light curtain
    expect(value('Pallet sensor')).toBe(false);
    timer.run(3_000);
    expect(value('Pallet sensor')).toBe(true); // 6 m at 0.5 m/s
  });

  it('counts at most 250 ms of a long gap (a machine that slept), so the plant never leaps', () => {
    const { timer, host } = setup();
    timer.tick(60_000);
    expect(host.status.timeMs).toBe(MAX_TICK_GAP_MS);
    timer.tick(100);
    expect(host.status.timeMs).toBe(MAX_TICK_GAP_MS + 100);
  });

  it('starts paused when asked, with a time scale; the controls act at once', () => {
    const statuses: SimulationStatus[] = [];
    const { timer, host, value } = setup(undefined, { startRunning: false, timeScale: 2 });
    host.onStatus((s) => statuses.push(s));
    expect(host.status).toEqual({ state: 'stopped', timeScale: 2, timeMs: 0, clientWritten: false });
    expect(value('FACTORY I/O (Running)')).toBe(false);
    expect(value('FACTORY I/O (Time Scale)')).toBe(2);
    timer.run(100);
    expect(host.status.timeMs).toBe(0);
    expect(host.run()).toEqual({ state: 'running', timeScale: 2, timeMs: 0, clientWritten: false });
    timer.run(100);
    expect(host.status.timeMs).toBe(200);
    expect(host.setTimeScale(0.25).timeScale).toBe(0.25);
    expect(host.setTimeScale(100).timeScale).toBe(8); // kept within 0.25x to 8x
    expect(host.pause().state).toBe('paused');
    expect(value('FACTORY I/O (Paused)')).toBe(true);
    expect(host.reset()).toEqual({ state: 'paused', timeScale: 8, timeMs: 0, clientWritten: false });
    expect(statuses.map((s) => `${s.state} ${s.timeScale}`)).toEqual([
      'running 2',
      'running 0.25',
      'running 8',
      'paused 8',
      'paused 8',
    ]);
  });

  it('follows the controller: a rising edge on FACTORY I/O (Run) starts it', () => {
    const { timer, host, set, value } = setup(undefined, { startRunning: false });
    set('FACTORY I/O (Run)', true);
    timer.tick(10);
    expect(host.status.state).toBe('running');
    set('FACTORY I/O (Pause)', true);
    timer.tick(10);
    expect(value('FACTORY I/O (Paused)')).toBe(true);
  });

  it('gives the same run for the same seed, another for another seed', () => {
    const level = (seed: number) => {
      const { timer, value, set } = setup(builtinScene('Level Control')!, { seed });
      set('Fill valve', 5);
      timer.run(3_000);
      return value('Level meter');
    };
    expect(level(7)).toBe(level(7));
    expect(level(7)).not.toBe(level(8));
  });

  it('sets the plant again when the engine loads another scene, and keeps running or paused', () => {
    const { engine, timer, host } = setup();
    const statuses: SimulationStatus[] = [];
    host.onStatus((s) => statuses.push(s));
    expect([host.plantSource, host.behaviourCount]).toEqual(['scene', 6]);
    timer.run(1_000);
    host.pause();
    engine.loadScene(builtinScene('From A to B')!);
    expect([host.plantSource, host.behaviourCount]).toEqual(['scene', 1]);
    expect(host.status).toEqual({ state: 'paused', timeScale: 1, timeMs: 0, clientWritten: false });
    expect(statuses.at(-1)).toEqual(host.status);

    // A scene without behaviours of its own, named like a built-in whose plant fits: that plant.
    const { behaviours: _plant, ...tagsOnly } = builtinScene('Queue of Items')!;
    engine.loadScene(tagsOnly);
    expect([host.plantSource, host.behaviourCount]).toEqual(['builtin', 2]);
    engine.loadScene(syntheticScene(10));
    expect([host.plantSource, host.behaviourCount]).toEqual(['none', 0]);
    expect(host.problems).toEqual([]);
  });

  it('keeps the plant through an edit of the scene served, following a renamed tag', async () => {
    const { engine, timer, host, value, set } = setup();
    const scenes = new SceneService(engine, memorySettingsStore());
    const pallet = engine.listTags({ name: 'Pallet sensor' })[0]!.id;
    const outcome = scenes.edit({ op: 'updateTag', id: pallet, changes: { name: 'Pallet here' } });
    expect(outcome.ok).toBe(true);
    expect(host.behaviourCount).toBe(6);
    set('Conveyor entry', true);
    timer.run(12_000);
    expect(value('Pallet here')).toBe(true);
  });

  it('keeps the plant running through an edit it does not read, and restarts it for one it does', () => {
    const { engine, timer, host, set } = setup();
    const scenes = new SceneService(engine, memorySettingsStore());
    const statuses: SimulationStatus[] = [];
    set('Conveyor entry', true);
    timer.run(3000);
    // From here on (the first client write was told above).
    host.onStatus((status) => statuses.push(status));
    const counter = engine.listTags({ name: 'Counter' })[0]!.id;
    const pallet = engine.listTags({ name: 'Pallet sensor' })[0]!.id;
    // A new description: nothing the plant reads changed, so it carries on.
    expect(scenes.edit({ op: 'updateTag', id: counter, changes: { description: 'Boxes sorted' } }).ok).toBe(
      true,
    );
    timer.run(100);
    expect(host.status.timeMs).toBeGreaterThanOrEqual(3000);
    expect(statuses).toEqual([]);
    // A renamed sensor: the behaviours follow the new name, and the plant starts over.
    expect(scenes.edit({ op: 'updateTag', id: pallet, changes: { name: 'Pallet here' } }).ok).toBe(true);
    expect(host.status.timeMs).toBe(0);
    expect(statuses.map((s) => s.timeMs)).toEqual([0]);
  });

  it('runs a behaviour added in the editor, and stops running it after undo', () => {
    const { engine, timer, host, value } = setup(builtinScene('Filling Tank')!);
    const scenes = new SceneService(engine, memorySettingsStore());
    const count = host.behaviourCount;
    const added = scenes.edit({
      op: 'addBehaviour',
      behaviour: {
        name: 'Fill held',
        when: { always: true },
        then: [{ set: { name: 'Fill', kind: 'Input' }, value: true }],
      },
    });
    expect(added.ok).toBe(true);
    expect(host.behaviourCount).toBe(count + 1);
    timer.run(50);
    expect(value('Fill', 'Input')).toBe(true);
    scenes.undo();
    expect(host.behaviourCount).toBe(count);
  });

  it('stops its timer and stops following the engine when disposed', () => {
    const { engine, timer, host } = setup();
    host.dispose();
    expect(timer.stopped).toBe(1);
    timer.run(100);
    expect(host.status.timeMs).toBe(0);
    engine.loadScene(builtinScene('From A to B')!);
    expect(host.behaviourCount).toBe(6);
  });
});

describe('the bridge with and without a simulation', () => {
  it('a host without one refuses the simulation methods and leaves it out of the state', async () => {
    const engine = new TagEngine(builtinScene(DEFAULT_SCENE_NAME)!);
    const server = new ServerController(engine, { host: '127.0.0.1', port: 0 });
    const bridge = createBridgeHost({ engine, server, settings: memorySettingsStore() });
    try {
      expect((await bridge.api.getState()).simulation).toBeUndefined();
      await expect(bridge.api.runSimulation()).rejects.toThrow('this TagSim runs no simulation');
      await expect(bridge.api.setTimeScale({ scale: 2 })).rejects.toThrow('this TagSim runs no simulation');
    } finally {
      bridge.dispose();
    }
  });

  it('pushes a simulation event on every change of state, and not on every tick', () => {
    const { engine, timer, host } = setup();
    const server = new ServerController(engine, { host: '127.0.0.1', port: 0 });
    const bridge = createBridgeHost({
      engine,
      server,
      settings: memorySettingsStore(),
      simulation: host,
      every: () => () => undefined,
    });
    const events: string[] = [];
    bridge.events.on((m) => {
      if (m.event === 'simulation') events.push(m.payload.state);
    });
    timer.run(1_000);
    host.pause();
    host.run();
    expect(events).toEqual(['paused', 'running']);
    bridge.dispose();
    host.pause();
    expect(events).toEqual(['paused', 'running']);
  });
});
