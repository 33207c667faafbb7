// docs/scenes.md says the truth: its example files load, and the messages of its validation table
// are the very messages of the corpus.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { expect, it } from 'vitest';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { builtinScene, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';
import { planRestore } from '../../shared/scenes/restore-plan.js';
import { parseSnapshot } from '../../shared/scenes/runtime-snapshot.js';
import { parseSceneFile } from '../../shared/scenes/scene-file.js';
import { sceneJsonSchema } from '../../shared/scenes/scene-schema.js';
import { BROKEN_FILES } from './corpus.js';

const doc = readFileSync(fileURLToPath(new URL('../../docs/scenes.md', import.meta.url)), 'utf8');
const jsonBlocks = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]!);

it('has a complete example scene file that TagSim and the JSON Schema accept', () => {
  const example = jsonBlocks.find((b) => b.includes('"format": "tagsim-scene"'))!;
  const scene = parseSceneFile(example);
  expect(scene.tags.length).toBe(11);
  const validate = new Ajv({ strictTypes: false }).compile(sceneJsonSchema());
  expect(validate(JSON.parse(example)), JSON.stringify(validate.errors)).toBe(true);
  // Every field of a tag appears in it.
  for (const field of ['initial', 'min', 'max', 'description']) expect(example).toContain(`"${field}"`);
});

it('has an example snapshot that restores into the default scene', () => {
  const example = jsonBlocks.find((b) => b.includes('"format": "tagsim-state"'))!;
  const engine = new TagEngine(builtinScene(DEFAULT_SCENE_NAME)!);
  const plan = planRestore(parseSnapshot(example), engine.scene);
  expect(engine.restoreStates(plan.states)).toEqual([]);
  expect(engine.tagsNamed('High sensor')[0]!.shortCircuit).toBe(true);
});

it('quotes the messages of the corpus in its validation table', () => {
  const table = doc.slice(doc.indexOf('## Validation'), doc.indexOf('## The JSON Schema'));
  const quoted = [...table.matchAll(/`((?:\(file\)|[a-z$]+(?:\[\d+\])?(?:\.\w+)?): [^`]+)`/g)].map(
    (m) => m[1]!,
  );
  expect(quoted.length).toBeGreaterThan(25);
  const known = new Set(BROKEN_FILES.flatMap((f) => f.problems));
  for (const message of quoted.filter((m) => !m.includes('…'))) expect(known, message).toContain(message);
});
