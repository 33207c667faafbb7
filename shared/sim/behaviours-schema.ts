import { type TSchema, Type } from '@sinclair/typebox';
import { CONDITION_REFS, tagValue } from '../conditions/condition-schema.js';
import { isRecord, kindOf, listKindOf, show } from '../problems/json-words.js';
import { toJsonSchema } from '../schema/json-schema.js';
import { says } from '../schema/shape-hints.js';
import type { Shape } from '../schema/shape-paths.js';
import { ACTION_KEYS, MAX_BEHAVIOURS, SIGNAL_FIELDS, SIGNALS } from './behaviour-fields.js';

// The shape of a scene file's `behaviours`, described once: validateBehaviours checks entries
// against it (with the words of its hints), and behavioursJsonSchema writes it out for editors.
// What needs the scene's tags (a tag that exists, is an Input, has the right type), compares
// fields (min <= max) or spans behaviours (conveyor names, tags driven twice) only
// validateBehaviours checks.

const closed = { additionalProperties: false } as const;
const tagRef = () => Type.Ref('TagRef');
const condition = () => Type.Ref('Condition');
const expression = (missing?: string) => says(Type.Ref('Expression'), missing ? { missing } : {});
const optional = Type.Optional;
const number = (limits: object = {}) => Type.Number(limits);
const above0 = () => number({ exclusiveMinimum: 0 });
const from0 = () => number({ minimum: 0 });
const count = (minimum: number) =>
  says(Type.Integer({ minimum }), {
    invalid: (v) => `must be a whole number of at least ${minimum}; got ${show(v)}`,
  });
const nonEmptyList = (items: TSchema, what: string, got: (v: unknown) => string = listKindOf) =>
  says(Type.Array(items, { minItems: 1 }), {
    invalid: (v) => `must be a non-empty array of ${what}; got ${got(v)}`,
  });
const objectOf = (fields: string) => (v: unknown) => `must be an object ${fields}; got ${kindOf(v)}`;

const ExpressionSchema = says(
  Type.Union(
    [
      number(),
      Type.Object({ tag: tagRef(), scale: optional(number()), offset: optional(number()) }, closed),
      Type.Object({ sum: nonEmptyList(Type.Ref('Expression'), 'expressions') }, closed),
      Type.Object(
        {
          if: condition(),
          then: expression('is missing: the value while the condition holds'),
          else: optional(expression()),
        },
        closed,
      ),
    ],
    { $id: 'Expression' },
  ),
  {
    choose: (v) => {
      if (typeof v === 'number') return 0;
      if (!isRecord(v))
        return `must be a number or an expression ({"tag"}, {"sum"}, {"if"}); got ${kindOf(v)}`;
      const index = ['tag', 'sum', 'if'].findIndex((k) => k in v);
      return index >= 0 ? index + 1 : 'must be a number or an expression with "tag", "sum" or "if"';
    },
  },
);

const ACTION_FIELDS: Readonly<Record<(typeof ACTION_KEYS)[number], Readonly<Record<string, TSchema>>>> = {
  // A missing value is told with the tag's type, which only validateBehaviours knows.
  set: { set: tagRef(), value: says(tagValue(), { missingToldElsewhere: true }) },
  pulse: { pulse: tagRef(), value: optional(tagValue()), forMs: above0() },
  toggle: { toggle: tagRef() },
  increment: { increment: tagRef(), by: optional(number()) },
};
const ActionSchema = says(
  Type.Union(
    ACTION_KEYS.map((verb) => Type.Object(ACTION_FIELDS[verb], closed)),
    { $id: 'Action' },
  ),
  {
    choose: (v) => {
      if (!isRecord(v)) {
        return `must be an action object ({"set"}, {"pulse"}, {"toggle"} or {"increment"}); got ${kindOf(v)}`;
      }
      const keys = ACTION_KEYS.filter((k) => k in v);
      if (keys.length === 1) return ACTION_KEYS.indexOf(keys[0]!);
      return `must have exactly one of ${ACTION_KEYS.join(', ')}; got ${keys.join(', ') || 'none'}`;
    },
  },
);

const rule = Type.Object(
  {
    name: optional(Type.String()),
    when: says(condition(), { missing: 'is missing: the condition that fires the rule' }),
    then: nonEmptyList(Type.Ref('Action'), 'actions'),
    delayMs: optional(from0()),
  },
  closed,
);

