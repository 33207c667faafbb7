// The tray applied to a (fake) Electron Tray: rebuild debounce, clicks reaching the core through
// the bridge, and the state read from a real engine.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BridgeApi, ServerStatus } from '../../shared/bridge/bridge-spec.js';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import type { ScenesState } from '../../shared/scenes/scene-document.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { createBridgeHost, type BridgeHost } from '../../main/runtime/bridge-host.js';
import { ServerController } from '../../main/runtime/server-controller.js';
import { memorySettingsStore } from '../../main/settings/settings-store.js';
import { resolveAppPaths } from '../../main/electron/app-paths.js';
import type { TrayAction, TrayState } from '../../main/electron/tray-menu.js';
import {
  createTrayController,
  readTrayState,
  runTrayAction,
  toMenuTemplate,
  TRAY_REBUILD_INTERVAL_MS,
  type TrayController,
} from '../../main/electron/tray.js';
import { FakeTray, findItem, type FakeMenu } from './fakes/tray.js';

/** The scenes part of the tray state: the engine's scene, served as a built-in. */
const scenesOf = (engine: TagEngine, recent: string[] = []): ScenesState => ({
  builtins: [engine.scene.name, 'Filling Tank'],
  recent,
  document: { scene: engine.scene, origin: 'builtin', dirty: false, canUndo: false, canRedo: false },
});

const SCENE: SceneDefinition = {
  name: 'Tray scene',
  tags: [
    { id: 'sensor', name: 'Sensor', kind: 'Input', type: 'Bit', address: 0 },
    { id: 'motor', name: 'Motor', kind: 'Output', type: 'Bit', address: 0 },
    { id: 'speed', name: 'Speed', kind: 'Output', type: 'Float', address: 0, max: 10 },
    { id: 'count', name: 'Count', kind: 'Output', type: 'Int', address: 0 },
  ],
};

const LISTENING: ServerStatus = {
  state: 'listening',
  host: '127.0.0.1',
  port: 7410,
  url: 'http://127.0.0.1:7410',
  controllable: true,
};

const paths = resolveAppPaths('/app', '/user');
const SIM = { state: 'running', timeScale: 1, timeMs: 0 } as const;

/** A tray controller over a real engine, with a hand-driven change source. */
function setup(options: { pinned?: string[]; server?: ServerStatus } = {}) {
  const engine = new TagEngine(SCENE);
  const tray = new FakeTray();
  let server = options.server ?? LISTENING;
  const pinned = options.pinned ?? [];
  const run = vi.fn<(action: TrayAction) => void>();
  const readState = vi.fn((): TrayState => readTrayState(engine, server, pinned, scenesOf(engine)));
  const controller = createTrayController<FakeMenu>({
    tray,
    buildMenu: (template) => ({ template }),
    iconPath: paths.trayIcon,
    readState,
    sources: [(onChange) => engine.subscribe(onChange)],
    run,
  });
  return {
    engine,
    tray,
    run,
    readState,
    controller,
    setServer(status: ServerStatus) {
      server = status;
    },
  };
}

