import { TAG_KINDS } from '../core/tag-types.js';
import {
  ACTION_KEYS,
  COMPARISONS,
  CONVEYOR_FIELDS,
  FEEDER_FIELDS,
  GENERATOR_FIELDS,
  MAX_BEHAVIOURS,
  RULE_FIELDS,
  SENSOR_FIELDS,
  SIGNAL_FIELDS,
  SIGNALS,
} from './behaviour-fields.js';

/**
 * The JSON Schema (draft-07) of a scene file's `behaviours` array, for editors: `property` goes
 * under `properties.behaviours` of the scene schema and `definitions` into its root
 * `definitions` (every name starts with `behaviour`, so none clashes with the scene's own).
 *
 * It catches fields, types and plain number ranges. What needs the scene's tags (a tag that
 * exists, is an Input, has the right type), compares fields (min <= max) or spans behaviours
 * (conveyor names, tags driven twice) only validateBehaviours checks.
 */
export function behavioursJsonSchema(): { property: object; definitions: Record<string, object> } {
  const ref = (name: string) => ({ $ref: `#/definitions/behaviour${name}` });
  const number = { type: 'number' };
  const ms = { type: 'number', minimum: 0 };
  const positiveMs = { type: 'number', exclusiveMinimum: 0 };
  const value = {
    type: ['boolean', 'number', 'string'],
    description: 'Converted to the tag type as the API converts.',
  };
  const closed = (required: string[], properties: Record<string, object>) => ({
    type: 'object',
    required,
    additionalProperties: false,
    properties,
  });

  const signalField: Record<string, object> = {
    value: number,
    amplitude: { type: 'number', minimum: 0 },
    offset: number,
    periodMs: positiveMs,
    phase: { type: 'number', minimum: 0, exclusiveMaximum: 1 },
    duty: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
    rate: ref('Expression'),
    min: number,
    max: number,
    start: number,
    atLimit: { enum: ['wrap', 'clamp'] },
    step: { type: 'number', minimum: 0 },
    intervalMs: positiveMs,
    around: ref('Expression'),
    target: ref('Expression'),
    timeConstantMs: positiveMs,
  };
  const required: Record<string, string[]> = {
    constant: ['value'],
    ramp: ['rate', 'min', 'max'],
    randomWalk: ['step', 'min', 'max'],
    noise: ['around', 'amplitude'],
    lag: ['target', 'timeConstantMs'],
    integrator: ['rate', 'min', 'max'],
  };
  const generators = SIGNALS.map((signal) => {
    const fields: Record<string, object> = {
      name: { type: 'string' },
      generate: ref('TagRef'),
      signal: { const: signal },
      noise: { type: 'number', minimum: 0 },
      seed: { type: 'integer' },
    };
    for (const f of SIGNAL_FIELDS[signal])
      fields[f] = f === 'rate' && signal === 'ramp' ? number : signalField[f]!;
    const needs = required[signal] ?? ['amplitude', 'periodMs'];
    return closed(['generate', 'signal', ...needs], fields);
  });
  check(GENERATOR_FIELDS, Object.keys(generators[0]!.properties).slice(0, GENERATOR_FIELDS.length));

  const comparison = closed(['tag'], {
    tag: ref('TagRef'),
    equals: value,
    notEquals: value,
    gt: number,
    ge: number,
    lt: number,
    le: number,
    forMs: ms,
  });
  const actions: Record<string, object> = {
    set: closed(['set', 'value'], { set: ref('TagRef'), value }),
    pulse: closed(['pulse', 'forMs'], { pulse: ref('TagRef'), value, forMs: positiveMs }),
    toggle: closed(['toggle'], { toggle: ref('TagRef') }),
    increment: closed(['increment'], { increment: ref('TagRef'), by: number }),
  };
  check(ACTION_KEYS, Object.keys(actions));
  const span = { from: { type: 'number', minimum: 0 }, to: { type: 'number', minimum: 0 } };
  const feeder = closed([], {
    items: { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
    order: { enum: ['cycle', 'random'] },
    itemLength: { type: 'number', exclusiveMinimum: 0 },
    gap: { type: 'number', minimum: 0 },
    intervalMs: ms,
    firstAfterMs: ms,
    maxOnConveyor: { type: 'integer', minimum: 1 },
    total: { type: 'integer', minimum: 0 },
    when: ref('Condition'),
  });
  check(FEEDER_FIELDS, Object.keys(feeder.properties));
  const sensor = {
    ...closed(['tag', 'from', 'to'], {
      tag: ref('TagRef'),
      ...span,
      detects: { type: 'array', minItems: 1, items: { type: 'string' } },
      normallyClosed: { type: 'boolean' },
      reads: {
        type: 'object',
        minProperties: 1,
        propertyNames: { minLength: 1 },
        additionalProperties: number,
        description:
          'The value an Int or Float Input shows for an item of each label (a vision sensor, a scale).',
      },
      otherwise: { ...number, description: 'With reads: the value while no listed item is in view (0).' },
    }),
    // A reading sensor tells labels apart by itself; otherwise belongs to one.
    dependencies: { otherwise: ['reads'] },
    // (Naming each property again keeps Ajv's strict mode content.)
    if: { required: ['reads'], properties: { reads: {} } },
    then: {
      not: {
        anyOf: ['detects', 'normallyClosed'].map((k) => ({ required: [k], properties: { [k]: {} } })),
      },
    },
  };
  check(SENSOR_FIELDS, Object.keys(sensor.properties));
  const conveyor = closed(['conveyor', 'length', 'speed'], {
    conveyor: { type: 'string', pattern: '\\S' },
    length: { type: 'number', exclusiveMinimum: 0 },
    speed: ref('Expression'),
    runs: ref('Condition'),
    feeder,
    sensors: { type: 'array', items: sensor },
    exits: {
      type: 'array',
      items: closed(['to'], { to: { type: 'string', minLength: 1 }, when: ref('Condition') }),
    },
    end: { enum: ['stop', 'remove'] },
    removers: { type: 'array', items: closed(['from', 'to', 'afterMs'], { ...span, afterMs: ms }) },
  });
  check(CONVEYOR_FIELDS, Object.keys(conveyor.properties));
  const rule = closed(['when', 'then'], {
    name: { type: 'string' },
    when: ref('Condition'),
    then: { type: 'array', minItems: 1, items: ref('Action') },
    delayMs: ms,
  });
  check(RULE_FIELDS, Object.keys(rule.properties));

  return {
    property: {
      type: 'array',
      maxItems: MAX_BEHAVIOURS,
      items: ref(''),
      description: 'Plant behaviours: rules, signal generators and conveyors (docs/simulation.md).',
    },
    definitions: {
      behaviour: { oneOf: [rule, { oneOf: generators }, conveyor] },
      behaviourTagRef: {
        oneOf: [
          { type: 'string', minLength: 1 },
          closed(['name'], { name: { type: 'string', minLength: 1 }, kind: { enum: [...TAG_KINDS] } }),
          closed(['id'], { id: { type: 'string' } }),
        ],
      },
      behaviourCondition: {
        oneOf: [
          {
            ...comparison,
            // At least one comparison (naming the property again keeps Ajv's strict mode content).
            anyOf: COMPARISONS.map((k) => ({ required: [k], properties: { [k]: {} } })),
          },
          closed(['rising'], { rising: ref('TagRef') }),
          closed(['falling'], { falling: ref('TagRef') }),
          closed(['all'], { all: { type: 'array', minItems: 1, items: ref('Condition') }, forMs: ms }),
          closed(['any'], { any: { type: 'array', minItems: 1, items: ref('Condition') }, forMs: ms }),
          closed(['not'], { not: ref('Condition'), forMs: ms }),
          closed(['always'], { always: { const: true } }),
        ],
      },
      behaviourExpression: {
        oneOf: [
          number,
          closed(['tag'], { tag: ref('TagRef'), scale: number, offset: number }),
          closed(['sum'], { sum: { type: 'array', minItems: 1, items: ref('Expression') } }),
          closed(['if', 'then'], { if: ref('Condition'), then: ref('Expression'), else: ref('Expression') }),
        ],
      },
      behaviourAction: { oneOf: Object.values(actions) },
    },
  };
}

/** The schema lists the same fields as the validator (a programming error otherwise). */
function check(expected: readonly string[], actual: readonly string[]): void {
  if (expected.join() !== actual.join())
    throw new Error(`Schema fields ${actual.join()} != ${expected.join()}`);
}
