// A lab's presets lock settings and turn the student's fault controls off (docs/desktop.md,
// "Presets for a lab"): main refuses over IPC what the window no longer shows, changing nothing.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UiState } from '../../shared/bridge/bridge-spec.js';
import { FAULT_CONTROLS_REFUSED } from '../../shared/lab/restrictions.js';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { captureSnapshot, serializeSnapshot } from '../../shared/scenes/runtime-snapshot.js';
import { registerIpcHost } from '../../main/electron/ipc-host.js';
import { createBridgeHost, type BridgeHost } from '../../main/runtime/bridge-host.js';
import { ServerController } from '../../main/runtime/server-controller.js';
import { SettingsLockedError } from '../../main/settings/locked-settings.js';
import { parsePresets } from '../../main/settings/presets.js';
import { parseLabFile } from '../../shared/lab/lab-file.js';
import { fileSettingsStore, type SettingsStore } from '../../main/settings/settings-store.js';
import { FakeIpcMain } from './fakes/ipc-main.js';
import { FakeWebContents } from './fakes/window.js';

const SCENE: SceneDefinition = {
  name: 'Presets scene',
  tags: [
    { id: 'motor', name: 'Motor', kind: 'Output', type: 'Bit', address: 0 },
    { id: 'sensor', name: 'Sensor', kind: 'Input', type: 'Bit', address: 0 },
  ],
};
const folder = () => mkdtempSync(join(tmpdir(), 'tagsim-locked-'));

describe('presets.json "locked" and "studentMode"', () => {
  it('reads the locked settings and the student mode, reporting each bad entry and keeping the rest', () => {
    const { presets, problems } = parsePresets(
      {
        port: 7420,
        locked: ['port', 'ports', 'simulation', 3],
        studentMode: { hideFaultControls: true, hideEverything: true },
      },
      '/etc/tagsim/presets.json',
    );
    expect(presets.locked).toEqual([
      'port',
      'simulation.startRunning',
      'simulation.seed',
      'simulation.timeScale',
    ]);
    expect(presets.studentMode).toEqual({ allow: ['scenes', 'editing', 'simulation', 'clock'] });
    expect(presets.settings.port).toBe(7420);
    expect(problems.map((p) => p.message)).toEqual([
      'presets /etc/tagsim/presets.json: locked[1]: expected one of port, host, pinnedTagIds, modbus, modbusClient, opcuaClient, simulation.startRunning, simulation.seed, simulation.timeScale, simulation, got string "ports"; did you mean \'port\'?; ignored',
      'presets /etc/tagsim/presets.json: locked[3]: expected one of port, host, pinnedTagIds, modbus, modbusClient, opcuaClient, simulation.startRunning, simulation.seed, simulation.timeScale, simulation, got number 3; ignored',
      expect.stringMatching(/^presets \/etc\/tagsim\/presets\.json: studentMode\.hideEverything: /),
    ]);
  });

  it('reads "allow" with the lab file\'s words and messages, leaving out a wrong word', () => {
    const { presets, problems } = parsePresets(
      { studentMode: { allow: ['simulation', 'sceness', 'clock'] } },
      'p.json',
    );
    expect(presets.studentMode).toEqual({ allow: ['simulation', 'clock'] });
    expect(problems.map((p) => p.message)).toEqual([
      'presets p.json: studentMode.allow[1]: must be one of scenes, editing, faults, simulation, clock; got "sceness"; ignored',
    ]);
    // The same mistake in a lab file reads the same (shared/lab/student-mode.ts).
    expect(() =>
      parseLabFile(JSON.stringify({ studentMode: { allow: ['sceness'] }, stations: [{}] })),
    ).toThrow(
      'studentMode.allow[0]: must be one of scenes, editing, faults, simulation, clock; got "sceness"',
    );
  });

  it('"hideFaultControls": true is short for everything but faults, and stricter beside "allow"', () => {
    expect(parsePresets({ studentMode: { hideFaultControls: false } }, 'p.json').presets.studentMode).toBe(
      undefined,
    );
    const both = parsePresets(
      { studentMode: { allow: ['faults', 'clock'], hideFaultControls: true } },
      'p.json',
    );
    expect(both.presets.studentMode).toEqual({ allow: ['clock'] });
    expect(both.problems).toEqual([]);
    expect(parsePresets({ studentMode: { allow: [] } }, 'p.json').presets.studentMode).toEqual({ allow: [] });
  });

  it('"allow" that is not a list is reported and allows nothing', () => {
    const { presets, problems } = parsePresets({ studentMode: { allow: 'everything' } }, 'p.json');
    expect(presets.studentMode).toEqual({ allow: [] });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toMatch(/^presets p\.json: studentMode\.allow: .*; ignored$/);
  });

  it('reports wrong types and applies nothing of them', () => {
    const { presets, problems } = parsePresets(
      { locked: 'port', studentMode: { hideFaultControls: 'yes' } },
      'p.json',
    );
    expect(presets.locked).toBeUndefined();
    expect(presets.studentMode).toBeUndefined();
    expect(problems.map((p) => p.message)).toEqual([
      'presets p.json: locked: expected a list of setting names such as ["port", "host"], got string "port"; ignored',
      'presets p.json: studentMode.hideFaultControls: expected true or false, got string "yes"; ignored',
    ]);
    expect(parsePresets({ studentMode: [] }, 'p.json').problems[0]?.message).toBe(
      'presets p.json: studentMode: expected an object such as {"allow": ["simulation", "clock"]} or {"hideFaultControls": true}, got an array; ignored',
    );
  });
});

