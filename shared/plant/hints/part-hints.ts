import type { TagRef } from '../../sim/behaviour-types.js';
import type { PartHint, PartKind, PartRole, PlacementHints } from '../plant-types.js';

// The shapes the built-in scenes' hints share: a machine with its tags' roles, an axis, and the
// table of hints by scene name each group of scenes exports (put together with the old plants in
// shared/scenes/builtin/legacy-plants.ts until each scene is its own module there).

/** Hints of built-in scenes, by the scene's exact name. */
export type HintsByScene = Readonly<Record<string, PlacementHints>>;

/** A machine at (x, y) of this size, its tags each with its role (a bare name, or a name and kind). */
export function partHint(
  part: PartKind,
  label: string,
  at: { x: number; y: number; width: number; height: number },
  tags: readonly (readonly [TagRef, PartRole])[],
  axis?: 'x' | 'y' | 'z',
): PartHint {
  return { part, label, ...at, ...(axis ? { axis } : {}), tags: tags.map(([tag, role]) => ({ tag, role })) };
}

export const output = (name: string): TagRef => ({ name, kind: 'Output' });
export const input = (name: string): TagRef => ({ name, kind: 'Input' });
