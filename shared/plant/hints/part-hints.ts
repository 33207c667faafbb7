import type { TagRef } from '../../sim/behaviour-types.js';
import type { PartHint, PartKind, PartRole, PlacementHints } from '../plant-types.js';

// The shapes the built-in scenes' hints share: a machine with its tags' roles, an axis, and the
// table of hints by scene name each group of scenes exports (merged in index.ts).

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

/**
 * An axis: a rail 2.6 m long across the page (x, y) or 2.2 m up it (z, drawn as a lift). A
 * two-end axis has a Bit `command` and a `moving` lamp; an analog one a `position` and a `target`.
 */
export function axisHint(
  label: string,
  x: number,
  y: number,
  axis: 'x' | 'y' | 'z',
  tags: readonly (readonly [TagRef, PartRole])[],
): PartHint {
  const upright = axis === 'z';
  return partHint(
    'axis',
    label,
    { x, y, width: upright ? 0.6 : 2.6, height: upright ? 2.2 : 0.6 },
    tags,
    axis,
  );
}

export const output = (name: string): TagRef => ({ name, kind: 'Output' });
export const input = (name: string): TagRef => ({ name, kind: 'Input' });
