import { useEffect, useState } from 'preact/hooks';
import type { SimulationClock } from '../state/simulation-model.js';

/** How often the simulation time is redrawn while it runs: it shows tenths of a second. */
const SIM_TIME_REDRAW_MS = 100;

/**
 * Simulation time now, read from the window's one SimulationClock (UiModel.simulation), and
 * redrawn every tenth of a second while it runs on the real clock. Every place that shows the time
 * (the status bar, the Traffic view's clock) reads it here, so they cannot disagree. The count
 * happens in the window between the host's statuses: no traffic to the host.
 */
export function useSimulationTime(clock: SimulationClock): number | undefined {
  const [, redraw] = useState(0);
  const ticking = clock.status?.state === 'running' && clock.mode === 'real';
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => redraw((n) => n + 1), SIM_TIME_REDRAW_MS);
    return () => clearInterval(timer);
  }, [ticking]);
  return clock.timeMs();
}
