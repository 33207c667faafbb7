// A built-in scene is exactly a scene file the product ships (issue 35): its reference tags and
// its plant's two fields, `behaviours` and `layout`, written with the scene-file writer, read back
// with the reader, valid against the published JSON Schema, and drawn and run the same, even
// under another name, where nothing is lent by name.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { builtinPlant, SCENES_WITH_PLANTS } from '../../shared/scenes/builtin/builtin-plants.js';
import { BUILTIN_SCENE_NAMES, builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { parseSceneFile, serializeScene } from '../../shared/scenes/scene-file.js';
import { layoutScene, sceneBehaviours } from '../../shared/scenes/scene-plant.js';
import { SCENE_SCHEMA_FILE } from '../../shared/scenes/scene-schema.js';

const schemaPath = fileURLToPath(new URL(`../../${SCENE_SCHEMA_FILE}`, import.meta.url));
const validate = new Ajv({ allErrors: true, strict: true, strictTypes: false }).compile(
  JSON.parse(readFileSync(schemaPath, 'utf8')) as object,
);

describe('the built-in plants (shared/scenes/builtin/)', () => {
  it('every built-in scene has one, and a name that is no built-in scene has none', () => {
    expect([...SCENES_WITH_PLANTS].sort()).toEqual([...BUILTIN_SCENE_NAMES].sort());
    expect(builtinPlant('From A to B, my copy')).toBeUndefined();
  });

  it.each(BUILTIN_SCENE_NAMES.map((n) => [n]))('%s is a scene file the product ships', (name) => {
    const plant = builtinPlant(name)!;
    const builtin = builtinScene(name)!;
    const text = serializeScene({ ...builtin, ...plant });
    const json = JSON.parse(text) as Record<string, unknown>;
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(Object.keys(json)).toEqual(expect.arrayContaining(['behaviours', 'layout']));

    const back = parseSceneFile(text);
    expect(back.behaviours).toEqual(plant.behaviours);
    expect(back.layout).toEqual(plant.layout);
    expect(sceneBehaviours(back)).toEqual({ behaviours: plant.behaviours, source: 'scene' });
    expect(layoutScene(back)).toEqual(layoutScene(builtin));

    // Renamed, the file lends nothing by name: it carries its whole plant.
    const renamed = parseSceneFile(serializeScene({ ...back, name: `${name}, shipped` }));
    expect(layoutScene(renamed)).toEqual({ ...layoutScene(builtin), scene: `${name}, shipped` });
    expect(sceneBehaviours(renamed).behaviours).toEqual(plant.behaviours);
  });
});
