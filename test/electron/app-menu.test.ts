// The application menu (docs/desktop.md, "Scenes in the desktop app"): a pure function of the
// scenes state, its keys, what is enabled when, the developer items only in development, and the
// controller that keeps Electron's menu in step.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SceneDocument, ScenesState } from '../../shared/scenes/scene-document.js';
import {
  aboutBox,
  APP_MENU_ACCELERATORS,
  type AppMenuAction,
  type AppMenuState,
  buildAppMenu,
  createAppMenuController,
  runAppMenuAction,
} from '../../main/electron/app-menu.js';
import { type MenuModelItem, type MenuTemplateItem, toMenuTemplate } from '../../main/electron/menu-model.js';
import { type FakeMenu, findItem } from './fakes/tray.js';
import { plantShortcut, trafficShortcut } from '../../renderer/state/shortcuts.js';

type Item = MenuModelItem<AppMenuAction>;

function scenes(document: Partial<SceneDocument> = {}, recent: string[] = []): ScenesState {
  return {
    builtins: ['Sorting by Height (Basic)', 'Filling Tank'],
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

const state = (partial: Partial<AppMenuState> = {}): AppMenuState => ({
  platform: 'linux',
  isPackaged: false,
  scenes: scenes(),
  ...partial,
});

/** The menu as Electron gets it, so items are found by label and clicked like in a real menu. */
const template = (s: AppMenuState, run: (action: AppMenuAction) => void = () => undefined) =>
  toMenuTemplate(buildAppMenu(s), run);

const labelsOf = (items: readonly MenuTemplateItem[]) =>
  items.map((i) => (i.type === 'separator' ? '---' : (i.label ?? `(${i.role})`)));

function all(items: readonly MenuTemplateItem[]): MenuTemplateItem[] {
  return items.flatMap((i) => [i, ...all(i.submenu ?? [])]);
}

describe('the application menu', () => {
  it('on Windows and Linux: File, Edit, View, Help', () => {
    const menu = template(state());
    expect(labelsOf(menu)).toStrictEqual(['File', 'Edit', 'View', 'Help']);
    expect(labelsOf(findItem(menu, ['File']).submenu!)).toStrictEqual([
      'New scene',
      'Open…',
      'Open recent',
      'Open built-in scene',
      '---',
      'Save',
      'Save as…',
      '---',
      'Close window',
      '---',
      'Quit TagSim',
    ]);
    expect(findItem(menu, ['File', 'Close window'])).toStrictEqual({ role: 'close', label: 'Close window' });
    expect(labelsOf(findItem(menu, ['Help']).submenu!)).toStrictEqual(['About TagSim']);
  });

  it('on macOS: the app menu holds About and Quit, and there is a Window menu', () => {
    const menu = template(state({ platform: 'darwin' }));
    expect(labelsOf(menu)).toStrictEqual(['TagSim', 'File', 'Edit', 'View', '(windowMenu)']);
    expect(labelsOf(findItem(menu, ['TagSim']).submenu!)).toStrictEqual([
      'About TagSim',
      '---',
      '(services)',
      '---',
      '(hide)',
      '(hideOthers)',
      '(unhide)',
      '---',
      'Quit TagSim',
    ]);
    expect(labelsOf(findItem(menu, ['File']).submenu!)).not.toContain('Quit TagSim');
  });

  it('has the usual keys for the scene commands', () => {
    const menu = template(state());
    const keys = Object.fromEntries(
      ['New scene', 'Open…', 'Save', 'Save as…', 'Quit TagSim'].map((label) => [
        label,
        findItem(menu, ['File', label]).accelerator,
      ]),
    );
    expect(keys).toStrictEqual({
      'New scene': 'CmdOrCtrl+N',
      'Open…': 'CmdOrCtrl+O',
      Save: 'CmdOrCtrl+S',
      'Save as…': 'Shift+CmdOrCtrl+S',
      'Quit TagSim': 'CmdOrCtrl+Q',
    });
    expect(APP_MENU_ACCELERATORS.save).toBe('CmdOrCtrl+S');
  });

  it("gives View ▸ Traffic and View ▸ Plant the window's own keys, which the page takes first", () => {
    const view = findItem(template(state()), ['View']).submenu!;
    const traffic = view.find((item) => item.label === 'Traffic')!;
    const plant = view.find((item) => item.label === 'Plant')!;
    expect([traffic.accelerator, plant.accelerator]).toStrictEqual([
      'Shift+CmdOrCtrl+L',
      'Shift+CmdOrCtrl+E',
    ]);
    // The key each accelerator names, as the page sees it: the window's handler takes it (and
    // prevents the default) so the menu's accelerator never toggles a second time.
    const press = (accelerator: string) => ({
      key: accelerator.slice(-1).toLowerCase(),
      ctrlKey: true,
      metaKey: false,
      shiftKey: accelerator.includes('Shift+'),
      altKey: false,
    });
    expect(trafficShortcut(press(traffic.accelerator!))).toBe(true);
    expect(plantShortcut(press(plant.accelerator!))).toBe(true);
    expect(plantShortcut(press(traffic.accelerator!))).toBe(false);
    expect(trafficShortcut(press(plant.accelerator!))).toBe(false);
  });

  it('never takes a key that types a character: every key of its own has Ctrl or Cmd', () => {
    for (const platform of ['linux', 'win32', 'darwin']) {
      for (const item of all(template(state({ platform })))) {
        if (item.accelerator !== undefined) expect(item.accelerator).toMatch(/^(Shift\+)?CmdOrCtrl\+./);
      }
    }
  });

  it('keeps text editing to the roles, and the scene history to its own items without keys', () => {
    const edit = findItem(template(state()), ['Edit']).submenu!;
    expect(labelsOf(edit)).toStrictEqual([
      '(undo)',
      '(redo)',
      '---',
      '(cut)',
      '(copy)',
      '(paste)',
      '(selectAll)',
      '---',
      'Undo scene edit',
      'Redo scene edit',
    ]);
    expect(findItem(edit, ['Undo scene edit']).accelerator).toBeUndefined();
    expect(findItem(edit, ['Redo scene edit']).accelerator).toBeUndefined();
  });

  it('enables Undo and Redo scene edit by the history', () => {
    const edit = (document: Partial<SceneDocument>) => {
      const menu = template(state({ scenes: scenes(document) }));
      return [
        findItem(menu, ['Edit', 'Undo scene edit']).enabled,
        findItem(menu, ['Edit', 'Redo scene edit']).enabled,
      ];
    };
    expect(edit({})).toStrictEqual([false, false]);
    expect(edit({ canUndo: true, dirty: true })).toStrictEqual([true, false]);
    expect(edit({ canRedo: true })).toStrictEqual([false, true]);
  });

  it('enables Save with changes, or when the scene has no file yet (it then asks where)', () => {
    const save = (document: Partial<SceneDocument>) =>
      findItem(template(state({ scenes: scenes(document) })), ['File', 'Save']).enabled;
    expect(save({})).toBe(true);
    expect(save({ origin: 'file', path: '/lab/a.tagsim.json' })).toBe(false);
    expect(save({ origin: 'file', path: '/lab/a.tagsim.json', dirty: true })).toBe(true);
    expect(save({ origin: 'new', dirty: true })).toBe(true);
  });

  it('lists recent files and the built-ins in File', () => {
    const menu = template(state({ scenes: scenes({}, ['/lab/line1.tagsim.json']) }));
    expect(labelsOf(findItem(menu, ['File', 'Open recent']).submenu!)).toStrictEqual(['line1.tagsim.json']);
    expect(findItem(menu, ['File', 'Open built-in scene', 'Sorting by Height (Basic)']).checked).toBe(true);
    const empty = template(state());
    expect(findItem(empty, ['File', 'Open recent', 'No recent files']).enabled).toBe(false);
  });

  it('has Reload and the developer tools only when not packaged', () => {
    const dev = labelsOf(findItem(template(state()), ['View']).submenu!);
    expect(dev).toStrictEqual([
      'Traffic',
      'Plant',
      '---',
      '(reload)',
      '(forceReload)',
      '(toggleDevTools)',
      '---',
      '(resetZoom)',
      '(zoomIn)',
      '(zoomOut)',
      '---',
      '(togglefullscreen)',
    ]);
    const packaged = all(template(state({ isPackaged: true })));
    for (const role of ['reload', 'forceReload', 'toggleDevTools'])
      expect(packaged.some((i) => i.role === role)).toBe(false);
    expect(packaged.some((i) => i.role === 'zoomIn')).toBe(true);
  });

  it('runs the action of each item', () => {
    const run = vi.fn();
    const menu = template(state({ scenes: scenes({ canUndo: true }, ['/lab/a.tagsim.json']) }), run);
    for (const path of [
      ['File', 'New scene'],
      ['File', 'Open…'],
      ['File', 'Open recent', 'a.tagsim.json'],
      ['File', 'Open built-in scene', 'Filling Tank'],
      ['File', 'Save'],
      ['File', 'Save as…'],
      ['File', 'Quit TagSim'],
      ['Edit', 'Undo scene edit'],
      ['Edit', 'Redo scene edit'],
      ['Help', 'About TagSim'],
    ])
      findItem(menu, path).click?.();
    expect(run.mock.calls.map(([action]) => action)).toStrictEqual([
      { kind: 'scene', command: { kind: 'newScene' } },
      { kind: 'scene', command: { kind: 'openFile' } },
      { kind: 'scene', command: { kind: 'openPath', path: '/lab/a.tagsim.json' } },
      { kind: 'scene', command: { kind: 'openBuiltin', name: 'Filling Tank' } },
      { kind: 'scene', command: { kind: 'save' } },
      { kind: 'scene', command: { kind: 'saveAs' } },
      { kind: 'quit' },
      { kind: 'scene', command: { kind: 'undo' } },
      { kind: 'scene', command: { kind: 'redo' } },
      { kind: 'about' },
    ]);
    // Role items are Electron's: no click of ours.
    expect(findItem(menu, ['File', 'Close window']).click).toBeUndefined();
  });

  it('is pure: the same state gives the same menu', () => {
    const s = state({ scenes: scenes({ dirty: true }, ['/a.tagsim.json']) });
    expect(buildAppMenu(s)).toStrictEqual(buildAppMenu(structuredClone(s)));
  });
});

describe('About', () => {
  it('shows the version and what it runs on', () => {
    expect(aboutBox('0.2.0', { electron: '40.1.0', chrome: '144.0', node: '22.20.0' })).toStrictEqual({
      type: 'info',
      title: 'About TagSim',
      message: 'TagSim 0.2.0',
      detail: 'A stand-in for the FACTORY I/O Web API.\nElectron 40.1.0, Chromium 144.0, Node.js 22.20.0',
      buttons: ['OK'],
    });
    expect(aboutBox('0.2.0', {}).detail).toBe('A stand-in for the FACTORY I/O Web API.');
  });
});

describe('runAppMenuAction', () => {
  it('routes scene commands, About and Quit, and reports failures', async () => {
    const deps = {
      scene: vi.fn(async () => 'done'),
      toggleTraffic: vi.fn(),
      togglePlant: vi.fn(),
      about: vi.fn(async () => ({ response: 0 })),
      quit: vi.fn(),
      reportError: vi.fn(),
    };
    await runAppMenuAction({ kind: 'scene', command: { kind: 'save' } }, deps);
    await runAppMenuAction({ kind: 'about' }, deps);
    await runAppMenuAction({ kind: 'quit' }, deps);
    await runAppMenuAction({ kind: 'toggleTraffic' }, deps);
    expect(deps.toggleTraffic).toHaveBeenCalledOnce();
    expect(deps.togglePlant).not.toHaveBeenCalled();
    await runAppMenuAction({ kind: 'togglePlant' }, deps);
    expect(deps.togglePlant).toHaveBeenCalledOnce();
    expect(deps.toggleTraffic).toHaveBeenCalledOnce();
    expect(deps.scene).toHaveBeenCalledWith({ kind: 'save' });
    expect(deps.about).toHaveBeenCalledOnce();
    expect(deps.quit).toHaveBeenCalledOnce();
    const error = new Error('no display');
    deps.about.mockRejectedValueOnce(error);
    await expect(runAppMenuAction({ kind: 'about' }, deps)).resolves.toBeUndefined();
    expect(deps.reportError).toHaveBeenCalledWith(error);
  });
});

describe('the application menu controller', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup() {
    let current = state();
    const listeners = new Set<() => void>();
    const menus: FakeMenu[] = [];
    const run = vi.fn();
    const controller = createAppMenuController<FakeMenu>({
      setApplicationMenu: (menu) => menus.push(menu),
      buildMenu: (template) => ({ template }),
      readState: () => current,
      sources: [
        (onChange) => {
          listeners.add(onChange);
          return () => listeners.delete(onChange);
        },
      ],
      run,
      intervalMs: 50,
    });
    return {
      controller,
      menus,
      run,
      listeners,
      set(next: AppMenuState) {
        current = next;
        listeners.forEach((l) => l());
      },
    };
  }

  it('sets the menu at once, and again when what it shows changed', async () => {
    const t = setup();
    expect(t.menus).toHaveLength(1);
    expect(findItem(t.menus[0]!.template, ['Edit', 'Undo scene edit']).enabled).toBe(false);
    t.set(state({ scenes: scenes({ dirty: true, canUndo: true }) }));
    t.set(state({ scenes: scenes({ dirty: true, canUndo: true }) }));
    expect(t.menus).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(50);
    expect(t.menus).toHaveLength(2);
    expect(findItem(t.menus[1]!.template, ['Edit', 'Undo scene edit']).enabled).toBe(true);
    findItem(t.menus[1]!.template, ['Edit', 'Undo scene edit']).click?.();
    expect(t.run).toHaveBeenCalledWith({ kind: 'scene', command: { kind: 'undo' } });
  });

  it('does not replace a menu that did not change', async () => {
    const t = setup();
    t.set(state());
    await vi.advanceTimersByTimeAsync(100);
    expect(t.menus).toHaveLength(1);
  });

  it('invalidate replaces it anyway (a radio item clicked, then cancelled)', async () => {
    const t = setup();
    t.controller.invalidate();
    await vi.advanceTimersByTimeAsync(50);
    expect(t.menus).toHaveLength(2);
  });

  it('dispose stops listening', async () => {
    const t = setup();
    t.controller.dispose();
    expect(t.listeners.size).toBe(0);
    t.controller.invalidate();
    await vi.advanceTimersByTimeAsync(100);
    expect(t.menus).toHaveLength(1);
  });
});

describe('toMenuTemplate', () => {
  it('passes role items, keys, sublabels and tooltips to Electron', () => {
    const items: Item[] = [
      { type: 'role', role: 'copy' },
      { type: 'role', role: 'close', label: 'Close window' },
      {
        type: 'normal',
        label: 'Save',
        enabled: true,
        accelerator: 'CmdOrCtrl+S',
        sublabel: '/lab',
        toolTip: '/lab/a.tagsim.json',
      },
    ];
    expect(toMenuTemplate(items, () => undefined)).toStrictEqual([
      { role: 'copy' },
      { role: 'close', label: 'Close window' },
      {
        type: 'normal',
        label: 'Save',
        enabled: true,
        accelerator: 'CmdOrCtrl+S',
        sublabel: '/lab',
        toolTip: '/lab/a.tagsim.json',
      },
    ]);
  });
});
