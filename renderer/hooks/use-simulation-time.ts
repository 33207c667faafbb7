import { useEffect, useState } from 'preact/hooks';
import type { SimulationClock } from '../state/simulation-model.js';

/** How often the simulation time is redrawn while it runs: it shows tenths of a second. */
const SIM_TIME_REDRAW_MS = 100;

/** One redraw timer per clock, shared by every component that shows its time. */
const redrawers = new WeakMap<
  SimulationClock,
  { timer: ReturnType<typeof setInterval>; redraws: Set<() => void> }
>();

function followRedraws(clock: SimulationClock, redraw: () => void): () => void {
  let entry = redrawers.get(clock);
  if (!entry) {
    const redraws = new Set<() => void>();
    const timer = setInterval(() => {
      clock.nextRedraw();
      for (const each of redraws) each();
    }, SIM_TIME_REDRAW_MS);
    entry = { timer, redraws };
    redrawers.set(clock, entry);
  }
  entry.redraws.add(redraw);
  const { timer, redraws } = entry;
  return () => {
    redraws.delete(redraw);
    if (redraws.size > 0) return;
    clearInterval(timer);
    redrawers.delete(clock);
  };
}

/**
 * Simulation time now, read from the window's one SimulationClock (UiModel.simulation), and
 * redrawn every tenth of a second while it runs on the real clock. Every place that shows the time
 * (the status bar, the Traffic view's clock) reads it here, redrawn by one timer and read once per
 * redraw (SimulationClock.shownMs), so they cannot disagree, not even by a tenth. The count
 * happens in the window between the host's statuses: no traffic to the host.
 */
export function useSimulationTime(clock: SimulationClock): number | undefined {
  const [, setRedraws] = useState(0);
  const ticking = clock.status?.state === 'running' && clock.mode === 'real';
  useEffect(() => {
    if (!ticking) return;
    return followRedraws(clock, () => setRedraws((n) => n + 1));
  }, [clock, ticking]);
  return clock.shownMs();
}
