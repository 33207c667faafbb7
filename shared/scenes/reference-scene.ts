import type { TagKind, TagType } from '../core/tag-types.js';

/**
 * One tag of a built-in scene. Where a saved copy of the simulator's own scene is public, the
 * tag carries the scene's id and address, its value at rest when that is not OFF (a normally
 * closed button, a retro-reflective sensor) and the force the scene keeps on it (an emitter or
 * remover forced on); where only a public program that drives the scene by address is, the
 * address alone; see docs/fidelity.md.
 */
export interface ReferenceTag {
  readonly name: string;
  readonly type: TagType;
  readonly kind: TagKind;
  readonly address?: number;
  readonly id?: string;
  readonly initial?: boolean;
  /** The simulator's part (prefab) the tag belongs to in the saved copy: a saved copy is recognised by it. */
  readonly part?: string;
  /** The value the saved copy keeps it forced to (an emitter or remover forced on). */
  readonly forced?: boolean;
}

/**
 * One scene of the simulator as TagSim ships it. `systemIds` holds the ids of its system tags,
 * keyed `<kind> <name>`, where the evidence gives them.
 */
export interface ReferenceScene {
  readonly name: string;
  readonly tags: readonly ReferenceTag[];
  readonly systemIds?: Readonly<Record<string, string>>;
}
