// The tray as a pure model of the state (docs/desktop.md, "Tray"): icon, tooltip and menu for every
// server state and fault count, and the quick faults of the pinned tags.
import { describe, expect, it } from 'vitest';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { builtinScene } from '../../shared/scenes/builtin-scenes.js';
import type { ServerStatus } from '../../shared/bridge/bridge-spec.js';
import type { TagState } from '../../shared/core/tag-types.js';
import type { SceneDocument, ScenesState } from '../../shared/scenes/scene-document.js';
import {
  buildTrayModel,
  countFaults,
  escapeLabel,
  MAX_TOOLTIP_LENGTH,
  serverStatusLine,
  simulationMenu,
  simulationStatusLine,
  START_RUNNING_LABEL,
  TRAY_TIME_SCALES,
  type TrayMenuItem,
  type TrayState,
} from '../../main/electron/tray-menu.js';
import { menuKey } from '../../main/electron/menu-model.js';

const LISTENING: ServerStatus = {
  state: 'listening',
  host: '127.0.0.1',
  port: 7410,
  url: 'http://127.0.0.1:7410',
  controllable: true,
};
const STOPPED: ServerStatus = { state: 'stopped', host: '127.0.0.1', port: 7410, controllable: true };
const IN_USE: ServerStatus = {
  state: 'failed',
  host: '127.0.0.1',
  port: 7410,
  error: 'port 7410 in use',
  controllable: true,
};
const STARTING: ServerStatus = { state: 'starting', host: '127.0.0.1', port: 7410, controllable: true };

function tag(partial: Partial<TagState> & Pick<TagState, 'id' | 'name'>): TagState {
  return {
    address: 0,
    type: 'Bit',
    kind: 'Input',
    value: false,
    raw: false,
    openCircuit: false,
    shortCircuit: false,
    isForced: false,
    forcedValue: false,
    ...partial,
  };
}

function scenes(document: Partial<SceneDocument> = {}, recent: string[] = []): ScenesState {
  return {
    builtins: ['Sorting by Height (Basic)', 'Filling Tank', 'Pick & Place'],
    recent,
    document: {
      scene: { name: 'Sorting by Height (Basic)', tags: [] },
      origin: 'builtin',
      dirty: false,
      canUndo: false,
      canRedo: false,
      ...document,
    },
  };
}

const state = (partial: Partial<TrayState> = {}): TrayState => ({
  server: LISTENING,
  pinned: [],
  forced: 0,
  failed: 0,
  scenes: scenes(),
  ...partial,
});

const labels = (items: readonly TrayMenuItem[]) =>
  items.map((item) => (item.type === 'separator' ? '---' : item.label));

function item(items: readonly TrayMenuItem[], label: string): TrayMenuItem {
  const found = items.find((i) => i.type !== 'separator' && i.label === label);
  if (!found) throw new Error(`no item ${label} in ${labels(items).join(', ')}`);
  return found;
}

function submenu(items: readonly TrayMenuItem[], label: string): TrayMenuItem[] {
  const found = item(items, label);
  if (found.type !== 'submenu') throw new Error(`${label} is not a submenu`);
  return found.submenu;
}

