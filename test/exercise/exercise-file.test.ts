// Exercise files: every problem with its place, in the words of every TagSim file; then against
// the scene (tags, conveyors, labels); and the published JSON Schema, written from the same
// TypeBox schemas, which editors check the file with.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { bindExercise } from '../../shared/exercise/bind-exercise.js';
import { BUILTIN_EXERCISES, builtinExercise } from '../../shared/exercise/builtin-exercises.js';
import { parseExerciseFile, validateExercise } from '../../shared/exercise/exercise-file.js';
import { EXERCISE_SCHEMA_FILE, exerciseJsonSchema } from '../../shared/exercise/exercise-json-schema.js';
import { EXERCISE_FILE_FIELDS } from '../../shared/exercise/exercise-schema.js';
import { formatProblem, ValidationError } from '../../shared/problems/problem-list.js';
import { builtinScene } from '../../shared/scenes/builtin-scenes.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const schemaPath = `${root}${EXERCISE_SCHEMA_FILE}`;
// `TAGSIM_UPDATE_SCHEMA=1 npx vitest run test/exercise/exercise-file.test.ts` rewrites the file.
if (process.env['TAGSIM_UPDATE_SCHEMA'] === '1')
  writeFileSync(schemaPath, `${JSON.stringify(exerciseJsonSchema(), null, 2)}\n`);

/** A small exercise of Sorting by Height (Basic), to break one field at a time. */
function exercise(): Record<string, unknown> {
  return JSON.parse(JSON.stringify(builtinExercise('Sort by height, and stop on a stuck sensor'))) as Record<
    string,
    unknown
  >;
}

/** The problems of a file, as the command line prints them. */
function problemsOf(json: unknown): string[] {
  try {
    validateExercise(json, 'ex.tagsim-exercise.json');
  } catch (error) {
    if (error instanceof ValidationError) return error.problems.map(formatProblem);
    throw error;
  }
  return [];
}

