import { ADDRESS_SPACE_SIZE, FIRST_RESERVED_ADDRESS, spaceKey } from '../core/address-space.js';
import { convertTo, INT32_MAX, INT32_MIN } from '../core/convert.js';
import { toFloat32 } from '../core/float32.js';
import type { SceneDefinition } from '../core/scene.js';
import { SYSTEM_TAGS } from '../core/system-tags.js';
import { TAG_KINDS, TAG_TYPES, type TagDefinition, type TagKind, type TagType } from '../core/tag-types.js';
import { type SceneProblem, SceneValidationError } from './scene-problems.js';

/** The `format` of every TagSim scene file. */
export const SCENE_FORMAT = 'tagsim-scene';
/** The newest version this TagSim reads and the one it writes. */
export const SCENE_FORMAT_VERSION = 1;
/** The file name ending that marks a scene file. */
export const SCENE_FILE_EXTENSION = '.tagsim.json';

const ROOT_FIELDS = ['$schema', 'format', 'version', 'name', 'description', 'tags', 'behaviours'];
const TAG_FIELDS = ['id', 'name', 'kind', 'type', 'address', 'initial', 'min', 'max', 'description'];
const MAX_TAGS = 4096; // every address of both kinds and all three types, with room to spare

/**
 * Reads a scene file's text. Returns the scene, or throws a SceneValidationError that lists
 * every problem with its place; a file with problems is never half-loaded.
 */
export function parseSceneFile(text: string, source?: string): SceneDefinition {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SceneValidationError([{ path: '(file)', message: describeJsonError(text, error) }], source);
  }
  return validateSceneJson(json, source);
}

/** Validates parsed JSON as a scene file (see parseSceneFile). */
export function validateSceneJson(json: unknown, source?: string): SceneDefinition {
  const problems: SceneProblem[] = [];
  const report = (path: string, message: string) => problems.push({ path, message });

  if (!isRecord(json)) {
    throw new SceneValidationError(
      [{ path: '(file)', message: 'a scene file is a JSON object; got ' + kindOf(json) }],
      source,
    );
  }
  unknownFields(json, ROOT_FIELDS, '', report);
  if (json['format'] !== SCENE_FORMAT) {
    report('format', `must be "${SCENE_FORMAT}"; got ${show(json['format'])} (is this a TagSim scene file?)`);
  }
  const version = json['version'];
  if (typeof version === 'number' && Number.isInteger(version) && version > SCENE_FORMAT_VERSION) {
    report('version', `${version} is newer than this TagSim reads (${SCENE_FORMAT_VERSION}); update TagSim`);
  } else if (version !== SCENE_FORMAT_VERSION) {
    report('version', `must be ${SCENE_FORMAT_VERSION}; got ${show(version)}`);
  }
  const name = json['name'];
  if (typeof name !== 'string' || name.trim() === '')
    report('name', "must be a non-empty string, the scene's name");
  const description = json['description'];
  if (description !== undefined && typeof description !== 'string') report('description', 'must be a string');
  const behaviours = json['behaviours'];
  if (behaviours !== undefined && !(Array.isArray(behaviours) && behaviours.length === 0)) {
    report('behaviours', 'must be an empty array: this version of TagSim has no plant behaviours yet');
  }

  const tags: TagDefinition[] = [];
  const rawTags = json['tags'];
  if (!Array.isArray(rawTags)) {
    report('tags', `must be an array of tags; got ${kindOf(rawTags)}`);
  } else if (rawTags.length > MAX_TAGS) {
    report('tags', `has ${rawTags.length} tags; a scene holds at most ${MAX_TAGS}`);
  } else {
    const valid: [number, TagDefinition][] = [];
    rawTags.forEach((raw, i) => {
      const tag = validateTag(raw, `tags[${i}]`, report);
      if (tag) valid.push([i, tag]);
    });
    crossCheck(valid, report, valid.length === rawTags.length);
    tags.push(...valid.map(([, tag]) => tag));
  }

  if (problems.length > 0) throw new SceneValidationError(problems, source);
  return {
    name: (name as string).trim(),
    ...(typeof description === 'string' && description !== '' ? { description } : {}),
    tags,
  };
}