describe('the tray in each server state', () => {
  it('normal: listening without faults shows the URL and the normal icon', () => {
    const model = buildTrayModel(state());
    expect(model.icon).toBe('normal');
    expect(model.tooltip).toBe('TagSim: Listening on http://127.0.0.1:7410');
    expect(model.menu[0]).toStrictEqual({
      type: 'normal',
      label: 'Listening on http://127.0.0.1:7410',
      enabled: false,
    });
  });

  it('has the menu of docs/desktop.md, in order', () => {
    expect(labels(buildTrayModel(state()).menu)).toStrictEqual([
      'Listening on http://127.0.0.1:7410',
      '---',
      'Open window',
      'Scenes',
      'Quick faults',
      'Release all forces',
      'Clear all failures',
      '---',
      'Stop server',
      '---',
      'Quit TagSim',
    ]);
  });

  it('faults: forced and failed tags switch the icon and put the count in the tooltip', () => {
    const model = buildTrayModel(state({ forced: 2, failed: 1 }));
    expect(model.icon).toBe('faults');
    expect(model.tooltip).toBe(
      'TagSim: Listening on http://127.0.0.1:7410\n3 faults active (2 forced, 1 failed)',
    );
    expect(buildTrayModel(state({ failed: 1 })).tooltip).toContain('1 fault active (0 forced, 1 failed)');
  });

  it('stopped: the stopped icon, "Server stopped", and a Start item', () => {
    const model = buildTrayModel(state({ server: STOPPED }));
    expect(model.icon).toBe('stopped');
    expect(model.menu[0]).toMatchObject({ label: 'Server stopped', enabled: false });
    expect(model.tooltip).toBe('TagSim: Server stopped');
    expect(item(model.menu, 'Start server')).toMatchObject({
      enabled: true,
      action: { kind: 'startServer' },
    });
    expect(labels(model.menu)).not.toContain('Stop server');
  });

  it('failed: "Port 7410 in use" in the menu and tooltip, the stopped icon, and Start to retry', () => {
    const model = buildTrayModel(state({ server: IN_USE, forced: 1 }));
    expect(model.icon).toBe('stopped');
    expect(model.menu[0]).toMatchObject({ label: 'Port 7410 in use', enabled: false });
    expect(model.tooltip).toBe('TagSim: Port 7410 in use\n1 fault active (1 forced, 0 failed)');
    expect(item(model.menu, 'Start server')).toMatchObject({ action: { kind: 'startServer' } });
  });

  it('starting: not yet serving, so the stopped icon; Stop is offered', () => {
    const model = buildTrayModel(state({ server: STARTING }));
    expect(model.icon).toBe('stopped');
    expect(serverStatusLine(STARTING)).toBe('Starting on port 7410…');
    expect(item(model.menu, 'Stop server')).toMatchObject({ action: { kind: 'stopServer' } });
  });

  it('disables Start/Stop where the server cannot be controlled', () => {
    const model = buildTrayModel(state({ server: { ...LISTENING, controllable: false } }));
    expect(item(model.menu, 'Stop server')).toMatchObject({ enabled: false });
  });

  it('keeps the tooltip within what Windows shows', () => {
    const long = { ...LISTENING, url: `http://${'x'.repeat(200)}:7410` };
    const tooltip = buildTrayModel(state({ server: long, forced: 3 })).tooltip;
    expect(tooltip.length).toBe(MAX_TOOLTIP_LENGTH);
    expect(tooltip.endsWith('…')).toBe(true);
  });

  it('offers Release all and Clear all only when there is something to release or clear', () => {
    const idle = buildTrayModel(state()).menu;
    expect(item(idle, 'Release all forces')).toMatchObject({
      enabled: false,
      action: { kind: 'releaseAll' },
    });
    expect(item(idle, 'Clear all failures')).toMatchObject({
      enabled: false,
      action: { kind: 'clearFailures' },
    });
    const busy = buildTrayModel(state({ forced: 1, failed: 1 })).menu;
    expect(item(busy, 'Release all forces')).toMatchObject({ enabled: true });
    expect(item(busy, 'Clear all failures')).toMatchObject({ enabled: true });
  });

  it('links Open window and Quit to their actions', () => {
    const { menu } = buildTrayModel(state());
    expect(item(menu, 'Open window')).toMatchObject({ enabled: true, action: { kind: 'openWindow' } });
    expect(item(menu, 'Quit TagSim')).toMatchObject({ enabled: true, action: { kind: 'quit' } });
  });
});

/** The submenu of the one pinned tag. */
function onlyTagItems(t: TagState): TrayMenuItem[] {
  const [first] = submenu(buildTrayModel(state({ pinned: [t] })).menu, 'Quick faults');
  if (first?.type !== 'submenu') throw new Error('no tag submenu');
  return first.submenu;
}