describe('an exercise file', () => {
  it.each(BUILTIN_EXERCISES.map((e) => [e.name]))('%s is valid and fits its scene', (name) => {
    const read = validateExercise(builtinExercise(name));
    const bound = bindExercise(read, builtinScene(read.scene)!);
    expect(bound.totalPoints).toBeGreaterThanOrEqual(bound.passMark);
    expect(bound.criteria.map((c) => c.kind)).toContain('react');
  });

  it('is JSON, an object, of the exercise format', () => {
    expect(() => parseExerciseFile('{', 'x.json')).toThrow(
      /^x\.json is not a valid exercise \(1 problem\):\n {2}\(file\): /,
    );
    expect(problemsOf([])).toEqual([
      '(file): an exercise file is a JSON object such as {"format": "tagsim-exercise", ...}; got an array',
    ]);
    expect(problemsOf({ ...exercise(), format: 'tagsim-scenario', version: 2 })).toEqual([
      'format: must be "tagsim-exercise"; got "tagsim-scenario" (is this a TagSim exercise file?)',
      'version: 2 is newer than this TagSim reads (1); update TagSim',
    ]);
  });

  it('names every problem of its criteria and faults, each in its place', () => {
    const file = exercise();
    const criteria = file['criteria'] as Record<string, unknown>[];
    criteria[0]!['reach'] = { items: { exit: 'left', on: 'left' }, ge: 1 };
    criteria[1] = { name: 'x', points: -1, reech: {} };
    criteria[2]!['name'] = criteria[4]!['name'];
    criteria[3]!['after'] = { fault: 'Stuck low sensor' };
    delete criteria[3]!['withinMs'];
    (file['faults'] as Record<string, unknown>[])[0]!['stations'] = [1];
    file['passMark'] = 500;
    expect(problemsOf(file)).toEqual([
      "faults[0].stations: an exercise puts each fault on every station, at that station's own exercise time; remove stations",
      'criteria[0].reach.items: has exit and on; count one way (combine two counts with "all" or "any")',
      "criteria[1]: says nothing to grade; did you mean 'reach'? (a criterion has one of: reach (a condition to reach), always / never (held throughout), after (a reaction))",
      'criteria[3].withinMs: a reaction needs withinMs: how long after the event "expect" may take to hold',
      "criteria[4].name: another criterion is named 'Never pushes both ways at once'; each is a column of the dashboard and the report, so give each its own",
    ]);
    criteria[1] = { name: 'y', points: 5, reach: { always: true }, byMs: 999_999 };
    criteria[3]!['withinMs'] = 1000;
    criteria[2]!['name'] = 'z';
    criteria[0]!['reach'] = { always: true };
    expect(problemsOf(file)).toEqual([
      "faults[0].stations: an exercise puts each fault on every station, at that station's own exercise time; remove stations",
      'criteria[1].byMs: 999999 is after the time limit (timeLimitMs 120000); it could never be missed before the end',
      "criteria[3].after.fault: no fault of the exercise is named 'Stuck low sensor' (its faults: 'Stuck high sensor')",
      'passMark: 500 is more than the 85 points the criteria are worth; nobody could pass',
    ]);
  });

  it('is checked against its scene: tags, conveyors and labels', () => {
    const file = exercise();
    const criteria = file['criteria'] as Record<string, unknown>[];
    criteria[0]!['reach'] = { items: { exit: 'lefft', label: 'tall' }, ge: 4 };
    criteria[4]!['never'] = { tag: 'Transf left', equals: true };
    (file['faults'] as Record<string, { tag: string }>[])[0]!['fault']!.tag = 'Higher sensor';
    const read = validateExercise(file);
    expect(() => bindExercise(read, builtinScene(read.scene)!, 'ex.json')).toThrow(ValidationError);
    try {
      bindExercise(read, builtinScene(read.scene)!, 'ex.json');
    } catch (error) {
      expect((error as Error).message.split('\n')[0]).toBe(
        'ex.json is not a valid exercise for the scene "Sorting by Height (Basic)" (4 problems):',
      );
      expect((error as ValidationError).problems.map(formatProblem)).toEqual([
        "faults[0].fault.tag: no tag is named 'Higher sensor' in this scene",
        "criteria[0].reach.items.exit: no conveyor of this scene's plant is named 'lefft'; did you mean 'left'?",
        "criteria[0].reach.items.label: no item of this scene's plant is labelled 'tall'; its labels: low, high",
        "criteria[4].never.tag: no tag is named 'Transf left' in this scene (names are case-sensitive)",
      ]);
    }
  });
});

describe('the JSON Schema of exercise files', () => {
  const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as Record<string, unknown>;
  const validate = new Ajv({ allErrors: true, strict: true, strictTypes: false }).compile(schema);

  it(`is ${EXERCISE_SCHEMA_FILE}, written from the check's own schemas (TAGSIM_UPDATE_SCHEMA=1 rewrites it)`, () => {
    expect(schema).toEqual(exerciseJsonSchema());
    expect(Object.keys(schema['properties'] as object)).toEqual(EXERCISE_FILE_FIELDS);
  });

  it.each(BUILTIN_EXERCISES.map((e) => [e.name]))('accepts %s', (name) => {
    expect(validate(builtinExercise(name)), JSON.stringify(validate.errors)).toBe(true);
  });

  it('rejects what a schema can catch', () => {
    const broken = (change: (file: Record<string, unknown>) => void) => {
      const file = exercise();
      change(file);
      return validate(file);
    };
    expect(broken((f) => delete f['criteria'])).toBe(false);
    expect(
      broken((f) => ((f['criteria'] as unknown[])[0] = { name: 'x', points: 1, reach: { items: {} } })),
    ).toBe(false);
    expect(
      broken((f) => ((f['faults'] as Record<string, unknown>[])[0]!['fault'] = { tag: 'x', kind: 'melt' })),
    ).toBe(false);
    expect(broken((f) => (f['timeLimitMs'] = 0))).toBe(false);
    expect(broken((f) => (f['extra'] = 1))).toBe(false);
  });
});
