import { type TSchema, Type } from '@sinclair/typebox';
import { PLANT_CONDITION_REFS } from '../conditions/plant-condition-schema.js';
import { MAX_SCHEDULED_FAULTS } from '../lab/fault-schedule.js';
import { closest, isRecord, kindOf, listKindOf, show } from '../problems/json-words.js';
import { milliseconds } from '../schema/milliseconds.js';
import { says } from '../schema/shape-hints.js';
import type { Shape } from '../schema/shape-paths.js';
import { EXERCISE_FORMAT, EXERCISE_FORMAT_VERSION, type CriterionKind } from './exercise-types.js';

// The shape of an exercise file, described once: the file's check (exercise-file.ts) uses it
// with the words of its hints, and exercise-json-schema.ts writes it out for editors.

/** Most criteria an exercise has: each is a column of the dashboard and the class report. */
export const MAX_CRITERIA = 50;
/** Most points one criterion is worth. */
export const MAX_POINTS = 1000;
/** Longest task text: a page of instructions. */
export const MAX_TASK_CHARS = 4000;

/** The key that says what a criterion asks, and the kind it makes. */
export const CRITERION_KEYS = { reach: 'reach', always: 'always', never: 'never', after: 'react' } as const;
type CriterionKey = keyof typeof CRITERION_KEYS;
const KEYS = Object.keys(CRITERION_KEYS) as CriterionKey[];

const closed = { additionalProperties: false } as const;
const condition = () => Type.Ref('PlantCondition');
const text = (what: string, maxLength: number) =>
  says(Type.String({ pattern: '\\S', maxLength }), {
    invalid: (v) =>
      typeof v === 'string'
        ? `must be ${what}: not blank, at most ${maxLength} characters`
        : `must be ${what} (a string); got ${kindOf(v)}`,
  });

/** An exercise file's root; its criteria and faults are checked one by one. */
const ExerciseRootSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    format: says(Type.Literal(EXERCISE_FORMAT), {
      invalid: (v) => `must be "${EXERCISE_FORMAT}"; got ${show(v)} (is this a TagSim exercise file?)`,
    }),
    version: says(Type.Literal(EXERCISE_FORMAT_VERSION), {
      invalid: (v) =>
        Number.isInteger(v) && (v as number) > EXERCISE_FORMAT_VERSION
          ? `${show(v)} is newer than this TagSim reads (${EXERCISE_FORMAT_VERSION}); update TagSim`
          : `must be ${EXERCISE_FORMAT_VERSION}; got ${show(v)}`,
    }),
    name: text("the exercise's name", 200),
    task: text("the student's task, in your words", MAX_TASK_CHARS),
    scene: text('a built-in scene or a scene file', 4096),
    seed: Type.Optional(
      says(Type.Integer({ minimum: 0, maximum: 0xffffffff }), {
        invalid: (v) => `must be a whole number from 0 to 4294967295; got ${show(v)}`,
      }),
    ),
    state: Type.Optional(text('a state snapshot file (.tagsim-state.json)', 4096)),
    timeLimitMs: milliseconds({
      aboveZero: true,
      description: 'Exercise time (simulation time) the student has.',
    }),
    passMark: says(Type.Number({ minimum: 0, maximum: MAX_POINTS * MAX_CRITERIA }), {
      invalid: (v) => `must be the points needed to pass, 0 or more; got ${show(v)}`,
    }),
    faults: Type.Optional(
      says(Type.Array(Type.Unknown(), { maxItems: MAX_SCHEDULED_FAULTS }), {
        invalid: (v) =>
          Array.isArray(v)
            ? `has ${v.length} faults; an exercise puts on at most ${MAX_SCHEDULED_FAULTS}`
            : `must be an array of faults, as a fault schedule's; got ${kindOf(v)}`,
      }),
    ),
    criteria: says(Type.Array(Type.Unknown(), { minItems: 1, maxItems: MAX_CRITERIA }), {
      invalid: (v) =>
        Array.isArray(v) && v.length > MAX_CRITERIA
          ? `has ${v.length} criteria; an exercise has at most ${MAX_CRITERIA}`
          : `must be a non-empty array of criteria; got ${listKindOf(v)}`,
    }),
  },
  closed,
);
export const EXERCISE_ROOT_SHAPE: Shape = { schema: ExerciseRootSchema, refs: [] };
/** The fields an exercise file may have at its root. */
export const EXERCISE_FILE_FIELDS: readonly string[] = Object.keys(ExerciseRootSchema.properties);

