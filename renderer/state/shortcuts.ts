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
