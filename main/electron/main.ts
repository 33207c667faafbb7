// The Electron entry (package.json "main"): hands the real Electron modules to startDesktop.
// Everything with logic lives in the modules it imports, unit-tested with fakes; this file only
// wires, so it stays obviously correct without an Electron binary to run it.
import { readFile } from 'node:fs/promises';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  powerMonitor,
  protocol,
  screen,
  session,
  Tray,
} from 'electron';
import { registerPrivilegedSchemes } from './app-protocol.js';
import { startDesktop } from './desktop.js';
import { bindDialogs } from './native-dialogs.js';
import { errorMessage } from '../../shared/problems/message-text.js';

// Electron accepts privileged schemes only before 'ready', so this runs first, synchronously.
registerPrivilegedSchemes(protocol);

const reportError = (error: unknown) => console.error('[tagsim]', error);

// Dialogs are modal to TagSim's window while it is on screen, and stand alone otherwise.
let window: BrowserWindow | undefined;
const visibleWindow = () => (window && !window.isDestroyed() && window.isVisible() ? window : undefined);

startDesktop({
  app,
  ipcMain,
  protocol,
  session: () => session.defaultSession,
  screen: () => screen,
  // The options come from mainWindowOptions() (window.ts), whose secure webPreferences the scanner
  // cannot see from here; see docs/security.md, "Remaining findings and suppressions".
  createWindow: (options) => (window = new BrowserWindow(options)), // eng-disable CONTEXT_ISOLATION_JS_CHECK SANDBOX_JS_CHECK
  createTray: (image) => new Tray(image),
  buildMenu: (template) => Menu.buildFromTemplate(template),
  setApplicationMenu: (menu) => Menu.setApplicationMenu(menu),
  dialogs: bindDialogs(dialog, visibleWindow),
  onSystemShutdown: (listener) => powerMonitor.on('shutdown', listener),
  versions: process.versions,
  readFile,
  platform: process.platform,
  argv: process.argv,
  // process.env itself (not a copy): on Windows it finds %ProgramData% whatever its letter case.
  env: process.env,
  resourcesPath: process.resourcesPath,
  reportError,
}).catch((error: unknown) => {
  reportError(error);
  dialog.showErrorBox('TagSim could not start', errorMessage(error));
  app.exit(1);
});
