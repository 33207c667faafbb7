// The window (docs/security.md and docs/desktop.md): secure webPreferences, deny-by-default
// permissions, no navigation or new windows, loaded from app://, hidden (not closed) until quit,
// bounds remembered and restored onto a display that exists.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memorySettingsStore, type SettingsStore } from '../../main/settings/settings-store.js';
import {
  DEFAULT_WINDOW_SIZE,
  MIN_WINDOW_SIZE,
  restoreWindowBounds,
  type Rect,
} from '../../main/electron/window-bounds.js';
import {
  hardenAllWebContents,
  hardenSession,
  hardenWebContents,
  REMOTE_URL_PATTERNS,
  secureWebPreferences,
} from '../../main/electron/window-security.js';
import { createMainWindowController, mainWindowOptions } from '../../main/electron/window.js';
import { FakeApp } from './fakes/app.js';
import { fakeEvent } from './fakes/emitter.js';
import { FakeBrowserWindow, FakeScreen, FakeSession, FakeWebContents } from './fakes/window.js';

describe('secure webPreferences', () => {
  it('isolates and sandboxes the page, without Node, with web security', () => {
    const prefs = secureWebPreferences('/app/dist/preload/preload.cjs', false);
    expect(prefs).toMatchObject({
      preload: '/app/dist/preload/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      devTools: false,
    });
    expect(secureWebPreferences('/p', true).devTools).toBe(true);
  });

  it('are the ones the window is created with, hidden until painted', () => {
    const options = mainWindowOptions({ width: 1000, height: 700 }, '/p.cjs', false);
    expect(options.webPreferences).toStrictEqual(secureWebPreferences('/p.cjs', false));
    expect(options).toMatchObject({ show: false, width: 1000, height: 700, title: 'TagSim' });
    expect(options.minWidth).toBe(MIN_WINDOW_SIZE.width);
  });
});

describe('hardenSession', () => {
  it('denies every permission request and check', () => {
    const session = new FakeSession();
    hardenSession(session);
    for (const permission of [
      'media',
      'notifications',
      'clipboard-read',
      'geolocation',
      'openExternal',
      'unknown',
    ]) {
      const callback = vi.fn();
      session.requestHandler?.({}, permission, callback, {});
      expect(callback).toHaveBeenCalledWith(false);
      expect(session.checkHandler?.({}, permission, 'app://tagsim', {})).toBe(false);
    }
  });

  it('cancels every network request of the page', () => {
    const session = new FakeSession();
    hardenSession(session);
    expect(session.blocked).toHaveLength(1);
    const [rule] = session.blocked;
    expect(rule?.filter.urls).toStrictEqual(REMOTE_URL_PATTERNS);
    expect(rule?.filter.urls).toEqual(
      expect.arrayContaining(['http://*/*', 'https://*/*', 'ws://*/*', 'wss://*/*']),
    );
    const callback = vi.fn();
    rule?.listener({ url: 'https://example.com/x.js' }, callback);
    expect(callback).toHaveBeenCalledWith({ cancel: true });
  });
});

describe('hardenWebContents', () => {
  let contents: FakeWebContents;
  beforeEach(() => {
    contents = new FakeWebContents();
    hardenWebContents(contents);
  });

  it.each(['will-navigate', 'will-frame-navigate', 'will-redirect'])(
    'cancels %s to anything but app://tagsim',
    (eventName) => {
      for (const url of [
        'https://example.com/',
        'file:///etc/passwd',
        'app://other/',
        'javascript:alert(1)',
        'http://127.0.0.1:7410/ui/',
      ]) {
        const event = fakeEvent({ url });
        contents.emit(eventName, event);
        expect(event.defaultPrevented, url).toBe(true);
      }
      const home = fakeEvent({ url: 'app://tagsim/index.html' });
      contents.emit(eventName, home);
      expect(home.defaultPrevented).toBe(false);
    },
  );

  it('denies window.open and target=_blank', () => {
    expect(contents.windowOpenHandler?.({ url: 'https://example.com/' })).toStrictEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: 'app://tagsim/index.html' })).toStrictEqual({
      action: 'deny',
    });
  });

  it('refuses to attach a <webview>', () => {
    const event = fakeEvent();
    contents.emit('will-attach-webview', event);
    expect(event.defaultPrevented).toBe(true);
  });
});

