import { Kind, type TSchema } from '@sinclair/typebox';
import { isRecord } from '../problems/json-words.js';
import { hintOf, type Segment } from './shape-hints.js';

/** A schema and the definitions its `$ref`s name (by `$id`). */
export interface Shape {
  readonly schema: TSchema;
  readonly refs: readonly TSchema[];
}

/** A problem, placed by segments from the root of the value it was found in. */
export interface Problem {
  readonly at: readonly Segment[];
  readonly message: string;
}

/** Where a segment falls: its order among its siblings, and whether it is a key of a record. */
interface Place {
  readonly rank: number;
  readonly recordKey: boolean;
}

/**
 * Sorts problems into the order of the schema (a field's problems in the order the schema lists
 * its fields, unknown fields first, array items in turn) and writes their paths the way every
 * file message of TagSim does: `behaviours[2].then[0].set`, `reads["blue lid"]`.
 */
export function placeProblems(
  shape: Shape,
  value: unknown,
  prefix: string,
  problems: readonly Problem[],
): { path: string; message: string }[] {
  const placed = problems.map((p) => ({ ...p, places: locate(shape, value, p.at) }));
  placed.sort((a, b) => compareRanks(a.places, b.places));
  return placed.map((p) => ({ path: formatPath(prefix, p.at, p.places), message: p.message }));
}

/** The path of one place, for a message outside a sorted list. */
export function placeOf(shape: Shape, value: unknown, prefix: string, at: readonly Segment[]): string {
  return formatPath(prefix, at, locate(shape, value, at));
}

/** The schema node that describes the value here: refs followed, union variants chosen. */
export function resolve(shape: Shape, schema: TSchema | undefined, value: unknown): TSchema | undefined {
  for (let hops = 0; schema && hops < 8; hops++) {
    if (schema[Kind] === 'Ref') {
      schema = shape.refs.find((r) => r.$id === schema!['$ref']);
    } else if (schema[Kind] === 'Union') {
      const choice = hintOf(schema).choose?.(value);
      return typeof choice === 'number' ? resolve(shape, schema['anyOf'][choice], value) : undefined;
    } else return schema;
  }
  return schema;
}

function locate(shape: Shape, value: unknown, at: readonly Segment[]): Place[] {
  const places: Place[] = [];
  let schema: TSchema | undefined = shape.schema;
  let current = value;
  for (const segment of at) {
    schema = resolve(shape, schema, current);
    const kind = schema?.[Kind];
    let place: Place = { rank: typeof segment === 'number' ? segment : 0, recordKey: false };
    let next: TSchema | undefined;
    if (kind === 'Object' && typeof segment === 'string') {
      const properties = schema!['properties'] as Record<string, TSchema>;
      place = { rank: Object.keys(properties).indexOf(segment), recordKey: false };
      next = properties[segment];
    } else if (kind === 'Array') {
      next = schema!['items'] as TSchema;
    } else if (kind === 'Record') {
      const keys = isRecord(current) ? Object.keys(current) : [];
      place = { rank: keys.indexOf(String(segment)), recordKey: true };
      next = Object.values(schema!['patternProperties'] as Record<string, TSchema>)[0];
    }
    places.push(place);
    schema = next;
    current = isRecord(current) || Array.isArray(current) ? (current as never)[segment] : undefined;
  }
  return places;
}

function compareRanks(a: readonly Place[], b: readonly Place[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = a[i]!.rank - b[i]!.rank;
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

function formatPath(prefix: string, at: readonly Segment[], places: readonly Place[]): string {
  let path = prefix;
  at.forEach((segment, i) => {
    if (typeof segment === 'number') path += `[${segment}]`;
    else if (places[i]?.recordKey) path += `[${JSON.stringify(segment)}]`;
    else path += path === '' ? segment : `.${segment}`;
  });
  return path;
}
