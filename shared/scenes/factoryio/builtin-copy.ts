import { isSystemTag } from '../../core/system-tags.js';
import type { TagDefinition } from '../../core/tag-types.js';
import { validateBehaviours } from '../../sim/validate-behaviours.js';
import { builtinPlant } from '../builtin/builtin-plants.js';
import { REFERENCE_SCENES } from '../reference-scenes.generated.js';
import type { FioPart } from './fio-document.js';

// A saved scene that is a copy of one of the simulator's own scenes (often renamed, sometimes
// edited) gets that scene's built-in plant, which knows its machines far better than the generic
// one. It is recognised by its tags and the parts they sit on, not by its name: a copy matches
// when most of the built-in's tags are in the file (the same id, or the same name, kind and type
// on the same prefab where the built-in's saved copy says which), most of the file's tags are
// the built-in's, and the built-in's plant finds every tag it needs.

/** Share of the built-in's own tags the file must have. */
const OF_BUILTIN = 0.8;
/** Share of the file's own tags that must be the built-in's (a user adds a few, not a line). */
const OF_FILE = 0.6;

/** The name of the built-in scene the file is a copy of, if it is one of a scene with a plant. */
export function builtinCopyOf(parts: readonly FioPart[], tags: readonly TagDefinition[]): string | undefined {
  const prefabOf = new Map(parts.flatMap((p) => p.tags.map((t) => [t.key, p.prefab] as const)));
  const own = tags.filter((t) => !isSystemTag(t));
  const byId = new Map(own.map((t) => [t.id, t]));
  const byName = new Map<string, TagDefinition[]>();
  for (const t of own) {
    const key = `${t.kind}\n${t.type}\n${t.name}`;
    byName.set(key, [...(byName.get(key) ?? []), t]);
  }
  let best: { name: string; score: number } | undefined;
  for (const ref of REFERENCE_SCENES) {
    const plant = builtinPlant(ref.name)?.behaviours ?? [];
    if (plant.length === 0 || ref.tags.length === 0) continue;
    const matched = new Set<string>();
    for (const want of ref.tags) {
      const same = want.id === undefined ? undefined : byId.get(want.id);
      const found =
        same && !matched.has(same.id)
          ? same
          : byName
              .get(`${want.kind}\n${want.type}\n${want.name}`)
              ?.find(
                (t) => !matched.has(t.id) && (want.part === undefined || prefabOf.get(t.id) === want.part),
              );
      if (found) matched.add(found.id);
    }
    const ofBuiltin = matched.size / ref.tags.length;
    const ofFile = own.length === 0 ? 0 : matched.size / own.length;
    if (ofBuiltin < OF_BUILTIN || ofFile < OF_FILE) continue;
    if (validateBehaviours(plant, tags).problems.length > 0) continue;
    const score = ofBuiltin + ofFile;
    if (!best || score > best.score) best = { name: ref.name, score };
  }
  return best?.name;
}