/** `{"fault": "Stuck high sensor"}`: the moment the exercise's fault of that name went on. */
const FaultEventSchema = Type.Object(
  { fault: text("the name of one of the exercise's faults", 200) },
  closed,
);
const EventSchema = says(Type.Union([FaultEventSchema, condition()]), {
  choose: (raw) => (isRecord(raw) && 'fault' in raw ? 0 : 1),
});

/** The fields each kind of criterion adds to its name and points. */
const CRITERION_FIELDS: Readonly<Record<CriterionKey, Readonly<Record<string, TSchema>>>> = {
  reach: { reach: condition(), byMs: Type.Optional(milliseconds({ aboveZero: true })) },
  always: { always: condition() },
  never: { never: condition() },
  after: {
    after: EventSchema,
    withinMs: says(milliseconds({ aboveZero: true }), {
      invalid: (v) => `must be the milliseconds the reaction may take, above 0; got ${show(v)}`,
      missing: 'a reaction needs withinMs: how long after the event "expect" may take to hold',
    }),
    expect: says(condition(), { missing: 'a reaction needs expect: the condition that must hold in time' }),
  },
};

/** One criterion: a name, its points, and what it asks (reach, always, never, or after ... expect). */
const CriterionSchema = says(
  Type.Union(
    KEYS.map((key) =>
      Type.Object(
        {
          name: text("the criterion's name (the dashboard's column)", 200),
          points: says(Type.Number({ minimum: 0, maximum: MAX_POINTS }), {
            invalid: (v) => `must be a number of points from 0 to ${MAX_POINTS}; got ${show(v)}`,
          }),
          ...CRITERION_FIELDS[key],
        },
        closed,
      ),
    ),
    { $id: 'Criterion' },
  ),
  { choose: chooseCriterion },
);
export const CRITERION_REFS: readonly TSchema[] = [CriterionSchema, ...PLANT_CONDITION_REFS];
export const CRITERION_SHAPE: Shape = { schema: CriterionSchema, refs: PLANT_CONDITION_REFS };

/** The kind of a (well-shaped) criterion. */
export function criterionKind(raw: object): CriterionKind {
  return CRITERION_KEYS[KEYS.find((k) => k in raw)!];
}

function chooseCriterion(raw: unknown) {
  if (!isRecord(raw))
    return `a criterion is an object such as {"name": "Sorts ten boxes", "points": 10, "reach": {...}}; got ${kindOf(raw)}`;
  const found = KEYS.filter((k) => k in raw);
  if (found.length === 1) return KEYS.indexOf(found[0]!);
  if (found.length > 1)
    return `has ${found.join(' and ')}; a criterion asks one thing: split it in ${found.length}`;
  const meant = Object.keys(raw)
    .map((key) => closest(key, KEYS))
    .find((k) => k !== undefined);
  const known = 'reach (a condition to reach), always / never (held throughout), after (a reaction)';
  return meant
    ? `says nothing to grade; did you mean '${meant}'? (a criterion has one of: ${known})`
    : `says nothing to grade; a criterion has one of: ${known}`;
}

/** The root's schema with its lists' items, for the JSON Schema written out for editors. */
export function exerciseDocumentSchema(faultSchema: TSchema): TSchema {
  return Type.Object(
    {
      ...ExerciseRootSchema.properties,
      faults: Type.Optional(Type.Array(faultSchema, { maxItems: MAX_SCHEDULED_FAULTS })),
      criteria: Type.Array(Type.Ref('Criterion'), { minItems: 1, maxItems: MAX_CRITERIA }),
    },
    closed,
  );
}
