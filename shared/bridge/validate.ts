/**
 * Tiny runtime validators for bridge payloads. Every message from a renderer is untrusted: the
 * hosts (IPC and WebSocket) check each payload against the spec before the core sees it.
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

function fail(path: string, expected: string, input: unknown): never {
  const got = input === null ? 'null' : Array.isArray(input) ? 'an array' : typeof input;
  throw new BridgeArgumentError(`${path} must be ${expected}; got ${got}.`);
}

type Shape = Record<string, Validator<unknown>>;
type Checked<S extends Shape, K extends keyof S> = ReturnType<S[K]>;
/** The object a shape accepts: fields whose validator allows `undefined` are optional. */
export type ObjectOf<S extends Shape> = {
  [K in keyof S as undefined extends Checked<S, K> ? never : K]: Checked<S, K>;
} & {
  [K in keyof S as undefined extends Checked<S, K> ? K : never]?: Checked<S, K>;
};

/**
 * The longest string a bridge field takes unless its spec names another bound (ids, names,
 * words): far longer than any real one, so that no message makes the core work on megabytes.
 */
export const MAX_BRIDGE_STRING = 10_000;

function boundedString(max: number): Validator<string> {
  return (input, path) => {
    if (typeof input !== 'string') fail(path, 'a string', input);
    if (input.length > max) throw new BridgeArgumentError(`${path} is longer than ${max} characters.`);
    return input;
  };
}

export const v = {
  none: ((input, path) => {
    if (input !== undefined && input !== null) fail(path, 'absent', input);
    return undefined;
  }) as Validator<void>,

  /** A string of at most MAX_BRIDGE_STRING characters. */
  string: boundedString(MAX_BRIDGE_STRING),

  maxLengthString: boundedString,

  /** A finite number. */
  number: ((input, path) =>
    typeof input === 'number' && Number.isFinite(input)
      ? input
      : fail(path, 'a finite number', input)) as Validator<number>,

  /** `null`, or what `inner` accepts (an edit that clears a field sends null). */
  nullable<T>(inner: Validator<T>): Validator<T | null> {
    return (input, path) => (input === null ? null : inner(input, path));
  },

  boolean: ((input, path) =>
    typeof input === 'boolean' ? input : fail(path, 'a boolean', input)) as Validator<boolean>,

  /** A value typed by a person or sent by the UI: converted later with the API's own rules. */
  valueInput: ((input, path) =>
    typeof input === 'boolean' || (typeof input === 'number' && Number.isFinite(input))
      ? input
      : typeof input === 'string'
        ? boundedString(MAX_BRIDGE_STRING)(input, path)
        : fail(path, 'a boolean, a number or a string', input)) as Validator<boolean | number | string>,

  integer(min: number, max: number): Validator<number> {
    return (input, path) =>
      typeof input === 'number' && Number.isInteger(input) && input >= min && input <= max
        ? input
        : fail(path, `a whole number from ${min} to ${max}`, input);
  },

  oneOf<T extends string>(...options: readonly T[]): Validator<T> {
    return (input, path) =>
      typeof input === 'string' && (options as readonly string[]).includes(input)
        ? (input as T)
        : fail(path, `one of ${options.join(', ')}`, input);
  },

  optional<T>(inner: Validator<T>): Validator<T | undefined> {
    return (input, path) => (input === undefined ? undefined : inner(input, path));
  },

  /** An object with exactly these fields (unknown fields are refused: they hint at a bug). */
  object<S extends Shape>(shape: S): Validator<ObjectOf<S>> {
    return (input, path) => {
      if (typeof input !== 'object' || input === null || Array.isArray(input)) fail(path, 'an object', input);
      const record = input as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        if (!Object.hasOwn(shape, key)) throw new BridgeArgumentError(`${path}.${key} is not a known field.`);
      }
      const out: Record<string, unknown> = {};
      for (const [key, check] of Object.entries(shape)) {
        const value = check(record[key], `${path}.${key}`);
        if (value !== undefined) out[key] = value;
      }
      return out as ObjectOf<S>;
    };
  },

  /**
   * A plain JSON object (a behaviour as a scene file holds it): only JSON's own kinds of value,
   * at most `maxDepth` levels deep. IPC's structured clone could carry Maps, Dates or cycles; the
   * core only ever sees what a file could hold. Its meaning is checked later, with the file rules.
   */
  jsonObject(maxDepth: number): Validator<Record<string, unknown>> {
    return (input, path) => {
      if (typeof input !== 'object' || input === null || Array.isArray(input)) fail(path, 'an object', input);
      checkJson(input, path, maxDepth);
      return input as Record<string, unknown>;
    };
  },

  array<T>(item: Validator<T>, maxLength: number): Validator<T[]> {
    return (input, path) => {
      if (!Array.isArray(input)) fail(path, 'an array', input);
      if (input.length > maxLength)
        throw new BridgeArgumentError(`${path} has more than ${maxLength} items.`);
      return input.map((x, i) => item(x, `${path}[${i}]`));
    };
  },
};

function checkJson(input: unknown, path: string, depthLeft: number): void {
  if (input === null || typeof input === 'boolean') return;
  if (typeof input === 'string') {
    boundedString(MAX_BRIDGE_STRING)(input, path);
    return;
  }
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) fail(path, 'a finite number', input);
    return;
  }
  if (typeof input !== 'object')
    fail(path, 'JSON (an object, array, string, number, boolean or null)', input);
  if (depthLeft <= 0) throw new BridgeArgumentError(`${path} is nested too deeply.`);
  if (Array.isArray(input)) {
    input.forEach((item, i) => checkJson(item, `${path}[${i}]`, depthLeft - 1));
    return;
  }
  if (Object.getPrototypeOf(input) !== Object.prototype && Object.getPrototypeOf(input) !== null)
    fail(path, 'a plain object', input);
  for (const [key, value] of Object.entries(input)) {
    boundedString(MAX_BRIDGE_STRING)(key, `${path} key`);
    checkJson(value, `${path}.${key}`, depthLeft - 1);
  }
}
