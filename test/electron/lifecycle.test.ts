// The app's life (issue 3, "Tray"): one instance per user, alive in the tray with no window,
// and a clean shutdown (server stopped, settings saved) however the quit was asked for.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  claimSingleInstance,
  installQuitGuard,
  SHUTDOWN_TIMEOUT_MS,
  stayInTray,
} from '../../main/electron/lifecycle.js';
import { FakeApp } from './fakes.js';

describe('claimSingleInstance', () => {
  it('in the first instance: keeps running, and a second launch focuses the window', () => {
    const app = new FakeApp();
    const focus = vi.fn();
    expect(claimSingleInstance(app, focus)).toBe(true);
    expect(app.quitCalls).toBe(0);
    app.emit('second-instance', {}, ['tagsim'], '/');
    expect(focus).toHaveBeenCalledOnce();
  });

  it('in a second instance: quits at once and does nothing else', () => {
    const app = new FakeApp();
    app.lock = false;
    const focus = vi.fn();
    expect(claimSingleInstance(app, focus)).toBe(false);
    expect(app.quitCalls).toBe(1);
    expect(app.listenerCount('second-instance')).toBe(0);
  });
});

describe('stayInTray', () => {
  it('keeps the app alive when no window is open, and shows the window on activate', () => {
    const app = new FakeApp();
    const show = vi.fn();
    stayInTray(app, show);
    expect(app.listenerCount('window-all-closed')).toBe(1);
    app.emit('window-all-closed');
    expect(app.quitCalls).toBe(0);
    app.emit('activate');
    expect(show).toHaveBeenCalledOnce();
  });
});

describe('installQuitGuard', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is not quitting until a quit is asked for', () => {
    const guard = installQuitGuard(new FakeApp(), async () => undefined, { reportError: vi.fn() });
    expect(guard.isQuitting()).toBe(false);
  });

  it('holds the first quit back until the shutdown is done, then quits for real', async () => {
    const app = new FakeApp();
    let finishShutdown!: () => void;
    const shutdown = vi.fn(() => new Promise<void>((resolve) => (finishShutdown = resolve)));
    const guard = installQuitGuard(app, shutdown, { reportError: vi.fn() });

    guard.quit();
    expect(app.quitCalls).toBe(1);
    expect(app.beforeQuit()).toBe(false);
    expect(guard.isQuitting()).toBe(true);
    expect(shutdown).toHaveBeenCalledOnce();
    // Another quit request meanwhile (Cmd+Q twice) waits for the same shutdown.
    expect(app.beforeQuit()).toBe(false);
    expect(shutdown).toHaveBeenCalledOnce();
    expect(app.quitCalls).toBe(1);

    finishShutdown();
    await vi.waitFor(() => expect(app.quitCalls).toBe(2));
    expect(app.beforeQuit()).toBe(true);
    expect(shutdown).toHaveBeenCalledOnce();
  });

  it('quits anyway when the shutdown fails, and reports why', async () => {
    const app = new FakeApp();
    const reportError = vi.fn();
    const error = new Error('could not stop');
    installQuitGuard(app, () => Promise.reject(error), { reportError });
    app.beforeQuit();
    await vi.waitFor(() => expect(app.quitCalls).toBe(1));
    expect(reportError).toHaveBeenCalledWith(error);
    expect(app.beforeQuit()).toBe(true);
  });

  it('quits anyway when the shutdown hangs', async () => {
    vi.useFakeTimers();
    const app = new FakeApp();
    const reportError = vi.fn();
    installQuitGuard(app, () => new Promise<void>(() => undefined), { reportError });
    app.beforeQuit();
    await vi.advanceTimersByTimeAsync(SHUTDOWN_TIMEOUT_MS - 1);
    expect(app.quitCalls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(app.quitCalls).toBe(1);
    expect(reportError).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringMatching(/too long/) }),
    );
  });
});
