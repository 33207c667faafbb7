import type { TagKind, TagType } from './tag-types.js';

/** A tag that every scene of the simulator carries, at its fixed reserved address. */
export interface SystemTagSpec {
  readonly name: string;
  readonly kind: TagKind;
  readonly type: TagType;
  readonly address: number;
}

/**
 * The simulator's system tags (docs/api.md, "Scenes, addresses and ids"). The camera-select Int Output at 240 is
 * left out because its exact name is not confirmed.
 */
export const SYSTEM_TAGS: readonly SystemTagSpec[] = [
  { name: 'FACTORY I/O (Run)', kind: 'Output', type: 'Bit', address: 496 },
  { name: 'FACTORY I/O (Pause)', kind: 'Output', type: 'Bit', address: 497 },
  { name: 'FACTORY I/O (Reset)', kind: 'Output', type: 'Bit', address: 498 },
  { name: 'FACTORY I/O (Running)', kind: 'Input', type: 'Bit', address: 496 },
  { name: 'FACTORY I/O (Paused)', kind: 'Input', type: 'Bit', address: 497 },
  { name: 'FACTORY I/O (Reset)', kind: 'Input', type: 'Bit', address: 498 },
  { name: 'FACTORY I/O (Time Scale)', kind: 'Input', type: 'Float', address: 240 },
];

/** True for the simulator's system tags (by name and kind), which an edit may neither delete nor change. */
export function isSystemTag(tag: { readonly name: string; readonly kind: TagKind }): boolean {
  return SYSTEM_TAGS.some((s) => s.name === tag.name && s.kind === tag.kind);
}

/**
 * The system Outputs through which a controller runs, pauses and resets the simulation
 * (`FACTORY I/O (Run)`, `(Pause)`, `(Reset)`; shared/sim/lifecycle-tags.ts reads them): a window
 * without the simulation's controls may not set them either (docs/lab.md).
 */
export function isSimulationControlTag(tag: { readonly name: string; readonly kind: TagKind }): boolean {
  return (
    tag.kind === 'Output' &&
    (tag.name === 'FACTORY I/O (Run)' ||
      tag.name === 'FACTORY I/O (Pause)' ||
      tag.name === 'FACTORY I/O (Reset)')
  );
}
