// The desktop app put together (docs/desktop.md): startDesktop with fakes of every Electron API, a
// real engine and a real API server on a free port.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BRIDGE_METHOD_NAMES } from '../../shared/bridge/bridge-spec.js';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import { builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { serializeScene } from '../../shared/scenes/scene-file.js';
import { PresetsProblem } from '../../main/settings/presets.js';
import { memorySettingsStore } from '../../main/settings/settings-store.js';
import type { Settings } from '../../main/settings/settings.js';
import { type Desktop, startDesktop } from '../../main/electron/desktop.js';
import { secureWebPreferences } from '../../main/electron/window-security.js';
import { FakeApp } from './fakes/app.js';
import { startController } from '../support/modbus-controller.js';
import { FakeDialogs } from './fakes/dialogs.js';
import { FakeIpcMain } from './fakes/ipc-main.js';
import { type FakeMenu, FakeTray, findItem } from './fakes/tray.js';
import { FakeBrowserWindow, FakeScreen, FakeSession } from './fakes/window.js';

const SCENE: SceneDefinition = {
  name: 'Desktop scene',
  tags: [
    { id: 'sensor', name: 'Sensor', kind: 'Input', type: 'Bit', address: 0 },
    { id: 'motor', name: 'Motor', kind: 'Output', type: 'Bit', address: 0 },
  ],
};
const ASAR = '/opt/tagsim/resources/app.asar';

interface StartOptions {
  lock?: boolean;
  argv?: string[];
  platform?: string;
  settings?: Partial<Settings> | 'file';
  userData?: string;
  isPackaged?: boolean;
  env?: Record<string, string>;
  resourcesPath?: string;
}

const running: { app: FakeApp; desktop: Desktop | undefined }[] = [];

async function start(options: StartOptions = {}) {
  const app = new FakeApp();
  app.lock = options.lock ?? true;
  app.isPackaged = options.isPackaged ?? false;
  if (options.userData) app.userData = options.userData;
  const ipcMain = new FakeIpcMain();
  const protocol = { handle: vi.fn() };
  const session = new FakeSession();
  const screen = new FakeScreen();
  const windows: FakeBrowserWindow[] = [];
  const trays: FakeTray[] = [];
  const reportError = vi.fn();
  const dialogs = new FakeDialogs();
  const appMenus: FakeMenu[] = [];
  const systemShutdown: (() => void)[] = [];
  const settings =
    options.settings === 'file' ? undefined : memorySettingsStore({ port: 0, ...options.settings });
  const desktop = await startDesktop<FakeMenu>({
    app,
    ipcMain,
    protocol,
    session: () => session,
    screen: () => screen,
    createWindow: (windowOptions) => {
      const window = new FakeBrowserWindow(windowOptions);
      windows.push(window);
      return window;
    },
    createTray: (image) => {
      const tray = new FakeTray(image);
      trays.push(tray);
      return tray;
    },
    buildMenu: (template) => ({ template }),
    setApplicationMenu: (menu) => appMenus.push(menu),
    dialogs,
    onSystemShutdown: (listener) => systemShutdown.push(listener),
    versions: { electron: '40.1.0', node: '22.1.0' },
    readFile: async () => new Uint8Array(),
    platform: options.platform ?? 'linux',
    argv: options.argv ?? ['/opt/tagsim/tagsim'],
    reportError,
    ...(options.env ? { env: options.env } : {}),
    ...(options.resourcesPath ? { resourcesPath: options.resourcesPath } : {}),
    ...(settings ? { openSettings: async () => settings } : {}),
    scene: SCENE,
  });
  running.push({ app, desktop });
  const tray = () => {
    expect(trays).toHaveLength(1);
    return trays[0]!;
  };
  const window = () => {
    const last = windows.at(-1);
    if (!last) throw new Error('no window was created');
    return last;
  };
  const listening = async () => {
    await vi.waitFor(() => expect(desktop?.tagsim.server.status.state).toBe('listening'));
    return desktop!.tagsim.server.status.url!;
  };
  const appMenu = () => {
    const last = appMenus.at(-1);
    if (!last) throw new Error('no application menu was set');
    return last;
  };
  return {
    app,
    desktop,
    ipcMain,
    protocol,
    session,
    windows,
    trays,
    tray,
    window,
    reportError,
    listening,
    dialogs,
    appMenus,
    appMenu,
    systemShutdown,
  };
}

/** Quits the way Electron does: 'before-quit', held back by the guard until shutdown is done. */
async function quit(app: FakeApp) {
  const before = app.quitCalls;
  app.beforeQuit();
  await vi.waitFor(() => expect(app.quitCalls).toBe(before + 1));
  expect(app.beforeQuit()).toBe(true);
}

