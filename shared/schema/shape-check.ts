import type { TSchema } from '@sinclair/typebox';
import { type ValueError, type ValueErrorIterator, ValueErrorType } from '@sinclair/typebox/errors';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import { closest, kindOf, ownValue, show } from '../problems/json-words.js';
import { hintOf, type Segment, type Told } from './shape-hints.js';
import type { Problem, Shape } from './shape-paths.js';

/** Whether the value has the shape (no message). */
export function fits(shape: Shape, value: unknown): boolean {
  return Value.Check(shape.schema, [...shape.refs], value);
}

/**
 * `fits`, compiled to code on its first call: for hot paths in the main process (a window's tag
 * writes). Compiling needs `new Function`, which a window's Content Security Policy forbids, so
 * nothing in a window may call the checker this returns (building it compiles nothing).
 */
export function compiledFits(shape: Shape): (value: unknown) => boolean {
  let check: ((value: unknown) => boolean) | undefined;
  return (value) => {
    check ??= compile(shape);
    return check(value);
  };
}

function compile(shape: Shape): (value: unknown) => boolean {
  const compiled = TypeCompiler.Compile(shape.schema, [...shape.refs]);
  return (value) => compiled.Check(value);
}

/**
 * The problems of a value's shape, each with its place and the words its schema node gives (or
 * plain ones: "must be a number; got "x""). TypeBox checks, interpretively (no code is compiled,
 * so this runs under a strict Content Security Policy); a union reports only the problems of the
 * variant its hint chooses, so that a message speaks of what the author meant.
 *
 * The caller keeps the value's nesting bounded (see nestingProblem in shared/conditions/).
 * `limit`: stop after this many problems (where only the first is told, a hostile value of
 * millions of bad items is not read to its end).
 */
export function shapeProblems(shape: Shape, value: unknown, limit = Infinity): Problem[] {
  // Most values fit: a check allocates nothing, where walking the errors of a large scene (a
  // saved scene of 500 tags, its plant and layout) would take a few hundred milliseconds.
  if (fits(shape, value)) return [];
  const problems: Problem[] = [];
  const seen = new Set<string>();
  const add = (at: readonly Segment[], told: Told) => {
    const problem = typeof told === 'string' ? { at, message: told } : { ...told, at: [...at, ...told.at] };
    const key = JSON.stringify(problem.at);
    if (seen.has(key)) return; // one message per place: a number below its minimum is not also "not an integer"
    seen.add(key);
    problems.push(problem);
  };
  translate(Value.Errors(shape.schema, [...shape.refs], value), value, add, () => problems.length >= limit);
  return problems;
}

function translate(
  errors: ValueErrorIterator,
  root: unknown,
  add: (at: readonly Segment[], told: Told) => void,
  full: () => boolean,
): void {
  for (const error of errors) {
    if (full()) return; // a hostile array of millions of bad items is not read to its end
    const at = parsePointer(error.path, root);
    const hint = hintOf(error.schema);
    const placed =
      error.type === ValueErrorType.ObjectRequiredProperty ||
      error.type === ValueErrorType.ObjectAdditionalProperties;
    if (!placed && hint.toldElsewhere?.(error.value)) continue;
    switch (error.type) {
      case ValueErrorType.Union: {
        if (hint.invalid) {
          add(at, hint.invalid(error.value));
          break;
        }
        const choice = hint.choose?.(error.value);
        if (typeof choice === 'number') translate(error.errors[choice]!, root, add, full);
        else add(at, choice ?? oneOf(error.schema, error.value));
        break;
      }
      case ValueErrorType.ObjectAdditionalProperties: {
        const key = String(at[at.length - 1]);
        const known = Object.keys(error.schema['properties'] as object).filter((k) => k !== '$schema');
        const told = ownValue(hint.unknown, key);
        add(at, told ?? hint.anyUnknown ?? unknownField(key, known, hint.knownLabel));
        break;
      }
      case ValueErrorType.ObjectRequiredProperty:
        if (hint.missingToldElsewhere) break;
        add(at, hint.missing ?? hint.invalid?.(undefined) ?? missing(error.schema));
        break;
      default:
        add(at, hint.invalid?.(error.value) ?? plain(error));
    }
  }
}

/** `unknown field; did you mean 'name'? (known fields here: ...)`, as every file of TagSim says it. */
export function unknownField(key: string, known: readonly string[], label = 'known fields here'): string {
  const meant = closest(key, known);
  const list = `(${label}: ${known.join(', ')})`;
  return meant ? `unknown field; did you mean '${meant}'? ${list}` : `unknown field; remove it ${list}`;
}

function missing(schema: TSchema): string {
  return schema['type'] === 'number' || schema['type'] === 'integer' ? 'is missing: a number' : 'is missing';
}

/** `must be "wrap" or "clamp"`, `must be one of constant, sine, ...`: a union of constants. */
function oneOf(schema: TSchema, value: unknown): string {
  const options = (schema['anyOf'] as TSchema[]).map((s) => s['const'] as unknown);
  const words =
    options.length === 2
      ? `${JSON.stringify(options[0])} or ${JSON.stringify(options[1])}`
      : `one of ${options.join(', ')}`;
  return `must be ${words}; got ${show(value)}`;
}

function plain(error: ValueError): string {
  const { schema, value } = error;
  const got = show(value);
  switch (error.type) {
    case ValueErrorType.Number:
      return `must be a number; got ${got}`;
    case ValueErrorType.Integer:
      return `must be a whole number; got ${got}`;
    case ValueErrorType.NumberMinimum:
    case ValueErrorType.IntegerMinimum:
      return `${got} is below ${schema['minimum']}`;
    case ValueErrorType.NumberMaximum:
    case ValueErrorType.IntegerMaximum:
      return `${got} is above ${schema['maximum']}`;
    case ValueErrorType.NumberExclusiveMinimum:
    case ValueErrorType.IntegerExclusiveMinimum:
      return `must be above ${schema['exclusiveMinimum']}; got ${got}`;
    case ValueErrorType.NumberExclusiveMaximum:
    case ValueErrorType.IntegerExclusiveMaximum:
      return `must be below ${schema['exclusiveMaximum']}; got ${got}`;
    case ValueErrorType.String:
      return `must be a string; got ${got}`;
    case ValueErrorType.StringMinLength:
    case ValueErrorType.StringPattern:
      return `must not be empty; got ${got}`;
    case ValueErrorType.Boolean:
      return `must be true or false; got ${got}`;
    case ValueErrorType.Literal:
      return `must be ${JSON.stringify(schema['const'])}; got ${got}`;
    case ValueErrorType.Array:
      return `must be an array; got ${kindOf(value)}`;
    case ValueErrorType.Object:
      return `must be an object; got ${kindOf(value)}`;
    default:
      return `${error.message}; got ${got}`;
  }
}

/** A JSON Pointer as segments: array indexes as numbers, every other key as it is. */
function parsePointer(pointer: string, root: unknown): Segment[] {
  if (pointer === '') return [];
  let current = root;
  return pointer
    .slice(1)
    .split('/')
    .map((raw) => {
      const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      const segment = Array.isArray(current) ? Number(key) : key;
      current = typeof current === 'object' && current !== null ? (current as never)[segment] : undefined;
      return segment;
    });
}
