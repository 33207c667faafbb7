import { ADDRESS_SPACE_SIZE, FIRST_RESERVED_ADDRESS } from '../core/address-space.js';
import { INT32_MAX, INT32_MIN } from '../core/convert.js';
import { FLOAT32_MAX } from '../core/float32.js';
import { SYSTEM_TAGS } from '../core/system-tags.js';
import { TAG_KINDS, TAG_TYPES, type TagType } from '../core/tag-types.js';
import { behavioursJsonSchema } from '../sim/behaviours-schema.js';
import { MAX_SCENE_TAGS, SCENE_FORMAT, SCENE_FORMAT_VERSION } from './scene-file.js';
import { layoutJsonSchema } from './scene-layout.js';

/** Where the schema lives in the repository, next to this module. */
export const SCENE_SCHEMA_FILE = 'shared/scenes/tagsim-scene.schema.json';

const VALUE_SCHEMA: Readonly<Record<TagType, object>> = {
  Bit: { type: 'boolean' },
  Int: { type: 'integer', minimum: INT32_MIN, maximum: INT32_MAX },
  Float: { type: 'number', minimum: -FLOAT32_MAX, maximum: FLOAT32_MAX },
};

/**
 * The JSON Schema (draft-07, which every editor understands) of a scene file, built from the very
 * constants the validator uses, so the two cannot drift; `tagsim-scene.schema.json` is this
 * object written out (a test keeps them equal).
 *
 * It catches what a schema can: fields, types, kinds, the format and version, address ranges
 * per type, the reserved range, the system tags' fixed shape and their presence, and the shape of
 * the behaviours. What spans tags (unique ids, unique addresses, a system tag twice), compares
 * fields (min <= max, initial in range) or needs the tags (a behaviour's tag exists, is an Input,
 * has the right type) only TagSim's own validator checks.
 */
export function sceneJsonSchema(): Record<string, unknown> {
  const behaviours = behavioursJsonSchema();
  const perType = TAG_TYPES.map((type) => ({
    if: { properties: { type: { const: type } }, required: ['type'] },
    then: {
      properties: {
        address: { maximum: ADDRESS_SPACE_SIZE[type] - 1 },
        initial: VALUE_SCHEMA[type],
        ...(type === 'Bit'
          ? { min: false, max: false }
          : { min: VALUE_SCHEMA[type], max: VALUE_SCHEMA[type] }),
      },
    },
  }));
  const systemShape = SYSTEM_TAGS.map((s) => ({
    if: {
      properties: { name: { const: s.name }, kind: { const: s.kind } },
      required: ['name', 'kind'],
    },
    then: { properties: { type: { const: s.type }, address: { const: s.address } } },
  }));
  // Outside the system tags, an address stays below its type's reserved range.
  const reserved = TAG_TYPES.map((type) => ({
    if: { properties: { type: { const: type } }, required: ['type'] },
    then: {
      anyOf: [
        { properties: { address: { maximum: FIRST_RESERVED_ADDRESS[type] - 1 } } },
        ...SYSTEM_TAGS.filter((s) => s.type === type).map((s) => ({
          properties: { name: { const: s.name }, kind: { const: s.kind } },
          required: ['name', 'kind'],
        })),
      ],
    },
  }));
  const nonBlank = { type: 'string', pattern: '\\S' };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://tagsim.example/schemas/tagsim-scene.schema.json',
    title: 'TagSim scene file',
    description:
      'A scene for TagSim, the stand-in for the FACTORY I/O Web API: its tags with ids, names, kinds, types and addresses. See docs/scenes.md.',
    type: 'object',
    required: ['format', 'version', 'name', 'tags'],
    additionalProperties: false,
    properties: {
      $schema: { type: 'string', description: 'Where editors find this schema.' },
      format: { const: SCENE_FORMAT, description: 'Marks a TagSim scene file.' },
      version: {
        const: SCENE_FORMAT_VERSION,
        description: `Version of the format; this TagSim reads and writes ${SCENE_FORMAT_VERSION}.`,
      },
      name: { ...nonBlank, description: "The scene's name, as TagSim shows it." },
      description: { type: 'string' },
      tags: {
        type: 'array',
        maxItems: MAX_SCENE_TAGS,
        items: { $ref: '#/definitions/tag' },
        description:
          'The tags in listing order. Ids and the addresses of each (kind, type) are unique; every system tag appears once.',
        allOf: SYSTEM_TAGS.map((s) => ({
          contains: {
            properties: { name: { const: s.name }, kind: { const: s.kind } },
            required: ['name', 'kind'],
          },
          description: `The system tag '${s.name}' (${s.kind} ${s.type} ${s.address}) is in every scene.`,
        })),
      },
      behaviours: behaviours.property,
      layout: layoutJsonSchema(),
    },
    definitions: {
      ...behaviours.definitions,
      tag: {
        type: 'object',
        required: ['id', 'name', 'kind', 'type', 'address'],
        additionalProperties: false,
        properties: {
          id: { ...nonBlank, description: 'Stable id that clients keep (a GUID is usual).' },
          name: { ...nonBlank, description: 'Name as the API shows it; need not be unique.' },
          kind: { enum: [...TAG_KINDS], description: "From the controller's point of view." },
          type: { enum: [...TAG_TYPES] },
          address: {
            type: 'integer',
            minimum: 0,
            description: `Unique within its (kind, type). Bit 0-${FIRST_RESERVED_ADDRESS.Bit - 1}, Int and Float 0-${FIRST_RESERVED_ADDRESS.Int - 1}; the rest is reserved for the system tags.`,
          },
          initial: {
            type: ['boolean', 'number'],
            description:
              'Value at start: true/false for a Bit, a whole number for an Int, a number for a Float.',
          },
          min: { type: 'number', description: 'Range minimum (Int and Float).' },
          max: { type: 'number', description: 'Range maximum (Int and Float); Always On shows it.' },
          description: { type: 'string' },
        },
        allOf: [...perType, ...reserved, ...systemShape],
      },
    },
  };
}
