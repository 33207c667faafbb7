import type { SceneDefinition } from './scene-definition.js';
import type { TagDefinition } from '../core/tag-types.js';
import type { PlacementHints } from '../plant/plant-types.js';
import type { Behaviour } from '../sim/behaviour-types.js';
import { sceneBehaviours } from './scene-plant.js';
import { validateBehaviours } from '../sim/validate-behaviours.js';
import { parseJsonText } from '../problems/json-text.js';
import { type PlacedProblem, ValidationError } from '../problems/problem-list.js';
import { isRecord, kindOf } from '../problems/json-words.js';
import { shapeProblems } from '../schema/shape-check.js';
import { placeProblems, type Problem } from '../schema/shape-paths.js';
import {
  MAX_SCENE_TAGS,
  SCENE_FILE_SHAPE,
  SceneFileSchema,
  SCENE_FORMAT,
  SCENE_FORMAT_VERSION,
} from './scene-file-schema.js';
import { crossCheckTags, tagRuleProblems } from './scene-tags.js';
import { validateLayout } from './scene-layout.js';
import { DRIVERS_SHAPE, type SceneDrivers } from '../drivers/saved-drivers.js';

export { MAX_SCENE_TAGS, SCENE_FORMAT, SCENE_FORMAT_VERSION };
/** The file name ending that marks a scene file. */
export const SCENE_FILE_EXTENSION = '.tagsim.json';

/** The fields a scene file may have at its root (`$schema` lets editors find the JSON Schema). */
export const SCENE_FILE_FIELDS: readonly string[] = Object.keys(SceneFileSchema.properties);

/**
 * Reads a scene file's text. Returns the scene, or throws a ValidationError that lists
 * every problem with its place; a file with problems is never half-loaded.
 */
export function parseSceneFile(text: string, source?: string): SceneDefinition {
  const parsed = parseJsonText(text);
  if (!parsed.ok) throw new ValidationError([{ path: '(file)', message: parsed.message }], source);
  return validateSceneJson(parsed.value, source);
}

/** Validates parsed JSON as a scene file (see parseSceneFile). */
export function validateSceneJson(json: unknown, source?: string): SceneDefinition {
  if (!isRecord(json)) {
    throw new ValidationError(
      [{ path: '(file)', message: 'a scene file is a JSON object; got ' + kindOf(json) }],
      source,
    );
  }
  // Its shape (scene-file-schema.ts), with what the tags' types rule; then what spans tags.
  const rawTags = json['tags'];
  const tagsRead = Array.isArray(rawTags) && rawTags.length <= MAX_SCENE_TAGS;
  const inTags = (p: Problem) => p.at[0] === 'tags' && p.at.length > 1;
  const shaped = shapeProblems(SCENE_FILE_SHAPE, json).filter((p) => tagsRead || !inTags(p));
  const tagProblems = [...shaped.filter(inTags), ...(tagsRead ? tagRuleProblems(rawTags) : [])];
  const place = (list: Problem[]) => placeProblems(SCENE_FILE_SHAPE, json, '', list);
  const problems: PlacedProblem[] = place(shaped.filter((p) => !inTags(p)));
  const report = (path: string, message: string) => problems.push({ path, message });
  const beforeTags = problems.length;
  problems.push(...place(tagProblems));
  const tags: TagDefinition[] = tagsRead
    ? crossCheckTags(rawTags, new Set(tagProblems.map((p) => p.at[1] as number)), report)
    : [];
  const name = json['name'];
  const description = json['description'];
  const behaviours = checkBehaviours(
    json['behaviours'],
    tags,
    tagsRead && problems.length === beforeTags,
    problems,
  );
  const layout = checkLayout(json['layout'], { name, tags, behaviours }, problems.length === 0, problems);
  const drivers = checkDrivers(json['drivers'], problems);

  if (problems.length > 0) throw new ValidationError(problems, source);
  return {
    name: (name as string).trim(),
    ...(typeof description === 'string' && description !== '' ? { description } : {}),
    tags,
    ...(behaviours.length > 0 ? { behaviours } : {}),
    ...(layout ? { layout } : {}),
    ...(drivers ? { drivers } : {}),
  };
}

/** The `drivers` of a scene file: their shape, every problem under `drivers`. */
function checkDrivers(json: unknown, problems: PlacedProblem[]): SceneDrivers | undefined {
  if (json === undefined) return undefined;
  const found = shapeProblems(DRIVERS_SHAPE, json);
  problems.push(...placeProblems(DRIVERS_SHAPE, json, 'drivers', found));
  return found.length === 0 ? (json as SceneDrivers) : undefined;
}

/**
 * Writes a scene as a version-1 file: stable field order, two-space indent, final newline. A
 * `schema` reference (a URL or a path) becomes the file's `$schema`, which editors use to check
 * and complete it.
 */
export function serializeScene(scene: SceneDefinition, options: { schema?: string } = {}): string {
  const file = {
    ...(options.schema ? { $schema: options.schema } : {}),
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
      ...(t.forced !== undefined ? { forced: t.forced } : {}),
      ...(t.min !== undefined ? { min: t.min } : {}),
      ...(t.max !== undefined ? { max: t.max } : {}),
      ...(t.description ? { description: t.description } : {}),
      ...(t.forced ? { forced: true } : {}),
      ...(t.forcedValue !== undefined ? { forcedValue: t.forcedValue } : {}),
      ...(t.failure ? { failure: t.failure } : {}),
    })),
    behaviours: scene.behaviours ?? [],
    ...(scene.layout ? { layout: scene.layout } : {}),
    ...(scene.drivers ? { drivers: scene.drivers } : {}),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/**
 * The plant of a scene file: `behaviours` checked against the tags (every problem with its place,
 * `behaviours[2].then[0].set: ...`). Only once the tags have no problem: a behaviour naming a tag
 * that was left out for its own problem would only echo it. An empty array and an absent field
 * both mean the file gives no plant of its own.
 */
function checkBehaviours(
  json: unknown,
  tags: readonly TagDefinition[],
  tagsValid: boolean,
  problems: PlacedProblem[],
): Behaviour[] {
  if (json === undefined || (Array.isArray(json) && !tagsValid)) return [];
  const checked = validateBehaviours(json, tags);
  problems.push(...checked.problems);
  return checked.behaviours;
}

/**
 * The Plant view's `layout` of a scene file (scene-layout.ts): its shape always, what it names
 * (the plant's conveyors, the scene's tags) once the rest of the file has no problem, since a
 * conveyor or tag left out for its own problem would only be named again.
 */
function checkLayout(
  json: unknown,
  scene: { name: unknown; tags: readonly TagDefinition[]; behaviours: readonly Behaviour[] },
  restValid: boolean,
  problems: PlacedProblem[],
): PlacementHints | undefined {
  if (json === undefined) return undefined;
  // The plant it places: the file's own, or the built-in's of its name that it borrows.
  const plant = () =>
    sceneBehaviours({ name: String(scene.name).trim(), tags: scene.tags, behaviours: scene.behaviours })
      .behaviours;
  const checked = validateLayout(json, restValid ? { tags: scene.tags, behaviours: plant() } : undefined);
  problems.push(...checked.problems);
  return checked.layout;
}

/**
 * The `$schema` reference of a scene file's text, if it has one, so that saving over the file
 * keeps the editor association its author added. Never throws.
 */
export function schemaReference(text: string): string | undefined {
  const parsed = parseJsonText(text);
  if (!parsed.ok || !isRecord(parsed.value)) return undefined;
  const schema = parsed.value['$schema'];
  return typeof schema === 'string' && schema !== '' ? schema : undefined;
}
