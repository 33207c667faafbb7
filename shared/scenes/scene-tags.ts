import { ADDRESS_SPACE_SIZE, FIRST_RESERVED_ADDRESS, spaceKey } from '../core/address-space.js';
import { INT32_MAX, INT32_MIN } from '../core/convert.js';
import { toFloat32 } from '../core/float32.js';
import { SYSTEM_TAGS } from '../core/system-tags.js';
import {
  TAG_KINDS,
  TAG_TYPES,
  type TagDefinition,
  type TagKind,
  type TagType,
  type TagValue,
} from '../core/tag-types.js';
import type { Problem } from '../schema/shape-paths.js';
import { isRecord, show } from '../problems/json-words.js';
import { TagFileSchema } from './scene-file-schema.js';

/**
 * The `tags` of a scene file beyond their shape (scene-file-schema.ts, checked by shape-check):
 * the rules that depend on a tag's type (its address range, initial value, min and max), then
 * the rules that span tags (unique ids and addresses, the system tags once and unchanged). Every
 * problem is reported with its place, `tags[3].address: ...` (docs/scenes.md).
 */

/** The fields a tag of a scene file may have. */
export const TAG_FILE_FIELDS: readonly string[] = Object.keys(TagFileSchema.properties);

/**
 * The problems of each tag that its shape cannot tell (they need its type), placed from the
 * file's root: `['tags', 3, 'address']`.
 */
export function tagRuleProblems(rawTags: readonly unknown[]): Problem[] {
  const problems: Problem[] = [];
  rawTags.forEach((raw, i) => {
    if (!isRecord(raw)) return;
    const r = (field: string, message: string) => problems.push({ at: ['tags', i, field], message });
    const { type, address, initial, min, max, forcedValue } = raw;
    const typed = (TAG_TYPES as readonly unknown[]).includes(type) ? (type as TagType) : undefined;
    if (typed && typeof address === 'number' && Number.isInteger(address)) {
      const size = ADDRESS_SPACE_SIZE[typed];
      if (address < 0 || address >= size)
        r('address', `${address} is outside the ${typed} range 0-${size - 1}`);
    }
    const bounds = { min: false, max: false };
    for (const [field, value] of [
      ['min', min],
      ['max', max],
    ] as const) {
      if (value === undefined) continue;
      if (typed === 'Bit') r(field, 'applies to Int and Float tags only; remove it');
      else if (typeof value !== 'number' || !Number.isFinite(value))
        r(field, `must be a number; got ${show(value)}`);
      else if (typed === 'Int' && (!Number.isInteger(value) || value < INT32_MIN || value > INT32_MAX)) {
        r(field, `${value} is not a 32-bit integer`);
      } else if (typed === 'Float' && !Number.isFinite(toFloat32(value)))
        r(field, `${value} does not fit a 32-bit float`);
      else if (typed) bounds[field] = true;
    }
    if (bounds.min && bounds.max && (min as number) > (max as number)) {
      r('min', `${String(min)} is above max ${String(max)}; swap them`);
    }
    if (forcedValue !== undefined && typed) {
      const problem = initialProblem(typed, forcedValue);
      if (problem) r('forcedValue', problem);
    }
    if (initial !== undefined && typed) {
      const problem = initialProblem(typed, initial);
      if (problem) r('initial', problem);
      else if (
        typeof initial === 'number' &&
        ((bounds.min && initial < (min as number)) || (bounds.max && initial > (max as number)))
      ) {
        r(
          'initial',
          `${initial} is outside the tag's range ${bounds.min ? String(min) : '…'} to ${bounds.max ? String(max) : '…'}`,
        );
      }
    }
  });
  return problems;
}

/**
 * The tags of a scene file that have no problem of their own (`failed`: the indexes of those
 * that do), checked across tags; returns them. A tag with a problem is left out of the cross-tag
 * checks, which would only echo it.
 */
export function crossCheckTags(
  rawTags: readonly unknown[],
  failed: ReadonlySet<number>,
  report: Report,
): TagDefinition[] {
  const valid: [number, TagDefinition][] = [];
  rawTags.forEach((raw, i) => {
    if (!failed.has(i)) valid.push([i, definitionOf(raw as Record<string, unknown>)]);
  });
  crossCheck(valid, report);
  missingSystemTags(rawTags, report);
  return valid.map(([, tag]) => tag);
}

type Report = (path: string, message: string) => void;

/** A tag of the file that has no problem, as TagSim holds it. */
function definitionOf(raw: Record<string, unknown>): TagDefinition {
  const { id, name, kind, type, address, initial, min, max, description, forced, forcedValue, failure } = raw;
  return {
    id: (id as string).trim(),
    name: name as string,
    kind: kind as TagKind,
    type: type as TagType,
    address: address as number,
    ...(initial !== undefined ? { initial: initial as TagValue } : {}),
    ...(min !== undefined ? { min: min as number } : {}),
    ...(max !== undefined ? { max: max as number } : {}),
    ...(typeof description === 'string' && description !== '' ? { description } : {}),
    ...(forced === true ? { forced: true } : {}),
    ...(forcedValue !== undefined ? { forcedValue: forcedValue as TagValue } : {}),
    ...(failure !== undefined ? { failure: failure as 'alwaysOff' | 'alwaysOn' } : {}),
  };
}

