import { Kind, type Static, type TSchema, Type, TypeRegistry } from '@sinclair/typebox';
import { compiledFits, shapeProblems } from '../schema/shape-check.js';
import { says, type Told } from '../schema/shape-hints.js';
import { placeProblems, type Shape } from '../schema/shape-paths.js';

/**
 * The shapes of bridge payloads, as TypeBox schemas checked by the one shape-check layer. Every
 * message from a renderer is untrusted: the hosts (IPC and WebSocket) check each payload against
 * the spec before the core sees it. The schema nodes carry the bridge's words
 * ("setFailure.failure must be one of none, alwaysOff, alwaysOn; got string.").
 */

/** Checks `input` and returns it typed, or throws a BridgeArgumentError naming the problem. */
export type Validator<T> = (input: unknown, path: string) => T;

/** A payload that does not match the spec; the message says where and what. */
export class BridgeArgumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BridgeArgumentError';
  }
}

/**
 * The longest string a bridge field takes unless its spec names another bound (ids, names,
 * words): far longer than any real one, so that no message makes the core work on megabytes.
 */
export const MAX_BRIDGE_STRING = 10_000;

/** What a payload was, for "got ...": its kind only (a payload may be megabytes). */
function got(input: unknown): string {
  return input === null ? 'null' : Array.isArray(input) ? 'an array' : typeof input;
}

const wrong = (expected: string) => (input: unknown) => `must be ${expected}; got ${got(input)}`;

function boundedString(max: number) {
  return says(Type.String({ maxLength: max }), {
    invalid: (input) =>
      typeof input === 'string' ? `is longer than ${max} characters` : wrong('a string')(input),
  });
}

/** The bridge's schemas: each node says, in the bridge's words, what is wrong with a value. */
export const v = {
  /** No payload (a window may send undefined or null). */
  none: says(Type.Unsafe<void>(Type.Union([Type.Undefined(), Type.Null()])), { invalid: wrong('absent') }),

  /** A string of at most MAX_BRIDGE_STRING characters. */
  string: boundedString(MAX_BRIDGE_STRING),

  maxLengthString: boundedString,

  /** A finite number (TypeBox refuses NaN and the infinities). */
  number: says(Type.Number(), { invalid: wrong('a finite number') }),

  /** `null`, or what `inner` accepts (an edit that clears a field sends null). */
  nullable<T extends TSchema>(inner: T) {
    return says(Type.Union([Type.Null(), inner]), { choose: (input) => (input === null ? 0 : 1) });
  },

  boolean: says(Type.Boolean(), { invalid: wrong('a boolean') }),

  /** A value typed by a person or sent by the UI: converted later with the API's own rules. */
  valueInput: says(
    Type.Union([Type.Boolean(), Type.Number(), Type.String({ maxLength: MAX_BRIDGE_STRING })]),
    {
      choose: (input) =>
        typeof input === 'string'
          ? { at: [], message: `is longer than ${MAX_BRIDGE_STRING} characters` }
          : wrong('a boolean, a number or a string')(input),
    },
  ),

  integer(min: number, max: number) {
    return says(Type.Integer({ minimum: min, maximum: max }), {
      invalid: wrong(`a whole number from ${min} to ${max}`),
    });
  },

  oneOf<T extends string>(...options: readonly T[]) {
    const union = Type.Unsafe<T>(Type.Union(options.map((o) => Type.Literal(o))));
    return says(union, { invalid: wrong(`one of ${options.join(', ')}`) });
  },

  /** A field that may be absent; as the whole payload, a payload that may be absent. */
  optional<T extends TSchema>(inner: T) {
    return Type.Optional(inner);
  },

  /** An absent payload, or what `inner` accepts. */
  optionalArgs<T extends TSchema>(inner: T) {
    return says(Type.Union([Type.Undefined(), inner]), { choose: (input) => (input === undefined ? 0 : 1) });
  },

  /** An object with exactly these fields (unknown fields are refused: they hint at a bug). */
  object<P extends Record<string, TSchema>>(properties: P) {
    return says(Type.Object(properties, { additionalProperties: false }), {
      invalid: wrong('an object'),
      anyUnknown: 'is not a known field',
    });
  },

  /**
   * A plain JSON object (a behaviour as a scene file holds it): only JSON's own kinds of value,
   * at most `maxDepth` levels deep. IPC's structured clone could carry Maps, Dates or cycles; the
   * core only ever sees what a file could hold. Its meaning is checked later, with the file rules.
   * JSON Schema cannot bound nesting or tell a Map from an object: a kind of TypeBox's registry
   * (jsonProblem, below) says it.
   */
  jsonObject(maxDepth: number) {
    return says(Type.Unsafe<Record<string, unknown>>({ [Kind]: JSON_OBJECT, maxDepth }), {
      invalid: (input) => jsonObjectProblem(input, maxDepth) ?? wrong('an object')(input),
    });
  },

  array<T extends TSchema>(item: T, maxLength: number) {
    return says(Type.Array(item, { maxItems: maxLength }), {
      invalid: (input) =>
        Array.isArray(input) ? `has more than ${maxLength} items` : wrong('an array')(input),
    });
  },
};

/** The validator of a bridge method's payload: the compiled check first, the words on failure. */
export function bridgeArgs<T extends TSchema>(schema: T): Validator<Static<T>> {
  const shape: Shape = { schema, refs: [] };
  const fits = compiledFits(shape);
  return (input, path) => {
    if (fits(input)) return input as Static<T>;
    const [first] = placeProblems(shape, input, path, shapeProblems(shape, input, 100));
    throw new BridgeArgumentError(first ? `${first.path} ${first.message}.` : `${path} is not valid.`);
  };
}

const JSON_OBJECT = 'TagSimJsonObject';
if (!TypeRegistry.Has(JSON_OBJECT))
  TypeRegistry.Set<{ maxDepth: number }>(
    JSON_OBJECT,
    (schema, value) => jsonObjectProblem(value, schema.maxDepth) === undefined,
  );

function jsonObjectProblem(input: unknown, maxDepth: number): Told | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return wrong('an object')(input);
  return jsonProblem(input, [], maxDepth);
}

/** The first thing in `input` that JSON could not hold, or that nests deeper than `depthLeft`. */
function jsonProblem(input: unknown, at: (string | number)[], depthLeft: number): Told | undefined {
  if (input === null || typeof input === 'boolean') return undefined;
  if (typeof input === 'string')
    return input.length > MAX_BRIDGE_STRING
      ? { at, message: `is longer than ${MAX_BRIDGE_STRING} characters` }
      : undefined;
  if (typeof input === 'number')
    return Number.isFinite(input) ? undefined : { at, message: wrong('a finite number')(input) };
  if (typeof input !== 'object')
    return { at, message: wrong('JSON (an object, array, string, number, boolean or null)')(input) };
  if (depthLeft <= 0) return { at, message: 'is nested too deeply' };
  if (Array.isArray(input)) {
    for (let i = 0; i < input.length; i++) {
      const found = jsonProblem(input[i], [...at, i], depthLeft - 1);
      if (found) return found;
    }
    return undefined;
  }
  if (Object.getPrototypeOf(input) !== Object.prototype && Object.getPrototypeOf(input) !== null)
    return { at, message: wrong('a plain object')(input) };
  for (const [key, value] of Object.entries(input)) {
    if (key.length > MAX_BRIDGE_STRING)
      return { at, message: `key is longer than ${MAX_BRIDGE_STRING} characters` };
    const found = jsonProblem(value, [...at, key], depthLeft - 1);
    if (found) return found;
  }
  return undefined;
}
