import { type TSchema, Type } from '@sinclair/typebox';
import { findTag, TagIndex, TagRefSchema, type TagRef } from '../conditions/tag-refs.js';
import type { TagDefinition } from '../core/tag-types.js';
import type { ConveyorPlacement, PartKind, PartRole, PlacementHints } from '../plant/plant-types.js';
import { toJsonSchema } from '../schema/json-schema.js';
import { shapeProblems } from '../schema/shape-check.js';
import { says } from '../schema/shape-hints.js';
import { placeOf, placeProblems, type Shape } from '../schema/shape-paths.js';
import type { Behaviour } from '../sim/behaviour-types.js';
import { isConveyor } from '../sim/behaviour-types.js';
import { kindOf, show } from '../problems/json-words.js';
import type { PlacedProblem } from '../problems/problem-list.js';

// The optional `layout` field of a scene file (issue 23): where the Plant view draws the parts
// of the scene's plant (shared/plant/plant-types.ts, PlacementHints). Described once, as the
// behaviours are: validateLayout checks a file's field against it with the words of its hints,
// and layoutJsonSchema writes it out for editors. What needs the scene (a conveyor of its plant,
// a tag of its tags) only validateLayout checks.

/** Metres from the origin a drawing may reach: far beyond any plant, short of absurd. */
export const MAX_LAYOUT_METRES = 10_000;
/** Most machines and conveyors a layout places, and tags one machine shows. */
export const MAX_LAYOUT_PARTS = 500;
export const MAX_PART_TAGS = 64;
const MAX_LABEL = 200;

const PART_KINDS = [
  'tank',
  'axis',
  'crane',
  'elevator',
  'scale',
  'vision',
  'pusher',
  'station',
  'turntable',
] as const satisfies readonly PartKind[];
const PART_ROLES = [
  'level',
  'fill',
  'drain',
  'setpoint',
  'flow',
  'position',
  'target',
  'moving',
  'command',
  'grab',
  'reading',
  'detected',
  'lamp',
  'switch',
  'drive',
] as const satisfies readonly PartRole[];
type Look = NonNullable<ConveyorPlacement['look']>;
const LOOKS = ['belt', 'rollers', 'ramp', 'path'] as const satisfies readonly Look[];
// Every kind, role and look of plant-types.ts is listed (a new one there is a type error here).
type Lists<T, L extends readonly unknown[]> = [Exclude<T, L[number]>] extends [never] ? true : never;
const listed: [
  Lists<PartKind, typeof PART_KINDS>,
  Lists<PartRole, typeof PART_ROLES>,
  Lists<Look, typeof LOOKS>,
] = [true, true, true];
void listed;

const closed = { additionalProperties: false } as const;
const optional = Type.Optional;
const oneOf = (options: readonly string[]) =>
  says(Type.Union(options.map((o) => Type.Literal(o))), {
    invalid: (v) => `must be one of ${options.join(', ')}; got ${show(v)}`,
  });
const metres = () =>
  says(Type.Number({ minimum: -MAX_LAYOUT_METRES, maximum: MAX_LAYOUT_METRES }), {
    invalid: (v) =>
      `must be a number of metres from -${MAX_LAYOUT_METRES} to ${MAX_LAYOUT_METRES}; got ${show(v)}`,
    missing: 'is missing: a number of metres',
  });
const size = () =>
  says(Type.Number({ exclusiveMinimum: 0, maximum: MAX_LAYOUT_METRES }), {
    invalid: (v) => `must be a number of metres above 0 and at most ${MAX_LAYOUT_METRES}; got ${show(v)}`,
    missing: 'is missing: a number of metres above 0',
  });
const objectOf = (fields: string) => (v: unknown) => `must be an object ${fields}; got ${kindOf(v)}`;

const ConveyorPlacementSchema = says(
  Type.Object(
    {
      x: metres(),
      y: metres(),
      angle: optional(
        says(Type.Number({ minimum: -360, maximum: 360 }), {
          invalid: (v) => `must be degrees from -360 to 360 (clockwise from the right); got ${show(v)}`,
        }),
      ),
      width: optional(size()),
      drawnLength: optional(size()),
      look: optional(oneOf(LOOKS)),
    },
    { ...closed, description: "Where a conveyor's start is and where it points (metres, degrees)." },
  ),
  { invalid: objectOf('{x, y, angle, width, drawnLength, look}') },
);

const partLabel = () =>
  says(Type.String({ pattern: '\\S', maxLength: MAX_LABEL }), {
    invalid: (v) => `must be a non-empty name of at most ${MAX_LABEL} characters; got ${show(v)}`,
  });
/** Conveyors of the plant a machine rides or carries, by name. */
const conveyorNames = () =>
  says(Type.Array(Type.String({ maxLength: MAX_LABEL }), { maxItems: MAX_LAYOUT_PARTS }), {
    invalid: (v) => `must be an array of at most ${MAX_LAYOUT_PARTS} conveyor names; got ${kindOf(v)}`,
  });

