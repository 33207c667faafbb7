import type { ScenesState } from '../../shared/scenes/scene-document.js';
import { BUILTIN_SCENE_NAMES } from '../../shared/scenes/builtin-scenes.js';
import type { TagSim } from '../compose/start-tagsim.js';
import type { AppPaths } from './app-paths.js';
import { aboutBox, type AppMenuController, createAppMenuController, runAppMenuAction } from './app-menu.js';
import type { SceneDialogs } from './native-dialogs.js';
import { createSceneActions, type SceneActions } from './scene-actions.js';
import {
  createTrayController,
  type MenuTemplateItem,
  readTrayState,
  runTrayAction,
  type TrayController,
  type TrayLike,
} from './tray.js';

/** A tray icon as created by `new Tray(image)`. */
export interface DesktopTrayLike<M> extends TrayLike<M> {
  on(event: 'click', listener: () => void): unknown;
  destroy(): void;
}

/** What the menus need from Electron and from the rest of the shell. */
export interface DesktopMenusDeps<M> {
  tagsim: TagSim;
  createTray(image: string): DesktopTrayLike<M>;
  buildMenu(template: MenuTemplateItem[]): M;
  setApplicationMenu(menu: M): void;
  dialogs: SceneDialogs;
  trayIcon: AppPaths['trayIcon'];
  platform: string;
  isPackaged: boolean;
  /** About's versions: the app's, then process.versions. */
  appVersion: string;
  versions: Partial<Record<string, string>>;
  /** Where Open and Save as start at first. */
  documentsDir: string | undefined;
  /** A lab's presets turned the fault controls off: the tray offers none. */
  hideFaultControls?: boolean;
  showWindow(): void;
  quit(): void;
  reportError(error: unknown): void;
}

/** The tray, the application menu and the scene commands both run. */
export interface DesktopMenus {
  readonly tray: TrayController;
  readonly appMenu: AppMenuController;
  readonly sceneActions: SceneActions;
  /** Takes the menus down and removes the tray icon. */
  dispose(): void;
}

/**
 * Puts up the tray (icon, tooltip, menu with quick faults, the simulation and the Scenes submenu)
 * and the application menu, both following the TagSim through its bridge and running the scene
 * commands with native dialogs. On Windows a click on the tray icon opens the window, as users
 * there expect (elsewhere it opens the menu).
 */
export function startDesktopMenus<M>(deps: DesktopMenusDeps<M>): DesktopMenus {
  const { tagsim, reportError } = deps;
  const { engine, server, simulation, settings, bridge } = tagsim;
  const scenesState = (): ScenesState => ({
    builtins: [...BUILTIN_SCENE_NAMES],
    recent: bridge.scenes.recent,
    document: bridge.scenes.document,
  });
  const onBridgeEvent = (event: string) => (onChange: () => void) =>
    bridge.events.on((message) => {
      if (message.event === event) onChange();
    });
  const menus: { tray?: TrayController; appMenu?: AppMenuController } = {};
  const sceneActions = createSceneActions({
    client: bridge.api,
    scenes: bridge.scenes,
    dialogs: deps.dialogs,
    platform: deps.platform,
    ...(deps.documentsDir !== undefined ? { documentsDir: deps.documentsDir } : {}),
    reportError,
    afterCommand: () => {
      menus.tray?.invalidate();
      menus.appMenu?.invalidate();
    },
  });

  const trayIcon = deps.createTray(deps.trayIcon('stopped'));
  const tray = createTrayController({
    tray: trayIcon,
    buildMenu: deps.buildMenu,
    iconPath: deps.trayIcon,
    readState: () => ({
      ...readTrayState(
        engine,
        server.status,
        settings.get().pinnedTagIds,
        scenesState(),
        simulation.status,
        settings.get().simulation.startRunning,
        tagsim.modbus?.status,
        {
          clock: simulation.clock,
          ...(tagsim.control ? { chaosRules: tagsim.control.chaos.list().length } : {}),
          drivers: tagsim.clients.all.map((driver) => driver.status),
        },
      ),
      ...(settings.locked?.includes('simulation.startRunning') ? { startRunningLocked: true } : {}),
      ...(deps.hideFaultControls ? { hideFaultControls: true } : {}),
    }),
    sources: [
      (onChange) => engine.subscribe(onChange),
      (onChange) => server.onStatus(onChange),
      onBridgeEvent('pinned'),
      onBridgeEvent('scenes'),
      (onChange) => simulation.onStatus(onChange),
      (onChange) => tagsim.modbus?.onStatus(onChange) ?? (() => undefined),
      onBridgeEvent('driver'),
      onBridgeEvent('clock'),
      onBridgeEvent('chaos'),
    ],
    run: (action) =>
      void runTrayAction(action, {
        api: bridge.api,
        rawValue: (id) => engine.getTagState(id)?.raw,
        openWindow: deps.showWindow,
        scene: (command) => sceneActions.run(command),
        setStartRunning: async (startRunning) => {
          try {
            await settings.update({ simulation: { ...settings.get().simulation, startRunning } });
          } finally {
            // The settings send no change events; and Electron toggled the native checkbox on the
            // click, so the menu is replaced even if the save failed.
            menus.tray?.invalidate();
          }
        },
        quit: deps.quit,
        reportError,
      }),
  });
  menus.tray = tray;

  const appMenu = createAppMenuController({
    setApplicationMenu: deps.setApplicationMenu,
    buildMenu: deps.buildMenu,
    readState: () => ({ platform: deps.platform, isPackaged: deps.isPackaged, scenes: scenesState() }),
    sources: [onBridgeEvent('scenes')],
    run: (action) =>
      void runAppMenuAction(action, {
        scene: (command) => sceneActions.run(command),
        toggleTraffic: () => {
          deps.showWindow();
          bridge.events.emit({ event: 'toggleTraffic', payload: null });
        },
        togglePlant: () => {
          deps.showWindow();
          bridge.events.emit({ event: 'togglePlant', payload: null });
        },
        about: () => deps.dialogs.showMessageBox(aboutBox(deps.appVersion, deps.versions)),
        quit: deps.quit,
        reportError,
      }),
  });
  menus.appMenu = appMenu;
  if (deps.platform === 'win32') trayIcon.on('click', deps.showWindow);

  return {
    tray,
    appMenu,
    sceneActions,
    dispose() {
      appMenu.dispose();
      tray.dispose();
      trayIcon.destroy();
    },
  };
}
