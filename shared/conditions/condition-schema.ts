import { type TProperties, type TSchema, Type } from '@sinclair/typebox';
import { isRecord, kindOf, listKindOf, show } from '../problems/json-words.js';
import { milliseconds } from '../schema/milliseconds.js';
import { says } from '../schema/shape-hints.js';
import type { Problem, Shape } from '../schema/shape-paths.js';
import { TagRefSchema } from './tag-refs.js';

/** The keys that tell the kinds of condition apart; a condition has exactly one. */
export const CONDITION_KEYS = ['tag', 'rising', 'falling', 'all', 'any', 'not', 'always'] as const;
export type ConditionKey = (typeof CONDITION_KEYS)[number];
/** The keys of the conditions that read the plant itself (plant-condition-schema.ts). */
export const PLANT_CONDITION_KEYS = ['items', 'conveyor'] as const;
export type PlantConditionKey = (typeof PLANT_CONDITION_KEYS)[number];
export const COMPARISONS = ['equals', 'notEquals', 'gt', 'ge', 'lt', 'le'] as const;
/** Deepest nesting of conditions (and of the expressions that hold them): a file cannot make a check recurse forever. */
export const MAX_NESTING = 16;

const tagRef = Type.Ref('TagRef');
const forMs = () => Type.Optional(milliseconds());
const closed = { additionalProperties: false } as const;

/** A value for a tag: converted to the tag's type when the tag is known. */
export const tagValue = () =>
  says(
    Type.Union([Type.Boolean(), Type.Number(), Type.String()], {
      description: 'Converted to the tag type as the API converts.',
    }),
    { invalid: (v) => `must be true, false or a number; got ${show(v)}` },
  );

/**
 * An object that compares something (`tag`, `items`) with at least one of COMPARISONS (editors
 * see that as `anyOf`, naming each property again to keep Ajv's strict mode content;
 * conditionProblems says it in words).
 */
export function comparing(properties: TProperties) {
  return Type.Object(
    { ...properties, forMs: forMs() },
    { ...closed, anyOf: COMPARISONS.map((k) => ({ required: [k], properties: { [k]: {} } })) },
  );
}

const comparison = comparing({
  tag: tagRef,
  equals: Type.Optional(tagValue()),
  notEquals: Type.Optional(tagValue()),
  gt: Type.Optional(Type.Number()),
  ge: Type.Optional(Type.Number()),
  lt: Type.Optional(Type.Number()),
  le: Type.Optional(Type.Number()),
});

/**
 * The shape of a condition, whose parts (in `all`, `any`, `not`) are conditions of the same
 * shape (`$id`), and which may add `extra` variants (the plant's, plant-condition-schema.ts),
 * told apart by their `extraKeys`.
 */
export function conditionUnion(id: string, extra: readonly { key: string; schema: TSchema }[] = []): TSchema {
  const condition = Type.Ref(id);
  const list = (key: 'all' | 'any') =>
    Type.Object(
      {
        [key]: says(Type.Array(condition, { minItems: 1 }), {
          invalid: (v) => `must be a non-empty array of conditions; got ${listKindOf(v)}`,
        }),
        forMs: forMs(),
      },
      closed,
    );
  const edge = (key: 'rising' | 'falling') =>
    says(Type.Object({ [key]: tagRef }, closed), {
      unknown: { forMs: 'an edge lasts one moment, so forMs does not apply; remove it' },
    });
  const keys = [...CONDITION_KEYS, ...extra.map((e) => e.key)];
  return says(
    Type.Union(
      [
        comparison,
        edge('rising'),
        edge('falling'),
        list('all'),
        list('any'),
        Type.Object({ not: condition, forMs: forMs() }, closed),
        says(Type.Object({ always: Type.Literal(true) }, closed), {
          unknown: { forMs: '"always" holds at every moment, so forMs does not apply; remove it' },
        }),
        ...extra.map((e) => e.schema),
      ],
      { $id: id },
    ),
    { choose: (raw) => chooseCondition(raw, keys) },
  );
}

/** The shape of a condition (`$id` Condition); its variants in the order of CONDITION_KEYS. */
export const ConditionSchema = conditionUnion('Condition');

/** The definitions a schema that holds conditions must be given. */
export const CONDITION_REFS: readonly TSchema[] = [ConditionSchema, TagRefSchema];
/** A condition on its own. */
export const CONDITION_SHAPE: Shape = { schema: ConditionSchema, refs: CONDITION_REFS };

function chooseCondition(raw: unknown, keys: readonly string[]) {
  if (!isRecord(raw)) return `must be a condition such as {"tag": "Counter", "ge": 10}; got ${kindOf(raw)}`;
  const found = keys.filter((k) => k in raw);
  if (found.length === 0) {
    return `must have one of ${keys.join(', ')} (e.g. {"tag": "Counter", "ge": 10})`;
  }
  if (found.length > 1) {
    return `has ${found.join(' and ')}; a condition has one of them (combine with "all" or "any")`;
  }
  return keys.indexOf(found[0]!);
}

/** The kind of the condition a (well-shaped) value is. */
export function conditionKey(raw: object): ConditionKey | PlantConditionKey {
  return [...CONDITION_KEYS, ...PLANT_CONDITION_KEYS].find((k) => k in raw)!;
}

/** For each kind of nested thing, the keys that hold more of them and what those hold. */
export type NestingRules = Readonly<Record<string, Readonly<Record<string, string>>>>;
export const CONDITION_NESTING: NestingRules = {
  conditions: { all: 'conditions', any: 'conditions', not: 'conditions' },
};

/**
 * The first place where `raw` (a `what`: "conditions") nests deeper than MAX_NESTING levels,
 * counting from `depth`, so that no check after this one recurses without bound.
 */
export function nestingProblem(
  raw: unknown,
  what = 'conditions',
  depth = 0,
  rules: NestingRules = CONDITION_NESTING,
): Problem | undefined {
  if (!isRecord(raw)) return undefined;
  if (depth >= MAX_NESTING)
    return { at: [], message: `${what} nest deeper than ${MAX_NESTING} levels; simplify` };
  for (const [key, inner] of Object.entries(rules[what] ?? {})) {
    const value = raw[key];
    const parts: [unknown, (string | number)[]][] = Array.isArray(value)
      ? value.map((x, i) => [x, [key, i]])
      : [[value, [key]]];
    for (const [part, at] of parts) {
      const found = nestingProblem(part, inner, depth + 1, rules);
      if (found) return { at: [...at, ...found.at], message: found.message };
    }
  }
  return undefined;
}
