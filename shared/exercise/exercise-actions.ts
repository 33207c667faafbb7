import { Type } from '@sinclair/typebox';
import { StationSelectionSchema, selectedStations, type StationSelection } from '../lab/lab-actions.js';
import { formatProblem } from '../problems/problem-list.js';
import { kindOf, show } from '../problems/json-words.js';
import { shapeProblems } from '../schema/shape-check.js';
import { says } from '../schema/shape-hints.js';
import { placeProblems, type Shape } from '../schema/shape-paths.js';

/** What the instructor does to the exercise of some stations (docs/lab.md, "Exercises and grading"). */
export const EXERCISE_ACTIONS = ['start', 'stop', 'restart'] as const;
export type ExerciseActionName = (typeof EXERCISE_ACTIONS)[number];

export interface ExerciseAction {
  readonly action: ExerciseActionName;
  readonly stations: StationSelection;
}

const ExerciseActionSchema = says(
  Type.Object(
    {
      action: says(Type.Union(EXERCISE_ACTIONS.map((a) => Type.Literal(a))), {
        invalid: (v) => `must be one of ${EXERCISE_ACTIONS.join(', ')}; got ${show(v)}`,
      }),
      stations: StationSelectionSchema,
    },
    { additionalProperties: false },
  ),
  {
    invalid: (v) =>
      `an exercise action is an object such as {"action": "start", "stations": "all"}; got ${kindOf(v)}`,
  },
);
const SHAPE: Shape = { schema: ExerciseActionSchema, refs: [] };

/** Reads an exercise action: the action, or every problem as `path: message` lines. */
export function parseExerciseAction(
  json: unknown,
  stationCount: number,
): { action: ExerciseAction } | { problems: string[] } {
  const found = shapeProblems(SHAPE, json);
  if (found.length > 0) return { problems: placeProblems(SHAPE, json, '', found).map(formatProblem) };
  const action = json as ExerciseAction;
  const numbers = selectedStations(action.stations, stationCount);
  if (typeof numbers === 'string') return { problems: [`stations: ${numbers}`] };
  return { action };
}
