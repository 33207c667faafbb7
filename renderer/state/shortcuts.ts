/** The keys of a keyboard event that shortcuts look at. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export type SceneShortcut = 'undo' | 'redo' | 'save';

/**
 * The scene shortcuts: Ctrl/Cmd+Z undo, Ctrl/Cmd+Shift+Z or Ctrl+Y redo, Ctrl/Cmd+S save. Undo
 * and redo leave text fields alone (there they undo typing, as everywhere else).
 */
export function sceneShortcut(press: KeyPress, inTextField: boolean): SceneShortcut | undefined {
  if (!(press.ctrlKey || press.metaKey) || press.altKey) return undefined;
  const key = press.key.toLowerCase();
  if (key === 's' && !press.shiftKey) return 'save';
  if (inTextField) return undefined;
  if (key === 'z') return press.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && press.ctrlKey && !press.shiftKey) return 'redo';
  return undefined;
}

export type SimulationShortcut = 'run' | 'pause';

/**
 * F5 runs the simulation (the simulator's Play key) and F6 pauses it, with no modifier (Ctrl+F5
 * and the like stay the system's). Only the desktop app uses them: in a browser F5 reloads the
 * page and F6 goes to the address bar, which the browser UI leaves alone.
 */
export function simulationShortcut(press: KeyPress): SimulationShortcut | undefined {
  if (press.ctrlKey || press.metaKey || press.altKey || press.shiftKey) return undefined;
  if (press.key === 'F5') return 'run';
  if (press.key === 'F6') return 'pause';
  return undefined;
}

/**
 * Ctrl+Shift+L (⇧⌘L on macOS) opens and closes the Traffic view, in the desktop app and in a
 * browser alike (no browser takes that combination), text fields included.
 */
export function trafficShortcut(press: KeyPress): boolean {
  return (
    (press.ctrlKey || press.metaKey) && press.shiftKey && !press.altKey && press.key.toLowerCase() === 'l'
  );
}

/**
 * Ctrl+Shift+E (⇧⌘E on macOS) shows and hides the Plant view, in the desktop app and in a
 * browser alike, text fields included (the combination types nothing).
 */
export function plantShortcut(press: KeyPress): boolean {
  return (
    (press.ctrlKey || press.metaKey) && press.shiftKey && !press.altKey && press.key.toLowerCase() === 'e'
  );
}
