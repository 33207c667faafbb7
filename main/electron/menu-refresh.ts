/** A source of change (the engine, the server's status, the scenes): takes a callback, returns unsubscribe. */
export type MenuSource = (onChange: () => void) => () => void;

export interface MenuRefreshDeps {
  sources: readonly MenuSource[];
  /**
   * Builds the menu's model from the state now and applies what changed. `shownMenu` is the key
   * (menuKey) of the menu on screen, undefined at first and after `invalidate`; the native menu
   * is replaced only when the new key differs. Returns the key now on screen.
   */
  apply(shownMenu: string | undefined): string | undefined;
  /** How long a change waits for its rebuild, given when the last rebuild was (by `now`). */
  delay(lastRefresh: number): number;
  /** The clock of the interval (milliseconds). */
  now?: () => number;
}

/** Keeps a menu (the tray's, the application's) in step with its sources. */
export interface MenuRefresh {
  /** Rebuilds now. */
  refresh(): void;
  /** Asks for a rebuild; many requests before it runs make one. */
  schedule(): void;
  /**
   * Asks for a rebuild that replaces the native menu even if the model did not change: Electron
   * checks a radio item as it is clicked, even when the person then cancels what it started.
   */
  invalidate(): void;
  dispose(): void;
}

/**
 * Builds a menu now, and again after each change its sources report, once per `delay`: changes
 * that come while a rebuild waits join it, and none is lost. The native menu is replaced only
 * when it changed, since a menu being replaced closes if it is open.
 */
export function keepMenuInStep(deps: MenuRefreshDeps): MenuRefresh {
  const now = deps.now ?? Date.now;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastRefresh = -Infinity;
  let disposed = false;
  let shownMenu: string | undefined;

  const refresh = () => {
    if (disposed) return;
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    lastRefresh = now();
    shownMenu = deps.apply(shownMenu);
  };
  const schedule = () => {
    if (disposed || timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      refresh();
    }, deps.delay(lastRefresh));
  };
  const unsubscribers = deps.sources.map((source) => source(schedule));
  refresh();

  return {
    refresh,
    schedule,
    invalidate() {
      shownMenu = undefined;
      schedule();
    },
    dispose() {
      disposed = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      unsubscribers.forEach((unsubscribe) => unsubscribe());
    },
  };
}
