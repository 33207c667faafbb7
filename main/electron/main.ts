// The Electron entry (package.json "main"): hands the real Electron modules to startDesktop.
// Everything with logic lives in the modules it imports, unit-tested with fakes; this file only
// wires, so it stays obviously correct without an Electron binary to run it.
import { readFile } from 'node:fs/promises';
import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, screen, session, Tray } from 'electron';
import { registerPrivilegedSchemes } from './app-protocol.js';
import { startDesktop } from './desktop.js';

// Electron accepts privileged schemes only before 'ready', so this runs first, synchronously.
registerPrivilegedSchemes(protocol);

const reportError = (error: unknown) => console.error('[tagsim]', error);

startDesktop({
  app,
  ipcMain,
  protocol,
  session: () => session.defaultSession,
  screen: () => screen,
  // The options come from mainWindowOptions() (window.ts), whose secure webPreferences the scanner
  // cannot see from here; see docs/security.md, "Remaining findings and suppressions".
  createWindow: (options) => new BrowserWindow(options), // eng-disable CONTEXT_ISOLATION_JS_CHECK SANDBOX_JS_CHECK
  createTray: (image) => new Tray(image),
  buildMenu: (template) => Menu.buildFromTemplate(template),
  readFile,
  platform: process.platform,
  argv: process.argv,
  reportError,
}).catch((error: unknown) => {
  reportError(error);
  dialog.showErrorBox('TagSim could not start', error instanceof Error ? error.message : String(error));
  app.exit(1);
});
