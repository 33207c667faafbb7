// The JSON Schema of scene files: the file in the repository is the one TagSim builds from its
// own constants, every built-in scene validates against it, and it rejects every broken file of
// the corpus that a schema can catch (and, so that the corpus says the truth, accepts the rest).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { SYSTEM_TAGS } from '../../shared/core/system-tags.js';
import { BUILTIN_SCENE_NAMES, builtinScene, syntheticScene } from '../../shared/scenes/builtin-scenes.js';
import { emptyScene } from '../../shared/scenes/scene-editor.js';
import { SCENE_FILE_FIELDS, serializeScene } from '../../shared/scenes/scene-file.js';
import { TAG_FILE_FIELDS } from '../../shared/scenes/scene-tags.js';
import { SCENE_SCHEMA_FILE, sceneJsonSchema } from '../../shared/scenes/scene-schema.js';
import { base, BROKEN_FILES } from './corpus.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const schemaPath = `${root}${SCENE_SCHEMA_FILE}`;

// `TAGSIM_UPDATE_SCHEMA=1 npx vitest run test/scenes/schema.test.ts` rewrites the file (then run
// Prettier on it).
if (process.env['TAGSIM_UPDATE_SCHEMA'] === '1') {
  writeFileSync(schemaPath, `${JSON.stringify(sceneJsonSchema(), null, 2)}\n`);
}

const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as Record<string, unknown>;
const validate = new Ajv({ allErrors: true, strict: true, strictTypes: false }).compile(schema);
const errorsOf = (json: unknown): ErrorObject[] => (validate(json) ? [] : (validate.errors ?? []));

describe('the JSON Schema of scene files', () => {
  it(`is ${SCENE_SCHEMA_FILE}, written from the validator's constants (TAGSIM_UPDATE_SCHEMA=1 rewrites it)`, () => {
    expect(schema).toEqual(sceneJsonSchema());
    expect(schema['$schema']).toBe('http://json-schema.org/draft-07/schema#');
  });

  it('knows exactly the fields the validator knows', () => {
    const tag = (schema['definitions'] as Record<string, { properties: object }>)['tag']!;
    expect(Object.keys(schema['properties'] as object)).toEqual(SCENE_FILE_FIELDS);
    expect(Object.keys(tag.properties)).toEqual(TAG_FILE_FIELDS);
  });

  it.each(BUILTIN_SCENE_NAMES.map((name) => [name]))('accepts the built-in scene %s as a file', (name) => {
    expect(errorsOf(JSON.parse(serializeScene(builtinScene(name)!)))).toEqual([]);
  });

  it('accepts a new scene, a $schema reference, ranges, initial values and descriptions', () => {
    let n = 0;
    const fresh = JSON.parse(
      serializeScene(
        emptyScene('Blank', () => `id-${++n}`),
        { schema: './x.json' },
      ),
    );
    expect(errorsOf(fresh)).toEqual([]);
    const file = base();
    file['description'] = 'Line 3';
    Object.assign(file.tags[6]!, { min: -5, max: 100, initial: 7, description: 'parts' });
    Object.assign(file.tags[19]!, { min: 0.05, max: 5, initial: 0.1 });
    Object.assign(file.tags[0]!, { initial: true });
    expect(errorsOf(file)).toEqual([]);
  });

  it('rejects a synthetic scene, which outgrows the address spaces on purpose', () => {
    expect(errorsOf(JSON.parse(serializeScene(syntheticScene(600)))).length).toBeGreaterThan(0);
  });

  const json = BROKEN_FILES.filter((f) => f.schema !== null);
  it.each(json.filter((f) => f.schema).map((f) => [f.rule, f] as const))('rejects: %s', (_rule, file) => {
    expect(errorsOf(JSON.parse(file.text)).length).toBeGreaterThan(0);
  });

  it.each(json.filter((f) => !f.schema).map((f) => [f.rule, f] as const))(
    'cannot catch (only TagSim does): %s',
    (_rule, file) => {
      expect(errorsOf(JSON.parse(file.text))).toEqual([]);
    },
  );

  it('names the place of a problem the way editors show it', () => {
    const file = base();
    file.tags[3]!['address'] = 600;
    const errors = errorsOf(file);
    expect(errors.map((e) => `${e.instancePath} ${e.message}`)).toContain('/tags/3/address must be <= 511');
  });

  it('requires each system tag by name and kind', () => {
    const contains = (schema['properties'] as { tags: { allOf: { contains: unknown }[] } }).tags.allOf;
    expect(contains).toHaveLength(SYSTEM_TAGS.length);
  });
});