describe('quick faults', () => {
  it('says how to pin tags when none are pinned', () => {
    const quick = submenu(buildTrayModel(state()).menu, 'Quick faults');
    expect(quick).toStrictEqual([
      { type: 'normal', label: 'No pinned tags: pin tags in the window', enabled: false },
    ]);
  });

  it('gives each pinned tag, in pin order, its failure as radio items and a Force checkbox', () => {
    const pinned = [
      tag({ id: 'b', name: 'Pallet sensor' }),
      tag({ id: 'a', name: 'Conveyor', kind: 'Output' }),
    ];
    const quick = submenu(buildTrayModel(state({ pinned })).menu, 'Quick faults');
    expect(labels(quick)).toStrictEqual(['Pallet sensor', 'Conveyor']);
    expect(submenu(quick, 'Pallet sensor')).toStrictEqual([
      {
        type: 'radio',
        label: 'None',
        checked: true,
        action: { kind: 'setFailure', id: 'b', failure: 'none' },
      },
      {
        type: 'radio',
        label: 'Always Off',
        checked: false,
        action: { kind: 'setFailure', id: 'b', failure: 'alwaysOff' },
      },
      {
        type: 'radio',
        label: 'Always On',
        checked: false,
        action: { kind: 'setFailure', id: 'b', failure: 'alwaysOn' },
      },
      { type: 'separator' },
      {
        type: 'checkbox',
        label: 'Force ON',
        checked: false,
        action: { kind: 'force', id: 'b', value: true },
      },
    ]);
  });

  it('checks the radio of the failure in effect (Always On wins, as in the effective-value rule)', () => {
    const checked = (t: TagState) =>
      onlyTagItems(t)
        .filter((i) => i.type === 'radio' && i.checked)
        .map((i) => (i.type === 'separator' ? '' : i.label));
    expect(checked(tag({ id: 't', name: 'T', openCircuit: true }))).toStrictEqual(['Always Off']);
    expect(checked(tag({ id: 't', name: 'T', shortCircuit: true }))).toStrictEqual(['Always On']);
    expect(checked(tag({ id: 't', name: 'T', openCircuit: true, shortCircuit: true }))).toStrictEqual([
      'Always On',
    ]);
  });

  it('marks forced and failed tags in their label', () => {
    const pinned = [
      tag({ id: 'a', name: 'A', isForced: true, forcedValue: true, shortCircuit: true }),
      tag({ id: 'b', name: 'B', openCircuit: true }),
    ];
    const quick = submenu(buildTrayModel(state({ pinned })).menu, 'Quick faults');
    expect(labels(quick)).toStrictEqual(['A: forced, Always On', 'B: Always Off']);
  });

  it('Force on a Bit forces it ON; a forced Bit is checked and unchecking releases it', () => {
    const forcedOff = tag({ id: 'm', name: 'Motor', isForced: true, forcedValue: false });
    expect(onlyTagItems(forcedOff).at(-1)).toStrictEqual({
      type: 'checkbox',
      label: 'Forced OFF',
      checked: true,
      action: { kind: 'release', id: 'm' },
    });
  });

  it('Force on an Int or Float holds the value at the click; forced, it shows the value', () => {
    const speed = tag({ id: 's', name: 'Speed', type: 'Float', value: 2.5, raw: 2.5 });
    const level = tag({
      id: 'l',
      name: 'Level',
      type: 'Int',
      isForced: true,
      forcedValue: 42,
      value: 42,
      raw: 7,
    });
    const quick = submenu(buildTrayModel(state({ pinned: [speed, level] })).menu, 'Quick faults');
    expect(submenu(quick, 'Speed').at(-1)).toStrictEqual({
      type: 'checkbox',
      label: 'Force at current value',
      checked: false,
      action: { kind: 'hold', id: 's' },
    });
    expect(submenu(quick, 'Level: forced').at(-1)).toStrictEqual({
      type: 'checkbox',
      label: 'Forced at 42',
      checked: true,
      action: { kind: 'release', id: 'l' },
    });
  });

  it('tells tags with the same name apart by kind, and escapes & (a mnemonic for Electron)', () => {
    const pinned = [
      tag({ id: 'i', name: 'Pick & Place', kind: 'Input' }),
      tag({ id: 'o', name: 'Pick & Place', kind: 'Output' }),
    ];
    const quick = submenu(buildTrayModel(state({ pinned })).menu, 'Quick faults');
    expect(labels(quick)).toStrictEqual(['Pick && Place (Input)', 'Pick && Place (Output)']);
    expect(escapeLabel('A & B && C')).toBe('A && B &&&& C');
  });

  it('tells tags with the same name and kind apart by address, as the unnamed "-" beams', () => {
    const pinned = [
      tag({ id: 'a', name: '-', kind: 'Input', address: 2 }),
      tag({ id: 'b', name: '-', kind: 'Input', address: 4 }),
    ];
    const quick = submenu(buildTrayModel(state({ pinned })).menu, 'Quick faults');
    expect(labels(quick)).toStrictEqual(['- (Input Bit 2)', '- (Input Bit 4)']);
  });

  it('builds the same model for the same state (pure)', () => {
    const s = state({ pinned: [tag({ id: 'a', name: 'A' })], forced: 1 });
    expect(buildTrayModel(s)).toStrictEqual(buildTrayModel(structuredClone(s)));
  });
});