describe('hardenAllWebContents', () => {
  it('guards every WebContents the app creates, not only the main window', () => {
    const app = new FakeApp();
    hardenAllWebContents(app);
    const other = new FakeWebContents();
    app.emit('web-contents-created', fakeEvent(), other);
    const away = fakeEvent({ url: 'https://example.com/' });
    other.emit('will-navigate', away);
    expect(away.defaultPrevented).toBe(true);
    expect(other.windowOpenHandler?.({ url: 'https://example.com/' })).toStrictEqual({ action: 'deny' });
    const webview = fakeEvent();
    other.emit('will-attach-webview', webview);
    expect(webview.defaultPrevented).toBe(true);
  });
});

describe('restoreWindowBounds', () => {
  const primary: Rect = { x: 0, y: 0, width: 1920, height: 1040 };
  const right: Rect = { x: 1920, y: 0, width: 1280, height: 984 };

  it('opens at the default size, centred, without saved bounds', () => {
    expect(restoreWindowBounds(undefined, [primary], primary)).toStrictEqual({ ...DEFAULT_WINDOW_SIZE });
  });

  it('restores bounds that fit a display as they were', () => {
    const saved = { x: 100, y: 50, width: 1000, height: 700 };
    expect(restoreWindowBounds(saved, [primary, right], primary)).toStrictEqual(saved);
    const onRight = { x: 2000, y: 10, width: 900, height: 600 };
    expect(restoreWindowBounds(onRight, [primary, right], primary)).toStrictEqual(onRight);
  });

  it('moves a window that hangs off the edge fully onto the display it overlaps most', () => {
    expect(
      restoreWindowBounds({ x: 1800, y: 900, width: 1000, height: 700 }, [primary], primary),
    ).toStrictEqual({
      x: 920,
      y: 340,
      width: 1000,
      height: 700,
    });
    expect(
      restoreWindowBounds({ x: 2900, y: -50, width: 800, height: 600 }, [primary, right], primary),
    ).toStrictEqual({ x: 2400, y: 0, width: 800, height: 600 });
  });

  it('shrinks a window larger than its display', () => {
    expect(
      restoreWindowBounds({ x: -100, y: -100, width: 3000, height: 2000 }, [primary], primary),
    ).toStrictEqual({
      x: 0,
      y: 0,
      width: 1920,
      height: 1040,
    });
    expect(
      restoreWindowBounds({ x: 1900, y: 0, width: 3000, height: 2000 }, [primary, right], primary),
    ).toStrictEqual({ x: 1920, y: 0, width: 1280, height: 984 });
  });

  it('centres on the primary display a window saved on a display that is gone', () => {
    expect(
      restoreWindowBounds({ x: 1920, y: 0, width: 1000, height: 700 }, [primary], primary),
    ).toStrictEqual({
      width: 1000,
      height: 700,
    });
    expect(
      restoreWindowBounds({ x: -5000, y: -5000, width: 4000, height: 3000 }, [primary], primary),
    ).toStrictEqual({
      width: 1920,
      height: 1040,
    });
  });

  it('ignores nonsense bounds and nonsense displays', () => {
    expect(restoreWindowBounds({ x: NaN, y: 0, width: 800, height: 600 }, [primary], primary)).toStrictEqual({
      ...DEFAULT_WINDOW_SIZE,
    });
    expect(restoreWindowBounds({ x: 0, y: 0, width: 800, height: 600 }, [], undefined)).toStrictEqual({
      ...DEFAULT_WINDOW_SIZE,
    });
    const small: Rect = { x: 0, y: 0, width: 500, height: 300 };
    expect(restoreWindowBounds({ x: 0, y: 0, width: 800, height: 600 }, [small], small)).toStrictEqual({
      x: 0,
      y: 0,
      width: 500,
      height: 300,
    });
  });

  it('gives whole numbers', () => {
    const placement = restoreWindowBounds(
      { x: 10.4, y: 20.6, width: 900.5, height: 600.2 },
      [primary],
      primary,
    );
    for (const value of Object.values(placement)) expect(Number.isInteger(value)).toBe(true);
  });
});

