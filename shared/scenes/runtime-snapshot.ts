import { INT32_MAX, INT32_MIN } from '../core/convert.js';
import { toFloat32 } from '../core/float32.js';
import {
  TAG_TYPES,
  type TagFailure,
  type TagKind,
  type TagState,
  type TagType,
  type TagValue,
} from '../core/tag-types.js';
import { parseJsonText } from '../problems/json-text.js';
import { type PlacedProblem, ValidationError } from '../problems/problem-list.js';
import { isRecord, show } from '../problems/json-words.js';
import { shapeProblems } from '../schema/shape-check.js';
import { placeProblems, type Problem } from '../schema/shape-paths.js';
import { SNAPSHOT_FORMAT, SNAPSHOT_FORMAT_VERSION, SNAPSHOT_SHAPE } from './snapshot-schema.js';

/**
 * Runtime snapshots: the state of a running scene (each tag's raw value, force and failure) in a
 * small versioned JSON file, `<name>.tagsim-state.json`, to save a lab exercise's faults and put
 * them back later, or to start `tagsim serve --state` from a prepared state.
 *
 * ```json
 * {
 *   "format": "tagsim-state",
 *   "version": 1,
 *   "scene": "Sorting by Height (Basic)",
 *   "savedAt": "2026-11-22T10:15:00.000Z",
 *   "tags": [
 *     { "id": "…", "name": "Load", "kind": "Output", "type": "Bit",
 *       "raw": true, "forced": false, "forcedValue": false, "failure": "alwaysOn" }
 *   ]
 * }
 * ```
 *
 * Tags are matched by id; name, kind and type are there for people reading the file, and the type
 * guards against applying a value to a tag that changed type since.
 */

export { SNAPSHOT_FORMAT, SNAPSHOT_FORMAT_VERSION };
export const SNAPSHOT_FILE_EXTENSION = '.tagsim-state.json';

/** One tag's saved state. */
export interface SnapshotTag {
  id: string;
  name: string;
  kind: TagKind;
  type: TagType;
  /** The value under any force or failure (what the plant or a controller last set). */
  raw: TagValue;
  forced: boolean;
  /** Kept when the force is released, as the simulator does. */
  forcedValue: TagValue;
  failure: TagFailure;
}

export interface RuntimeSnapshot {
  /** The scene it was taken from (informative: tags are matched by id). */
  scene: string;
  /** ISO 8601 time it was taken. */
  savedAt?: string;
  tags: SnapshotTag[];
}

/** What saving a snapshot gives: the file's name and text (for a download), and where it went. */
export type SnapshotSaveOutcome =
  | { ok: true; fileName: string; content: string; path?: string }
  | { ok: false; reason: 'error'; message: string };

/** What restoring a snapshot did; nothing changed when it was refused. */
export type SnapshotRestoreOutcome =
  | {
      ok: true;
      /** Tags that took their saved state. */
      restored: number;
      /** One line each: tags of the file not in the scene, tags of the scene not in the file. */
      notes: string[];
    }
  | { ok: false; reason: 'invalid'; problems: string[] }
  | { ok: false; reason: 'error'; message: string };

/** Takes a snapshot of tag states as `TagEngine.listTagStates()` gives them. */
export function captureSnapshot(
  sceneName: string,
  states: readonly TagState[],
  savedAt?: Date,
): RuntimeSnapshot {
  return {
    scene: sceneName,
    ...(savedAt ? { savedAt: savedAt.toISOString() } : {}),
    tags: states.map((t) => ({
      id: t.id,
      name: t.name,
      kind: t.kind,
      type: t.type,
      raw: t.raw,
      forced: t.isForced,
      forcedValue: t.forcedValue,
      failure: t.shortCircuit ? 'alwaysOn' : t.openCircuit ? 'alwaysOff' : 'none',
    })),
  };
}