describe('countFaults', () => {
  it('counts forced tags and failed tags; a tag that is both counts in each', () => {
    const tags = [
      tag({ id: '1', name: '1', isForced: true }),
      tag({ id: '2', name: '2', openCircuit: true }),
      tag({ id: '3', name: '3', shortCircuit: true, isForced: true }),
      tag({ id: '4', name: '4' }),
    ];
    expect(countFaults(tags)).toStrictEqual({ forced: 2, failed: 2 });
    expect(countFaults([])).toStrictEqual({ forced: 0, failed: 0 });
  });

  it('does not count a force the scene keeps (an emitter forced on), but does one it does not', () => {
    const scene = builtinScene('Sorting by Height (Basic)')!;
    const engine = new TagEngine(scene);
    expect(countFaults(engine.listTags(), scene.tags)).toStrictEqual({ forced: 0, failed: 0 });
    expect(engine.write('force', 'name', [{ name: 'Emitter', value: false }])).toEqual([]);
    expect(engine.release('name', ['Remover left'])).toEqual([]);
    expect(countFaults(engine.listTags(), scene.tags)).toStrictEqual({ forced: 1, failed: 0 });
    expect(countFaults(engine.listTags())).toStrictEqual({ forced: 2, failed: 0 });
  });
});

describe('the Scenes submenu', () => {
  const scenesMenu = (s: ScenesState) => submenu(buildTrayModel(state({ scenes: s })).menu, 'Scenes');

  it('shows the scene served, the built-ins, the recent files, Open, Save and Save as', () => {
    expect(labels(scenesMenu(scenes()))).toStrictEqual([
      'Sorting by Height (Basic)',
      '---',
      'Built-in scenes',
      'Recent files',
      '---',
      'Open file…',
      'Save',
      'Save as…',
    ]);
    expect(item(scenesMenu(scenes()), 'Sorting by Height (Basic)')).toStrictEqual({
      type: 'normal',
      label: 'Sorting by Height (Basic)',
      enabled: false,
    });
    expect(item(scenesMenu(scenes()), 'Open file…')).toMatchObject({
      enabled: true,
      action: { kind: 'scene', command: { kind: 'openFile' } },
    });
  });

  it('checks the built-in served, by name, when it is a built-in', () => {
    const builtins = submenu(scenesMenu(scenes()), 'Built-in scenes');
    expect(builtins).toStrictEqual([
      {
        type: 'radio',
        label: 'Sorting by Height (Basic)',
        checked: true,
        action: { kind: 'scene', command: { kind: 'openBuiltin', name: 'Sorting by Height (Basic)' } },
      },
      {
        type: 'radio',
        label: 'Filling Tank',
        checked: false,
        action: { kind: 'scene', command: { kind: 'openBuiltin', name: 'Filling Tank' } },
      },
      {
        type: 'radio',
        label: 'Pick && Place',
        checked: false,
        action: { kind: 'scene', command: { kind: 'openBuiltin', name: 'Pick & Place' } },
      },
    ]);
    // Edited, it is still that built-in.
    const edited = submenu(scenesMenu(scenes({ dirty: true, canUndo: true })), 'Built-in scenes');
    expect(edited.filter((i) => i.type === 'radio' && i.checked)).toHaveLength(1);
  });

  it('checks no built-in when the scene comes from a file, an import or New scene', () => {
    for (const origin of ['file', 'import', 'new'] as const) {
      const builtins = submenu(
        scenesMenu(scenes({ origin, path: '/s/Sorting by Height (Basic).tagsim.json' })),
        'Built-in scenes',
      );
      expect(builtins.some((i) => i.type === 'radio' && i.checked)).toBe(false);
    }
  });

  it('lists the recent files by name, with their folder, newest first', () => {
    const recent = scenesMenu(
      scenes({}, ['/lab/line1.tagsim.json', '/lab/cells/A&B.tagsim.json', '/lab/old/line1.tagsim.json']),
    );
    expect(submenu(recent, 'Recent files')).toStrictEqual([
      {
        type: 'normal',
        label: 'line1.tagsim.json (lab)',
        enabled: true,
        sublabel: '/lab',
        toolTip: '/lab/line1.tagsim.json',
        action: { kind: 'scene', command: { kind: 'openPath', path: '/lab/line1.tagsim.json' } },
      },
      {
        type: 'normal',
        label: 'A&&B.tagsim.json',
        enabled: true,
        sublabel: '/lab/cells',
        toolTip: '/lab/cells/A&B.tagsim.json',
        action: { kind: 'scene', command: { kind: 'openPath', path: '/lab/cells/A&B.tagsim.json' } },
      },
      {
        type: 'normal',
        label: 'line1.tagsim.json (old)',
        enabled: true,
        sublabel: '/lab/old',
        toolTip: '/lab/old/line1.tagsim.json',
        action: { kind: 'scene', command: { kind: 'openPath', path: '/lab/old/line1.tagsim.json' } },
      },
    ]);
    expect(submenu(scenesMenu(scenes()), 'Recent files')).toStrictEqual([
      { type: 'normal', label: 'No recent files', enabled: false },
    ]);
  });

  it('enables Save only with changes and a file to save them to; Save as always', () => {
    const save = (document: Partial<SceneDocument>) => {
      const menu = scenesMenu(scenes(document));
      return [item(menu, 'Save'), item(menu, 'Save as…')].map((i) => i.type === 'normal' && i.enabled);
    };
    expect(save({})).toStrictEqual([false, true]);
    expect(save({ dirty: true })).toStrictEqual([false, true]);
    expect(save({ origin: 'file', path: '/lab/a.tagsim.json' })).toStrictEqual([false, true]);
    expect(save({ origin: 'file', path: '/lab/a.tagsim.json', dirty: true })).toStrictEqual([true, true]);
    expect(item(scenesMenu(scenes()), 'Save')).toMatchObject({
      action: { kind: 'scene', command: { kind: 'save' } },
    });
    expect(item(scenesMenu(scenes()), 'Save as…')).toMatchObject({
      action: { kind: 'scene', command: { kind: 'saveAs' } },
    });
  });

  it('marks unsaved changes, and shows the file of the scene', () => {
    const menu = scenesMenu(
      scenes({
        scene: { name: 'Line 3', tags: [] },
        origin: 'file',
        path: '/lab/line3.tagsim.json',
        dirty: true,
      }),
    );
    expect(menu[0]).toStrictEqual({
      type: 'normal',
      label: 'Line 3 (unsaved changes)',
      enabled: false,
      sublabel: '/lab/line3.tagsim.json',
      toolTip: '/lab/line3.tagsim.json',
    });
  });
});

