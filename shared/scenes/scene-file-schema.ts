import { type TSchema, Type } from '@sinclair/typebox';
import { ADDRESS_SPACE_SIZE, FIRST_RESERVED_ADDRESS } from '../core/address-space.js';
import { INT32_MAX, INT32_MIN } from '../core/convert.js';
import { FLOAT32_MAX } from '../core/float32.js';
import { SYSTEM_TAGS } from '../core/system-tags.js';
import { TAG_KINDS, TAG_TYPES, type TagType } from '../core/tag-types.js';
import { says } from '../schema/shape-hints.js';
import type { Shape } from '../schema/shape-paths.js';
import { kindOf, ownValue, show } from '../problems/json-words.js';

// The shape of a scene file, described once (TypeBox): validateSceneJson checks a file against
// it with the words of its hints, and scene-schema.ts writes it out as the JSON Schema editors
// use. The `allOf` parts are for editors only (TypeBox checks leave them be): what depends on a
// tag's type (address ranges, values, min and max), spans tags (unique ids and addresses, a
// system tag twice) or compares fields only scene-tags.ts checks, in words a schema has not.

/** The `format` of every TagSim scene file. */
export const SCENE_FORMAT = 'tagsim-scene';
/** The newest version this TagSim reads and the one it writes. */
export const SCENE_FORMAT_VERSION = 1;
/** Most tags a scene holds: every address of both kinds and all three types, with room to spare. */
export const MAX_SCENE_TAGS = 4096;

/** What people often write instead of the types of the format. */
const TYPE_ALIASES: Readonly<Record<string, TagType>> = {
  bool: 'Bit',
  boolean: 'Bit',
  integer: 'Int',
  dint: 'Int',
  real: 'Float',
  single: 'Float',
  double: 'Float',
};

const VALUE_SCHEMA: Readonly<Record<TagType, object>> = {
  Bit: { type: 'boolean' },
  Int: { type: 'integer', minimum: INT32_MIN, maximum: INT32_MAX },
  Float: { type: 'number', minimum: -FLOAT32_MAX, maximum: FLOAT32_MAX },
};

const nonBlank = (description: string, invalid: (value: unknown) => string) =>
  says(Type.String({ pattern: '\\S', description }), { invalid });

const kind = says(
  Type.Union(
    TAG_KINDS.map((k) => Type.Literal(k)),
    { description: "From the controller's point of view." },
  ),
  {
    invalid: (value) => {
      const folded = TAG_KINDS.find(
        (k) => typeof value === 'string' && k.toLowerCase() === value.toLowerCase(),
      );
      return `must be Input or Output; got ${show(value)}${folded ? ` (write "${folded}": letter case matters)` : ''}`;
    },
  },
);

const type = says(Type.Union(TAG_TYPES.map((t) => Type.Literal(t))), {
  invalid: (value) => {
    const lower = typeof value === 'string' ? value.toLowerCase() : undefined;
    const folded =
      lower === undefined
        ? undefined
        : (TAG_TYPES.find((t) => t.toLowerCase() === lower) ?? ownValue(TYPE_ALIASES, lower));
    return `must be Bit, Int or Float; got ${show(value)}${folded ? ` (write "${folded}")` : ''}`;
  },
});

/** Per type: the address range, the initial value, min and max (editors; scene-tags.ts checks). */
const perType = TAG_TYPES.map((t) => ({
  if: { properties: { type: { const: t } }, required: ['type'] },
  then: {
    properties: {
      address: { maximum: ADDRESS_SPACE_SIZE[t] - 1 },
      initial: VALUE_SCHEMA[t],
      forcedValue: VALUE_SCHEMA[t],
      ...(t === 'Bit' ? { min: false, max: false } : { min: VALUE_SCHEMA[t], max: VALUE_SCHEMA[t] }),
    },
  },
}));
/** The system tags' fixed type and address. */
const systemShape = SYSTEM_TAGS.map((s) => ({
  if: { properties: { name: { const: s.name }, kind: { const: s.kind } }, required: ['name', 'kind'] },
  then: { properties: { type: { const: s.type }, address: { const: s.address } } },
}));
/** Outside the system tags, an address stays below its type's reserved range. */
const reserved = TAG_TYPES.map((t) => ({
  if: { properties: { type: { const: t } }, required: ['type'] },
  then: {
    anyOf: [
      { properties: { address: { maximum: FIRST_RESERVED_ADDRESS[t] - 1 } } },
      ...SYSTEM_TAGS.filter((s) => s.type === t).map((s) => ({
        properties: { name: { const: s.name }, kind: { const: s.kind } },
        required: ['name', 'kind'],
      })),
    ],
  },
}));

