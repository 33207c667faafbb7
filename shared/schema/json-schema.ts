import type { TSchema } from '@sinclair/typebox';

/**
 * A TypeBox schema as plain draft-07 JSON Schema, for editors: the words of the hints (symbols)
 * and TypeBox's own markers are left out, and each `$ref` to a definition's `$id` becomes
 * `#/definitions/<name>` under the name `names` gives it.
 */
export function toJsonSchema(schema: TSchema, names: Readonly<Record<string, string>>): object {
  return JSON.parse(JSON.stringify(schema), (key, value: unknown) => {
    if (key === '$id') return undefined;
    if (key === '$ref' && typeof value === 'string') {
      const name = names[value];
      if (!name) throw new Error(`No definition is named for $ref ${value}`);
      return `#/definitions/${name}`;
    }
    return value;
  }) as object;
}