const PartHintSchema = says(
  Type.Object(
    {
      part: oneOf(PART_KINDS),
      label: partLabel(),
      x: metres(),
      y: metres(),
      width: size(),
      height: size(),
      axis: optional(oneOf(['x', 'y', 'z'])),
      simulated: optional(
        says(
          Type.Boolean({ description: 'false: the plant does not move it; its tags are left to the user.' }),
          {
            invalid: (v) => `must be true or false; got ${show(v)}`,
          },
        ),
      ),
      tags: says(
        Type.Array(
          says(Type.Object({ tag: Type.Ref('TagRef'), role: oneOf(PART_ROLES) }, closed), {
            invalid: objectOf('{tag, role}'),
          }),
          { maxItems: MAX_PART_TAGS },
        ),
        { invalid: (v) => `must be an array of at most ${MAX_PART_TAGS} {tag, role}; got ${kindOf(v)}` },
      ),
      tracks: optional(conveyorNames()),
      carries: optional(conveyorNames()),
      on: optional(partLabel()),
    },
    { ...closed, description: 'A machine that is not a conveyor: a tank, an axis, an elevator...' },
  ),
  { invalid: objectOf('{part, label, x, y, width, height, axis, tags, simulated, tracks, carries, on}') },
);

const LayoutSchema = says(
  Type.Object(
    {
      conveyors: optional(
        says(Type.Record(Type.String(), ConveyorPlacementSchema, { maxProperties: MAX_LAYOUT_PARTS }), {
          invalid: (v) =>
            `must be an object of at most ${MAX_LAYOUT_PARTS} conveyors by name, each {x, y, ...}; got ${kindOf(v)}`,
        }),
      ),
      parts: optional(
        says(Type.Array(PartHintSchema, { maxItems: MAX_LAYOUT_PARTS }), {
          invalid: (v) => `must be an array of at most ${MAX_LAYOUT_PARTS} machines; got ${kindOf(v)}`,
        }),
      ),
      panel: optional(
        says(
          Type.Object(
            {
              x: metres(),
              y: metres(),
              tags: optional(
                says(Type.Array(Type.Ref('TagRef'), { maxItems: MAX_PART_TAGS }), {
                  invalid: (v) => `must be an array of at most ${MAX_PART_TAGS} tags; got ${kindOf(v)}`,
                }),
              ),
            },
            closed,
          ),
          { invalid: objectOf('{x, y, tags}') },
        ),
      ),
    },
    {
      ...closed,
      description:
        'Where the Plant view draws the scene\'s plant (docs/scenes.md, "Layout"); without it the drawing follows the conveyor graph.',
    },
  ),
  { invalid: objectOf('{conveyors, parts, panel}') },
);

const LAYOUT_SHAPE: Shape = { schema: LayoutSchema, refs: [TagRefSchema] };

/**
 * Checks a scene file's `layout` against its shape, then against the `scene` when given: each
 * conveyor it places must be one of the plant's (`behaviours`: the file's own, or the built-in's
 * it borrows) and each tag a machine shows must be one of `tags`. Every problem with its place
 * (`layout.parts[1].tags[0].tag: ...`); the layout only when there is none.
 */
export function validateLayout(
  json: unknown,
  scene: { tags: readonly TagDefinition[]; behaviours: readonly Behaviour[] } | undefined,
): { layout?: PlacementHints; problems: PlacedProblem[] } {
  const found = shapeProblems(LAYOUT_SHAPE, json);
  if (found.length > 0) return { problems: placeProblems(LAYOUT_SHAPE, json, 'layout', found) };
  const layout = json as PlacementHints;
  if (!scene) return { problems: [] };
  const { tags, behaviours } = scene;
  const problems: PlacedProblem[] = [];
  const at = (...segments: (string | number)[]) => placeOf(LAYOUT_SHAPE, json, 'layout', segments);
  const conveyors = behaviours.filter(isConveyor).map((c) => c.conveyor);
  for (const name of Object.keys(layout.conveyors ?? {}))
    if (!conveyors.includes(name))
      problems.push({ path: at('conveyors', name), message: noConveyor(name, conveyors) });
  const index = new TagIndex(tags);
  const labels = (layout.parts ?? []).map((p) => p.label);
  (layout.parts ?? []).forEach((part, i) => {
    part.tags.forEach(({ tag }, j) => {
      const resolved = findTag(tag as TagRef, index, undefined);
      if (!resolved.ok) problems.push({ path: at('parts', i, 'tags', j, 'tag'), message: resolved.message });
    });
    for (const field of ['tracks', 'carries'] as const)
      (part[field] ?? []).forEach((name, j) => {
        if (!conveyors.includes(name))
          problems.push({ path: at('parts', i, field, j), message: noConveyor(name, conveyors) });
      });
    if (part.on !== undefined && (part.on === part.label || !labels.includes(part.on)))
      problems.push({
        path: at('parts', i, 'on'),
        message: `names no other machine of this layout ('${part.on}'; machines: ${labels.map((l) => `'${l}'`).join(', ')})`,
      });
  });
  (layout.panel?.tags ?? []).forEach((tag, j) => {
    const resolved = findTag(tag, index, undefined);
    if (!resolved.ok) problems.push({ path: at('panel', 'tags', j), message: resolved.message });
  });
  return problems.length > 0 ? { problems } : { layout, problems };
}

function noConveyor(name: string, conveyors: readonly string[]): string {
  const known = conveyors.map((n) => `'${n}'`).join(', ');
  return `no conveyor of this scene's plant is named '${name}' (conveyors: ${known || 'none'})`;
}

/** The JSON Schema (draft-07) of the `layout` field; its tag references use the behaviours' TagRef. */
export function layoutJsonSchema(): object {
  return toJsonSchema(LayoutSchema as TSchema, { TagRef: 'behaviourTagRef' });
}
