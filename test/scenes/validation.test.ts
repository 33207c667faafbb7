// Validation of scene files over the corpus of broken files (one per rule): the exact message and
// place of each problem, every problem at once, and a broken file never changes what is served.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SceneService } from '../../main/runtime/scene-service.js';
import { memorySettingsStore } from '../../main/settings/settings-store.js';
import { readSceneFile } from '../../main/storage/scene-files.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import { builtinScene, DEFAULT_SCENE_NAME } from '../../shared/scenes/builtin-scenes.js';
import { parseSceneFile, serializeScene, validateSceneJson } from '../../shared/scenes/scene-file.js';
import { formatProblem, ValidationError } from '../../shared/problems/problem-list.js';
import { startTestServer, type TestServer } from '../support/api-server.js';
import { AT, base, BASE_SCENE, BASE_TEXT, BROKEN_FILES } from './corpus.js';

function problemsOf(text: string): string[] {
  try {
    parseSceneFile(text, 'broken.tagsim.json');
  } catch (error) {
    if (error instanceof ValidationError) return error.problems.map(formatProblem);
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('the corpus of broken scene files', () => {
  it('starts from a valid file', () => {
    expect(parseSceneFile(BASE_TEXT)).toEqual(BASE_SCENE);
  });

  it('has one file per rule, each with a different first problem', () => {
    const rules = BROKEN_FILES.map((f) => f.rule);
    expect(new Set(rules).size).toBe(rules.length);
    expect(rules.length).toBeGreaterThanOrEqual(45);
  });

  it.each(BROKEN_FILES.map((f) => [f.rule, f] as const))('%s', (_rule, file) => {
    expect(problemsOf(file.text)).toEqual(file.problems);
  });
});

describe('scene file validation', () => {
  it('reports every problem of a file at once, in file order, with the file in the message', () => {
    const file = base();
    file['author'] = 'me';
    file['version'] = 2;
    file.tags[AT.conveyorEntry]!['address'] = 600;
    file.tags[AT.load]!['address'] = 2; // Transf. right's
    file.tags[AT.counter]!['min'] = 10;
    file.tags[AT.counter]!['max'] = 0;
    file.tags.splice(AT.timeScale, 1);
    let error: ValidationError | undefined;
    try {
      parseSceneFile(JSON.stringify(file), 'line3.tagsim.json');
    } catch (e) {
      error = e as ValidationError;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect(error!.problems.map(formatProblem)).toEqual([
      'author: unknown field; remove it (known fields: format, version, name, description, tags, behaviours, layout, drivers)',
      'version: 2 is newer than this TagSim reads (1); update TagSim',
      'tags[0].address: 600 is outside the Bit range 0-511',
      'tags[6].min: 10 is above max 0; swap them',
      "tags[2].address: Output Bit 2 is already used by tags[1] ('Load'); each address is unique within its kind and type",
      "tags: the system tag 'FACTORY I/O (Time Scale)' (Input Float 240) is missing; every scene has it, add it back",
    ]);
    expect(error!.message.split('\n')).toEqual([
      'line3.tagsim.json is not a valid scene (6 problems):',
      ...error!.problems.map((p) => `  ${formatProblem(p)}`),
    ]);
  });

  it('accepts what the rules allow: the same address in another space, ranges, initial values, $schema', () => {
    const file = base();
    file['$schema'] = './tagsim-scene.schema.json';
    file['description'] = 'Line 3';
    Object.assign(file.tags[AT.counter]!, { min: -5, max: 100, initial: 7, description: 'parts' });
    Object.assign(file.tags[AT.timeScale]!, { min: 0.05, max: 5, initial: 0.1 });
    Object.assign(file.tags[AT.conveyorEntry]!, { initial: true });
    const scene = validateSceneJson(file);
    expect(scene.description).toBe('Line 3');
    expect(scene.tags[AT.counter]).toMatchObject({ min: -5, max: 100, initial: 7, description: 'parts' });
    // A Float initial value is kept as written; the tag shows it as a 32-bit float.
    expect(scene.tags[AT.timeScale]!.initial).toBe(0.1);
    expect(Math.fround(new TagEngine(scene).getTag(scene.tags[AT.timeScale]!.id)!.value as number)).toBe(
      Math.fround(0.1),
    );
    expect(scene.tags[AT.conveyorEntry]!.initial).toBe(true);
    // Output Bit 0 and Input Bit 0 live in different spaces.
    expect(scene.tags[AT.palletSensor]!.address).toBe(scene.tags[AT.conveyorEntry]!.address);
  });

  it('keeps a force of the scene (`forced`, `forcedValue`), and says when its value does not suit the tag', () => {
    const saved = serializeScene(builtinScene('Sorting by Height (Basic)')!);
    expect(saved).toContain(
      '"name": "Emitter",\n      "kind": "Output",\n      "type": "Bit",\n      "address": 7,\n      "forced": true,\n      "forcedValue": true',
    );
    const emitter = parseSceneFile(saved).tags.find((t) => t.name === 'Emitter')!;
    expect(emitter.forced).toBe(true);
    expect(new TagEngine(parseSceneFile(saved)).getTag(emitter.id)).toMatchObject({
      isForced: true,
      value: true,
    });
    const file = base();
    file.tags[AT.counter]!['forced'] = true;
    file.tags[AT.counter]!['forcedValue'] = 1.5;
    file.tags[AT.conveyorEntry]!['forced'] = 1;
    expect(() => validateSceneJson(file)).toThrow(
      /tags\[0\]\.forced: must be true or false; got 1[\s\S]*tags\[6\]\.forcedValue: must be a whole number/,
    );
  });

  it('reads a file saved with a byte order mark (Windows Notepad) and CRLF line ends', () => {
    const text = `\uFEFF${BASE_TEXT.replace(/\n/g, '\r\n')}`;
    expect(parseSceneFile(text)).toEqual(BASE_SCENE);
  });

  it('serialises what it reads back unchanged, and writes $schema only when asked', () => {
    for (const name of ['Assembler', 'Filling Tank', DEFAULT_SCENE_NAME]) {
      const text = serializeScene(builtinScene(name)!);
      expect(serializeScene(parseSceneFile(text))).toBe(text);
      expect(text).not.toContain('$schema');
    }
    const withSchema = serializeScene(builtinScene(DEFAULT_SCENE_NAME)!, { schema: './s.json' });
    expect(withSchema.startsWith('{\n  "$schema": "./s.json",\n  "format": "tagsim-scene",')).toBe(true);
    expect(parseSceneFile(withSchema)).toEqual(builtinScene(DEFAULT_SCENE_NAME));
  });
});

describe('a broken file never changes the served scene', () => {
  let dir: string;
  let server: TestServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tagsim-corpus-'));
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('SceneService.open keeps the old scene for every file of the corpus, and says why', async () => {
    const service = new SceneService(server.engine, memorySettingsStore());
    const sensor = server.idOf('Pallet sensor');
    server.engine.write('force', 'id', [{ id: sensor, value: true }]);
    const before = (await server.client.get('/api/tags')).text;
    for (const [i, file] of BROKEN_FILES.entries()) {
      const path = join(dir, `broken-${i}.tagsim.json`);
      writeFileSync(path, file.text);
      const outcome = await service.open({ path });
      expect(outcome, file.rule).toEqual({ ok: false, reason: 'invalid', problems: file.problems });
      await expect(readSceneFile(path)).rejects.toThrow(/^broken-\d+\.tagsim\.json is not a valid scene/);
    }
    // Over HTTP, the API answers exactly as before: same scene, same forced tag.
    expect(server.engine.scene.name).toBe(DEFAULT_SCENE_NAME);
    expect((await server.client.get('/api/tags')).text).toBe(before);
    expect(service.document).toMatchObject({ origin: 'builtin', dirty: false });
  });

  it('dropped text with problems is refused the same way', async () => {
    const service = new SceneService(server.engine, memorySettingsStore());
    const outcome = await service.open({ text: BROKEN_FILES[0]!.text, fileName: 'dropped.tagsim.json' });
    expect(outcome).toEqual({ ok: false, reason: 'invalid', problems: BROKEN_FILES[0]!.problems });
    expect(server.engine.scene.name).toBe(DEFAULT_SCENE_NAME);
  });
});
