import type { ScenesState } from '../../shared/scenes/scene-document.js';
import {
  type MenuModelItem,
  menuKey,
  type MenuRole,
  type MenuTemplateItem,
  toMenuTemplate,
} from './menu-model.js';
import { keepMenuInStep, type MenuRefresh, type MenuSource } from './menu-refresh.js';
import type { MessageBoxOptionsLike } from './native-dialogs.js';
import { builtinItems, menuSaveEnabled, recentItems, type SceneCommand } from './scene-menu.js';

/**
 * The application menu (the window's menu bar; on macOS the menu bar at the top of the screen):
 * a pure function of the state builds it, like the tray.
 *
 * Undo and Redo: Edit ▸ Undo / Redo are Electron's roles, so Ctrl/Cmd+Z works in text fields on
 * every platform (on macOS text fields get Undo only through the menu). Keys reach the page
 * before the menu (Chromium), so the window's own keyboard handling turns Ctrl/Cmd+Z and
 * Shift+Ctrl/Cmd+Z outside text fields into the scene's undo and redo, and the roles only see
 * the keys the page left alone. Edit ▸ Undo scene edit / Redo scene edit reach the scene's
 * history directly, with the mouse, and have no keys of their own, so they never take a key
 * from a text field. Every accelerator has Ctrl or Cmd in it, so none gets in the way of typing.
 */

/** What an application menu item does. */
export type AppMenuAction =
  | { kind: 'scene'; command: SceneCommand }
  /** View ▸ Traffic: the window opens or closes its Traffic view (docs/ui.md). */
  | { kind: 'toggleTraffic' }
  /** View ▸ Plant: the window shows or hides its Plant view (docs/ui.md). */
  | { kind: 'togglePlant' }
  | { kind: 'about' }
  | { kind: 'quit' };

/** Everything the application menu shows. */
export interface AppMenuState {
  platform: string;
  /** Packaged apps have no Reload and no developer tools. */
  isPackaged: boolean;
  scenes: ScenesState;
}

/** The keys of the application menu's own items (Electron accelerators). */
export const APP_MENU_ACCELERATORS = {
  newScene: 'CmdOrCtrl+N',
  openFile: 'CmdOrCtrl+O',
  save: 'CmdOrCtrl+S',
  saveAs: 'Shift+CmdOrCtrl+S',
  quit: 'CmdOrCtrl+Q',
  /** The window's own key too (it reaches the page first, which takes it: no double toggle). */
  traffic: 'Shift+CmdOrCtrl+L',
  /** The window's own key too, taken by the page first like Traffic's. */
  plant: 'Shift+CmdOrCtrl+E',
} as const;

type Item = MenuModelItem<AppMenuAction>;

const scene = (command: SceneCommand): AppMenuAction => ({ kind: 'scene', command });
const separator: Item = { type: 'separator' };
const roles = (...names: MenuRole[]): Item[] => names.map((role) => ({ type: 'role', role }));

