import { Type } from '@sinclair/typebox';
import { parseJsonText } from '../scenes/json-text.js';
import { kindOf, listKindOf } from '../scenes/json-words.js';
import { SceneValidationError } from '../scenes/scene-problems.js';
import { shapeProblems } from '../schema/shape-check.js';
import { says } from '../schema/shape-hints.js';
import { placeProblems, type Shape } from '../schema/shape-paths.js';
import { MAX_STATIONS } from './lab-plan.js';

/** One station of a lab file: the scene its student works on, and a label for the dashboard. */
export interface LabStationPlan {
  /** A built-in scene's name or a scene file; the default scene when absent. */
  readonly scene?: string;
  readonly label?: string;
}

/** A lab file: `{"stations": [{"scene": "Filling Tank", "label": "Bench 1"}, ...]}`. */
export interface LabFile {
  readonly stations: readonly LabStationPlan[];
}

const closed = { additionalProperties: false } as const;
const nonEmpty = (what: string) =>
  says(Type.String({ pattern: '\\S', maxLength: 200 }), {
    invalid: (v) =>
      typeof v === 'string'
        ? `must be ${what} of at most 200 characters, not blank`
        : `must be a string; got ${kindOf(v)}`,
  });

const LabFileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    stations: says(
      Type.Array(
        Type.Object(
          {
            scene: Type.Optional(nonEmpty('a built-in scene or a scene file')),
            label: Type.Optional(nonEmpty('a label')),
          },
          closed,
        ),
        { minItems: 1, maxItems: MAX_STATIONS },
      ),
      {
        invalid: (v) =>
          Array.isArray(v) && v.length > MAX_STATIONS
            ? `has ${v.length} stations; a lab has at most ${MAX_STATIONS}`
            : `must be a non-empty array of stations such as {"scene": "Filling Tank"}; got ${listKindOf(v)}`,
      },
    ),
  },
  closed,
);
const LAB_FILE_SHAPE: Shape = { schema: LabFileSchema, refs: [] };

/**
 * Reads a lab file's text. Returns the lab, or throws a SceneValidationError (what: 'lab file')
 * with every problem and its place: `stations[2].scene: must be a string; got number 3`.
 */
export function parseLabFile(text: string, source?: string): LabFile {
  const parsed = parseJsonText(text);
  const fail = (path: string, message: string) =>
    new SceneValidationError([{ path, message }], source, 'lab file');
  if (!parsed.ok) throw fail('(file)', parsed.message);
  const json = parsed.value;
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw fail('(file)', `a lab file is a JSON object such as {"stations": [...]}; got ${kindOf(json)}`);
  const problems = placeProblems(LAB_FILE_SHAPE, json, '', shapeProblems(LAB_FILE_SHAPE, json));
  if (problems.length > 0) throw new SceneValidationError(problems, source, 'lab file');
  const stations = (json as { stations: LabStationPlan[] }).stations.map((s) => ({
    ...(s.scene !== undefined ? { scene: s.scene.trim() } : {}),
    ...(s.label !== undefined ? { label: s.label.trim() } : {}),
  }));
  return { stations };
}
