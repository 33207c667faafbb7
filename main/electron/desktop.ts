import type { SceneDefinition } from '../../shared/core/scene.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { createBridgeHost, type BridgeHost } from '../runtime/bridge-host.js';
import { resolveScene } from '../runtime/resolve-scene.js';
import { ServerController } from '../runtime/server-controller.js';
import { fileSettingsStore, type SettingsStore } from '../settings/settings-store.js';
import { resolveAppPaths } from './app-paths.js';
import { APP_SCHEME, createAppProtocolHandler, type ProtocolLike } from './app-protocol.js';
import { registerIpcHost, type IpcMainLike } from './ipc-host.js';
import {
  claimSingleInstance,
  installQuitGuard,
  type LifecycleAppLike,
  type QuitGuard,
  stayInTray,
} from './lifecycle.js';
import {
  createTrayController,
  type MenuTemplateItem,
  readTrayState,
  runTrayAction,
  type TrayController,
  type TrayLike,
} from './tray.js';
import {
  type BrowserWindowLike,
  createMainWindowController,
  type MainWindowController,
  type MainWindowOptions,
  type ScreenLike,
} from './window.js';
import { hardenSession, type SessionLike } from './window-security.js';

/** The part of Electron's `app` the desktop uses. */
export interface DesktopAppLike extends LifecycleAppLike {
  whenReady(): Promise<unknown>;
  getAppPath(): string;
  getPath(name: 'userData'): string;
  readonly isPackaged: boolean;
}

/** A tray icon as created by `new Tray(image)`. */
export interface DesktopTrayLike<M> extends TrayLike<M> {
  on(event: 'click', listener: () => void): unknown;
  destroy(): void;
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
  readFile(file: string): Promise<Uint8Array>;
  platform: string;
  argv: readonly string[];
  reportError(error: unknown): void;
  /** The settings store; by default the JSON file in the user data folder. */
  openSettings?(file: string): Promise<SettingsStore>;
  /** The scene served; by default the simulator's default scene. */
  scene?: SceneDefinition;
}

/** The running desktop app. */
export interface Desktop {
  readonly engine: TagEngine;
  readonly server: ServerController;
  readonly settings: SettingsStore;
  readonly host: BridgeHost;
  readonly window: MainWindowController;
  readonly tray: TrayController;
  readonly quitGuard: QuitGuard;
}

/** Starts the app hidden in the tray (for a login item), without opening the window. */
export const START_HIDDEN_FLAG = '--hidden';

/**
 * The desktop app's life: claim the single instance (or hand over to the running one and quit),
 * then once Electron is ready load the settings, start the engine with the default scene, the
 * API server (host and port from the settings, 127.0.0.1:7410 by default), the bridge, the
 * `app://` scheme, the IPC host, the tray and the window. Closing the window hides it; Quit (or
 * any other quit) stops the server and saves the settings first. Resolves to undefined in a
 * second instance.
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

  let shutdown = async (): Promise<void> => undefined;
  const quitGuard = installQuitGuard(app, () => shutdown(), { reportError });
  stayInTray(app, showWindow);
  await app.whenReady();

  const paths = resolveAppPaths(app.getAppPath(), app.getPath('userData'));
  const settings = await (deps.openSettings ?? fileSettingsStore)(paths.settingsFile);
  const engine = new TagEngine(deps.scene ?? resolveScene(), { reportError });
  const { host: serverHost, port } = settings.get();
  const server = new ServerController(engine, { host: serverHost, port });
  server.errors.on(reportError);
  const host = createBridgeHost({ engine, server, settings });

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
    reportError,
  });
  ui.window = mainWindow;
  const disposeIpc = registerIpcHost({
    ipcMain: deps.ipcMain,
    host,
    contents: () => mainWindow.current?.webContents,
    reportError,
  });

  const trayIcon = deps.createTray(paths.trayIcon('stopped'));
  const tray = createTrayController({
    tray: trayIcon,
    buildMenu: deps.buildMenu,
    iconPath: paths.trayIcon,
    readState: () => readTrayState(engine, server.status, settings.get().pinnedTagIds),
    sources: [
      (onChange) => engine.subscribe(onChange),
      (onChange) => server.onStatus(onChange),
      (onChange) =>
        host.events.on((message) => {
          if (message.event === 'pinned') onChange();
        }),
    ],
    run: (action) =>
      void runTrayAction(action, {
        api: host.api,
        rawValue: (id) => engine.getTagState(id)?.raw,
        openWindow: showWindow,
        quit: quitGuard.quit,
        reportError,
      }),
  });
  // Windows users expect a click on the tray icon to open the app (elsewhere it opens the menu).
  if (deps.platform === 'win32') trayIcon.on('click', showWindow);

  shutdown = async () => {
    tray.dispose();
    trayIcon.destroy();
    disposeIpc();
    host.dispose();
    await mainWindow.saveBounds();
    await server.stop();
  };

  // Never throws: a taken port shows in the tray and the window as "Port 7410 in use".
  void server.start();
  if (ui.showRequested || !deps.argv.includes(START_HIDDEN_FLAG)) mainWindow.show();

  return { engine, server, settings, host, window: mainWindow, tray, quitGuard };
}