/** The file's text: one tag a line, so that a diff of two snapshots reads well. */
export function serializeSnapshot(snapshot: RuntimeSnapshot): string {
  const head = {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_FORMAT_VERSION,
    scene: snapshot.scene,
    ...(snapshot.savedAt ? { savedAt: snapshot.savedAt } : {}),
  };
  const fields = Object.entries(head).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)},`);
  const tags = snapshot.tags.map((t) => {
    const ordered: SnapshotTag = {
      id: t.id,
      name: t.name,
      kind: t.kind,
      type: t.type,
      raw: t.raw,
      forced: t.forced,
      forcedValue: t.forcedValue,
      failure: t.failure,
    };
    return `    ${JSON.stringify(ordered)}`;
  });
  const list = tags.length === 0 ? '  "tags": []' : `  "tags": [\n${tags.join(',\n')}\n  ]`;
  return `{\n${fields.join('\n')}\n${list}\n}\n`;
}

/** Reads a snapshot file's text, or throws a ValidationError with every problem and its place. */
export function parseSnapshot(text: string, source?: string): RuntimeSnapshot {
  const parsed = parseJsonText(text);
  if (!parsed.ok)
    throw new ValidationError([{ path: '(file)', message: parsed.message }], source, 'state snapshot');
  return snapshotFromJson(parsed.value, source);
}

/** A snapshot from JSON already parsed (a request body), checked as parseSnapshot checks a file. */
export function snapshotFromJson(json: unknown, source?: string): RuntimeSnapshot {
  const fail = (problems: PlacedProblem[]) => new ValidationError(problems, source, 'state snapshot');
  if (!isRecord(json)) throw fail([{ path: '(file)', message: 'a state snapshot is a JSON object' }]);
  // Its shape (snapshot-schema.ts); then what a schema cannot say: a tag's values for its type,
  // the date, ids unique (among the tags that have no problem of their own).
  const found = shapeProblems(SNAPSHOT_SHAPE, json);
  const savedAt = json['savedAt'];
  if (savedAt !== undefined && (typeof savedAt !== 'string' || Number.isNaN(Date.parse(savedAt))))
    found.push({
      at: ['savedAt'],
      message: `must be a date and time like "2026-01-31T08:00:00.000Z"; got ${show(savedAt)}`,
    });
  const rawTags = json['tags'];
  const tags: SnapshotTag[] = [];
  if (Array.isArray(rawTags)) {
    rawTags.forEach((raw, i) => found.push(...valueProblems(raw, i)));
    const failed = new Set(found.filter((p) => p.at[0] === 'tags' && p.at.length > 1).map((p) => p.at[1]));
    const ids = new Map<string, number>();
    rawTags.forEach((raw, i) => {
      if (failed.has(i)) return;
      const tag = snapshotTag(raw as Record<string, unknown>);
      const first = ids.get(tag.id);
      if (first !== undefined)
        found.push({ at: ['tags', i, 'id'], message: `'${tag.id}' is already the id of tags[${first}]` });
      else ids.set(tag.id, i);
      tags.push(tag);
    });
  }
  if (found.length > 0) throw fail(placeProblems(SNAPSHOT_SHAPE, json, '', found));
  return {
    scene: json['scene'] as string,
    ...(typeof savedAt === 'string' ? { savedAt } : {}),
    tags,
  };
}

/** A tag's values that do not suit its type (once its type is one). */
function valueProblems(raw: unknown, i: number): Problem[] {
  if (!isRecord(raw) || !(TAG_TYPES as readonly unknown[]).includes(raw['type'])) return [];
  const typed = raw['type'] as TagType;
  return (['raw', 'forcedValue'] as const)
    .filter((field) => !fitsType(typed, raw[field]))
    .map((field) => ({
      at: ['tags', i, field],
      message: `must be ${VALUE_WORDS[typed]} for a ${typed} tag; got ${show(raw[field])}`,
    }));
}

/** A tag of the snapshot that has no problem, as TagSim holds it. */
function snapshotTag(raw: Record<string, unknown>): SnapshotTag {
  const { id, name, kind, type, raw: value, forced, forcedValue, failure } = raw;
  return {
    id: (id as string).trim(),
    name: name as string,
    kind: kind as TagKind,
    type: type as TagType,
    raw: value as TagValue,
    forced: forced as boolean,
    forcedValue: forcedValue as TagValue,
    failure: failure as TagFailure,
  };
}

const VALUE_WORDS: Readonly<Record<TagType, string>> = {
  Bit: 'true or false',
  Int: 'a 32-bit whole number',
  Float: 'a number that fits a 32-bit float',
};

/** True for a value a tag of `type` can hold exactly, as a snapshot stores it. */
export function fitsType(type: TagType, value: unknown): boolean {
  switch (type) {
    case 'Bit':
      return typeof value === 'boolean';
    case 'Int':
      return typeof value === 'number' && Number.isInteger(value) && value >= INT32_MIN && value <= INT32_MAX;
    case 'Float':
      return typeof value === 'number' && Number.isFinite(toFloat32(value));
  }
}
