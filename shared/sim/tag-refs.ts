import { findTag, type Resolution, TagIndex, tagRefProblem, type TagRef } from '../conditions/tag-refs.js';
import { SYSTEM_TAGS } from '../core/system-tags.js';

export { TagIndex, type Resolution };

/** Reading a tag (a condition, an expression) or writing it (an action, a generator, a sensor). */
export type RefUse = 'read' | 'write';

/**
 * Finds the tag a behaviour's reference names (docs/conditions.md says how a reference names a
 * tag). Writes may only go to Inputs: the plant sets its sensors, the controller its actuators;
 * a bare name in a write means the Input of that name.
 */
export function resolveTagRef(ref: unknown, index: TagIndex, use: RefUse): Resolution {
  const problem = tagRefProblem(ref);
  if (problem !== undefined) {
    const message = typeof problem === 'string' ? problem : `${problem.at.join('.')}: ${problem.message}`;
    return { ok: false, message };
  }
  const found = findTag(ref as TagRef, index, use === 'write' ? 'Input' : undefined);
  if (!found.ok || use === 'read') return found;
  const { name, kind } = found.tag;
  if (kind === 'Output') return fail(`'${name}' is an Output; a behaviour may only write Input tags`);
  if (SYSTEM_TAGS.some((s) => s.name === name && s.kind === kind)) {
    return fail(`'${name}' is a system tag: the simulation's lifecycle sets it, a behaviour may not`);
  }
  return found;
}

function fail(message: string): Resolution {
  return { ok: false, message };
}