/**
 * Why a tag's initial value (or the value it is forced to) does not suit its type, or `undefined`. A file says exactly what it
 * means: `true`/`false` for a Bit, a whole number for an Int, a number for a Float (stored as
 * written; the tag shows its nearest 32-bit float). No conversions, so saving never changes it.
 */
function initialProblem(type: TagType, initial: unknown): string | undefined {
  switch (type) {
    case 'Bit':
      return typeof initial === 'boolean'
        ? undefined
        : `must be true or false for a Bit tag; got ${show(initial)}`;
    case 'Int':
      return typeof initial === 'number' &&
        Number.isInteger(initial) &&
        initial >= INT32_MIN &&
        initial <= INT32_MAX
        ? undefined
        : `must be a whole number from ${INT32_MIN} to ${INT32_MAX} for an Int tag; got ${show(initial)}`;
    case 'Float':
      if (typeof initial !== 'number' || !Number.isFinite(initial))
        return `must be a number for a Float tag; got ${show(initial)}`;
      return Number.isFinite(toFloat32(initial)) ? undefined : `${initial} does not fit a 32-bit float`;
  }
}

/**
 * The rules that span tags: unique ids, unique addresses per space, the system tags unchanged and
 * once. Runs over the tags that are valid on their own (with their places in the file), and
 * reports each mistake once, on the tag that makes it.
 */
function crossCheck(tags: readonly [number, TagDefinition][], report: Report): void {
  const ids = new Map<string, number>();
  const addresses = new Map<string, TagDefinition & { at: number }>();
  const systemAt = new Map<string, number>();
  for (const [i, t] of tags) {
    const firstId = ids.get(t.id);
    if (firstId !== undefined)
      report(`tags[${i}].id`, `'${t.id}' is already the id of tags[${firstId}]; ids must be unique`);
    else ids.set(t.id, i);

    const system = SYSTEM_TAGS.find((s) => s.name === t.name && s.kind === t.kind);
    if (system) {
      const first = systemAt.get(system.name + system.kind);
      if (first !== undefined) {
        report(
          `tags[${i}]`,
          `the system tag '${t.name}' (${t.kind}) appears twice, here and at tags[${first}]; keep one`,
        );
        continue; // its address and shape would only echo the first one
      }
      systemAt.set(system.name + system.kind, i);
      if (t.type !== system.type || t.address !== system.address) {
        report(
          `tags[${i}]`,
          `the system tag '${t.name}' must be ${system.kind} ${system.type} ${system.address}; got ${t.kind} ${t.type} ${t.address}`,
        );
        continue;
      }
    } else if (t.address >= FIRST_RESERVED_ADDRESS[t.type]) {
      report(
        `tags[${i}].address`,
        `${t.type} ${t.address} is reserved for the system tags (${t.type} ${FIRST_RESERVED_ADDRESS[t.type]}-${ADDRESS_SPACE_SIZE[t.type] - 1}); pick an address below ${FIRST_RESERVED_ADDRESS[t.type]}`,
      );
      continue; // not a claim on the address: the system tag there is not to blame
    }

    const key = `${spaceKey(t.kind, t.type)} ${t.address}`;
    const first = addresses.get(key);
    if (first !== undefined) {
      report(`tags[${i}].address`, addressTaken(t, first.at, first.name));
    } else addresses.set(key, { ...t, at: i });
  }
}

/** Why a tag cannot have its address: the tag at `holderAt` has it. */
export function addressTaken(
  tag: Pick<TagDefinition, 'kind' | 'type' | 'address'>,
  holderAt: number,
  holderName: string,
): string {
  return `${tag.kind} ${tag.type} ${tag.address} is already used by tags[${holderAt}] ('${holderName}'); each address is unique within its kind and type`;
}

/**
 * Reports the system tags that no tag of the file names (by name and kind), even when other tags
 * have problems; only a tag whose name or kind cannot be read leaves the question open.
 */
function missingSystemTags(rawTags: readonly unknown[], report: Report): void {
  const named = rawTags.map((raw) =>
    isRecord(raw) &&
    typeof raw['name'] === 'string' &&
    (TAG_KINDS as readonly unknown[]).includes(raw['kind'])
      ? { name: raw['name'], kind: raw['kind'] as TagKind }
      : undefined,
  );
  if (named.some((n) => n === undefined)) return;
  for (const s of SYSTEM_TAGS) {
    if (!named.some((n) => n!.name === s.name && n!.kind === s.kind)) {
      report(
        'tags',
        `the system tag '${s.name}' (${s.kind} ${s.type} ${s.address}) is missing; every scene has it, add it back`,
      );
    }
  }
}
