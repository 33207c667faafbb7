// The app's life (docs/desktop.md, "Lifecycle"): one instance per user, alive in the tray with no
// window, and a clean shutdown (server stopped, settings saved) however the quit was asked for.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  claimSingleInstance,
  installQuitGuard,
  SHUTDOWN_TIMEOUT_MS,
  stayInTray,
} from '../../main/electron/lifecycle.js';
import { FakeApp } from './fakes/app.js';

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

  describe('with a confirmation (unsaved changes)', () => {
    function setup(answers: (boolean | Error | 'wait')[]) {
      const app = new FakeApp();
      const shutdown = vi.fn(async () => undefined);
      const reportError = vi.fn();
      const signals: AbortSignal[] = [];
      const confirmQuit = vi.fn(async (signal: AbortSignal) => {
        signals.push(signal);
        const answer = answers.shift();
        if (answer === undefined) throw new Error('asked once too often');
        if (answer instanceof Error) throw answer;
        if (answer === 'wait')
          return new Promise<boolean>((resolve) => signal.addEventListener('abort', () => resolve(false)));
        return answer;
      });
      const guard = installQuitGuard(app, shutdown, { reportError, confirmQuit });
      return { app, shutdown, reportError, confirmQuit, guard, signals };
    }

    it('Cancel keeps the app running, and the next quit asks again', async () => {
      const t = setup([false, true]);
      t.guard.quit();
      expect(t.app.beforeQuit()).toBe(false);
      expect(t.guard.isQuitting()).toBe(false);
      await vi.waitFor(() => expect(t.confirmQuit).toHaveBeenCalledOnce());
      await Promise.resolve();
      expect(t.shutdown).not.toHaveBeenCalled();
      expect(t.app.quitCalls).toBe(1);
      expect(t.guard.isQuitting()).toBe(false);

      expect(t.app.beforeQuit()).toBe(false);
      await vi.waitFor(() => expect(t.app.quitCalls).toBe(2));
      expect(t.confirmQuit).toHaveBeenCalledTimes(2);
      expect(t.shutdown).toHaveBeenCalledOnce();
      expect(t.app.beforeQuit()).toBe(true);
    });

    it('asks once while the question is open (Cmd+Q twice)', async () => {
      const t = setup(['wait']);
      t.app.beforeQuit();
      expect(t.app.beforeQuit()).toBe(false);
      await vi.waitFor(() => expect(t.confirmQuit).toHaveBeenCalledOnce());
      expect(t.confirmQuit).toHaveBeenCalledOnce();
      t.guard.systemShutdown();
      await vi.waitFor(() => expect(t.app.quitCalls).toBe(1));
    });

    it('quits when the question cannot be asked', async () => {
      const error = new Error('no display');
      const t = setup([error]);
      t.app.beforeQuit();
      await vi.waitFor(() => expect(t.app.quitCalls).toBe(1));
      expect(t.reportError).toHaveBeenCalledWith(error);
      expect(t.shutdown).toHaveBeenCalledOnce();
    });

    it('the end of the session dismisses an open question and quits', async () => {
      const t = setup(['wait']);
      t.app.beforeQuit();
      await vi.waitFor(() => expect(t.confirmQuit).toHaveBeenCalledOnce());
      expect(t.signals[0]?.aborted).toBe(false);
      t.guard.systemShutdown();
      expect(t.signals[0]?.aborted).toBe(true);
      await vi.waitFor(() => expect(t.app.quitCalls).toBe(1));
      expect(t.shutdown).toHaveBeenCalledOnce();
      // The quit the session end asked for finds the shutdown done already.
      expect(t.app.beforeQuit()).toBe(true);
    });

    it('the end of the session quits without asking', async () => {
      const t = setup([]);
      t.guard.systemShutdown();
      expect(t.app.quitCalls).toBe(1);
      expect(t.app.beforeQuit()).toBe(false);
      expect(t.guard.isQuitting()).toBe(true);
      await vi.waitFor(() => expect(t.app.quitCalls).toBe(2));
      expect(t.confirmQuit).not.toHaveBeenCalled();
      expect(t.shutdown).toHaveBeenCalledOnce();
    });
  });
});
