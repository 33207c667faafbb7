import type { TagKind, TagType, TagValue } from '../../core/tag-types.js';
import { boolAttr, child, numberAttr, type Problems, shown } from './fio-values.js';
import type { XmlElement } from './xml-tree.js';

// A saved scene's parts and their tags, as the file holds them (docs/fidelity.md, "Saved scene
// files"): every `<Object>` with its prefab, place and settings, and every tag of its current
// operating mode. Nothing here decides what TagSim does with them.

/** A point of the scene, in the file's grid units (0.125 m); Y is up. */
export interface Vec3 {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

/** A rotation as the file saves it (a unit quaternion). */
export interface Quaternion {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly w: number;
}

/** One tag element: `<BinaryInput Name Address Key OpenCircuit ShortCircuit UseForcedValue ForcedValue>`. */
export interface FioTag {
  readonly kind: TagKind;
  readonly type: TagType;
  readonly name: string;
  readonly address: number | undefined;
  readonly key: string;
  readonly forced: boolean;
  readonly forcedValue: TagValue | undefined;
  readonly failure: 'alwaysOff' | 'alwaysOn' | undefined;
  /** Its `<GroupIO Description>`: `Default`, `beam5`, `Roll`, `Reverse`... */
  readonly group: string;
  readonly line: number;
}

/** An emitter's or remover's choice of bases and parts: the names set `True`. */
export interface ItemChoice {
  readonly bases: readonly string[];
  readonly parts: readonly string[];
}

export interface EmitterSettings extends ItemChoice {
  readonly minTimeToEmit: number;
  readonly maxTimeToEmit: number;
  /** How many items it emits in all; 0: no end. */
  readonly upTo: number;
}

/** One `<Object>`: a part of the scene. */
export interface FioPart {
  readonly prefab: string;
  readonly key: string;
  readonly position: Vec3;
  readonly rotation: Quaternion;
  /** Its current `<OperatingMode Description>`, when it has one. */
  readonly mode: string | undefined;
  readonly tags: readonly FioTag[];
  /** `<Sensor Range>`, metres. */
  readonly sensorRange?: number;
  readonly emitter?: EmitterSettings;
  readonly remover?: ItemChoice;
  readonly line: number;
}

/** The tag elements, by element name. */
const TAG_ELEMENTS: Readonly<Record<string, { kind: TagKind; type: TagType }>> = {
  BinaryInput: { kind: 'Input', type: 'Bit' },
  BinaryOutput: { kind: 'Output', type: 'Bit' },
  IntInput: { kind: 'Input', type: 'Int' },
  IntOutput: { kind: 'Output', type: 'Int' },
  AnalogueInput: { kind: 'Input', type: 'Float' },
  AnalogueOutput: { kind: 'Output', type: 'Float' },
};

/** Reads every `<Object>` under the root, in file order; what cannot be read is a problem. */
export function readParts(root: XmlElement, problems: Problems): FioPart[] {
  const parts: FioPart[] = [];
  for (const object of root.children) {
    if (object.name !== 'Object') continue;
    const part = readPart(object, problems);
    if (part) parts.push(part);
  }
  return parts;
}

function readPart(object: XmlElement, problems: Problems): FioPart | undefined {
  const proxy = child(object, 'Proxy');
  const prefab = proxy?.attributes['PrefabName']?.trim();
  if (!proxy || !prefab) {
    problems.add(object.line, '<Object> has no <Proxy PrefabName="...">: what part it is cannot be known');
    return undefined;
  }
  const position = vector(proxy, 'Position', problems, ['x', 'y', 'z']);
  const rotation = vector(proxy, 'Rotation', problems, ['x', 'y', 'z', 'w']);
  const mode = child(object, 'OperatingMode');
  const sensor = child(object, 'Sensor');
  const emitter = child(object, 'Emitter');
  const remover = child(object, 'Remover');
  const range = sensor ? numberAttr(sensor, 'Range', problems) : undefined;
  return {
    prefab,
    key: proxy.attributes['Key'] ?? '',
    position: { x: position.x ?? 0, y: position.y ?? 0, z: position.z ?? 0 },
    rotation: unit({ x: rotation.x ?? 0, y: rotation.y ?? 0, z: rotation.z ?? 0, w: rotation.w ?? 1 }),
    mode: mode?.attributes['Description'],
    tags: mode ? readTags(mode, problems) : [],
    ...(range !== undefined ? { sensorRange: range } : {}),
    ...(emitter ? { emitter: readEmitter(emitter, problems) } : {}),
    ...(remover ? { remover: choiceOf(remover, problems) } : {}),
    line: object.line,
  };
}

function vector<K extends string>(
  proxy: XmlElement,
  name: string,
  problems: Problems,
  fields: readonly K[],
): Partial<Record<K, number>> {
  const element = child(proxy, name);
  const out: Partial<Record<K, number>> = {};
  if (!element) return out;
  for (const f of fields) {
    const value = numberAttr(element, f.toUpperCase(), problems);
    if (value !== undefined) out[f] = value;
  }
  return out;
}

/** A rotation of length 1 (the file's are, to 7 digits); a zero one is no rotation. */
function unit(q: Quaternion): Quaternion {
  const length = Math.hypot(q.x, q.y, q.z, q.w);
  if (length < 1e-9) return { x: 0, y: 0, z: 0, w: 1 };
  return { x: q.x / length, y: q.y / length, z: q.z / length, w: q.w / length };
}

/** The tag elements of an operating mode, inside its `<GroupIO>` groups. */
function readTags(mode: XmlElement, problems: Problems): FioTag[] {
  const tags: FioTag[] = [];
  for (const group of mode.children) {
    for (const element of group.name === 'GroupIO' ? group.children : [group]) {
      const spec = TAG_ELEMENTS[element.name];
      if (!spec) continue;
      const tag = readTag(element, spec, group.attributes['Description'] ?? '', problems);
      if (tag) tags.push(tag);
    }
  }
  return tags;
}

function readTag(
  element: XmlElement,
  spec: { kind: TagKind; type: TagType },
  group: string,
  problems: Problems,
): FioTag | undefined {
  const key = element.attributes['Key']?.trim();
  const name = element.attributes['Name'];
  const before = problems.list.length;
  if (!key) problems.add(element.line, `<${element.name} Name="${shown(name ?? '')}"> has no Key (its id)`);
  if (name === undefined) problems.add(element.line, `<${element.name}> has no Name`);
  const address = numberAttr(element, 'Address', problems, { whole: true });
  const open = boolAttr(element, 'OpenCircuit', problems);
  const short = boolAttr(element, 'ShortCircuit', problems);
  const forced = boolAttr(element, 'UseForcedValue', problems);
  const forcedValue = valueAttr(element, spec.type, problems);
  if (open && short)
    problems.add(
      element.line,
      `<${element.name} Name="${shown(name ?? '')}"> is both OpenCircuit and ShortCircuit`,
    );
  if (problems.list.length > before) return undefined;
  return {
    ...spec,
    name: name!,
    address,
    key: key!,
    forced,
    forcedValue,
    failure: open ? 'alwaysOff' : short ? 'alwaysOn' : undefined,
    group,
    line: element.line,
  };
}

/** `ForcedValue` in the tag's type: True/False for a Bit, a whole number for an Int, a number for a Float. */
function valueAttr(element: XmlElement, type: TagType, problems: Problems): TagValue | undefined {
  if (element.attributes['ForcedValue'] === undefined) return undefined;
  if (type === 'Bit') return boolAttr(element, 'ForcedValue', problems);
  return numberAttr(element, 'ForcedValue', problems, { whole: type === 'Int' });
}

function readEmitter(element: XmlElement, problems: Problems): EmitterSettings {
  const min = numberAttr(element, 'MinTimeToEmit', problems) ?? 1;
  const max = numberAttr(element, 'MaxTimeToEmit', problems) ?? min;
  const upTo = numberAttr(element, 'UpTo', problems, { whole: true }) ?? 0;
  return {
    minTimeToEmit: Math.max(0, Math.min(min, max)),
    maxTimeToEmit: Math.max(0, min, max),
    upTo: Math.max(0, upTo),
    ...choiceOf(element, problems),
  };
}

/** The bases and parts set `True` (`<Bases Pallet="True">`, `<Parts BoxS="True" None="True">`). */
function choiceOf(element: XmlElement, problems: Problems): ItemChoice {
  const chosen = (name: string) => {
    const list = child(element, name);
    if (!list) return [];
    return Object.keys(list.attributes).filter((k) => boolAttr(list, k, problems));
  };
  return { bases: chosen('Bases'), parts: chosen('Parts') };
}
