// The desktop app of a lab PC whose presets.json locks settings and turns the student's fault
// controls off (docs/desktop.md, "Locked settings and student mode"): startDesktop with fakes.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UiState } from '../../shared/bridge/bridge-spec.js';
import { FAULT_CONTROLS_REFUSED, stationLine } from '../../shared/lab/restrictions.js';
import { startDesktop } from '../../main/electron/desktop.js';
import { FakeApp } from './fakes/app.js';
import { FakeDialogs } from './fakes/dialogs.js';
import { FakeIpcMain } from './fakes/ipc-main.js';
import { FakeTray, type FakeMenu } from './fakes/tray.js';
import { FakeBrowserWindow, FakeScreen, FakeSession } from './fakes/window.js';

const folders: string[] = [];
const apps: FakeApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) {
    app.beforeQuit();
    await vi.waitFor(() => expect(app.quitCalls).toBe(1));
  }
  for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function labPc(presets: unknown) {
  const root = await mkdtemp(path.join(tmpdir(), 'tagsim-student-'));
  folders.push(root);
  await writeFile(path.join(root, 'presets.json'), JSON.stringify(presets));
  await writeFile(path.join(root, 'settings.json'), JSON.stringify({ port: 0, host: '0.0.0.0' }));
  const app = new FakeApp();
  app.userData = root;
  apps.push(app);
  const ipcMain = new FakeIpcMain();
  const windows: FakeBrowserWindow[] = [];
  const trays: FakeTray[] = [];
  const reportError = vi.fn();
  const desktop = await startDesktop<FakeMenu>({
    app,
    ipcMain,
    protocol: { handle: vi.fn() },
    session: () => new FakeSession(),
    screen: () => new FakeScreen(),
    createWindow: (options) => {
      windows.push(new FakeBrowserWindow(options));
      return windows.at(-1)!;
    },
    createTray: (image) => {
      trays.push(new FakeTray(image));
      return trays.at(-1)!;
    },
    buildMenu: (template) => ({ template }),
    setApplicationMenu: () => undefined,
    dialogs: new FakeDialogs(),
    readFile: async () => new Uint8Array(),
    platform: 'linux',
    argv: ['/opt/tagsim/tagsim'],
    reportError,
    env: { TAGSIM_PRESETS: path.join(root, 'presets.json') },
  });
  const call = (method: string, args?: unknown) =>
    ipcMain.invoke(`tagsim:${method}`, windows.at(-1)!.webContents.invokeEvent(), args);
  const trayLabels = () => trays[0]!.menu.template.map((item) => item.label);
  return { desktop: desktop!, call, trayLabels, reportError, trays };
}

describe('a lab PC with locked settings and student mode', () => {
  it("serves on the presets' port and host whatever the student saved, and refuses to move", async () => {
    const pc = await labPc({ port: 0, host: '127.0.0.1', locked: ['port', 'host'] });
    await vi.waitFor(() => expect(pc.desktop.tagsim.server.status.state).toBe('listening'));
    expect(pc.desktop.tagsim.server.status.host).toBe('127.0.0.1');
    expect(((await pc.call('getState')) as UiState).restrictions).toEqual({
      locked: ['port', 'host'],
      hideFaultControls: false,
    });
    await expect(pc.call('startServer', { host: '0.0.0.0' })).rejects.toThrow(
      "host: Set by your lab's presets; it cannot be changed here.",
    );
    expect(pc.desktop.tagsim.server.status.host).toBe('127.0.0.1');
    expect(pc.reportError).not.toHaveBeenCalled();
  });

  it('leaves the fault items out of the tray and refuses fault calls from the window', async () => {
    const pc = await labPc({
      locked: ['simulation.startRunning'],
      studentMode: { hideFaultControls: true },
    });
    const labels = pc.trayLabels();
    expect(labels).toContain('Simulation');
    for (const gone of ['Quick faults', 'Release all forces', 'Clear all failures'])
      expect(labels).not.toContain(gone);
    const simulation = pc.trays[0]!.menu.template.find((item) => item.label === 'Simulation')!;
    expect(simulation.submenu!.at(-1)).toMatchObject({
      label: "Run when TagSim starts: yes (set by your lab's presets)",
      enabled: false,
    });
    const motor = pc.desktop.tagsim.engine.listTags()[0]!;
    await expect(pc.call('force', { id: motor.id, value: true })).rejects.toThrow(FAULT_CONTROLS_REFUSED);
    expect(pc.desktop.tagsim.engine.getTag(motor.id)?.isForced).toBe(false);
    expect(pc.reportError).not.toHaveBeenCalled();
  });

  it('"studentMode": {"allow": [...]}: the window is a student\'s, as at a lab station', async () => {
    const pc = await labPc({ studentMode: { allow: ['simulation', 'faults'] } });
    const { restrictions } = (await pc.call('getState')) as UiState;
    // The window hides what is not allowed (SceneBar, App: mayUse and stationBar).
    expect(restrictions).toEqual({
      locked: [],
      hideFaultControls: false,
      station: { name: 'Student mode', allowed: ['faults', 'simulation'], setBy: 'presets' },
    });
    expect(stationLine(restrictions!.station!)).toBe("Student mode · controls set by your lab's presets");
    const scene = pc.desktop.tagsim.engine.scene.name;
    await expect(pc.call('openScene', { builtin: 'Filling Tank' })).rejects.toThrow(
      "Choosing, saving and restoring scenes: turned off by your lab's presets.",
    );
    await expect(pc.call('undoEdit')).rejects.toThrow("Editing the scene: turned off by your lab's presets.");
    await expect(pc.call('stepClock')).rejects.toThrow(
      "The virtual clock: turned off by your lab's presets.",
    );
    expect(pc.desktop.tagsim.engine.scene.name).toBe(scene);
    // What it allows still works: the simulation's controls and faults.
    await pc.call('pauseSimulation');
    expect(pc.desktop.tagsim.simulation.status.state).toBe('paused');
    const motor = pc.desktop.tagsim.engine.listTags()[0]!;
    await pc.call('force', { id: motor.id, value: true });
    expect(pc.desktop.tagsim.engine.getTag(motor.id)?.isForced).toBe(true);
    expect(pc.trayLabels()).toContain('Quick faults');
    expect(pc.reportError).not.toHaveBeenCalled();
  });

  it('without "faults" in "allow", the tray offers none and main refuses them as the shorthand does', async () => {
    const pc = await labPc({ studentMode: { allow: ['scenes'] } });
    expect(pc.trayLabels()).not.toContain('Quick faults');
    // A plant tag: without 'simulation', the system tags are refused as the simulation's controls first.
    const motor = pc.desktop.tagsim.engine.listTags().find((t) => !t.name.startsWith('FACTORY I/O'))!;
    await expect(pc.call('force', { id: motor.id, value: true })).rejects.toThrow(FAULT_CONTROLS_REFUSED);
    await expect(pc.call('pauseSimulation')).rejects.toThrow(
      "The simulation's controls: turned off by your lab's presets.",
    );
    expect(pc.desktop.tagsim.engine.getTag(motor.id)?.isForced).toBe(false);
  });
});