describe('the tray controller', () => {
  let controller: TrayController | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    controller?.dispose();
    vi.useRealTimers();
  });

  it('shows the state at once when created: icon, tooltip, menu', () => {
    const t = setup();
    controller = t.controller;
    expect(t.tray.images).toStrictEqual(['/app/assets/tray/tray-normal.png']);
    expect(t.tray.tooltips).toStrictEqual(['TagSim: Listening on http://127.0.0.1:7410']);
    expect(t.tray.menus).toHaveLength(1);
    expect(findItem(t.tray.menu.template, ['Listening on http://127.0.0.1:7410']).enabled).toBe(false);
  });

  it('rebuilds after a change, and switches to the faults icon with the count', async () => {
    const t = setup();
    controller = t.controller;
    t.engine.write('force', 'id', [{ id: 'motor', value: true }]);
    t.engine.setFailure('sensor', 'alwaysOn');
    expect(t.tray.images).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(TRAY_REBUILD_INTERVAL_MS);
    expect(t.tray.images.at(-1)).toBe('/app/assets/tray/tray-faults.png');
    expect(t.tray.tooltips.at(-1)).toContain('2 faults active (1 forced, 1 failed)');
  });

  it('rebuilds at once (next tick, not inside the writer) after a quiet interval', async () => {
    const t = setup();
    controller = t.controller;
    await vi.advanceTimersByTimeAsync(TRAY_REBUILD_INTERVAL_MS * 2);
    t.engine.setFailure('sensor', 'alwaysOff');
    expect(t.tray.images).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.tray.images.at(-1)).toBe('/app/assets/tray/tray-faults.png');
  });

  it('rebuilds at most once per interval under a flood of changes, and never loses the last one', async () => {
    const t = setup();
    controller = t.controller;
    const before = t.readState.mock.calls.length;
    // 5000 writes a second for one second.
    for (let ms = 0; ms < 1000; ms++) {
      for (let i = 0; i < 5; i++) t.engine.simulate('id', [{ ref: 'speed', value: ms + i / 10 }]);
      await vi.advanceTimersByTimeAsync(1);
    }
    const rebuilds = t.readState.mock.calls.length - before;
    expect(rebuilds).toBeGreaterThanOrEqual(1000 / TRAY_REBUILD_INTERVAL_MS - 1);
    expect(rebuilds).toBeLessThanOrEqual(1000 / TRAY_REBUILD_INTERVAL_MS + 1);

    t.engine.write('force', 'id', [{ id: 'count', value: 3 }]);
    await vi.advanceTimersByTimeAsync(TRAY_REBUILD_INTERVAL_MS);
    expect(t.tray.tooltips.at(-1)).toContain('1 fault active');
  });

  it('coalesces a burst into one rebuild', async () => {
    const t = setup();
    controller = t.controller;
    await vi.advanceTimersByTimeAsync(TRAY_REBUILD_INTERVAL_MS);
    const before = t.readState.mock.calls.length;
    for (let i = 0; i < 1000; i++) t.engine.simulate('id', [{ ref: 'count', value: i }]);
    await vi.advanceTimersByTimeAsync(TRAY_REBUILD_INTERVAL_MS * 3);
    expect(t.readState.mock.calls.length - before).toBe(1);
  });

  it('replaces the native menu only when the menu changes (value changes it does not show leave it)', async () => {
    const t = setup({ pinned: ['speed'] });
    controller = t.controller;
    const menus = t.tray.menus.length;
    t.engine.simulate('id', [{ ref: 'speed', value: 4 }]);
    await vi.advanceTimersByTimeAsync(TRAY_REBUILD_INTERVAL_MS);
    expect(t.tray.menus).toHaveLength(menus);
    t.engine.setFailure('speed', 'alwaysOff');
    await vi.advanceTimersByTimeAsync(TRAY_REBUILD_INTERVAL_MS);
    expect(t.tray.menus).toHaveLength(menus + 1);
    expect(findItem(t.tray.menu.template, ['Quick faults', 'Speed: Always Off', 'Always Off']).checked).toBe(
      true,
    );
  });

  it('shows the server state after refresh(): stopped, then port in use', () => {
    const t = setup();
    controller = t.controller;
    t.setServer({ ...LISTENING, state: 'stopped', url: undefined });
    t.controller.refresh();
    expect(t.tray.images.at(-1)).toBe('/app/assets/tray/tray-stopped.png');
    expect(findItem(t.tray.menu.template, ['Server stopped']).enabled).toBe(false);
    t.setServer({ ...LISTENING, state: 'failed', url: undefined, error: 'port 7410 in use' });
    t.controller.refresh();
    expect(t.tray.tooltips.at(-1)).toBe('TagSim: Port 7410 in use');
    expect(t.tray.images).toHaveLength(2);
  });

  it('stops listening and cancels a pending rebuild when disposed', async () => {
    const t = setup();
    t.engine.setFailure('sensor', 'alwaysOn');
    t.controller.dispose();
    const calls = t.readState.mock.calls.length;
    await vi.advanceTimersByTimeAsync(TRAY_REBUILD_INTERVAL_MS * 2);
    t.engine.setFailure('motor', 'alwaysOn');
    await vi.advanceTimersByTimeAsync(TRAY_REBUILD_INTERVAL_MS * 2);
    expect(t.readState.mock.calls.length).toBe(calls);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('invalidate replaces the native menu even when the model did not change', async () => {
    const t = setup();
    controller = t.controller;
    expect(t.tray.menus).toHaveLength(1);
    t.controller.schedule();
    await vi.advanceTimersByTimeAsync(TRAY_REBUILD_INTERVAL_MS);
    expect(t.tray.menus).toHaveLength(1);
    t.controller.invalidate();
    await vi.advanceTimersByTimeAsync(TRAY_REBUILD_INTERVAL_MS);
    expect(t.tray.menus).toHaveLength(2);
    expect(t.tray.images).toHaveLength(1);
  });

  it('runs the scene commands of the Scenes submenu', () => {
    const t = setup();
    controller = t.controller;
    findItem(t.tray.menu.template, ['Scenes', 'Built-in scenes', 'Filling Tank']).click?.();
    findItem(t.tray.menu.template, ['Scenes', 'Open file…']).click?.();
    findItem(t.tray.menu.template, ['Scenes', 'Save as…']).click?.();
    expect(t.run.mock.calls).toStrictEqual([
      [{ kind: 'scene', command: { kind: 'openBuiltin', name: 'Filling Tank' } }],
      [{ kind: 'scene', command: { kind: 'openFile' } }],
      [{ kind: 'scene', command: { kind: 'saveAs' } }],
    ]);
    expect(findItem(t.tray.menu.template, ['Scenes', 'Built-in scenes', 'Tray scene']).checked).toBe(true);
  });

  it('runs the action of a clicked item', () => {
    const t = setup({ pinned: ['motor'] });
    controller = t.controller;
    findItem(t.tray.menu.template, ['Quick faults', 'Motor', 'Always Off']).click?.();
    findItem(t.tray.menu.template, ['Quick faults', 'Motor', 'Force ON']).click?.();
    findItem(t.tray.menu.template, ['Open window']).click?.();
    expect(t.run.mock.calls).toStrictEqual([
      [{ kind: 'setFailure', id: 'motor', failure: 'alwaysOff' }],
      [{ kind: 'force', id: 'motor', value: true }],
      [{ kind: 'openWindow' }],
    ]);
    expect(findItem(t.tray.menu.template, ['Listening on http://127.0.0.1:7410']).click).toBeUndefined();
  });
});

