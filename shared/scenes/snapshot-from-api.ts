import { TAG_KINDS, TAG_TYPES, type TagKind, type TagType, type TagValue } from '../core/tag-types.js';
import { fitsType, type RuntimeSnapshot, type SnapshotTag } from './runtime-snapshot.js';
import { type PlacedProblem, ValidationError } from '../problems/problem-list.js';

/**
 * A snapshot from the answer of `GET /api/tags` of a running simulator. The API shows the
 * effective value, the force and the failures, but not the raw value under a force or failure:
 * there the snapshot gives the tag's OFF value, and `hidden` counts those tags.
 */
export function snapshotFromApiTags(
  answer: unknown,
  options: { sceneName: string; savedAt?: Date; source?: string },
): { snapshot: RuntimeSnapshot; hidden: number } {
  const problems: PlacedProblem[] = [];
  const tags: SnapshotTag[] = [];
  let hidden = 0;
  if (!Array.isArray(answer)) {
    problems.push({ path: '(answer)', message: 'is not a list of tags; is this the FACTORY I/O Web API?' });
  } else {
    answer.forEach((raw, i) => {
      const t = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
      const type = (TAG_TYPES as readonly unknown[]).includes(t['type']) ? (t['type'] as TagType) : undefined;
      const shortCircuit = t['shortCircuit'] === true;
      const openCircuit = t['openCircuit'] === true;
      const forced = t['isForced'] === true;
      if (
        typeof t['id'] !== 'string' ||
        typeof t['name'] !== 'string' ||
        !(TAG_KINDS as readonly unknown[]).includes(t['kind']) ||
        !type ||
        !fitsType(type, t['value']) ||
        !fitsType(type, t['forcedValue'])
      ) {
        problems.push({ path: `tags[${i}]`, message: 'is not a tag as GET /api/tags shows one' });
        return;
      }
      const off: TagValue = type === 'Bit' ? false : 0;
      const visible = !forced && !shortCircuit && !openCircuit;
      if (!visible) hidden++;
      tags.push({
        id: t['id'],
        name: t['name'],
        kind: t['kind'] as TagKind,
        type,
        raw: visible ? (t['value'] as TagValue) : off,
        forced,
        forcedValue: t['forcedValue'] as TagValue,
        failure: shortCircuit ? 'alwaysOn' : openCircuit ? 'alwaysOff' : 'none',
      });
    });
  }
  if (problems.length > 0) throw new ValidationError(problems, options.source, 'tag list (GET /api/tags)');
  return {
    snapshot: {
      scene: options.sceneName,
      ...(options.savedAt ? { savedAt: options.savedAt.toISOString() } : {}),
      tags,
    },
    hidden,
  };
}
