import type { TagKind, TagType } from './tag-types.js';

/** A tag that every scene of the simulator carries, at its fixed reserved address. */
export interface SystemTagSpec {
  readonly name: string;
  readonly kind: TagKind;
  readonly type: TagType;
  readonly address: number;
}

/**
 * The simulator's system tags (docs/api.md, "Scenes, addresses and ids"), in the order the
 * built-in scenes list them. `FACTORY I/O (Camera Position)` selects the view (docs/fidelity.md,
 * "The camera tag"): TagSim has no view, so it holds what a client writes and does nothing.
 */
export const SYSTEM_TAGS: readonly SystemTagSpec[] = [
  { name: 'FACTORY I/O (Run)', kind: 'Output', type: 'Bit', address: 496 },
  { name: 'FACTORY I/O (Pause)', kind: 'Output', type: 'Bit', address: 497 },
  { name: 'FACTORY I/O (Reset)', kind: 'Output', type: 'Bit', address: 498 },
  { name: 'FACTORY I/O (Camera Position)', kind: 'Output', type: 'Int', address: 240 },
  { name: 'FACTORY I/O (Running)', kind: 'Input', type: 'Bit', address: 496 },
  { name: 'FACTORY I/O (Paused)', kind: 'Input', type: 'Bit', address: 497 },
  { name: 'FACTORY I/O (Reset)', kind: 'Input', type: 'Bit', address: 498 },
  { name: 'FACTORY I/O (Time Scale)', kind: 'Input', type: 'Float', address: 240 },
];

/**
 * System tags that scene files written before TagSim knew them lack: reading such a file adds
 * them (with the id every built-in scene gives them) instead of refusing it (docs/scenes.md).
 */
export const SYSTEM_TAGS_NEWER_THAN_FILES: readonly SystemTagSpec[] = SYSTEM_TAGS.filter(
  (s) => s.name === 'FACTORY I/O (Camera Position)',
);

/**
 * The id of a system Output where no saved scene gives it: the same in every built-in scene of the
 * simulator (every public saved copy agrees; an Input's id is the scene's own).
 */
export const SYSTEM_OUTPUT_IDS: Readonly<Record<string, string>> = {
  'FACTORY I/O (Run)': '7754fab1-ed21-4fca-9ab9-45e844cd4766',
  'FACTORY I/O (Pause)': '41b90af6-25d1-4fa8-aaec-724f79701be1',
  'FACTORY I/O (Reset)': '01936c60-0201-4d54-aad2-0734eb391d35',
  'FACTORY I/O (Camera Position)': 'f0855715-c7e4-48b3-8174-0fc06299798c',
};

/** True for the simulator's system tags (by name and kind), which an edit may neither delete nor change. */
export function isSystemTag(tag: { readonly name: string; readonly kind: TagKind }): boolean {
  return SYSTEM_TAGS.some((s) => s.name === tag.name && s.kind === tag.kind);
}
