import { type TSchema, Type } from '@sinclair/typebox';
import { CONDITION_REFS } from '../conditions/condition-schema.js';
import type { TagFailure } from '../core/tag-types.js';
import { closest, isRecord, kindOf, show } from '../problems/json-words.js';
import { milliseconds } from '../schema/milliseconds.js';
import { says } from '../schema/shape-hints.js';
import type { Shape } from '../schema/shape-paths.js';
import { SCENARIO_FORMAT, SCENARIO_FORMAT_VERSION, type StepKind } from './scenario-types.js';

/** The key that says what a step does. */
export const STEP_KINDS: readonly StepKind[] = [
  'set',
  'force',
  'release',
  'fail',
  'waitFor',
  'expect',
  'log',
  'chaos',
];
export const FAILURE_MODES: readonly TagFailure[] = ['alwaysOff', 'alwaysOn', 'none'];
/** Most steps in a scenario; far beyond a hand-written timeline. */
export const MAX_SCENARIO_STEPS = 10_000;

const closed = { additionalProperties: false } as const;
const tagRef = Type.Ref('TagRef');
const condition = Type.Ref('Condition');
const text = () => says(Type.String(), { invalid: (v) => `must be a string; got ${kindOf(v)}` });

/** A scenario file's root; its steps are checked one by one (StepSchema). */
const ScenarioRootSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    format: says(Type.Literal(SCENARIO_FORMAT), {
      invalid: (v) => `must be "${SCENARIO_FORMAT}"; got ${show(v)} (is this a TagSim scenario file?)`,
    }),
    version: says(Type.Literal(SCENARIO_FORMAT_VERSION), {
      invalid: (v) =>
        Number.isInteger(v) && (v as number) > SCENARIO_FORMAT_VERSION
          ? `${show(v)} is newer than this TagSim reads (${SCENARIO_FORMAT_VERSION}); update TagSim`
          : `must be ${SCENARIO_FORMAT_VERSION}; got ${show(v)}`,
    }),
    name: says(Type.String({ pattern: '\\S' }), {
      invalid: (v) =>
        `must be a non-empty string, the scenario's name (the report's test suite); got ${show(v)}`,
    }),
    description: Type.Optional(text()),
    scene: Type.Optional(
      says(Type.String({ pattern: '\\S' }), {
        invalid: (v) =>
          typeof v === 'string'
            ? 'must name a built-in scene or a scene file'
            : `must be a string; got ${kindOf(v)}`,
      }),
    ),
    seed: Type.Optional(
      says(Type.Integer({ minimum: 0, maximum: 0xffffffff }), {
        invalid: (v) => `must be a whole number from 0 to 4294967295; got ${show(v)}`,
      }),
    ),
    timeoutMs: Type.Optional(milliseconds({ aboveZero: true })),
    steps: says(Type.Array(Type.Unknown(), { minItems: 1, maxItems: MAX_SCENARIO_STEPS }), {
      invalid: (v) =>
        !Array.isArray(v)
          ? `must be an array of steps; got ${kindOf(v)}`
          : v.length === 0
            ? 'has no steps; a scenario needs at least one'
            : `has ${v.length} steps; a scenario holds at most ${MAX_SCENARIO_STEPS}`,
    }),
  },
  closed,
);
export const SCENARIO_ROOT_SHAPE: Shape = { schema: ScenarioRootSchema, refs: [] };
/** The fields a scenario file may have at its root. */
export const SCENARIO_FILE_FIELDS: readonly string[] = Object.keys(ScenarioRootSchema.properties);

const value = (kind: string) =>
  says(Type.Union([Type.Boolean(), Type.Number()]), {
    invalid: (v) => `must be true, false or a number; got ${show(v)}`,
    missing: `${kind} needs a value (true/false, or a number)`,
  });

/** The fields each kind of step adds to its action key. */
const STEP_FIELDS: Readonly<Record<StepKind, Readonly<Record<string, TSchema>>>> = {
  set: { set: tagRef, value: value('set') },
  force: { force: tagRef, value: value('force') },
  release: { release: tagRef },
  fail: {
    fail: tagRef,
    mode: says(Type.Union(FAILURE_MODES.map((m) => Type.Literal(m))), { invalid: failureModeProblem }),
  },
  waitFor: { waitFor: condition, timeoutMs: Type.Optional(milliseconds({ aboveZero: true })) },
  expect: { expect: condition, forMs: Type.Optional(milliseconds({ aboveZero: true })) },
  log: {
    log: says(Type.String({ pattern: '\\S' }), {
      invalid: (v) => `must be the text to print; got ${show(v)}`,
    }),
  },
  // Only a list here: its rules are checked by the chaos API's own check (scenario-file.ts).
  chaos: {
    chaos: says(Type.Array(Type.Unknown()), {
      invalid: (v) =>
        `must be a list of chaos rules like [{"path": "/api/tags", "status": 503}], or [] to clear them; got ${kindOf(v)}`,
    }),
  },
};

/** One step of the timeline: one action, its time (`at` or `after`), a name and a description. */
const StepSchema = says(
  Type.Union(
    STEP_KINDS.map((kind) =>
      Type.Object(
        {
          ...STEP_FIELDS[kind],
          at: Type.Optional(milliseconds()),
          after: Type.Optional(milliseconds()),
          name: Type.Optional(text()),
          description: Type.Optional(text()),
        },
        closed,
      ),
    ),
    { $id: 'Step' },
  ),
  { choose: chooseStep },
);
export const STEP_SHAPE: Shape = { schema: StepSchema, refs: CONDITION_REFS };

function chooseStep(raw: unknown) {
  if (!isRecord(raw)) {
    return `a step is an object such as {"at": 0, "set": "Sensor", "value": true}; got ${kindOf(raw)}`;
  }
  const kinds = STEP_KINDS.filter((k) => k in raw);
  if (kinds.length === 1) return STEP_KINDS.indexOf(kinds[0]!);
  if (kinds.length > 1) {
    return `has ${kinds.join(' and ')}; a step does one thing: split it into ${kinds.length} steps`;
  }
  const known = STEP_KINDS.join(', ');
  const meant = Object.keys(raw)
    .map((key) => closest(key, STEP_KINDS))
    .find((k) => k !== undefined);
  return meant
    ? `says nothing to do; did you mean '${meant}'? (a step has one of: ${known})`
    : `says nothing to do; a step has one of: ${known}`;
}

function failureModeProblem(mode: unknown): string {
  const hint =
    mode === 'openCircuit'
      ? ' (an open circuit is alwaysOff)'
      : mode === 'shortCircuit'
        ? ' (a short circuit is alwaysOn)'
        : '';
  return `must be one of ${FAILURE_MODES.join(', ')}; got ${show(mode)}${hint}`;
}
