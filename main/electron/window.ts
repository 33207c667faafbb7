import type { SettingsStore } from '../settings/settings-store.js';
import { APP_START_URL } from './app-protocol.js';
import type { BridgeContentsLike } from './ipc-host.js';
import { MIN_WINDOW_SIZE, type Rect, restoreWindowBounds, type WindowPlacement } from './window-bounds.js';
import { hardenWebContents, type NavigableContentsLike, secureWebPreferences } from './window-security.js';

/** The options TagSim's window is created with (a subset of BrowserWindowConstructorOptions). */
export type MainWindowOptions = ReturnType<typeof mainWindowOptions>;

/** The part of a BrowserWindow this shell uses. */
export interface BrowserWindowLike {
  readonly webContents: BridgeContentsLike & NavigableContentsLike;
  on(event: 'close', listener: (event: { preventDefault(): void }) => void): unknown;
  on(event: 'closed', listener: () => void): unknown;
  /** Windows only: the user logs off or the system shuts down. */
  on(event: 'session-end', listener: () => void): unknown;
  once(event: 'ready-to-show', listener: () => void): unknown;
  loadURL(url: string): Promise<void>;
  show(): void;
  hide(): void;
  focus(): void;
  restore(): void;
  isMinimized(): boolean;
  isDestroyed(): boolean;
  getNormalBounds(): Rect;
}

/** The part of Electron's `screen` used to place the window. */
export interface ScreenLike {
  getAllDisplays(): { workArea: Rect }[];
  getPrimaryDisplay(): { workArea: Rect };
}

/** The BrowserWindow options: hidden until painted, secure webPreferences, the restored placement. */
export function mainWindowOptions(placement: WindowPlacement, preloadPath: string, devTools: boolean) {
  return {
    ...placement,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    title: 'TagSim',
    show: false,
    autoHideMenuBar: true,
    webPreferences: secureWebPreferences(preloadPath, devTools),
  };
}

export interface MainWindowDeps {
  createWindow(options: MainWindowOptions): BrowserWindowLike;
  screen: ScreenLike;
  settings: SettingsStore;
  preloadPath: string;
  devTools: boolean;
  /** True once the person chose Quit: only then does closing the window really close it. */
  isQuitting(): boolean;
  /** Windows tells the window when the session ends (log off, shut down): quit without asking. */
  onSessionEnd?(): void;
  reportError(error: unknown): void;
}

/** The one TagSim window: created on demand, hidden (not closed) by its close button. */
export interface MainWindowController {
  /** Shows and focuses the window, creating it if there is none (a second launch, the tray). */
  show(): void;
  /** The window, while it exists. */
  readonly current: BrowserWindowLike | undefined;
  /** Saves the window's bounds to the settings (on hide and at quit). */
  saveBounds(): Promise<void>;
}

/**
 * Creates and keeps the window: placed where it was last time (sanitised against the displays
 * attached now), hardened before it loads anything, loading `app://tagsim/index.html`, and
 * hidden instead of closed until the app quits, so the app lives on in the tray.
 */
export function createMainWindowController(deps: MainWindowDeps): MainWindowController {
  let window: BrowserWindowLike | undefined;

  const saveBounds = async (): Promise<void> => {
    if (!window || window.isDestroyed()) return;
    const { x, y, width, height } = window.getNormalBounds();
    try {
      await deps.settings.update({ windowBounds: { x, y, width, height } });
    } catch (error) {
      deps.reportError(error);
    }
  };

  const create = (): BrowserWindowLike => {
    const placement = restoreWindowBounds(
      deps.settings.get().windowBounds,
      deps.screen.getAllDisplays().map((d) => d.workArea),
      deps.screen.getPrimaryDisplay().workArea,
    );
    const created = deps.createWindow(mainWindowOptions(placement, deps.preloadPath, deps.devTools));
    hardenWebContents(created.webContents);
    created.on('close', (event) => {
      // Quitting: the shutdown has saved the bounds already; let the window close.
      if (deps.isQuitting()) return;
      event.preventDefault();
      void saveBounds();
      created.hide();
    });
    const { onSessionEnd } = deps;
    if (onSessionEnd) created.on('session-end', () => onSessionEnd());
    created.on('closed', () => {
      if (window === created) window = undefined;
    });
    created.once('ready-to-show', () => created.show());
    created.loadURL(APP_START_URL).catch(deps.reportError);
    return created;
  };

  return {
    show() {
      if (!window || window.isDestroyed()) {
        window = create();
        // It shows itself once painted (ready-to-show); focus follows from show().
        return;
      }
      if (window.isMinimized()) window.restore();
      window.show();
      window.focus();
    },
    get current() {
      return window && !window.isDestroyed() ? window : undefined;
    },
    saveBounds,
  };
}
