/** Starts a repeating callback and returns the function that stops it (SimulationHostOptions.every). */
export type Every = (callback: () => void, ms: number) => () => void;

/** One timer per period for many callbacks; `dispose` stops them all. */
export interface SharedTicker {
  readonly every: Every;
  dispose(): void;
}

/**
 * Coalesces the repeating timers of many stations: every callback of the same period runs from
 * one unref'd interval, so thirty simulations ticking every 10 ms wake the process 100 times a
 * second, not 3000 (docs/lab.md). A callback that throws does not stop the others; the stations
 * report their own errors (a simulation's tick catches and reports what fails).
 */
export function createSharedTicker(reportError: (error: unknown) => void): SharedTicker {
  const groups = new Map<number, { callbacks: Set<() => void>; timer: ReturnType<typeof setInterval> }>();
  const every: Every = (callback, ms) => {
    let group = groups.get(ms);
    if (!group) {
      const callbacks = new Set<() => void>();
      const timer = setInterval(() => {
        for (const run of callbacks) {
          try {
            run();
          } catch (error) {
            reportError(error);
          }
        }
      }, ms);
      timer.unref();
      group = { callbacks, timer };
      groups.set(ms, group);
    }
    // A wrapper, so the same function given twice is two subscriptions, each stopped on its own.
    const entry = () => callback();
    group.callbacks.add(entry);
    const owner = group;
    return () => {
      owner.callbacks.delete(entry);
      if (owner.callbacks.size === 0 && groups.get(ms) === owner) {
        clearInterval(owner.timer);
        groups.delete(ms);
      }
    };
  };
  return {
    every,
    dispose() {
      for (const { timer } of groups.values()) clearInterval(timer);
      groups.clear();
    },
  };
}
