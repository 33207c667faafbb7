import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import { resolveScene } from '../runtime/resolve-scene.js';
import type { SimulationHostOptions } from '../runtime/simulation-host.js';
import { startTagSim, type TagSim } from '../compose/start-tagsim.js';
import { resolveAppPaths } from './app-paths.js';
import type { AppMenuController } from './app-menu.js';
import { APP_SCHEME, createAppProtocolHandler, type ProtocolLike } from './app-protocol.js';
import { registerIpcHost, type IpcMainLike } from './ipc-host.js';
import {
  claimSingleInstance,
  installQuitGuard,
  type LifecycleAppLike,
  type QuitGuard,
  stayInTray,
} from './lifecycle.js';
import { type DesktopTrayLike, startDesktopMenus } from './desktop-menus.js';
import type { MenuTemplateItem, TrayController } from './tray.js';
import {
  type BrowserWindowLike,
  createMainWindowController,
  type MainWindowController,
  type MainWindowOptions,
  type ScreenLike,
} from './window.js';
import {
  hardenAllWebContents,
  hardenSession,
  type NavigableContentsLike,
  type SessionLike,
} from './window-security.js';
import type { SceneDialogs } from './native-dialogs.js';
import type { SceneActions } from './scene-actions.js';
import { loadStartupConfig, type OpenSettings } from './startup-config.js';
import { presetsStation } from '../settings/presets.js';
import { startupNotice } from '../runtime/startup-notice.js';
import { desktopOpcuaClient } from './desktop-opcua.js';

/** The part of Electron's `app` the desktop uses. */
export interface DesktopAppLike extends LifecycleAppLike {
  on(event: 'second-instance', listener: () => void): unknown;
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  on(event: 'window-all-closed', listener: () => void): unknown;
  on(event: 'activate', listener: () => void): unknown;
  on(
    event: 'web-contents-created',
    listener: (event: unknown, contents: NavigableContentsLike) => void,
  ): unknown;
  whenReady(): Promise<unknown>;
  getAppPath(): string;
  getPath(name: 'userData' | 'documents'): string;
  getVersion(): string;
  readonly isPackaged: boolean;
}

/** Everything the desktop app needs from Electron (and the disk), injected so tests use fakes. */
export interface DesktopDeps<M> {
  app: DesktopAppLike;
  ipcMain: IpcMainLike;
  protocol: Pick<ProtocolLike, 'handle'>;
  /** The default session; Electron has it only once the app is ready. */
  session(): SessionLike;
  /** Electron's `screen`; usable only once the app is ready. */
  screen(): ScreenLike;
  createWindow(options: MainWindowOptions): BrowserWindowLike;
  createTray(image: string): DesktopTrayLike<M>;
  buildMenu(template: MenuTemplateItem[]): M;
  /** Electron's Menu.setApplicationMenu. */
  setApplicationMenu(menu: M): void;
  /** Electron's dialogs, modal to TagSim's window while it is on screen (bindDialogs). */
  dialogs: SceneDialogs;
  /**
   * Calls `listener` when the system shuts down or the user logs off (Electron's powerMonitor
   * 'shutdown' on Linux and macOS); called once the app is ready.
   */
  onSystemShutdown?(listener: () => void): void;
  /** Versions shown by About (process.versions). */
  versions?: Partial<Record<string, string>>;
  readFile(file: string): Promise<Uint8Array>;
  platform: string;
  argv: readonly string[];
  reportError(error: unknown): void;
  /** The environment (process.env): TAGSIM_PRESETS, and %ProgramData% on Windows. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Electron's process.resourcesPath, where an installer built with a presets.json puts it. */
  resourcesPath?: string;
  /** The settings store; by default the JSON file in the user data folder over the presets. */
  openSettings?: OpenSettings;
  /** The scene served when the presets name none; by default the simulator's default scene. */
  scene?: SceneDefinition;
  /**
   * Options of the simulation (timers in tests); a seed, start paused or time scale given here
   * wins over the settings' `simulation`.
   */
  simulation?: Omit<SimulationHostOptions, 'reportError'>;
}

/** The running desktop app. */
export interface Desktop {
  /** The TagSim the window, the tray and the menus show and drive. */
  readonly tagsim: TagSim;
  readonly window: MainWindowController;
  readonly tray: TrayController;
  readonly appMenu: AppMenuController;
  readonly sceneActions: SceneActions;
  readonly quitGuard: QuitGuard;
}

/** Starts the app hidden in the tray (for a login item), without opening the window. */
export const START_HIDDEN_FLAG = '--hidden';
/** Starts with the simulation not running, whatever the setting "Run when TagSim starts" says. */
export const START_PAUSED_FLAG = '--paused';

/**
 * The desktop app's life: claim the single instance (or hand over to the running one and quit),
 * then once Electron is ready load the machine's presets and the user's settings over them, start
 * the TagSim (startTagSim, as `tagsim serve` does) with the presets' scene (or the default scene),
 * the API server's host and port from the settings (127.0.0.1:7410 by default) and the simulation
 * as the settings say (`--paused` holds it); then the `app://` scheme, the IPC host, the tray (with its Scenes submenu), the application menu and the
 * window. Closing the window hides it; Quit (or any other quit) asks about unsaved scene changes
 * (not when the system ends the session), then stops the server and saves the settings. Resolves
 * to undefined in a second instance.
 */
