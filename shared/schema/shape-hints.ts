import type { TSchema } from '@sinclair/typebox';

/** A place inside a checked value: object keys and array indexes, from the value's root. */
export type Segment = string | number;

/** A message, and where it belongs when that is not the place of the schema node that gave it. */
export type Told = string | { readonly at: readonly Segment[]; readonly message: string };

/**
 * What a schema node says to a person when a value does not fit it. The shapes are JSON Schema
 * (TypeBox); these hints carry the words, under a symbol, so the JSON Schema written out for
 * editors does not show them.
 */
export interface ShapeHint {
  /** The message for a value that does not fit this node (its type or any of its limits). */
  readonly invalid?: (value: unknown) => Told;
  /** The message when this required field is missing (default: `invalid`, else "is missing"). */
  readonly missing?: string;
  /** A missing field that the caller reports itself, with words only it knows (a tag's type). */
  readonly missingToldElsewhere?: boolean;
  /** A value the caller reports itself, with what only it knows (a tag's range needs its type). */
  readonly toldElsewhere?: (value: unknown) => boolean;
  /** On an object: better reasons than "unknown field" for some fields. */
  readonly unknown?: Readonly<Record<string, string>>;
  /** On an object: what introduces the list of its fields in "unknown field" (default: "known fields here"). */
  readonly knownLabel?: string;
  /** On an object: the message for any other unknown field (default: "unknown field; ..."). */
  readonly anyUnknown?: string;
  /** On a union: the variant a value is meant to be (its index), or why it is none. */
  readonly choose?: (value: unknown) => number | Told;
}

const HINT = Symbol('shape hint');

/** Gives a schema node its words; returns the node. */
export function says<T extends TSchema>(schema: T, hint: ShapeHint): T {
  (schema as unknown as Record<symbol, ShapeHint>)[HINT] = hint;
  return schema;
}

export function hintOf(schema: TSchema | undefined): ShapeHint {
  return (schema as unknown as Record<symbol, ShapeHint> | undefined)?.[HINT] ?? {};
}
