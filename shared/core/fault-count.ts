import { hasSceneForce } from './tag-record.js';
import type { ApiTag, TagDefinition } from './tag-types.js';

/**
 * Counts the forced and the failed tags (a tag that is both counts in each). A force the scene
 * itself keeps (`definitions`: the emitters and removers a built-in scene forces on) is the scene,
 * not a fault, and Release all forces puts it back: it is not counted.
 */
export function countFaults(
  tags: Iterable<ApiTag>,
  definitions: readonly TagDefinition[] = [],
): { forced: number; failed: number } {
  const byId = new Map(definitions.map((d) => [d.id, d]));
  let forced = 0;
  let failed = 0;
  for (const tag of tags) {
    const def = byId.get(tag.id);
    if (tag.isForced && !(def && hasSceneForce(def, tag))) forced++;
    if (tag.openCircuit || tag.shortCircuit) failed++;
  }
  return { forced, failed };
}
