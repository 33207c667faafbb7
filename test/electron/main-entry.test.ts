// The Electron entry, main/electron/main.ts, run against a fake 'electron' module: the only
// check the wiring gets on machines without the Electron binary.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { secureWebPreferences } from '../../main/electron/window-security.js';
import type { MenuTemplateItem } from '../../main/electron/menu-model.js';
import type { FakeApp } from './fakes/app.js';
import type { FakeIpcMain } from './fakes/ipc-main.js';
import { type FakeTray, findItem } from './fakes/tray.js';
import type { FakeBrowserWindow, FakeSession } from './fakes/window.js';

const fake = vi.hoisted(() => ({
  order: [] as string[],
  windows: [] as FakeBrowserWindow[],
  trays: [] as FakeTray[],
  userData: '',
  app: undefined as FakeApp | undefined,
  ipcMain: undefined as FakeIpcMain | undefined,
  session: undefined as FakeSession | undefined,
  protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn(), unhandle: vi.fn() },
  applicationMenus: [] as unknown[],
  dialog: {
    showErrorBox: vi.fn(),
    showMessageBox: vi.fn(async (..._args: unknown[]) => ({ response: 0, checkboxChecked: false })),
    showOpenDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePaths: [] })),
    showSaveDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePath: '' })),
  },
  powerMonitor: { on: vi.fn() },
}));

vi.mock('electron', async () => {
  const [{ FakeApp }, { FakeIpcMain }, { FakeTray }, { FakeBrowserWindow, FakeScreen, FakeSession }] =
    await Promise.all([
      import('./fakes/app.js'),
      import('./fakes/ipc-main.js'),
      import('./fakes/tray.js'),
      import('./fakes/window.js'),
    ]);
  fake.userData = mkdtempSync(path.join(tmpdir(), 'tagsim-main-'));
  writeFileSync(path.join(fake.userData, 'settings.json'), JSON.stringify({ port: 0 }));
  const app = new FakeApp();
  app.userData = fake.userData;
  const whenReady = app.whenReady.bind(app);
  app.whenReady = () => {
    fake.order.push('whenReady');
    return whenReady();
  };
  fake.protocol.registerSchemesAsPrivileged.mockImplementation(() => fake.order.push('registerSchemes'));
  fake.app = app;
  fake.ipcMain = new FakeIpcMain();
  fake.session = new FakeSession();
  return {
    app,
    ipcMain: fake.ipcMain,
    protocol: fake.protocol,
    session: { defaultSession: fake.session },
    screen: new FakeScreen(),
    dialog: fake.dialog,
    powerMonitor: fake.powerMonitor,
    Menu: {
      buildFromTemplate: (template: unknown) => ({ template }),
      setApplicationMenu: (menu: unknown) => fake.applicationMenus.push(menu),
    },
    BrowserWindow: class extends FakeBrowserWindow {
      constructor(options: ConstructorParameters<typeof FakeBrowserWindow>[0]) {
        super(options);
        fake.windows.push(this);
      }
    },
    Tray: class extends FakeTray {
      constructor(image: string) {
        super(image);
        fake.trays.push(this);
      }
    },
  };
});

afterAll(async () => {
  const app = fake.app;
  if (app) {
    app.beforeQuit();
    await vi.waitFor(() => expect(app.quitCalls).toBe(1));
  }
  rmSync(fake.userData, { recursive: true, force: true });
});

describe('main/electron/main.ts', () => {
  it('registers the app: scheme before anything waits for ready, then starts the desktop app', async () => {
    await import('../../main/electron/main.js');
    expect(fake.order.slice(0, 2)).toStrictEqual(['registerSchemes', 'whenReady']);
    expect(fake.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true } },
    ]);
    await vi.waitFor(() => expect(fake.windows).toHaveLength(1));
    expect(fake.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    expect(fake.trays).toHaveLength(1);
    expect(fake.ipcMain?.handlers.size).toBeGreaterThan(0);
    expect(fake.session?.requestHandler).toBeDefined();
    // main.ts hands the secure options to BrowserWindow unchanged (docs/security.md).
    expect(fake.windows[0]?.options.webPreferences).toStrictEqual(
      secureWebPreferences(
        path.join('/opt/tagsim/resources/app.asar', 'dist', 'preload', 'preload.cjs'),
        true,
      ),
    );
    expect(fake.windows[0]?.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true });
    // The application menu is set, and the system's shutdown reaches the quit guard.
    expect(fake.applicationMenus).toHaveLength(1);
    expect(fake.powerMonitor.on).toHaveBeenCalledWith('shutdown', expect.any(Function));
    // The server came up on the port of the settings file in userData (0: any free port).
    await vi.waitFor(() =>
      expect(fake.trays[0]?.tooltips.at(-1)).toMatch(/^TagSim: Listening on http:\/\/127\.0\.0\.1:\d+$/),
    );
  });

  it('makes dialogs modal to the window while it is on screen, and standalone otherwise', async () => {
    await import('../../main/electron/main.js');
    await vi.waitFor(() => expect(fake.windows).toHaveLength(1));
    const menu = fake.applicationMenus.at(-1) as { template: MenuTemplateItem[] };
    const about = findItem(menu.template, [
      process.platform === 'darwin' ? 'TagSim' : 'Help',
      'About TagSim',
    ]);
    const window = fake.windows[0]!;
    window.hide();
    about.click?.();
    await vi.waitFor(() => expect(fake.dialog.showMessageBox).toHaveBeenCalledTimes(1));
    expect(fake.dialog.showMessageBox.mock.calls[0]).toStrictEqual([
      expect.objectContaining({ message: 'TagSim 0.1.0' }),
    ]);
    window.show();
    about.click?.();
    await vi.waitFor(() => expect(fake.dialog.showMessageBox).toHaveBeenCalledTimes(2));
    expect(fake.dialog.showMessageBox.mock.calls[1]?.[0]).toBe(window);
  });
});