/** A tag of a scene file. */
export const TagFileSchema = Type.Object(
  {
    id: nonBlank(
      'Stable id that clients keep (a GUID is usual).',
      (v) => `must be a non-empty string (a GUID is usual); got ${show(v)}`,
    ),
    name: nonBlank(
      'Name as the API shows it; need not be unique.',
      (v) => `must be a non-empty string, the tag's name; got ${show(v)}`,
    ),
    kind,
    type,
    address: says(
      Type.Integer({
        minimum: 0,
        description: `Unique within its (kind, type). Bit 0-${FIRST_RESERVED_ADDRESS.Bit - 1}, Int and Float 0-${FIRST_RESERVED_ADDRESS.Int - 1}; the rest is reserved for the system tags.`,
      }),
      {
        invalid: (v) => `must be a whole number; got ${show(v)}`,
        // Below 0: "is outside the Int range 0-...", which needs the tag's type (scene-tags.ts).
        toldElsewhere: (v) => Number.isInteger(v),
      },
    ),
    // Their rules depend on the tag's type: scene-tags.ts tells them.
    initial: Type.Optional(
      says(
        Type.Union([Type.Boolean(), Type.Number()], {
          description:
            'Value at start: true/false for a Bit, a whole number for an Int, a number for a Float.',
        }),
        { toldElsewhere: () => true },
      ),
    ),
    min: Type.Optional(
      says(Type.Number({ description: 'Range minimum (Int and Float).' }), { toldElsewhere: () => true }),
    ),
    max: Type.Optional(
      says(Type.Number({ description: 'Range maximum (Int and Float); Always On shows it.' }), {
        toldElsewhere: () => true,
      }),
    ),
    description: Type.Optional(says(Type.String(), { invalid: (v) => `must be a string; got ${kindOf(v)}` })),
    // The state it starts in, as a saved scene of the simulator keeps it (docs/scenes.md).
    forced: Type.Optional(
      says(Type.Boolean({ description: 'Starts forced (to forcedValue).' }), {
        invalid: (v) => `must be true or false; got ${show(v)}`,
      }),
    ),
    forcedValue: Type.Optional(
      says(
        Type.Union([Type.Boolean(), Type.Number()], {
          description:
            'The value a force applies (kept after a release); default OFF. Same rules as initial.',
        }),
        { toldElsewhere: () => true },
      ),
    ),
    failure: Type.Optional(
      says(
        Type.Union([Type.Literal('alwaysOff'), Type.Literal('alwaysOn')], {
          description: 'Starts failed: alwaysOff (open circuit) or alwaysOn (short circuit).',
        }),
        { invalid: (v) => `must be alwaysOff or alwaysOn (leave it out for none); got ${show(v)}` },
      ),
    ),
  },
  { $id: 'Tag', additionalProperties: false, allOf: [...perType, ...reserved, ...systemShape] },
);
says(TagFileSchema, { invalid: (v) => `must be an object; got ${kindOf(v)}`, knownLabel: 'known fields' });

/** A scene file; `behaviours`, `layout` and `drivers` but their outline (their own schemas check them). */
export const SceneFileSchema = says(
  Type.Object(
    {
      $schema: Type.Optional(Type.String({ description: 'Where editors find this schema.' })),
      format: says(Type.Literal(SCENE_FORMAT, { description: 'Marks a TagSim scene file.' }), {
        invalid: (v) => `must be "${SCENE_FORMAT}"; got ${show(v)} (is this a TagSim scene file?)`,
      }),
      version: says(
        Type.Literal(SCENE_FORMAT_VERSION, {
          description: `Version of the format; this TagSim reads and writes ${SCENE_FORMAT_VERSION}.`,
        }),
        {
          invalid: (v) =>
            typeof v === 'number' && Number.isInteger(v) && v > SCENE_FORMAT_VERSION
              ? `${v} is newer than this TagSim reads (${SCENE_FORMAT_VERSION}); update TagSim`
              : `must be ${SCENE_FORMAT_VERSION}; got ${show(v)}`,
        },
      ),
      name: nonBlank(
        "The scene's name, as TagSim shows it.",
        () => "must be a non-empty string, the scene's name",
      ),
      description: Type.Optional(says(Type.String(), { invalid: () => 'must be a string' })),
      tags: says(
        Type.Array(Type.Ref('Tag'), {
          maxItems: MAX_SCENE_TAGS,
          description:
            'The tags in listing order. Ids and the addresses of each (kind, type) are unique; every system tag appears once.',
          allOf: SYSTEM_TAGS.map((s) => ({
            contains: {
              properties: { name: { const: s.name }, kind: { const: s.kind } },
              required: ['name', 'kind'],
            },
            description: `The system tag '${s.name}' (${s.kind} ${s.type} ${s.address}) is in every scene.`,
          })),
        }),
        {
          invalid: (v) =>
            Array.isArray(v)
              ? `has ${v.length} tags; a scene holds at most ${MAX_SCENE_TAGS}`
              : `must be an array of tags; got ${kindOf(v)}`,
        },
      ),
      behaviours: Type.Optional(Type.Unknown()),
      layout: Type.Optional(Type.Unknown()),
      drivers: Type.Optional(Type.Unknown()),
    },
    { additionalProperties: false },
  ),
  { invalid: (v) => `a scene file is a JSON object; got ${kindOf(v)}`, knownLabel: 'known fields' },
);

/** The scene file's shape, as shape-check takes it. */
export const SCENE_FILE_SHAPE: Shape = { schema: SceneFileSchema, refs: [TagFileSchema as TSchema] };