export async function startDesktop<M>(deps: DesktopDeps<M>): Promise<Desktop | undefined> {
  const { app, reportError } = deps;
  // A second launch or a Dock click may come before the window controller exists (while the
  // settings load): remember it and show the window once there is one.
  const ui: { window?: MainWindowController; showRequested: boolean } = { showRequested: false };
  const showWindow = () => {
    if (ui.window) ui.window.show();
    else ui.showRequested = true;
  };
  if (!claimSingleInstance(app, showWindow)) return undefined;
  hardenAllWebContents(app);

  let shutdown = async (): Promise<void> => undefined;
  // Before the scenes exist there is nothing unsaved to ask about.
  let confirmQuit = async (_signal: AbortSignal): Promise<boolean> => true;
  const quitGuard = installQuitGuard(app, () => shutdown(), {
    reportError,
    confirmQuit: (signal) => confirmQuit(signal),
  });
  stayInTray(app, showWindow);
  await app.whenReady();

  const paths = resolveAppPaths(app.getAppPath(), app.getPath('userData'));
  // Problems at start are reported, never fatal (a lab PC always starts), and shown in the window.
  const { presets, settings, startScene, notices } = await loadStartupConfig({
    platform: deps.platform,
    env: deps.env ?? {},
    resourcesPath: deps.resourcesPath,
    settingsFile: paths.settingsFile,
    ...(deps.openSettings ? { openSettings: deps.openSettings } : {}),
    defaultScene: () => deps.scene ?? resolveScene(),
    reportError,
  });
  const { host: serverHost, port, simulation: startWith, modbus, modbusClient, opcuaClient } = settings.get();
  // The presets' student mode: the window is a student's, as at a lab station.
  const student = presetsStation(presets);
  // Never rejects for the port: a taken one shows in the tray and the window as "Port 7410 in use".
  const tagsim = await startTagSim({
    scene: startScene,
    settings,
    server: { host: serverHost, port },
    ...(modbus ? { modbus } : {}),
    ...(modbusClient ? { modbusClient } : {}),
    ...(opcuaClient
      ? {
          opcuaClient: await desktopOpcuaClient(opcuaClient, app.getPath('userData'), (file, error) => {
            reportError(error);
            notices.push(startupNotice(file, error));
          }),
        }
      : {}),
    listen: 'background',
    simulation: {
      startRunning: startWith.startRunning && !deps.argv.includes(START_PAUSED_FLAG),
      seed: startWith.seed,
      timeScale: startWith.timeScale,
      ...deps.simulation,
    },
    notices,
    ...(student ? { bridge: { station: student } } : {}),
    reportError,
  });

  deps.protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler({ rendererDir: paths.rendererDir, readFile: deps.readFile }),
  );
  hardenSession(deps.session());

  const mainWindow = createMainWindowController({
    createWindow: deps.createWindow,
    screen: deps.screen(),
    settings,
    preloadPath: paths.preloadPath,
    devTools: !app.isPackaged,
    isQuitting: quitGuard.isQuitting,
    onSessionEnd: quitGuard.systemShutdown,
    reportError,
  });
  ui.window = mainWindow;
  const disposeIpc = registerIpcHost({
    ipcMain: deps.ipcMain,
    host: tagsim.bridge,
    contents: () => mainWindow.current?.webContents,
    reportError,
  });

  const menus = startDesktopMenus({
    tagsim,
    createTray: deps.createTray,
    buildMenu: deps.buildMenu,
    setApplicationMenu: deps.setApplicationMenu,
    dialogs: deps.dialogs,
    trayIcon: paths.trayIcon,
    platform: deps.platform,
    isPackaged: app.isPackaged,
    appVersion: app.getVersion(),
    versions: deps.versions ?? {},
    documentsDir: documentsDir(app, reportError),
    showWindow,
    ...(student && !student.allowed.includes('faults') ? { hideFaultControls: true } : {}),
    quit: quitGuard.quit,
    reportError,
  });
  confirmQuit = (signal) => menus.sceneActions.confirmQuit(signal);
  deps.onSystemShutdown?.(quitGuard.systemShutdown);

  shutdown = async () => {
    menus.dispose();
    disposeIpc();
    await mainWindow.saveBounds();
    await tagsim.close();
  };

  if (ui.showRequested || !deps.argv.includes(START_HIDDEN_FLAG)) mainWindow.show();

  return {
    tagsim,
    window: mainWindow,
    tray: menus.tray,
    appMenu: menus.appMenu,
    sceneActions: menus.sceneActions,
    quitGuard,
  };
}

/** The Documents folder, where Open and Save as start at first (if the system has one). */
function documentsDir(app: DesktopAppLike, reportError: (error: unknown) => void): string | undefined {
  try {
    return app.getPath('documents');
  } catch (error) {
    reportError(error);
    return undefined;
  }
}
