import { SYSTEM_TAGS } from '../../core/system-tags.js';
import type { TagDefinition } from '../../core/tag-types.js';
import { SYSTEM_OUTPUT_IDS } from '../builtin-scenes.js';
import type { ImportedTag } from '../scene-assemble.js';
import type { FioPart, FioTag } from './fio-document.js';
import type { SystemKeys } from './fio-drivers.js';

// The tags of a saved scene as the simulator serves them: the system tags first, under the keys
// `<Drivers>` gives them (docs/fidelity.md, "Listing order"), then every tag of every part in
// the file's order, each with its Key as id, its name, address, kind and type, and the force and
// failure it was saved with.

/** Which `<Drivers>` attribute keys which system tag. */
const SYSTEM_KEYS: Readonly<Record<string, keyof SystemKeys>> = {
  'Output FACTORY I/O (Run)': 'RunOutputKey',
  'Output FACTORY I/O (Pause)': 'PauseOutputKey',
  'Output FACTORY I/O (Reset)': 'ResetOutputKey',
  'Input FACTORY I/O (Running)': 'RunInputKey',
  'Input FACTORY I/O (Paused)': 'PauseInputKey',
  'Input FACTORY I/O (Reset)': 'ResetInputKey',
  'Input FACTORY I/O (Time Scale)': 'TimeScaleInputKey',
};

/**
 * The tags to assemble (scene-assemble.ts decides addresses and adds a system tag the file gives
 * no key, with a note). A system Output without a key (files of 2.2 save only the Inputs' keys)
 * takes the id every other file gives it.
 */
export function importedTags(parts: readonly FioPart[], keys: SystemKeys): ImportedTag[] {
  const system: ImportedTag[] = [];
  for (const s of SYSTEM_TAGS) {
    const id =
      keys[SYSTEM_KEYS[`${s.kind} ${s.name}`]!] ??
      (s.kind === 'Output' ? SYSTEM_OUTPUT_IDS[s.name] : undefined);
    if (id === undefined) continue;
    system.push({
      where: 'Drivers',
      id,
      name: s.name,
      kind: s.kind,
      type: s.type,
      address: s.address,
      ...(s.name === 'FACTORY I/O (Time Scale)' ? { initial: 1 } : {}),
    });
  }
  const own = parts.flatMap((p) => p.tags.map(importedTag));
  return [...system, ...own];
}

function importedTag(tag: FioTag): ImportedTag {
  return {
    where: `line ${tag.line}`,
    id: tag.key,
    name: tag.name,
    kind: tag.kind,
    type: tag.type,
    ...(tag.address !== undefined ? { address: tag.address } : { noAddress: 'has no Address' }),
    start: startOf(tag),
  };
}

/** The saved force and failure; an unforced OFF forced value is the default, left out. */
function startOf(tag: FioTag): Pick<TagDefinition, 'forced' | 'forcedValue' | 'failure'> {
  const off = tag.forcedValue === undefined || tag.forcedValue === false || tag.forcedValue === 0;
  return {
    ...(tag.forced ? { forced: true } : {}),
    ...(tag.forced || !off ? { forcedValue: tag.forcedValue ?? (tag.type === 'Bit' ? false : 0) } : {}),
    ...(tag.failure ? { failure: tag.failure } : {}),
  };
}