/** Each field a signal may have; which are required is below. */
const SIGNAL_FIELD: Readonly<Record<string, () => TSchema>> = {
  value: () => number(),
  amplitude: () => from0(),
  offset: () => number(),
  periodMs: above0,
  phase: () => number({ minimum: 0, exclusiveMaximum: 1 }),
  duty: () => number({ exclusiveMinimum: 0, exclusiveMaximum: 1 }),
  rate: () => expression('is missing: the change per second (a number or an expression)'),
  min: () => number(),
  max: () => number(),
  start: () => number(),
  atLimit: () => Type.Union([Type.Literal('wrap'), Type.Literal('clamp')]),
  step: from0,
  intervalMs: above0,
  around: () => expression('is missing: the value (or expression) to scatter around'),
  target: () => expression('is missing: the value (or expression) to follow'),
  timeConstantMs: above0,
};
const OPTIONAL_SIGNAL_FIELDS = ['offset', 'phase', 'duty', 'start', 'atLimit', 'intervalMs'];

const generator = says(
  Type.Union(
    SIGNALS.map((signal) => {
      const fields: Record<string, TSchema> = {
        name: optional(Type.String()),
        generate: says(tagRef(), { missing: 'is missing: the Int or Float Input to drive' }),
        signal: Type.Literal(signal),
        noise: optional(from0()),
        seed: optional(Type.Integer()),
      };
      for (const f of SIGNAL_FIELDS[signal]) {
        const field = f === 'rate' && signal === 'ramp' ? number() : SIGNAL_FIELD[f]!();
        fields[f] = OPTIONAL_SIGNAL_FIELDS.includes(f) ? optional(field) : field;
      }
      return Type.Object(fields, closed);
    }),
  ),
  {
    choose: (v) => {
      const signal = isRecord(v) ? v['signal'] : undefined;
      const index = SIGNALS.indexOf(signal as never);
      if (index >= 0) return index;
      return { at: ['signal'], message: `must be one of ${SIGNALS.join(', ')}; got ${show(signal)}` };
    },
  },
);

const span = () => ({ from: from0(), to: from0() });
const feeder = Type.Object(
  {
    items: optional(
      nonEmptyList(
        says(Type.String({ minLength: 1 }), {
          invalid: (v) => `must be an item label (a non-empty string); got ${show(v)}`,
        }),
        'item labels (strings)',
        show,
      ),
    ),
    order: optional(Type.Union([Type.Literal('cycle'), Type.Literal('random')])),
    itemLength: optional(above0()),
    gap: optional(from0()),
    intervalMs: optional(from0()),
    maxIntervalMs: optional(from0()),
    firstAfterMs: optional(from0()),
    maxOnConveyor: optional(count(1)),
    total: optional(count(0)),
    when: optional(condition()),
  },
  closed,
);
const sensor = says(
  Type.Object(
    {
      tag: tagRef(),
      ...span(),
      detects: optional(
        nonEmptyList(
          says(Type.String(), { invalid: (v) => `must be an item label (a string); got ${show(v)}` }),
          'item labels',
          show,
        ),
      ),
      normallyClosed: optional(Type.Boolean()),
      reads: optional(
        says(
          Type.Record(Type.String(), number(), {
            minProperties: 1,
            propertyNames: { minLength: 1 },
            description:
              'The value an Int or Float Input shows for an item of each label (a vision sensor, a scale).',
          }),
          {
            invalid: (v) =>
              `must be an object of item labels and their values, e.g. {"blue lid": 2}; got ${isRecord(v) ? 'an empty object' : kindOf(v)}`,
          },
        ),
      ),
      otherwise: optional(
        number({ description: 'With reads: the value while no listed item is in view (0).' }),
      ),
    },
    {
      ...closed,
      // For editors; validateBehaviours says these in words. A reading sensor tells labels apart
      // by itself; otherwise belongs to one. (Naming each property again keeps Ajv's strict mode
      // content.)
      dependencies: { otherwise: ['reads'] },
      if: { required: ['reads'], properties: { reads: {} } },
      then: {
        not: {
          anyOf: ['detects', 'normallyClosed'].map((k) => ({ required: [k], properties: { [k]: {} } })),
        },
      },
    },
  ),
  { invalid: objectOf('{tag, from, to}') },
);
const conveyor = Type.Object(
  {
    conveyor: says(Type.String({ pattern: '\\S' }), {
      invalid: (v) => `must be a non-empty string, the conveyor's name; got ${show(v)}`,
    }),
    length: above0(),
    speed: expression('is missing: metres per second while the belt runs'),
    runs: optional(condition()),
    reverse: optional(condition()),
    feeder: optional(feeder),
    sensors: optional(Type.Array(sensor)),
    exits: optional(
      Type.Array(
        says(
          Type.Object(
            {
              to: says(Type.String({ minLength: 1 }), {
                invalid: (v) => `must name a conveyor; got ${show(v)}`,
              }),
              when: optional(condition()),
            },
            closed,
          ),
          { invalid: objectOf('{to, when}') },
        ),
      ),
    ),
    end: optional(Type.Union([Type.Literal('stop'), Type.Literal('remove')])),
    removers: optional(
      Type.Array(
        says(Type.Object({ ...span(), afterMs: from0(), when: optional(condition()) }, closed), {
          invalid: objectOf('{from, to, afterMs, when}'),
        }),
      ),
    ),
  },
  closed,
);