describe('toMenuTemplate', () => {
  it('maps the model to Electron template items', () => {
    const run = vi.fn();
    const template = toMenuTemplate(
      [
        { type: 'normal', label: 'Status', enabled: false },
        { type: 'separator' },
        {
          type: 'submenu',
          label: 'Sub',
          submenu: [{ type: 'radio', label: 'R', checked: true, action: { kind: 'quit' } }],
        },
      ],
      run,
    );
    expect(template[0]).toStrictEqual({ type: 'normal', label: 'Status', enabled: false });
    expect(template[1]).toStrictEqual({ type: 'separator' });
    expect(template[2]?.submenu?.[0]).toMatchObject({ type: 'radio', label: 'R', checked: true });
    template[2]?.submenu?.[0]?.click?.();
    expect(run).toHaveBeenCalledWith({ kind: 'quit' });
  });
});

describe('clicking tray items acts on the core through the bridge', () => {
  let host: BridgeHost;
  let engine: TagEngine;
  let server: ServerController;
  let menu: FakeMenu;
  const openWindow = vi.fn();
  const scene = vi.fn(async () => 'done');
  const quit = vi.fn();
  const reportError = vi.fn();

  beforeEach(() => {
    engine = new TagEngine(SCENE);
    server = new ServerController(engine, { host: '127.0.0.1', port: 0 });
    host = createBridgeHost({
      engine,
      server,
      settings: memorySettingsStore({ pinnedTagIds: ['motor', 'speed'] }),
      every: () => () => undefined,
    });
    openWindow.mockReset();
    quit.mockReset();
    reportError.mockReset();
    rebuild();
  });
  afterEach(async () => {
    host.dispose();
    await server.stop();
  });

  let pending: Promise<void>[] = [];
  function rebuild() {
    const tray = new FakeTray();
    const controller = createTrayController<FakeMenu>({
      tray,
      buildMenu: (template) => ({ template }),
      iconPath: paths.trayIcon,
      readState: () => readTrayState(engine, server.status, ['motor', 'speed'], scenesOf(engine)),
      sources: [],
      run: (action) => {
        pending.push(
          runTrayAction(action, {
            api: host.api,
            rawValue: (id) => engine.getTagState(id)?.raw,
            openWindow,
            scene,
            setStartRunning: vi.fn(async () => undefined),
            quit,
            reportError,
          }),
        );
      },
    });
    controller.dispose();
    menu = tray.menu;
  }
  async function click(...path: string[]) {
    findItem(menu.template, path).click?.();
    await Promise.all(pending);
    pending = [];
    rebuild();
  }

  it('failure radios set exactly that failure', async () => {
    await click('Quick faults', 'Motor', 'Always On');
    expect(engine.getTag('motor')).toMatchObject({ shortCircuit: true, openCircuit: false });
    await click('Quick faults', 'Motor: Always On', 'Always Off');
    expect(engine.getTag('motor')).toMatchObject({ shortCircuit: false, openCircuit: true });
    await click('Quick faults', 'Motor: Always Off', 'None');
    expect(engine.getTag('motor')).toMatchObject({ shortCircuit: false, openCircuit: false });
  });

  it('Force forces a Bit ON and releases it again', async () => {
    await click('Quick faults', 'Motor', 'Force ON');
    expect(engine.getTag('motor')).toMatchObject({ isForced: true, forcedValue: true, value: true });
    expect(findItem(menu.template, ['Quick faults', 'Motor: forced', 'Forced ON']).checked).toBe(true);
    await click('Quick faults', 'Motor: forced', 'Forced ON');
    expect(engine.getTag('motor')).toMatchObject({ isForced: false, value: false });
  });

  it('Force holds a Float at its current value', async () => {
    engine.write('set', 'id', [{ id: 'speed', value: 3.25 }]);
    rebuild();
    await click('Quick faults', 'Speed', 'Force at current value');
    expect(engine.getTag('speed')).toMatchObject({ isForced: true, forcedValue: 3.25 });
    engine.write('set', 'id', [{ id: 'speed', value: 9 }]);
    expect(engine.getTag('speed')?.value).toBe(3.25);
    rebuild();
    expect(findItem(menu.template, ['Quick faults', 'Speed: forced', 'Forced at 3.25']).checked).toBe(true);
  });

  it('Release all forces and Clear all failures', async () => {
    engine.write('force', 'id', [
      { id: 'motor', value: true },
      { id: 'count', value: 5 },
    ]);
    engine.setFailure('sensor', 'alwaysOff');
    rebuild();
    await click('Release all forces');
    expect(engine.listTags().filter((t) => t.isForced)).toHaveLength(0);
    expect(engine.getTag('sensor')?.openCircuit).toBe(true);
    await click('Clear all failures');
    expect(engine.getTag('sensor')?.openCircuit).toBe(false);
  });

  it('Start server, then Stop server', async () => {
    await click('Start server');
    expect(server.status.state).toBe('listening');
    expect(findItem(menu.template, [`Listening on ${server.status.url}`])).toBeDefined();
    await click('Stop server');
    expect(server.status.state).toBe('stopped');
  });

  it('Open window and Quit call the window and the app', async () => {
    await click('Open window');
    expect(openWindow).toHaveBeenCalledOnce();
    await click('Quit TagSim');
    expect(quit).toHaveBeenCalledOnce();
    expect(reportError).not.toHaveBeenCalled();
  });
});

