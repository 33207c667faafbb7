import path from 'node:path';

/** What the tray icon says about TagSim at a glance. */
export type TrayIconState = 'normal' | 'faults' | 'stopped';

/** Where the shipped files are, relative to the app root (the folder, or app.asar, of package.json). */
export interface AppPaths {
  /** The built renderer: the only folder the `app://` scheme serves. */
  rendererDir: string;
  /** The bundled, sandbox-ready preload script. */
  preloadPath: string;
  /** The tray icon for a state; Electron picks the `@2x` file next to it on high-DPI screens. */
  trayIcon(state: TrayIconState): string;
  /** The per-user settings file. */
  settingsFile: string;
}

/**
 * Resolves the shipped files from the app root (`app.getAppPath()`), which is the project folder
 * in development and `resources/app.asar` when packaged; the layout inside is the same
 * (scripts/build/bundles.mjs and electron-builder.yml).
 */
export function resolveAppPaths(appRoot: string, userDataDir: string): AppPaths {
  return {
    rendererDir: path.join(appRoot, 'dist', 'renderer'),
    preloadPath: path.join(appRoot, 'dist', 'preload', 'preload.cjs'),
    trayIcon: (state) => path.join(appRoot, 'assets', 'tray', `tray-${state}.png`),
    settingsFile: path.join(userDataDir, 'settings.json'),
  };
}