describe('the Simulation submenu', () => {
  const running = { state: 'running', timeScale: 1, timeMs: 0 } as const;

  it('comes after Scenes when a simulation runs, with Run, Pause, Reset and Time scale', () => {
    const menu = buildTrayModel(state({ simulation: running })).menu;
    expect(labels(menu).slice(2, 6)).toEqual(['Open window', 'Scenes', 'Simulation', 'Quick faults']);
    const sim = submenu(menu, 'Simulation');
    expect(labels(sim)).toEqual(['Running at 1x', '---', 'Run', 'Pause', 'Reset', '---', 'Time scale']);
    expect(sim[0]).toStrictEqual({ type: 'normal', label: 'Running at 1x', enabled: false });
    expect(item(sim, 'Run')).toMatchObject({
      enabled: false,
      action: { kind: 'simulation', command: 'run' },
    });
    expect(item(sim, 'Pause')).toMatchObject({
      enabled: true,
      action: { kind: 'simulation', command: 'pause' },
    });
    expect(item(sim, 'Reset')).toMatchObject({
      enabled: true,
      action: { kind: 'simulation', command: 'reset' },
    });
  });

  it('offers the time scales as radio items, the current one checked', () => {
    const sim = submenu(
      buildTrayModel(state({ simulation: { ...running, timeScale: 4 } })).menu,
      'Simulation',
    );
    const scales = submenu(sim, 'Time scale');
    expect(labels(scales)).toEqual(['0.25x', '0.5x', '1x', '2x', '4x', '8x']);
    expect(
      scales.filter((i) => i.type === 'radio' && i.checked).map((i) => (i as { label: string }).label),
    ).toEqual(['4x']);
    expect(item(scales, '0.25x')).toMatchObject({
      type: 'radio',
      action: { kind: 'setTimeScale', scale: 0.25 },
    });
    expect(TRAY_TIME_SCALES).toEqual([0.25, 0.5, 1, 2, 4, 8]);
  });

  it('paused or not started: Run enabled, Pause not, and the tooltip says so', () => {
    for (const [simState, line, tip] of [
      ['paused', 'Paused at 2x', 'Simulation paused at 2x'],
      ['stopped', 'Not started at 2x', 'Simulation not started at 2x'],
    ] as const) {
      const model = buildTrayModel(state({ simulation: { state: simState, timeScale: 2, timeMs: 0 } }));
      const sim = submenu(model.menu, 'Simulation');
      expect(sim[0]).toMatchObject({ label: line });
      expect(item(sim, 'Run')).toMatchObject({ enabled: true });
      expect(item(sim, 'Pause')).toMatchObject({ enabled: false });
      expect(model.tooltip).toBe(`TagSim: Listening on http://127.0.0.1:7410\n${tip}`);
    }
    expect(simulationStatusLine({ state: 'running', timeScale: 0.5, timeMs: 12 })).toBe('Running at 0.5x');
  });

  it('does not change while simulation time passes, so an open menu stays open', () => {
    const at = (timeMs: number) =>
      menuKey(buildTrayModel(state({ simulation: { ...running, timeMs } })).menu);
    expect(at(0)).toBe(at(123_456));
    expect(simulationMenu({ ...running, timeMs: 1 })).toEqual(simulationMenu({ ...running, timeMs: 2 }));
  });

  it('is absent where no simulation runs', () => {
    expect(labels(buildTrayModel(state()).menu)).not.toContain('Simulation');
  });

  it('ends with the setting "Run when TagSim starts" as a checkbox that flips it', () => {
    for (const startRunning of [true, false]) {
      const sim = submenu(buildTrayModel(state({ simulation: running, startRunning })).menu, 'Simulation');
      expect(labels(sim).slice(-3)).toEqual(['Time scale', '---', START_RUNNING_LABEL]);
      expect(item(sim, 'Run when TagSim starts')).toStrictEqual({
        type: 'checkbox',
        label: 'Run when TagSim starts',
        checked: startRunning,
        action: { kind: 'setStartRunning', startRunning: !startRunning },
      });
    }
    // Where there is no such setting, there is no checkbox.
    expect(labels(simulationMenu(running))).not.toContain(START_RUNNING_LABEL);
  });

  it('shows the setting apart from the state: a paused simulation set to run on start', () => {
    const paused = { state: 'paused', timeScale: 1, timeMs: 5 } as const;
    const sim = submenu(buildTrayModel(state({ simulation: paused, startRunning: true })).menu, 'Simulation');
    expect(sim[0]).toMatchObject({ label: 'Paused at 1x' });
    expect(item(sim, START_RUNNING_LABEL)).toMatchObject({ checked: true });
  });
});