const craneAxis = says(
  Type.Object(
    {
      first: from0(),
      pitch: above0(),
      speed: above0(),
      startStopMs: optional(from0()),
    },
    closed,
  ),
  { invalid: objectOf('{first, pitch, speed, startStopMs}') },
);
const stackerCrane = Type.Object(
  {
    stackerCrane: says(Type.String({ pattern: '\\S' }), {
      invalid: (v) => `must be a non-empty string, the crane's name; got ${show(v)}`,
    }),
    target: says(tagRef(), { missing: 'is missing: the Int Output that sends the crane' }),
    movingX: says(tagRef(), { missing: 'is missing: the Bit Input on while the cart travels' }),
    movingZ: says(tagRef(), { missing: 'is missing: the Bit Input on while the platform moves' }),
    lift: optional(tagRef()),
    liftMs: optional(above0()),
    columns: count(1),
    levels: count(1),
    x: craneAxis,
    z: craneAxis,
  },
  closed,
);

/** One entry of a scene's `behaviours`: a rule, a generator, a conveyor or a stacker crane. */
const BehaviourSchema = says(Type.Union([rule, generator, conveyor, stackerCrane], { $id: 'Behaviour' }), {
  choose: (v) => {
    if (!isRecord(v))
      return `must be an object: a rule, a generator, a conveyor or a stacker crane; got ${kindOf(v)}`;
    if ('when' in v || 'then' in v) return 0;
    if ('generate' in v || 'signal' in v) return 1;
    if ('conveyor' in v) return 2;
    if ('stackerCrane' in v) return 3;
    return 'is neither a rule ("when" and "then"), a generator ("generate" and "signal"), a conveyor ("conveyor") nor a stacker crane ("stackerCrane")';
  },
});

const REFS: readonly TSchema[] = [ExpressionSchema, ActionSchema, ...CONDITION_REFS];
/** One behaviour, with the definitions it refers to. */
export const BEHAVIOUR_SHAPE: Shape = { schema: BehaviourSchema, refs: REFS };

/**
 * The JSON Schema (draft-07) of a scene file's `behaviours` array, for editors: `property` goes
 * under `properties.behaviours` of the scene schema and `definitions` into its root
 * `definitions` (every name starts with `behaviour`, so none clashes with the scene's own).
 */
export function behavioursJsonSchema(): { property: object; definitions: Record<string, object> } {
  // Each definition under the scene schema's name for it: `behaviour` + its $id.
  const all = [BehaviourSchema, ...REFS];
  const names: Record<string, string> = Object.fromEntries(
    all.map((s) => [s.$id!, s === BehaviourSchema ? 'behaviour' : `behaviour${s.$id!}`]),
  );
  const definitions = Object.fromEntries(all.map((s) => [names[s.$id!]!, toJsonSchema(s, names)]));
  return {
    property: {
      type: 'array',
      maxItems: MAX_BEHAVIOURS,
      items: { $ref: '#/definitions/behaviour' },
      description:
        'Plant behaviours: rules, signal generators, conveyors and stacker cranes (docs/simulation.md).',
    },
    definitions,
  };
}
