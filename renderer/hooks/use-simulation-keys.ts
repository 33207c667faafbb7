import { useEffect, useRef } from 'preact/hooks';
import { simulationShortcut, type SimulationShortcut } from '../state/shortcuts.js';
import { modalOpen } from '../ui/dom.js';

/**
 * F5 Run and F6 Pause anywhere in the window, text fields included (function keys type nothing),
 * while no dialog is open (see state/shortcuts.ts). `enabled` is false in the browser UI, where
 * those keys stay the browser's.
 */
export function useSimulationShortcuts(run: Record<SimulationShortcut, () => void>, enabled: boolean): void {
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      const shortcut = simulationShortcut(event);
      if (shortcut === undefined || event.repeat || modalOpen()) return;
      event.preventDefault();
      latest.current[shortcut]();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