/** The whole application menu for a state. Pure: same state, same menu. */
export function buildAppMenu(state: AppMenuState): Item[] {
  const mac = state.platform === 'darwin';
  const { document } = state.scenes;
  const quit: Item = {
    type: 'normal',
    label: 'Quit TagSim',
    enabled: true,
    accelerator: APP_MENU_ACCELERATORS.quit,
    action: { kind: 'quit' },
  };
  const about: Item = {
    type: 'normal',
    label: 'About TagSim',
    enabled: true,
    action: { kind: 'about' },
  };

  const file: Item[] = [
    {
      type: 'normal',
      label: 'New scene',
      enabled: true,
      accelerator: APP_MENU_ACCELERATORS.newScene,
      action: scene({ kind: 'newScene' }),
    },
    {
      type: 'normal',
      label: 'Open…',
      enabled: true,
      accelerator: APP_MENU_ACCELERATORS.openFile,
      action: scene({ kind: 'openFile' }),
    },
    { type: 'submenu', label: 'Open recent', submenu: recentItems(state.scenes.recent, scene) },
    { type: 'submenu', label: 'Open built-in scene', submenu: builtinItems(state.scenes, scene) },
    separator,
    {
      type: 'normal',
      label: 'Save',
      enabled: menuSaveEnabled(document),
      accelerator: APP_MENU_ACCELERATORS.save,
      action: scene({ kind: 'save' }),
    },
    {
      type: 'normal',
      label: 'Save as…',
      enabled: true,
      accelerator: APP_MENU_ACCELERATORS.saveAs,
      action: scene({ kind: 'saveAs' }),
    },
    separator,
    // Closing hides the window; TagSim keeps serving in the tray.
    { type: 'role', role: 'close', label: 'Close window' },
    ...(mac ? [] : [separator, quit]),
  ];

  const edit: Item[] = [
    // Text editing (the scene's own undo: see the top of this file).
    ...roles('undo', 'redo'),
    separator,
    ...roles('cut', 'copy', 'paste', 'selectAll'),
    separator,
    {
      type: 'normal',
      label: 'Undo scene edit',
      enabled: document.canUndo,
      action: scene({ kind: 'undo' }),
    },
    {
      type: 'normal',
      label: 'Redo scene edit',
      enabled: document.canRedo,
      action: scene({ kind: 'redo' }),
    },
  ];

  const view: Item[] = [
    {
      type: 'normal',
      label: 'Traffic',
      enabled: true,
      accelerator: APP_MENU_ACCELERATORS.traffic,
      action: { kind: 'toggleTraffic' },
    },
    {
      type: 'normal',
      label: 'Plant',
      enabled: true,
      accelerator: APP_MENU_ACCELERATORS.plant,
      action: { kind: 'togglePlant' },
    },
    separator,
    // Developer items only in development: a packaged window has no developer tools at all.
    ...(state.isPackaged ? [] : [...roles('reload', 'forceReload', 'toggleDevTools'), separator]),
    ...roles('resetZoom', 'zoomIn', 'zoomOut'),
    separator,
    ...roles('togglefullscreen'),
  ];

  // macOS: the menu named after the app, and the Window menu.
  const appMenu: Item = {
    type: 'submenu',
    label: 'TagSim',
    submenu: [
      about,
      separator,
      ...roles('services'),
      separator,
      ...roles('hide', 'hideOthers', 'unhide'),
      separator,
      quit,
    ],
  };
  return [
    ...(mac ? [appMenu] : []),
    { type: 'submenu', label: 'File', submenu: file },
    { type: 'submenu', label: 'Edit', submenu: edit },
    { type: 'submenu', label: 'View', submenu: view },
    mac ? { type: 'role', role: 'windowMenu' } : { type: 'submenu', label: 'Help', submenu: [about] },
  ];
}

/** The About box: the version, and what it runs on. */
export function aboutBox(version: string, versions: Partial<Record<string, string>>): MessageBoxOptionsLike {
  const runtime = [
    versions['electron'] && `Electron ${versions['electron']}`,
    versions['chrome'] && `Chromium ${versions['chrome']}`,
    versions['node'] && `Node.js ${versions['node']}`,
  ].filter(Boolean);
  return {
    type: 'info',
    title: 'About TagSim',
    message: `TagSim ${version}`,
    detail: ['A stand-in for the FACTORY I/O Web API.', ...(runtime.length ? [runtime.join(', ')] : [])].join(
      '\n',
    ),
    buttons: ['OK'],
  };
}

export interface AppMenuControllerDeps<M> {
  setApplicationMenu(menu: M): void;
  buildMenu(template: MenuTemplateItem[]): M;
  readState(): AppMenuState;
  /** Sources of change (the scenes). */
  sources: readonly MenuSource[];
  run(action: AppMenuAction): void;
  /** Changes within this interval make one rebuild. */
  intervalMs?: number;
}

/** Keeps the application menu in step with the scenes. */
export type AppMenuController = Pick<MenuRefresh, 'refresh' | 'invalidate' | 'dispose'>;

/** At most one application menu rebuild in this interval. */
export const APP_MENU_REBUILD_INTERVAL_MS = 100;

/**
 * Sets the application menu now, and again whenever a source reports a change (at most once per
 * interval), but only when the menu changed: a menu being replaced closes if it is open.
 */
export function createAppMenuController<M>(deps: AppMenuControllerDeps<M>): AppMenuController {
  const interval = deps.intervalMs ?? APP_MENU_REBUILD_INTERVAL_MS;
  return keepMenuInStep({
    sources: deps.sources,
    delay: () => interval,
    apply: (shownMenu) => {
      const model = buildAppMenu(deps.readState());
      const key = menuKey(model);
      if (key !== shownMenu) deps.setApplicationMenu(deps.buildMenu(toMenuTemplate(model, deps.run)));
      return key;
    },
  });
}

/** What the application menu's actions act on. */
export interface AppMenuActionDeps {
  scene(command: SceneCommand): Promise<unknown>;
  toggleTraffic(): void;
  togglePlant(): void;
  about(): Promise<unknown>;
  quit(): void;
  reportError(error: unknown): void;
}

/** Runs an application menu action. Never rejects. */
export async function runAppMenuAction(action: AppMenuAction, deps: AppMenuActionDeps): Promise<void> {
  try {
    switch (action.kind) {
      case 'scene':
        await deps.scene(action.command);
        return;
      case 'toggleTraffic':
        return deps.toggleTraffic();
      case 'togglePlant':
        return deps.togglePlant();
      case 'about':
        await deps.about();
        return;
      case 'quit':
        return deps.quit();
    }
  } catch (error) {
    deps.reportError(error);
  }
}