describe('the main window controller', () => {
  let windows: FakeBrowserWindow[];
  let settings: SettingsStore;
  let screen: FakeScreen;
  let quitting: boolean;
  const reportError = vi.fn();

  const controller = (extra: { onSessionEnd?: () => void } = {}) =>
    createMainWindowController({
      ...extra,
      createWindow: (options) => {
        const window = new FakeBrowserWindow(options);
        windows.push(window);
        return window;
      },
      screen,
      settings,
      preloadPath: '/app/dist/preload/preload.cjs',
      devTools: false,
      isQuitting: () => quitting,
      reportError,
    });

  beforeEach(() => {
    windows = [];
    settings = memorySettingsStore();
    screen = new FakeScreen();
    quitting = false;
    reportError.mockReset();
  });

  const only = () => {
    expect(windows).toHaveLength(1);
    return windows[0]!;
  };

  it('creates a hardened, secure window that loads app://tagsim and shows once painted', () => {
    const main = controller();
    expect(main.current).toBeUndefined();
    main.show();
    const window = only();
    expect(window.options.webPreferences).toStrictEqual(
      secureWebPreferences('/app/dist/preload/preload.cjs', false),
    );
    expect(window.loaded).toStrictEqual(['app://tagsim/index.html']);
    expect(window.webContents.windowOpenHandler).toBeDefined();
    expect(window.webContents.listenerCount('will-navigate')).toBe(1);
    expect(window.visible).toBe(false);
    window.emit('ready-to-show');
    expect(window.visible).toBe(true);
    expect(main.current).toBe(window);
  });

  it('hides the window on close until the app quits', () => {
    const main = controller();
    main.show();
    const window = only();
    window.emit('ready-to-show');
    expect(window.close()).toBe(false);
    expect(window.visible).toBe(false);
    expect(window.isDestroyed()).toBe(false);
    quitting = true;
    expect(window.close()).toBe(true);
    expect(main.current).toBeUndefined();
  });

  it('shows, restores and focuses the same window again (tray, second launch)', () => {
    const main = controller();
    main.show();
    const window = only();
    window.close();
    window.minimized = true;
    main.show();
    expect(windows).toHaveLength(1);
    expect(window).toMatchObject({ visible: true, minimized: false, focused: 1 });
  });

  it('creates a new window if the old one was destroyed', () => {
    const main = controller();
    main.show();
    quitting = true;
    windows[0]?.close();
    quitting = false;
    main.show();
    expect(windows).toHaveLength(2);
    expect(main.current).toBe(windows[1]);
  });

  it('restores the saved bounds, clamped to the displays', async () => {
    await settings.update({ windowBounds: { x: 1500, y: 100, width: 800, height: 600 } });
    const main = controller();
    main.show();
    expect(only().options).toMatchObject({ x: 1120, y: 100, width: 800, height: 600 });
  });

  it('saves its bounds when hidden and on saveBounds()', async () => {
    const main = controller();
    main.show();
    const window = only();
    window.bounds = { x: 40, y: 30, width: 1000, height: 720 };
    window.close();
    await vi.waitFor(() => expect(settings.get().windowBounds).toStrictEqual(window.bounds));
    window.bounds = { x: 50, y: 60, width: 900, height: 650 };
    await main.saveBounds();
    expect(settings.get().windowBounds).toStrictEqual({ x: 50, y: 60, width: 900, height: 650 });
  });

  it('reports a failed save or load instead of throwing', async () => {
    const base = memorySettingsStore();
    const failing: SettingsStore = {
      get: () => base.get(),
      update: () => Promise.reject(new Error('read-only disk')),
    };
    settings = failing;
    const main = controller();
    main.show();
    await expect(main.saveBounds()).resolves.toBeUndefined();
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ message: 'read-only disk' }));
  });

  it('a file dropped on the window does not replace the page (the page opens it through the bridge)', () => {
    const main = controller();
    main.show();
    const window = only();
    // Chromium's own drop handling is off...
    expect(window.options.webPreferences.navigateOnDragDrop).toBe(false);
    // ...and should a drop start a navigation to the file anyway, the guard cancels it.
    for (const eventName of ['will-navigate', 'will-frame-navigate']) {
      for (const url of [
        'file:///home/lab/line3.tagsim.json',
        'file:///C:/Users/lab/Documents/line3.tagsim.json',
        'file://server/share/line3.tagsim.json',
      ]) {
        const drop = fakeEvent({ url });
        window.webContents.emit(eventName, drop);
        expect(drop.defaultPrevented, `${eventName} ${url}`).toBe(true);
      }
    }
    expect(window.loaded).toStrictEqual(['app://tagsim/index.html']);
  });

  it('tells when Windows ends the session (log off, shut down)', () => {
    const onSessionEnd = vi.fn();
    const main = controller({ onSessionEnd });
    main.show();
    only().emit('session-end', { reasons: ['shutdown'] });
    expect(onSessionEnd).toHaveBeenCalledOnce();
    windows = [];
    controller().show();
    expect(only().listenerCount('session-end')).toBe(0);
  });
});
