import { useEffect, useMemo, useState } from 'preact/hooks';
import type { BridgeClient } from '../../shared/bridge/bridge-client.js';
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import { layoutScene } from '../../shared/scenes/scene-plant.js';
import type { PlantLayout } from '../../shared/plant/plant-types.js';
import { plantShortcut } from '../state/shortcuts.js';

const STORAGE_PREFIX = 'tagsim.plantView:';

/** Whether the Plant view was open when this scene was last shown (per scene, in this browser profile). */
export function rememberedOpen(
  scene: string,
  storage: Pick<Storage, 'getItem'> | undefined = safeStorage(),
): boolean {
  return storage?.getItem(STORAGE_PREFIX + scene) === 'open';
}

export function remember(
  scene: string,
  open: boolean,
  storage: Pick<Storage, 'setItem'> | undefined = safeStorage(),
) {
  storage?.setItem(STORAGE_PREFIX + scene, open ? 'open' : 'closed');
}

function safeStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // A sandboxed or file: page may refuse storage; the view then simply starts closed.
    return undefined;
  }
}

/**
 * The Plant view's open state for the scene shown: remembered per scene, toggled by the button,
 * the shortcut or the desktop app's View ▸ Plant (the bridge's `togglePlant` event). Changing
 * scene brings back what that scene had. The shortcut's key press is taken here (default
 * prevented), so Electron never runs the menu's accelerator for it too: one toggle per press.
 */
export function usePlantOpen(
  scene: string | undefined,
  client?: Pick<BridgeClient, 'on'>,
): [boolean, () => void] {
  const [open, setOpen] = useState(() => (scene ? rememberedOpen(scene) : false));
  useEffect(() => setOpen(scene ? rememberedOpen(scene) : false), [scene]);
  const toggle = () =>
    setOpen((was) => {
      if (scene) remember(scene, !was);
      return !was;
    });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!plantShortcut(event)) return;
      event.preventDefault();
      toggle();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [scene]);
  useEffect(() => client?.on('togglePlant', toggle), [client, scene]);
  return [open, toggle];
}

/** The drawing of a scene: from its behaviours, with its file's `layout` hints (or the built-in's). */
export function usePlantLayout(scene: SceneDefinition | undefined): PlantLayout | undefined {
  return useMemo(() => {
    if (!scene) return undefined;
    return layoutScene(scene);
  }, [scene]);
}
