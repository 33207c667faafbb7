import type { TSchema } from '@sinclair/typebox';
import { EntrySchema } from '../lab/fault-schedule.js';
import { toJsonSchema } from '../schema/json-schema.js';
import { CRITERION_REFS, exerciseDocumentSchema } from './exercise-schema.js';

/** Where the schema lives in the repository, next to this module. */
export const EXERCISE_SCHEMA_FILE = 'shared/exercise/tagsim-exercise.schema.json';

/**
 * The JSON Schema (draft-07) of an exercise file, written out from the very TypeBox schemas the
 * file's check uses (exercise-schema.ts, the plant conditions', the fault schedule's), so they
 * cannot drift; `tagsim-exercise.schema.json` is this object written out (a test keeps them
 * equal). What needs the scene (tags, conveyors, labels) or spans fields (unique names, the
 * faults a reaction names, the pass mark against the points) only TagSim's own check says.
 */
export function exerciseJsonSchema(): Record<string, unknown> {
  const definitions: readonly TSchema[] = CRITERION_REFS;
  const names: Record<string, string> = {
    Criterion: 'criterion',
    PlantCondition: 'plantCondition',
    TagRef: 'tagRef',
  };
  const root = toJsonSchema(exerciseDocumentSchema(EntrySchema), names);
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://tagsim.example/schemas/tagsim-exercise.schema.json',
    title: 'TagSim exercise file',
    description:
      'An exercise for a TagSim lab: the scene, the faults it puts on, and the criteria each station is graded by. See docs/lab.md, "Exercises and grading".',
    ...root,
    definitions: Object.fromEntries(definitions.map((s) => [names[s.$id!]!, toJsonSchema(s, names)])),
  };
}
