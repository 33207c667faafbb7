// A built-in scene is exactly a scene file the product ships (issue 35): the scene object
// builtinScene gives, its reference tags and its plant's two fields, `behaviours` and `layout`,
// written with the scene-file writer and read back unchanged, within the file limits, valid
// against the published JSON Schema, and drawn and run the same, even under another name, where
// nothing is lent by name.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { builtinPlant, SCENES_WITH_PLANTS } from '../../shared/scenes/builtin/builtin-plants.js';
import { BUILTIN_SCENE_NAMES, builtinScene } from '../../shared/scenes/builtin-scenes.js';
import { parseSceneFile, serializeScene } from '../../shared/scenes/scene-file.js';
import { layoutScene, sceneBehaviours } from '../../shared/scenes/scene-plant.js';
import { SCENE_SCHEMA_FILE } from '../../shared/scenes/scene-schema.js';
import { MAX_SCENE_FILE_BYTES } from '../../shared/scenes/file-limits.js';
import { layoutPlant } from '../../shared/plant/layout.js';

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
    // The built-in scene object itself: its tags and its plant's two fields, nothing lent by name.
    expect(builtin.behaviours).toEqual(plant.behaviours);
    expect(builtin.layout).toEqual(plant.layout);
    const text = serializeScene(builtin);
    expect(text.length).toBeLessThan(MAX_SCENE_FILE_BYTES);
    const json = JSON.parse(text) as Record<string, unknown>;
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(Object.keys(json)).toEqual(expect.arrayContaining(['tags', 'behaviours', 'layout']));

    const back = parseSceneFile(text);
    expect(back).toEqual(builtin);
    expect(serializeScene(back)).toBe(text);
    expect(sceneBehaviours(back)).toEqual({ behaviours: plant.behaviours, source: 'scene' });
    expect(layoutScene(back)).toEqual(layoutScene(builtin));
    // The drawing is the one the plant's own layout gives (what the scene lent by name before).
    expect(layoutScene(builtin)).toEqual(layoutPlant(builtin, plant.layout));

    // Renamed, the file lends nothing by name: it carries its whole plant.
    const renamed = parseSceneFile(serializeScene({ ...back, name: `${name}, shipped` }));
    expect(layoutScene(renamed)).toEqual({ ...layoutScene(builtin), scene: `${name}, shipped` });
    expect(sceneBehaviours(renamed).behaviours).toEqual(plant.behaviours);
  });
});