describe('a settings store with locked settings', () => {
  it("applies the presets' value over the user's file and refuses a change, writing nothing", async () => {
    const file = join(folder(), 'settings.json');
    writeFileSync(file, JSON.stringify({ port: 9999, host: '0.0.0.0' }));
    const store = await fileSettingsStore(file, { port: 7420 }, undefined, ['port', 'simulation.seed']);
    expect(store.get()).toMatchObject({ port: 7420, host: '0.0.0.0', simulation: { seed: 1 } });
    await expect(store.update({ port: 8000 })).rejects.toThrow(new SettingsLockedError(['port']).message);
    await expect(store.update({ simulation: { ...store.get().simulation, seed: 5 } })).rejects.toThrow(
      "simulation.seed: Set by your lab's presets; it cannot be changed here.",
    );
    expect(store.get().port).toBe(7420);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ port: 9999, host: '0.0.0.0' });
    // The same value, or another setting, is taken.
    await store.update({ port: 7420, host: '127.0.0.1' });
    expect(store.get()).toMatchObject({ port: 7420, host: '127.0.0.1' });
  });
});

describe('the window of a lab PC, over IPC', () => {
  let host: BridgeHost;
  let dispose: () => void = () => undefined;
  afterEach(() => {
    dispose();
    host.dispose();
  });

  async function start(settings: SettingsStore, hideFaultControls: boolean) {
    const engine = new TagEngine(SCENE);
    const server = new ServerController(engine, { host: '127.0.0.1', port: 0 });
    const start = vi.spyOn(server, 'start');
    host = createBridgeHost({ engine, server, settings, hideFaultControls, every: () => () => undefined });
    const ipcMain = new FakeIpcMain();
    const contents = new FakeWebContents();
    const reportError = vi.fn();
    dispose = registerIpcHost({ ipcMain, host, contents: () => contents, reportError });
    const call = (method: string, args?: unknown) =>
      ipcMain.invoke(`tagsim:${method}`, contents.invokeEvent(), args);
    return { engine, server, start, call, reportError };
  }

  it('refuses a change to a locked setting with a clear error, and nothing changes', async () => {
    const settings = await fileSettingsStore(join(folder(), 'settings.json'), {}, undefined, [
      'port',
      'pinnedTagIds',
    ]);
    const { call, start: serverStart, reportError } = await start(settings, false);
    const state = (await call('getState')) as UiState;
    expect(state.restrictions).toEqual({ locked: ['port', 'pinnedTagIds'], hideFaultControls: false });
    await expect(call('startServer', { port: 8123 })).rejects.toThrow(
      "port: Set by your lab's presets; it cannot be changed here.",
    );
    expect(serverStart).not.toHaveBeenCalled();
    await expect(call('setPinned', { id: 'motor', pinned: true })).rejects.toThrow(
      "pinnedTagIds: Set by your lab's presets; it cannot be changed here.",
    );
    expect(settings.get()).toMatchObject({ port: 7410, pinnedTagIds: [] });
    expect(reportError).not.toHaveBeenCalled();
    // Force and failures stay: only settings were locked.
    await expect(call('force', { id: 'motor', value: true })).resolves.toBeNull();
  });

  it('refuses every force and failure call in student mode, and the tags keep their state', async () => {
    const settings = await fileSettingsStore(join(folder(), 'settings.json'), {});
    const { engine, call, reportError } = await start(settings, true);
    expect(((await call('getState')) as UiState).restrictions).toEqual({
      locked: [],
      hideFaultControls: true,
    });
    for (const [method, args] of [
      ['force', { id: 'motor', value: true }],
      ['release', { id: 'motor' }],
      ['setFailure', { id: 'sensor', failure: 'alwaysOn' }],
      ['releaseAll', undefined],
      ['clearFailures', undefined],
    ] as const)
      await expect(call(method, args), method).rejects.toThrow(FAULT_CONTROLS_REFUSED);
    expect(engine.getTag('motor')).toMatchObject({ isForced: false });
    expect(engine.getTag('sensor')).toMatchObject({ shortCircuit: false });
    expect(reportError).not.toHaveBeenCalled();
    // The window may still set values, as the simulator's own panel can.
    await expect(call('setValue', { id: 'sensor', value: true })).resolves.toBeNull();
  });

  it("refuses to clear the journal or the chaos rules in student mode: they are the instructor's", async () => {
    const settings = await fileSettingsStore(join(folder(), 'settings.json'), {});
    const { call } = await start(settings, true);
    for (const [method, args] of [
      ['clearRequests', undefined],
      ['clearChaos', undefined],
      ['loadChaosRules', { text: '{"rules": []}' }],
    ] as const)
      await expect(call(method, args), method).rejects.toThrow("beyond this window's reach");
  });

  it("restores a snapshot's values in student mode but keeps the faults as they are", async () => {
    const settings = await fileSettingsStore(join(folder(), 'settings.json'), {});
    const { engine, call } = await start(settings, true);
    // The snapshot a student saved before the fault: nothing forced, a failure of their own.
    const before = new TagEngine(SCENE);
    before.simulate('id', [{ ref: 'sensor', value: true }], 'ui');
    before.setFailure('sensor', 'alwaysOff', 'ui');
    const text = serializeSnapshot(captureSnapshot(SCENE.name, before.listTagStates()));
    // The instructor's fault, put on over the API.
    expect(engine.write('force', 'id', [{ id: 'motor', value: true }], 'api')).toEqual([]);

    const outcome = await call('restoreSnapshot', { text, fileName: 'before.tagsim-state.json' });
    expect(outcome).toMatchObject({ ok: true });
    expect(engine.getTag('motor')).toMatchObject({ isForced: true, value: true });
    expect(engine.getTag('sensor')).toMatchObject({ value: true, openCircuit: false });
  });

  it('restores faults from a snapshot where the presets leave fault controls on', async () => {
    const settings = await fileSettingsStore(join(folder(), 'settings.json'), {});
    const { engine, call } = await start(settings, false);
    const text = serializeSnapshot(captureSnapshot(SCENE.name, new TagEngine(SCENE).listTagStates()));
    engine.write('force', 'id', [{ id: 'motor', value: true }], 'api');
    expect(await call('restoreSnapshot', { text })).toMatchObject({ ok: true });
    expect(engine.getTag('motor')).toMatchObject({ isForced: false });
  });
});
