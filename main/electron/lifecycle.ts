/** The part of Electron's `app` the lifecycle functions use. */
export interface LifecycleAppLike {
  requestSingleInstanceLock(): boolean;
  on(event: 'second-instance', listener: () => void): unknown;
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  on(event: 'window-all-closed', listener: () => void): unknown;
  on(event: 'activate', listener: () => void): unknown;
  quit(): void;
  exit(exitCode?: number): void;
}

/**
 * Makes this process the only TagSim of the user. Returns false (and asks the app to quit) when
 * another one already runs: Electron then tells that one, which shows and focuses its window.
 */
export function claimSingleInstance(
  app: Pick<LifecycleAppLike, 'requestSingleInstanceLock' | 'on' | 'quit'>,
  focusWindow: () => void,
): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', focusWindow);
  return true;
}

/**
 * Keeps the app alive with no window open: it lives in the tray until Quit. (Electron's default
 * for `window-all-closed` is to quit; any listener replaces it.) On macOS, clicking the Dock icon
 * shows the window again.
 */
export function stayInTray(app: Pick<LifecycleAppLike, 'on'>, showWindow: () => void): void {
  app.on('window-all-closed', () => undefined);
  app.on('activate', showWindow);
}

/** How long a clean shutdown may take before the app exits anyway. */
export const SHUTDOWN_TIMEOUT_MS = 5000;

/** Knows whether the app is quitting, and runs the clean shutdown once before it does. */
export interface QuitGuard {
  /** True once a quit was confirmed and the shutdown began: windows may then really close. */
  isQuitting(): boolean;
  /** Quits the app (the tray's Quit), going through the confirmation and the shutdown. */
  quit(): void;
  /**
   * The system is shutting down or the user logging off: quit without asking anything (a prompt
   * being shown is dismissed), so the app never holds the session up.
   */
  systemShutdown(): void;
}

export interface QuitGuardOptions {
  reportError: (error: unknown) => void;
  timeoutMs?: number;
  /**
   * Asked before quitting (unsaved changes: Save / Don't save / Cancel). Resolves to false to
   * keep running. The signal aborts when the system ends the session meanwhile: the prompt
   * should close and the answer is then ignored. A confirmation that fails lets the app quit.
   */
  confirmQuit?: (signal: AbortSignal) => Promise<boolean>;
}

/**
 * Runs `shutdown` (stop the server, save settings) before the app quits, however the quit was
 * asked for (tray, Cmd+Q, the OS): the first `before-quit` is held back while `confirmQuit` asks
 * (a Cancel keeps the app running, and a later quit asks again), then until the shutdown is done
 * or `timeoutMs` passed, then the app quits for real. A shutdown that fails is reported and the
 * app quits anyway. When the system ends the session, nothing is asked.
 */
export function installQuitGuard(
  app: Pick<LifecycleAppLike, 'on' | 'quit'>,
  shutdown: () => Promise<void>,
  options: QuitGuardOptions,
): QuitGuard {
  let phase: 'running' | 'confirming' | 'shutting-down' | 'done' = 'running';
  let sessionEnding = false;
  let asking: AbortController | undefined;

  const confirm = async (confirmQuit: (signal: AbortSignal) => Promise<boolean>): Promise<boolean> => {
    asking = new AbortController();
    try {
      const confirmed = await confirmQuit(asking.signal);
      return confirmed || asking.signal.aborted;
    } catch (error) {
      // A prompt that cannot be shown must not keep the app (or the OS session) from ending.
      options.reportError(error);
      return true;
    } finally {
      asking = undefined;
    }
  };

  const shutDown = () => {
    phase = 'shutting-down';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        options.reportError(new Error('Shutdown took too long; quitting anyway.'));
        resolve();
      }, options.timeoutMs ?? SHUTDOWN_TIMEOUT_MS);
    });
    const finished = shutdown().catch(options.reportError);
    void Promise.race([finished, timeout]).then(() => {
      clearTimeout(timer);
      phase = 'done';
      app.quit();
    });
  };

  app.on('before-quit', (event) => {
    if (phase === 'done') return;
    event.preventDefault();
    if (phase !== 'running') return;
    if (sessionEnding || !options.confirmQuit) return shutDown();
    phase = 'confirming';
    void confirm(options.confirmQuit).then((confirmed) => {
      if (confirmed || sessionEnding) shutDown();
      else phase = 'running';
    });
  });

  return {
    isQuitting: () => phase === 'shutting-down' || phase === 'done',
    quit: () => app.quit(),
    systemShutdown: () => {
      sessionEnding = true;
      asking?.abort();
      if (phase === 'running') app.quit();
    },
  };
}
