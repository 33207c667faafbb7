import { useEffect, useRef } from 'preact/hooks';
import { sceneShortcut, type SceneShortcut } from '../state/shortcuts.js';
import { isTextField, modalOpen } from '../ui/dom.js';

/**
 * Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z or Ctrl+Y, Ctrl/Cmd+S anywhere in the window (see
 * state/shortcuts.ts). A shortcut without a handler is left to the browser, or to the desktop
 * app's menu (which saves with the system's file dialog).
 */
export function useSceneShortcuts(run: Partial<Record<SceneShortcut, () => void>>, enabled: boolean): void {
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      const shortcut = sceneShortcut(event, isTextField(event.target));
      const handler = shortcut === undefined ? undefined : latest.current[shortcut];
      if (handler === undefined || modalOpen()) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}

/**
 * While the scene has unsaved changes, the browser asks before the tab closes or reloads. Only
 * in the browser UI: the desktop app's window has its own prompt.
 */
export function useUnsavedGuard(dirty: boolean, enabled: boolean): void {
  useEffect(() => {
    if (!enabled || !dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty, enabled]);
}