describe('runTrayAction', () => {
  it('calls the one bridge method of each action with its arguments', async () => {
    const api = {
      setFailure: vi.fn(async () => null),
      force: vi.fn(async () => null),
      release: vi.fn(async () => null),
      releaseAll: vi.fn(async () => undefined),
      clearFailures: vi.fn(async () => undefined),
      startServer: vi.fn(async () => LISTENING),
      stopServer: vi.fn(async () => LISTENING),
      runSimulation: vi.fn(async () => SIM),
      pauseSimulation: vi.fn(async () => SIM),
      resetSimulation: vi.fn(async () => SIM),
      setTimeScale: vi.fn(async () => SIM),
      connectDriver: vi.fn(async () => undefined),
      disconnectDriver: vi.fn(async () => undefined),
    } as unknown as BridgeApi;
    const rawValue = (id: string) => (id === 'h' ? 12.5 : undefined);
    const deps = {
      api,
      rawValue,
      openWindow: vi.fn(),
      scene: vi.fn(async () => 'done'),
      setStartRunning: vi.fn(async () => undefined),
      quit: vi.fn(),
      reportError: vi.fn(),
    };
    await runTrayAction({ kind: 'setFailure', id: 'a', failure: 'alwaysOn' }, deps);
    await runTrayAction({ kind: 'force', id: 'b', value: 7 }, deps);
    await runTrayAction({ kind: 'hold', id: 'h' }, deps);
    await runTrayAction({ kind: 'hold', id: 'gone' }, deps);
    await runTrayAction({ kind: 'release', id: 'c' }, deps);
    await runTrayAction({ kind: 'releaseAll' }, deps);
    await runTrayAction({ kind: 'clearFailures' }, deps);
    await runTrayAction({ kind: 'startServer' }, deps);
    await runTrayAction({ kind: 'stopServer' }, deps);
    await runTrayAction({ kind: 'scene', command: { kind: 'openBuiltin', name: 'Filling Tank' } }, deps);
    await runTrayAction({ kind: 'simulation', command: 'run' }, deps);
    await runTrayAction({ kind: 'simulation', command: 'pause' }, deps);
    await runTrayAction({ kind: 'simulation', command: 'reset' }, deps);
    await runTrayAction({ kind: 'setTimeScale', scale: 0.5 }, deps);
    await runTrayAction({ kind: 'setStartRunning', startRunning: false }, deps);
    await runTrayAction({ kind: 'driver', driver: 'modbusClient', connect: false }, deps);
    await runTrayAction({ kind: 'driver', driver: 'modbusClient', connect: true }, deps);
    expect(api.disconnectDriver).toHaveBeenCalledExactlyOnceWith({ driver: 'modbusClient' });
    expect(api.connectDriver).toHaveBeenCalledExactlyOnceWith({ driver: 'modbusClient' });
    expect(api.runSimulation).toHaveBeenCalledOnce();
    expect(api.pauseSimulation).toHaveBeenCalledOnce();
    expect(api.resetSimulation).toHaveBeenCalledOnce();
    expect(api.setTimeScale).toHaveBeenCalledWith({ scale: 0.5 });
    expect(api.setFailure).toHaveBeenCalledWith({ id: 'a', failure: 'alwaysOn' });
    expect(api.force).toHaveBeenCalledWith({ id: 'b', value: 7 });
    expect(api.force).toHaveBeenCalledWith({ id: 'h', value: 12.5 });
    expect(api.force).toHaveBeenCalledTimes(2);
    expect(api.release).toHaveBeenCalledWith({ id: 'c' });
    expect(api.releaseAll).toHaveBeenCalledOnce();
    expect(api.clearFailures).toHaveBeenCalledOnce();
    expect(api.startServer).toHaveBeenCalledWith(undefined);
    expect(api.stopServer).toHaveBeenCalledOnce();
    expect(deps.scene).toHaveBeenCalledWith({ kind: 'openBuiltin', name: 'Filling Tank' });
    expect(deps.setStartRunning).toHaveBeenCalledExactlyOnceWith(false);
    expect(deps.reportError).not.toHaveBeenCalled();
  });

  it('reports an item error or a thrown error instead of rejecting', async () => {
    const error = new Error('boom');
    const api = {
      force: vi.fn(async () => ({ id: 'x', code: 404, error: 'Tag not found.' })),
      releaseAll: vi.fn(async () => {
        throw error;
      }),
    } as unknown as BridgeApi;
    const reportError = vi.fn();
    const deps = {
      api,
      rawValue: () => undefined,
      openWindow: vi.fn(),
      scene: vi.fn(async () => 'done'),
      setStartRunning: vi.fn(async () => undefined),
      quit: vi.fn(),
      reportError,
    };
    await expect(runTrayAction({ kind: 'force', id: 'x', value: true }, deps)).resolves.toBeUndefined();
    await expect(runTrayAction({ kind: 'releaseAll' }, deps)).resolves.toBeUndefined();
    expect(reportError).toHaveBeenCalledTimes(2);
    expect(reportError.mock.calls[1]?.[0]).toBe(error);
  });
});

describe('readTrayState', () => {
  it('resolves the pins present in the scene, in pin order, and counts the faults', () => {
    const engine = new TagEngine(SCENE);
    engine.write('force', 'id', [{ id: 'motor', value: true }]);
    engine.setFailure('motor', 'alwaysOff');
    engine.setFailure('sensor', 'alwaysOn');
    const state = readTrayState(engine, LISTENING, ['speed', 'not-in-this-scene', 'motor'], scenesOf(engine));
    expect(state.pinned.map((t) => t.id)).toStrictEqual(['speed', 'motor']);
    expect(state.forced).toBe(1);
    expect(state.failed).toBe(2);
    expect(state.server).toBe(LISTENING);
  });

  it('carries the simulation and the setting "Run when TagSim starts" only when given', () => {
    const engine = new TagEngine(SCENE);
    const sim = { state: 'stopped', timeScale: 2, timeMs: 0 } as const;
    expect(readTrayState(engine, LISTENING, [], scenesOf(engine), sim, false)).toMatchObject({
      simulation: sim,
      startRunning: false,
    });
    expect(readTrayState(engine, LISTENING, [], scenesOf(engine))).not.toHaveProperty('startRunning');
  });
});
