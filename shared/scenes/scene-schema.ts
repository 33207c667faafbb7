import { toJsonSchema } from '../schema/json-schema.js';
import { behavioursJsonSchema } from '../sim/behaviours-schema.js';
import { SceneFileSchema, TagFileSchema } from './scene-file-schema.js';
import { layoutJsonSchema } from './scene-layout.js';
import { driversJsonSchema } from '../drivers/driver-settings.js';

/** Where the schema lives in the repository, next to this module. */
export const SCENE_SCHEMA_FILE = 'shared/scenes/tagsim-scene.schema.json';

/**
 * The JSON Schema (draft-07, which every editor understands) of a scene file, written out from
 * the very TypeBox schema the validator checks files with (scene-file-schema.ts), so the two
 * cannot drift; `tagsim-scene.schema.json` is this object written out (a test keeps them equal).
 *
 * It catches what a schema can: fields, types, kinds, the format and version, address ranges
 * per type, the reserved range, the system tags' fixed shape and their presence, and the shape of
 * the behaviours and the layout. What spans tags (unique ids, unique addresses, a system tag
 * twice), compares fields (min <= max, initial in range) or needs the tags (a behaviour's tag
 * exists, is an Input, has the right type) only TagSim's own validator checks.
 */
export function sceneJsonSchema(): Record<string, unknown> {
  const behaviours = behavioursJsonSchema();
  const names = { Tag: 'tag' };
  const file = enums(toJsonSchema(SceneFileSchema, names)) as { properties: Record<string, unknown> };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://tagsim.example/schemas/tagsim-scene.schema.json',
    title: 'TagSim scene file',
    description:
      'A scene for TagSim, the stand-in for the FACTORY I/O Web API: its tags with ids, names, kinds, types and addresses. See docs/scenes.md.',
    ...file,
    // The file's schema checks only their outline; their own schemas are written out here.
    properties: {
      ...file.properties,
      behaviours: behaviours.property,
      layout: layoutJsonSchema(),
      drivers: driversJsonSchema(),
    },
    definitions: { ...behaviours.definitions, tag: enums(toJsonSchema(TagFileSchema, names)) },
  };
}

/** A choice among strings as editors list it best: `{"enum": [...]}` rather than `anyOf` consts. */
function enums(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(enums);
  if (typeof node !== 'object' || node === null) return node;
  const { anyOf, ...rest } = node as Record<string, unknown>;
  const consts = Array.isArray(anyOf) ? anyOf.map((o) => (o as { const?: unknown }).const) : [];
  if (consts.length > 0 && consts.every((c) => typeof c === 'string')) return { ...rest, enum: consts };
  const out = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, enums(v)]));
  return anyOf === undefined ? out : { ...out, anyOf: enums(anyOf) };
}