/** Writes a scene as a version-1 file: stable field order, two-space indent, final newline. */
export function serializeScene(scene: SceneDefinition): string {
  const file = {
    format: SCENE_FORMAT,
    version: SCENE_FORMAT_VERSION,
    name: scene.name,
    ...(scene.description ? { description: scene.description } : {}),
    tags: scene.tags.map((t) => ({
      id: t.id,
      name: t.name,
      kind: t.kind,
      type: t.type,
      address: t.address,
      ...(t.initial !== undefined ? { initial: t.initial } : {}),
      ...(t.min !== undefined ? { min: t.min } : {}),
      ...(t.max !== undefined ? { max: t.max } : {}),
      ...(t.description ? { description: t.description } : {}),
    })),
    behaviours: [],
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

type Report = (path: string, message: string) => void;

function validateTag(raw: unknown, at: string, report: Report): TagDefinition | undefined {
  if (!isRecord(raw)) {
    report(at, `must be an object; got ${kindOf(raw)}`);
    return undefined;
  }
  // A tag with any problem is left out of the cross-tag checks, which would only echo it.
  let found = 0;
  const r: Report = (p, m) => {
    found++;
    report(p, m);
  };
  unknownFields(raw, TAG_FIELDS, `${at}.`, r);
  const { id, name, kind, type, address, initial, min, max, description } = raw;
  if (typeof id !== 'string' || id.trim() === '')
    r(`${at}.id`, 'must be a non-empty string (a GUID is usual)');
  if (typeof name !== 'string' || name === '') r(`${at}.name`, 'must be a non-empty string');
  if (!(TAG_KINDS as readonly unknown[]).includes(kind))
    r(`${at}.kind`, `must be Input or Output; got ${show(kind)}`);
  if (!(TAG_TYPES as readonly unknown[]).includes(type))
    r(`${at}.type`, `must be Bit, Int or Float; got ${show(type)}`);
  if (typeof address !== 'number' || !Number.isInteger(address)) {
    r(`${at}.address`, `must be a whole number; got ${show(address)}`);
  } else if ((TAG_TYPES as readonly unknown[]).includes(type)) {
    const size = ADDRESS_SPACE_SIZE[type as TagType];
    if (address < 0 || address >= size)
      r(`${at}.address`, `${address} is outside the ${String(type)} range 0-${size - 1}`);
  }
  if (description !== undefined && typeof description !== 'string')
    r(`${at}.description`, 'must be a string');
  const typed = (TAG_TYPES as readonly unknown[]).includes(type) ? (type as TagType) : undefined;
  for (const [field, value] of [
    ['min', min],
    ['max', max],
  ] as const) {
    if (value === undefined) continue;
    if (typed === 'Bit') r(`${at}.${field}`, 'applies to Int and Float tags only; remove it');
    else if (typeof value !== 'number' || !Number.isFinite(value))
      r(`${at}.${field}`, `must be a number; got ${show(value)}`);
    else if (typed === 'Int' && (!Number.isInteger(value) || value < INT32_MIN || value > INT32_MAX)) {
      r(`${at}.${field}`, `${value} is not a 32-bit integer`);
    } else if (typed === 'Float' && !Number.isFinite(toFloat32(value)))
      r(`${at}.${field}`, `${value} does not fit a 32-bit float`);
  }
  if (typeof min === 'number' && typeof max === 'number' && min > max) {
    r(`${at}.min`, `${min} is above max ${max}; swap them`);
  }
  if (initial !== undefined && typed) {
    const converted = convertTo(typed, initial);
    if (converted === undefined) r(`${at}.initial`, `${show(initial)} is not a valid ${typed} value`);
    else if (
      typeof converted === 'number' &&
      ((typeof min === 'number' && converted < min) || (typeof max === 'number' && converted > max))
    ) {
      r(
        `${at}.initial`,
        `${converted} is outside the tag's range ${String(min ?? '…')} to ${String(max ?? '…')}`,
      );
    }
  }
  if (found > 0) return undefined;
  const def: TagDefinition = {
    id: (id as string).trim(),
    name: name as string,
    kind: kind as TagKind,
    type: typed!,
    address: address as number,
    ...(initial !== undefined ? { initial: convertTo(typed!, initial)! } : {}),
    ...(min !== undefined ? { min: min as number } : {}),
    ...(max !== undefined ? { max: max as number } : {}),
    ...(typeof description === 'string' && description !== '' ? { description } : {}),
  };
  return def;
}

/**
 * The rules that span tags: unique ids, unique addresses per space, the system tags. Runs over the
 * tags that are valid on their own (with their places in the file); a missing system tag is only
 * reported when every tag was readable, since an unreadable one may be it.
 */
function crossCheck(tags: readonly [number, TagDefinition][], report: Report, complete: boolean): void {
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
      if (systemAt.has(system.name + system.kind)) {
        report(`tags[${i}]`, `the system tag '${t.name}' (${t.kind}) appears twice; keep one`);
      }
      systemAt.set(system.name + system.kind, i);
      if (t.type !== system.type || t.address !== system.address) {
        report(
          `tags[${i}]`,
          `the system tag '${t.name}' must be ${system.kind} ${system.type} ${system.address}; got ${t.kind} ${t.type} ${t.address}`,
        );
      }
    } else if (t.address >= FIRST_RESERVED_ADDRESS[t.type]) {
      report(
        `tags[${i}].address`,
        `${t.type} ${t.address} is reserved for the system tags (${t.type} ${FIRST_RESERVED_ADDRESS[t.type]}-${ADDRESS_SPACE_SIZE[t.type] - 1}); pick an address below ${FIRST_RESERVED_ADDRESS[t.type]}`,
      );
    }

    const key = `${spaceKey(t.kind, t.type)} ${t.address}`;
    const first = addresses.get(key);
    if (first !== undefined) {
      report(
        `tags[${i}].address`,
        `${t.kind} ${t.type} ${t.address} is already used by tags[${first.at}] ('${first.name}'); each address is unique within its kind and type`,
      );
    } else addresses.set(key, { ...t, at: i });
  }
  if (!complete) return;
  for (const s of SYSTEM_TAGS) {
    if (!systemAt.has(s.name + s.kind)) {
      report(
        'tags',
        `the system tag '${s.name}' (${s.kind} ${s.type} ${s.address}) is missing; every scene has it`,
      );
    }
  }
}

function unknownFields(
  record: Record<string, unknown>,
  known: readonly string[],
  prefix: string,
  report: Report,
): void {
  for (const key of Object.keys(record)) {
    if (!known.includes(key))
      report(
        `${prefix}${key}`,
        `unknown field; remove it (known fields: ${known.filter((k) => k !== '$schema').join(', ')})`,
      );
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${show(value)}`;
}

function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** "line 3, column 7: Unexpected token..." from JSON.parse's position, when it gives one. */
function describeJsonError(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const position = /at position (\d+)/.exec(message)?.[1];
  if (position === undefined) return `not valid JSON: ${message}`;
  const before = text.slice(0, Number(position));
  const line = before.split('\n').length;
  const column = Number(position) - before.lastIndexOf('\n');
  return `not valid JSON at line ${line}, column ${column}: ${message.replace(/ in JSON at position \d+.*$/, '')}`;
}