describe('the tray with a driver that connects out', () => {
  const modbusClient = {
    driver: 'modbusClient',
    state: 'connected',
    target: '192.168.0.10:502',
    detail: 'unit 1, every 10 ms',
  } as const;

  it("shows the Modbus client's line under the server's, with the item that disconnects it", () => {
    const menu = buildTrayModel(state({ drivers: [modbusClient] })).menu;
    expect(labels(menu).slice(0, 3)).toStrictEqual([
      'Listening on http://127.0.0.1:7410',
      'Modbus client: connected to 192.168.0.10:502 (unit 1, every 10 ms)',
      'Disconnect the Modbus client',
    ]);
    expect(item(menu, 'Disconnect the Modbus client')).toMatchObject({
      enabled: true,
      action: { kind: 'driver', driver: 'modbusClient', connect: false },
    });
    const stopped = buildTrayModel(state({ drivers: [{ ...modbusClient, state: 'stopped' }] })).menu;
    expect(item(stopped, 'Connect the Modbus client')).toMatchObject({
      action: { kind: 'driver', driver: 'modbusClient', connect: true },
    });
  });

  it('says in the tooltip when the controller is away, and keeps the menu while it retries', () => {
    const lost = (retryInMs: number) =>
      state({
        drivers: [{ ...modbusClient, state: 'disconnected', error: 'connection refused', retryInMs }],
      });
    const model = buildTrayModel(lost(500));
    expect(model.tooltip).toBe('TagSim: Listening on http://127.0.0.1:7410\nModbus client disconnected');
    expect(labels(model.menu)[1]).toBe(
      'Modbus client: disconnected from 192.168.0.10:502 (connection refused)',
    );
    expect(menuKey(buildTrayModel(lost(4000)).menu)).toBe(menuKey(model.menu));
    expect(buildTrayModel(state({ drivers: [modbusClient] })).tooltip).toBe(
      'TagSim: Listening on http://127.0.0.1:7410',
    );
  });
});