afterEach(async () => {
  for (const { app, desktop } of running.splice(0)) {
    if (desktop && !desktop.quitGuard.isQuitting()) await quit(app);
  }
});

describe('startDesktop', () => {
  it('in a second instance, quits without starting anything', async () => {
    const t = await start({ lock: false });
    expect(t.desktop).toBeUndefined();
    expect(t.app.quitCalls).toBe(1);
    expect(t.windows).toHaveLength(0);
    expect(t.trays).toHaveLength(0);
    expect(t.ipcMain.handle).not.toHaveBeenCalled();
    expect(t.protocol.handle).not.toHaveBeenCalled();
  });

  it('starts the scheme, the hardened session, the IPC host, the server, the tray and the window', async () => {
    const t = await start();
    expect(t.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    expect(t.session.requestHandler).toBeDefined();
    expect(t.session.checkHandler?.({}, 'media', 'app://tagsim', {})).toBe(false);
    expect(t.ipcMain.handlers.size).toBe(BRIDGE_METHOD_NAMES.length);
    // Every WebContents the app creates is guarded, not only the main window's.
    expect(t.app.listenerCount('web-contents-created')).toBe(1);

    const url = await t.listening();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${url}/api/tags`);
    expect(((await response.json()) as unknown[]).length).toBe(2);

    await vi.waitFor(() => expect(t.tray().images.at(-1)).toBe(`${ASAR}/assets/tray/tray-normal.png`));
    expect(t.tray().images[0]).toBe(`${ASAR}/assets/tray/tray-stopped.png`);
    expect(findItem(t.tray().menu.template, [`Listening on ${url}`]).enabled).toBe(false);

    expect(t.windows).toHaveLength(1);
    expect(t.window().loaded).toStrictEqual(['app://tagsim/index.html']);
    expect(t.window().options.webPreferences).toStrictEqual(
      secureWebPreferences(`${ASAR}/dist/preload/preload.cjs`, true),
    );
  });

  it('disables the developer tools when packaged', async () => {
    const t = await start({ isPackaged: true });
    expect(t.window().options.webPreferences.devTools).toBe(false);
  });

  it('serves the renderer through the app: handler from dist/renderer', async () => {
    const t = await start();
    const handler = t.protocol.handle.mock.calls[0]?.[1] as (r: {
      url: string;
      method: string;
    }) => Promise<Response>;
    expect((await handler({ url: 'app://tagsim/%2e%2e%2fpackage.json', method: 'GET' })).status).toBe(404);
  });

  it('keeps running in the tray when the window is closed; a second launch brings it back', async () => {
    const t = await start();
    t.window().emit('ready-to-show');
    expect(t.window().close()).toBe(false);
    expect(t.window().visible).toBe(false);
    expect(t.app.quitCalls).toBe(0);
    t.app.emit('window-all-closed');
    expect(t.app.quitCalls).toBe(0);
    t.app.emit('second-instance', {}, [], '/');
    expect(t.windows).toHaveLength(1);
    expect(t.window()).toMatchObject({ visible: true, focused: 1 });
  });

  it('with --hidden, starts in the tray only; Open window opens it', async () => {
    const t = await start({ argv: ['tagsim', '--hidden'] });
    expect(t.windows).toHaveLength(0);
    findItem(t.tray().menu.template, ['Open window']).click?.();
    expect(t.windows).toHaveLength(1);
  });

  it('on Windows, a click on the tray icon opens the window', async () => {
    const t = await start({ argv: ['tagsim', '--hidden'], platform: 'win32' });
    t.tray().emit('click');
    expect(t.windows).toHaveLength(1);
    const linux = await start({ argv: ['tagsim', '--hidden'] });
    expect(linux.tray().listenerCount('click')).toBe(0);
  });

  it('a change made in the window reaches the engine and the tray', async () => {
    const t = await start();
    await t.listening();
    await t.ipcMain.invoke('tagsim:setFailure', t.window().webContents.invokeEvent(), {
      id: 'sensor',
      failure: 'alwaysOn',
    });
    expect(t.desktop?.tagsim.engine.getTag('sensor')?.shortCircuit).toBe(true);
    await vi.waitFor(() => expect(t.tray().images.at(-1)).toBe(`${ASAR}/assets/tray/tray-faults.png`));
    expect(t.tray().tooltips.at(-1)).toContain('1 fault active');
    await t.ipcMain.invoke('tagsim:setPinned', t.window().webContents.invokeEvent(), {
      id: 'motor',
      pinned: true,
    });
    await vi.waitFor(() => findItem(t.tray().menu.template, ['Quick faults', 'Motor', 'Force ON']));
    expect(t.window().webContents.sent.some((m) => (m.args[0] as { event: string }).event === 'pinned')).toBe(
      true,
    );
  });

  it("runs the simulation; the tray's Simulation submenu pauses, resumes and scales it", async () => {
    const t = await start();
    const simulation = t.desktop!.tagsim.simulation;
    expect(simulation.status.state).toBe('running');
    expect(findItem(t.tray().menu.template, ['Simulation', 'Running at 1x']).enabled).toBe(false);
    findItem(t.tray().menu.template, ['Simulation', 'Pause']).click?.();
    await vi.waitFor(() => expect(simulation.status.state).toBe('paused'));
    await vi.waitFor(() =>
      expect(findItem(t.tray().menu.template, ['Simulation', 'Run']).enabled).toBe(true),
    );
    expect(t.tray().tooltips.at(-1)).toContain('Simulation paused at 1x');
    findItem(t.tray().menu.template, ['Simulation', 'Time scale', '4x']).click?.();
    await vi.waitFor(() => expect(simulation.status.timeScale).toBe(4));
    findItem(t.tray().menu.template, ['Simulation', 'Run']).click?.();
    await vi.waitFor(() => expect(simulation.status.state).toBe('running'));
    // The window hears of it too, and finds it in the state.
    const events = t.window().webContents.sent.map((m) => m.args[0] as { event: string; payload: unknown });
    expect(events.filter((e) => e.event === 'simulation').map((e) => e.payload)).toContainEqual(
      expect.objectContaining({ state: 'paused', timeScale: 4 }),
    );
    const state = (await t.ipcMain.invoke(
      'tagsim:getState',
      t.window().webContents.invokeEvent(),
      undefined,
    )) as {
      simulation?: { state: string };
    };
    expect(state.simulation?.state).toBe('running');
  });

  it('starts the simulation as the settings say: not running, at their time scale', async () => {
    const t = await start({ settings: { simulation: { startRunning: false, seed: 7, timeScale: 2 } } });
    expect(t.desktop!.tagsim.simulation.status).toMatchObject({ state: 'stopped', timeScale: 2 });
    const menu = t.tray().menu.template;
    expect(findItem(menu, ['Simulation', 'Not started at 2x']).enabled).toBe(false);
    expect(findItem(menu, ['Simulation', 'Run when TagSim starts'])).toMatchObject({
      type: 'checkbox',
      checked: false,
    });
    findItem(menu, ['Simulation', 'Run']).click?.();
    await vi.waitFor(() => expect(t.desktop!.tagsim.simulation.status.state).toBe('running'));
  });

  it('with --paused, starts with the simulation not running, and leaves the setting as it is', async () => {
    const t = await start({ argv: ['tagsim', '--paused'] });
    expect(t.desktop!.tagsim.simulation.status.state).toBe('stopped');
    expect(t.desktop!.tagsim.settings.get().simulation.startRunning).toBe(true);
    expect(findItem(t.tray().menu.template, ['Simulation', 'Run when TagSim starts']).checked).toBe(true);
  });

  it('"Run when TagSim starts" in the tray saves the setting; the next start follows it', async () => {
    const userData = await mkdtemp(path.join(tmpdir(), 'tagsim-desktop-'));
    try {
      const file = path.join(userData, 'settings.json');
      await writeFile(file, JSON.stringify({ port: 0 }));
      const first = await start({ settings: 'file', userData });
      expect(first.desktop!.tagsim.simulation.status.state).toBe('running');
      findItem(first.tray().menu.template, ['Simulation', 'Run when TagSim starts']).click?.();
      await vi.waitFor(async () =>
        expect(JSON.parse(await readFile(file, 'utf8'))).toStrictEqual({
          port: 0,
          simulation: { startRunning: false },
        }),
      );
      await vi.waitFor(() =>
        expect(findItem(first.tray().menu.template, ['Simulation', 'Run when TagSim starts']).checked).toBe(
          false,
        ),
      );
      // It is a setting for the next start: the simulation running now goes on.
      expect(first.desktop!.tagsim.simulation.status.state).toBe('running');
      await quit(first.app);

      const second = await start({ settings: 'file', userData });
      expect(second.desktop!.tagsim.simulation.status.state).toBe('stopped');
      expect(findItem(second.tray().menu.template, ['Simulation', 'Not started at 1x']).enabled).toBe(false);
      findItem(second.tray().menu.template, ['Simulation', 'Run when TagSim starts']).click?.();
      await vi.waitFor(() =>
        expect(second.desktop!.tagsim.settings.get().simulation.startRunning).toBe(true),
      );
      await quit(second.app);
      expect(JSON.parse(await readFile(file, 'utf8')).simulation.startRunning).toBe(true);
    } finally {
      await rm(userData, { recursive: true, force: true });
    }
  });

  it('shows "Port N in use" when the port is taken, and Start retries', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const t = await start({ settings: { port } });
      await vi.waitFor(() => expect(t.desktop?.tagsim.server.status.state).toBe('failed'));
      await vi.waitFor(() => expect(t.tray().tooltips.at(-1)).toBe(`TagSim: Port ${port} in use`));
      expect(t.tray().images.at(-1)).toBe(`${ASAR}/assets/tray/tray-stopped.png`);
      expect(findItem(t.tray().menu.template, [`Port ${port} in use`]).enabled).toBe(false);
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
      findItem(t.tray().menu.template, ['Start server']).click?.();
      await t.listening();
    } finally {
      if (blocker.listening) blocker.close();
    }
  });

  it('Quit stops the server, saves the bounds and removes the IPC handlers and the tray', async () => {
    const t = await start();
    const url = await t.listening();
    t.window().bounds = { x: 10, y: 20, width: 900, height: 700 };
    findItem(t.tray().menu.template, ['Quit TagSim']).click?.();
    expect(t.app.quitCalls).toBe(1);
    await quit(t.app);
    expect(t.desktop?.tagsim.server.status.state).toBe('stopped');
    await expect(fetch(`${url}/api/tags`)).rejects.toThrow();
    expect(t.desktop?.tagsim.settings.get().windowBounds).toStrictEqual({
      x: 10,
      y: 20,
      width: 900,
      height: 700,
    });
    expect(t.ipcMain.handlers.size).toBe(0);
    expect(t.tray().destroyed).toBe(true);
    // Now the window really closes.
    expect(t.window().close()).toBe(true);
  });

  it('keeps the settings in userData/settings.json', async () => {
    const userData = await mkdtemp(path.join(tmpdir(), 'tagsim-desktop-'));
    try {
      const file = path.join(userData, 'settings.json');
      await writeFile(file, JSON.stringify({ port: 0, pinnedTagIds: ['motor'] }));
      const t = await start({ settings: 'file', userData });
      expect(t.desktop?.tagsim.settings.get().pinnedTagIds).toStrictEqual(['motor']);
      await t.listening();
      findItem(t.tray().menu.template, ['Quick faults', 'Motor', 'Always Off']).click?.();
      await vi.waitFor(() => expect(t.desktop?.tagsim.engine.getTag('motor')?.openCircuit).toBe(true));
      t.window().bounds = { x: 5, y: 6, width: 800, height: 600 };
      await quit(t.app);
      expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({
        port: 0,
        pinnedTagIds: ['motor'],
        windowBounds: { x: 5, y: 6, width: 800, height: 600 },
      });
    } finally {
      await rm(userData, { recursive: true, force: true });
    }
  });

  describe('scenes', () => {
    /** Serves a built-in and renames it in the editor: unsaved changes. */
    async function editBuiltin(desktop: Desktop | undefined, name = 'My line') {
      expect((await desktop!.tagsim.bridge.scenes.open({ builtin: 'Filling Tank' })).ok).toBe(true);
      expect(desktop!.tagsim.bridge.scenes.edit({ op: 'renameScene', name }).ok).toBe(true);
    }

    it('sets an application menu that follows the scene', async () => {
      const t = await start();
      expect(findItem(t.appMenu().template, ['File', 'Save']).accelerator).toBe('CmdOrCtrl+S');
      expect(findItem(t.appMenu().template, ['Edit', 'Undo scene edit']).enabled).toBe(false);
      const view = findItem(t.appMenu().template, ['View']).submenu ?? [];
      expect(view.map((i) => i.role)).toContain('toggleDevTools');
      await editBuiltin(t.desktop);
      await vi.waitFor(() =>
        expect(findItem(t.appMenu().template, ['Edit', 'Undo scene edit']).enabled).toBe(true),
      );
      findItem(t.appMenu().template, ['Edit', 'Undo scene edit']).click?.();
      expect(t.desktop?.tagsim.engine.scene.name).toBe('Filling Tank');
    });

    it('View ▸ Traffic tells the window to open or close its Traffic view', async () => {
      const t = await start();
      const heard: string[] = [];
      t.desktop!.tagsim.bridge.events.on((message) => heard.push(message.event));
      const item = findItem(t.appMenu().template, ['View', 'Traffic']);
      expect(item.accelerator).toBe('Shift+CmdOrCtrl+L');
      item.click?.();
      await vi.waitFor(() => expect(heard).toContain('toggleTraffic'));
    });

    it("View ▸ Plant tells the window to show or hide its Plant view, with the window's own key", async () => {
      const t = await start();
      const heard: string[] = [];
      t.desktop!.tagsim.bridge.events.on((message) => heard.push(message.event));
      const item = findItem(t.appMenu().template, ['View', 'Plant']);
      expect(item.accelerator).toBe('Shift+CmdOrCtrl+E');
      item.click?.();
      await vi.waitFor(() => expect(heard).toContain('togglePlant'));
      expect(heard).not.toContain('toggleTraffic');
    });

    it('has no developer items in the menu when packaged', async () => {
      const t = await start({ isPackaged: true });
      const view = findItem(t.appMenu().template, ['View']).submenu ?? [];
      expect(view.map((i) => i.role)).not.toContain('toggleDevTools');
      expect(view.map((i) => i.role)).not.toContain('reload');
    });

    it('opens a built-in from the tray, which then checks it', async () => {
      const t = await start();
      findItem(t.tray().menu.template, ['Scenes', 'Built-in scenes', 'Filling Tank']).click?.();
      await vi.waitFor(() => expect(t.desktop?.tagsim.engine.scene.name).toBe('Filling Tank'));
      await vi.waitFor(() =>
        expect(findItem(t.tray().menu.template, ['Scenes', 'Built-in scenes', 'Filling Tank']).checked).toBe(
          true,
        ),
      );
      expect(findItem(t.tray().menu.template, ['Scenes', 'Filling Tank']).enabled).toBe(false);
      // The window hears of it too.
      expect(
        t.window().webContents.sent.some((m) => (m.args[0] as { event: string }).event === 'scenes'),
      ).toBe(true);
    });

    it('asks before the tray replaces unsaved changes; Cancel keeps them (and the tray redraws)', async () => {
      const t = await start();
      await editBuiltin(t.desktop, 'Unsaved line');
      await vi.waitFor(() => findItem(t.tray().menu.template, ['Scenes', 'Unsaved line (unsaved changes)']));
      const menusBefore = t.tray().menus.length;
      t.dialogs.click('Cancel');
      findItem(t.tray().menu.template, ['Scenes', 'Built-in scenes', 'Level Control']).click?.();
      await vi.waitFor(() => expect(t.dialogs.messages).toStrictEqual(['Save changes to Unsaved line?']));
      // Electron checked the radio item when clicked: the menu is set again, as it was.
      await vi.waitFor(() => expect(t.tray().menus.length).toBe(menusBefore + 1));
      expect(t.desktop?.tagsim.engine.scene.name).toBe('Unsaved line');
      expect(findItem(t.tray().menu.template, ['Scenes', 'Built-in scenes', 'Level Control']).checked).toBe(
        false,
      );
    });

    it('shows the problems of a file opened from the tray, and keeps the scene', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'tagsim-desktop-scenes-'));
      try {
        const broken = path.join(dir, 'broken.tagsim.json');
        await writeFile(broken, '{"format": "tagsim-scene", "version": 1, "name": "", "tags": []}');
        const t = await start();
        t.dialogs.openReturns(broken);
        findItem(t.tray().menu.template, ['Scenes', 'Open file…']).click?.();
        await vi.waitFor(() => expect(t.dialogs.errors).toHaveLength(1));
        expect(t.dialogs.errors[0]?.message).toBe('broken.tagsim.json is not a valid TagSim scene.');
        expect(t.dialogs.errors[0]?.detail).toContain('TagSim keeps serving "Desktop scene".');
        expect(t.desktop?.tagsim.engine.scene.name).toBe('Desktop scene');
        const url = await t.listening();
        expect(((await (await fetch(`${url}/api/tags`)).json()) as unknown[]).length).toBe(2);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('Quit with unsaved changes asks first; Cancel keeps TagSim running and serving', async () => {
      const t = await start();
      const url = await t.listening();
      await editBuiltin(t.desktop);
      t.dialogs.click('Cancel');
      findItem(t.tray().menu.template, ['Quit TagSim']).click?.();
      expect(t.app.quitCalls).toBe(1);
      expect(t.app.beforeQuit()).toBe(false);
      await vi.waitFor(() => expect(t.dialogs.messages).toStrictEqual(['Save changes to My line?']));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(t.desktop?.quitGuard.isQuitting()).toBe(false);
      expect(t.app.quitCalls).toBe(1);
      expect((await fetch(`${url}/api/tags`)).status).toBe(200);
      // Closing the window still only hides it.
      expect(t.window().close()).toBe(false);

      t.dialogs.click("Don't save");
      await quit(t.app);
      expect(t.desktop?.tagsim.server.status.state).toBe('stopped');
      expect(t.dialogs.messages).toHaveLength(2);
    });

    it('Quit with unsaved changes: Save writes the file, then TagSim quits', async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'tagsim-desktop-scenes-'));
      try {
        const t = await start();
        await editBuiltin(t.desktop, 'Saved at quit');
        t.dialogs.click('Save').saveReturns(path.join(dir, 'line'));
        await quit(t.app);
        const saved = JSON.parse(await readFile(path.join(dir, 'line.tagsim.json'), 'utf8')) as {
          name: string;
        };
        expect(saved.name).toBe('Saved at quit');
        expect(t.desktop?.tagsim.settings.get().recentScenes).toStrictEqual([
          path.join(dir, 'line.tagsim.json'),
        ]);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('when the system shuts down, quits without asking', async () => {
      const t = await start();
      await editBuiltin(t.desktop);
      expect(t.systemShutdown).toHaveLength(1);
      t.systemShutdown[0]!();
      expect(t.app.quitCalls).toBe(1);
      await quit(t.app);
      expect(t.dialogs.boxes).toHaveLength(0);
      expect(t.desktop?.tagsim.server.status.state).toBe('stopped');
    });

    it('when Windows ends the session, quits without asking', async () => {
      const t = await start({ platform: 'win32' });
      await editBuiltin(t.desktop);
      t.window().emit('session-end', { reasons: ['logoff'] });
      expect(t.app.quitCalls).toBe(1);
      await quit(t.app);
      expect(t.dialogs.boxes).toHaveLength(0);
    });

    it('About shows the version', async () => {
      const t = await start();
      findItem(t.appMenu().template, ['Help', 'About TagSim']).click?.();
      await vi.waitFor(() => expect(t.dialogs.messages).toStrictEqual(['TagSim 0.1.0']));
      expect(t.dialogs.boxes[0]?.detail).toContain('Electron 40.1.0');
    });
  });
});

describe('startDesktop with machine presets (presets.json)', () => {
  const folders: string[] = [];
  afterEach(async () => {
    for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  /** A lab PC: an install's resources folder, a student's userData and a folder for lab files. */
  async function labMachine() {
    const root = await mkdtemp(path.join(tmpdir(), 'tagsim-presets-'));
    folders.push(root);
    const resourcesPath = path.join(root, 'resources');
    const userData = path.join(root, 'userData');
    const lab = path.join(root, 'lab');
    for (const dir of [resourcesPath, userData, lab]) await mkdir(dir, { recursive: true });
    const settingsFile = path.join(userData, 'settings.json');
    return {
      resourcesPath,
      userData,
      lab,
      settingsFile,
      presets: (dir: string, content: unknown) =>
        writeFile(
          path.join(dir, 'presets.json'),
          typeof content === 'string' ? content : JSON.stringify(content),
        ),
      userSettings: (content: unknown) => writeFile(settingsFile, JSON.stringify(content)),
    };
  }

  /** The problems reported at start, as [field, message]. */
  function presetsProblems(reportError: ReturnType<typeof vi.fn>): [string | undefined, string][] {
    return reportError.mock.calls
      .map(([error]) => error)
      .filter((error): error is PresetsProblem => error instanceof PresetsProblem)
      .map((problem) => [problem.field, problem.message]);
  }

  it("fill what the student's settings lack; the student's own fields win", async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const labPort = (blocker.address() as { port: number }).port;
    try {
      const pc = await labMachine();
      await pc.presets(pc.resourcesPath, {
        port: labPort,
        pinnedTagIds: ['motor'],
        simulation: { startRunning: false, seed: 9, timeScale: 4 },
      });
      await pc.userSettings({ port: 0, simulation: { timeScale: 2 } });
      const t = await start({ settings: 'file', userData: pc.userData, resourcesPath: pc.resourcesPath });
      // The student's port (0: any free one) wins over the lab's, which is taken.
      await t.listening();
      expect(t.desktop!.tagsim.settings.get()).toMatchObject({
        pinnedTagIds: ['motor'],
        simulation: { startRunning: false, seed: 9, timeScale: 2 },
      });
      expect(t.desktop!.tagsim.simulation.status).toMatchObject({ state: 'stopped', timeScale: 2 });
      expect(findItem(t.tray().menu.template, ['Quick faults', 'Motor', 'Always Off'])).toBeDefined();
      expect(t.reportError).not.toHaveBeenCalled();
      t.window().bounds = { x: 5, y: 6, width: 800, height: 600 };
      await quit(t.app);
      // The presets stay out of the student's file: a preset changed later still reaches them.
      expect(JSON.parse(await readFile(pc.settingsFile, 'utf8'))).toStrictEqual({
        port: 0,
        simulation: { timeScale: 2 },
        windowBounds: { x: 5, y: 6, width: 800, height: 600 },
      });

      // A new student, with no settings of their own: the lab's port.
      await rm(pc.settingsFile);
      const fresh = await start({ settings: 'file', userData: pc.userData, resourcesPath: pc.resourcesPath });
      await vi.waitFor(() => expect(fresh.desktop?.tagsim.server.status.state).toBe('failed'));
      await vi.waitFor(() =>
        expect(fresh.tray().tooltips.at(-1)).toContain(`TagSim: Port ${labPort} in use`),
      );
      expect(fresh.desktop!.tagsim.simulation.status).toMatchObject({ state: 'stopped', timeScale: 4 });
    } finally {
      blocker.close();
    }
  });

  it('serve Modbus TCP when the presets ask, shown in the tray', async () => {
    const pc = await labMachine();
    await pc.presets(pc.resourcesPath, { port: 0, modbus: { port: 0, scaleFactor: 1000 } });
    const t = await start({ settings: 'file', userData: pc.userData, resourcesPath: pc.resourcesPath });
    const modbus = t.desktop!.tagsim.modbus!;
    // The driver's ScaleFactor, chosen in the presets, is the one Floats travel with.
    expect(modbus.layout.scaleFactor).toBe(1000);
    await vi.waitFor(() => expect(modbus.status.state).toBe('listening'));
    const line = `Modbus TCP on 127.0.0.1:${modbus.status.port}, 0 clients`;
    await vi.waitFor(() => expect(t.tray().tooltips.at(-1)).toContain(line));
    expect(t.reportError).not.toHaveBeenCalled();
    await quit(t.app);
    expect(modbus.status.state).toBe('stopped');
  });

  it("scan the bench's controller when the presets name it, connected and disconnected from the tray", async () => {
    const plc = await startController();
    try {
      const pc = await labMachine();
      await pc.presets(pc.resourcesPath, { port: 0, modbusClient: { host: '127.0.0.1', port: plc.port } });
      const t = await start({ settings: 'file', userData: pc.userData, resourcesPath: pc.resourcesPath });
      const line = `Modbus client: connected to 127.0.0.1:${plc.port} (unit 1, every 10 ms)`;
      await vi.waitFor(() => findItem(t.tray().menu.template, [line]));
      await plc.until(() => plc.heard.some((h) => h.fc === 15));
      findItem(t.tray().menu.template, ['Disconnect the Modbus client']).click?.();
      await vi.waitFor(() =>
        findItem(t.tray().menu.template, [`Modbus client: not connected (127.0.0.1:${plc.port})`]),
      );
      await vi.waitFor(() => expect(t.tray().tooltips.at(-1)).toContain('Modbus client stopped'));
      findItem(t.tray().menu.template, ['Connect the Modbus client']).click?.();
      await vi.waitFor(() => findItem(t.tray().menu.template, [line]));
      expect(t.reportError).not.toHaveBeenCalled();
      await quit(t.app);
      expect(t.desktop!.tagsim.clients.all[0]!.status.state).toBe('stopped');
    } finally {
      await plc.close();
    }
  });

  it("open the presets' built-in scene at every start, by name in any letter case", async () => {
    const pc = await labMachine();
    await pc.presets(pc.resourcesPath, { port: 0, scene: 'filling tank' });
    const t = await start({ settings: 'file', userData: pc.userData, resourcesPath: pc.resourcesPath });
    expect(t.desktop!.tagsim.engine.scene.name).toBe('Filling Tank');
    expect(t.desktop!.tagsim.bridge.scenes.document.origin).toBe('builtin');
    expect(findItem(t.tray().menu.template, ['Scenes', 'Built-in scenes', 'Filling Tank']).checked).toBe(
      true,
    );
    const url = await t.listening();
    const names = ((await (await fetch(`${url}/api/tags`)).json()) as { name: string }[]).map(
      (tag) => tag.name,
    );
    expect(names).toContain('Fill valve');
    // The student opens another scene; the next start is back on the exercise.
    await t.desktop!.tagsim.bridge.scenes.open({ builtin: 'Level Control' });
    await quit(t.app);
    const next = await start({ settings: 'file', userData: pc.userData, resourcesPath: pc.resourcesPath });
    expect(next.desktop!.tagsim.engine.scene.name).toBe('Filling Tank');
    expect(next.reportError).not.toHaveBeenCalled();
  });

  it("open the presets' scene file, relative to the presets file's folder", async () => {
    const pc = await labMachine();
    const exercise = { ...builtinScene('From A to B')!, name: 'Exercise 3' };
    await mkdir(path.join(pc.lab, 'scenes'));
    const sceneFile = path.join(pc.lab, 'scenes', 'exercise-3.tagsim.json');
    await writeFile(sceneFile, serializeScene(exercise));
    await pc.presets(pc.lab, { port: 0, scene: 'scenes/exercise-3.tagsim.json' });
    const t = await start({
      settings: 'file',
      userData: pc.userData,
      env: { TAGSIM_PRESETS: path.join(pc.lab, 'presets.json') },
    });
    expect(t.reportError).not.toHaveBeenCalled();
    expect(t.desktop!.tagsim.engine.scene.name).toBe('Exercise 3');
    // Opened as the file: Save writes back to it, and it is a recent file.
    expect(t.desktop!.tagsim.bridge.scenes.document).toMatchObject({
      origin: 'file',
      path: sceneFile,
      dirty: false,
    });
    expect(t.desktop!.tagsim.settings.get().recentScenes).toStrictEqual([sceneFile]);
    const url = await t.listening();
    expect(((await (await fetch(`${url}/api/tags`)).json()) as unknown[]).length).toBe(exercise.tags.length);
  });

  it('report a scene that cannot be opened, and start on the default scene', async () => {
    const pc = await labMachine();
    await pc.presets(pc.resourcesPath, { port: 0, scene: 'exercise-9.tagsim.json' });
    const t = await start({ settings: 'file', userData: pc.userData, resourcesPath: pc.resourcesPath });
    expect(t.desktop!.tagsim.engine.scene.name).toBe('Desktop scene');
    const file = path.join(pc.resourcesPath, 'presets.json');
    const missing = path.join(pc.resourcesPath, 'exercise-9.tagsim.json');
    expect(presetsProblems(t.reportError)).toStrictEqual([
      [
        'scene',
        `presets ${file}: scene: cannot open "exercise-9.tagsim.json", so TagSim starts on the default scene: ` +
          `cannot open ${missing}: no such file`,
      ],
    ]);
    await t.listening();

    // The window says so too, with the file: a lab PC's console is seen by nobody.
    const state = (await t.ipcMain.invoke(
      'tagsim:getState',
      t.window().webContents.invokeEvent(),
      undefined,
    )) as {
      notices?: { file: string; message: string }[];
    };
    expect(state.notices).toStrictEqual([
      {
        file,
        message:
          `presets ${file}: scene: cannot open "exercise-9.tagsim.json", so TagSim starts on the default scene: ` +
          `cannot open ${missing}: no such file`,
      },
    ]);

    await pc.presets(pc.resourcesPath, { port: 0, scene: 'Sorting by Colour' });
    const unknown = await start({ settings: 'file', userData: pc.userData, resourcesPath: pc.resourcesPath });
    expect(unknown.desktop!.tagsim.engine.scene.name).toBe('Desktop scene');
    expect(presetsProblems(unknown.reportError)[0]?.[1]).toContain("unknown scene 'Sorting by Colour'");
  });

  it('report each problem of a damaged presets file once; the good fields still apply', async () => {
    const pc = await labMachine();
    await pc.presets(pc.resourcesPath, {
      port: 0,
      host: 42,
      simulation: { startRunning: false, timeScale: 'fast' },
      colour: 'red',
      scene: ['Filling Tank'],
    });
    const t = await start({ settings: 'file', userData: pc.userData, resourcesPath: pc.resourcesPath });
    await t.listening();
    expect(t.desktop!.tagsim.engine.scene.name).toBe('Desktop scene');
    expect(t.desktop!.tagsim.simulation.status).toMatchObject({ state: 'stopped', timeScale: 1 });
    const file = path.join(pc.resourcesPath, 'presets.json');
    const problems = presetsProblems(t.reportError);
    expect(problems.map(([field]) => field)).toStrictEqual([
      'host',
      'simulation.timeScale',
      'scene',
      'colour',
    ]);
    for (const [, message] of problems) expect(message.startsWith(`presets ${file}: `)).toBe(true);
  });

  it('start on the defaults and the default scene when the presets file is not JSON', async () => {
    const pc = await labMachine();
    await pc.presets(pc.resourcesPath, '{"port": 0, "scene": "Filling Tank"');
    await pc.userSettings({ port: 0 });
    const t = await start({ settings: 'file', userData: pc.userData, resourcesPath: pc.resourcesPath });
    await t.listening();
    expect(t.desktop!.tagsim.engine.scene.name).toBe('Desktop scene');
    expect(t.desktop!.tagsim.simulation.status.state).toBe('running');
    const problems = presetsProblems(t.reportError);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.[1]).toMatch(/presets .*presets\.json: not valid JSON/);
  });

  it('TAGSIM_PRESETS comes first; a file it names that is missing is reported and skipped', async () => {
    const pc = await labMachine();
    await pc.presets(pc.resourcesPath, { port: 0, scene: 'Filling Tank' });
    await pc.presets(pc.lab, { port: 0, scene: 'Level Control' });
    const named = await start({
      settings: 'file',
      userData: pc.userData,
      resourcesPath: pc.resourcesPath,
      env: { TAGSIM_PRESETS: path.join(pc.lab, 'presets.json') },
    });
    expect(named.desktop!.tagsim.engine.scene.name).toBe('Level Control');
    await quit(named.app);

    const typo = path.join(pc.lab, 'preset.json');
    const fallback = await start({
      settings: 'file',
      userData: pc.userData,
      resourcesPath: pc.resourcesPath,
      env: { TAGSIM_PRESETS: typo },
    });
    expect(fallback.desktop!.tagsim.engine.scene.name).toBe('Filling Tank');
    expect(presetsProblems(fallback.reportError)).toStrictEqual([
      [undefined, `presets ${typo}: TAGSIM_PRESETS names this file, which does not exist`],
    ]);
  });
});
