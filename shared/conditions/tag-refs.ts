import { Type } from '@sinclair/typebox';
import type { TagDefinition, TagKind, TagType } from '../core/tag-types.js';
import { isRecord, show } from '../problems/json-words.js';
import { says, type Told } from '../schema/shape-hints.js';

/**
 * A tag, by name (a string, or `{name}`), by name and kind (`{name, kind}`: names are not unique
 * across kinds, `FACTORY I/O (Reset)` is both) or by id (`{id}`). A bare name that only one tag
 * has is enough; where a tag is written, a bare name means the Input of that name.
 */
export type TagRef = string | { readonly name: string; readonly kind?: TagKind } | { readonly id: string };

const FORMS = 'a tag is named by a string, {"name": ..., "kind": "Input" | "Output"} or {"id": ...}';

/** The shape of a tag reference (`$id` TagRef, for the schemas that name tags). */
export const TagRefSchema = says(
  Type.Union(
    [
      Type.String({ pattern: '\\S' }),
      Type.Object(
        {
          name: Type.String({ pattern: '\\S' }),
          kind: Type.Optional(Type.Union([Type.Literal('Input'), Type.Literal('Output')])),
        },
        { additionalProperties: false },
      ),
      Type.Object({ id: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
    ],
    { $id: 'TagRef' },
  ),
  { invalid: (ref) => tagRefProblem(ref) ?? `must name a tag: ${FORMS}; got ${show(ref)}` },
);

/** Why a value is not a tag reference, or `undefined` when it is one. */
export function tagRefProblem(ref: unknown): Told | undefined {
  if (typeof ref === 'string') return ref.trim() === '' ? `must name a tag; ${FORMS}` : undefined;
  if (!isRecord(ref)) return `must name a tag: ${FORMS}; got ${show(ref)}`;
  const extra = Object.keys(ref).filter((k) => !['id', 'name', 'kind'].includes(k));
  if (extra.length > 0) return `unknown field '${extra[0]}' in a tag reference; ${FORMS}`;
  if ('id' in ref) {
    const alone = typeof ref['id'] === 'string' && ref['id'] !== '' && !('name' in ref) && !('kind' in ref);
    return alone ? undefined : `an id reference is {"id": "<the tag's id>"} alone; got ${show(ref)}`;
  }
  const { name, kind } = ref;
  if (typeof name !== 'string' || name.trim() === '') return `must name a tag: ${FORMS}; got ${show(ref)}`;
  if (kind !== undefined && kind !== 'Input' && kind !== 'Output') {
    return { at: ['kind'], message: `must be "Input" or "Output"; got ${show(kind)}` };
  }
  return undefined;
}

/** The tags of a scene, indexed the two ways a reference may name them. */
export class TagIndex {
  private readonly byId = new Map<string, TagDefinition>();
  private readonly byName = new Map<string, TagDefinition[]>();

  constructor(readonly tags: readonly TagDefinition[]) {
    for (const tag of tags) {
      this.byId.set(tag.id, tag);
      const named = this.byName.get(tag.name);
      if (named) named.push(tag);
      else this.byName.set(tag.name, [tag]);
    }
  }

  id(id: string): TagDefinition | undefined {
    return this.byId.get(id);
  }

  named(name: string): readonly TagDefinition[] {
    return this.byName.get(name) ?? [];
  }

  /** A tag whose name differs only in letter case or surrounding spaces: a likely typo. */
  lookalike(name: string): TagDefinition | undefined {
    const wanted = name.trim().toLowerCase();
    return this.tags.find((t) => t.name.toLowerCase() === wanted);
  }

  /** How messages name a tag: its name, with the kind when an Input and an Output share it. */
  label(tag: TagDefinition): string {
    return this.named(tag.name).length > 1 ? `${tag.name} (${tag.kind})` : tag.name;
  }
}

export type Resolution = { ok: true; tag: TagDefinition } | { ok: false; message: string };

/**
 * Finds the tag a (well-formed) reference names. A bare name is looked up among all tags, where a
 * name shared by an Input and an Output must say which it means, unless `bareMeans` says which
 * kind a bare name means (a write means the Input).
 */
export function findTag(ref: TagRef, index: TagIndex, bareMeans?: TagKind): Resolution {
  if (typeof ref !== 'string' && 'id' in ref) {
    const tag = index.id(ref.id);
    return tag ? { ok: true, tag } : fail(`no tag has the id '${ref.id}' in this scene`);
  }
  const name = typeof ref === 'string' ? ref : ref.name;
  const kind = typeof ref === 'string' ? undefined : ref.kind;
  const all = index.named(name);
  if (all.length === 0) {
    const near = index.lookalike(name);
    const hint = near ? `; did you mean '${near.name}'?` : ' (names are case-sensitive)';
    return fail(`no tag is named '${name}' in this scene${hint}`);
  }
  const wanted = kind ?? (bareMeans && all.some((t) => t.kind === bareMeans) ? bareMeans : undefined);
  const matching = wanted === undefined ? all : all.filter((t) => t.kind === wanted);
  if (matching.length === 1) return { ok: true, tag: matching[0]! };
  if (matching.length === 0) {
    const other = all[0]!;
    return fail(
      `'${name}' is an ${other.kind}, not an ${wanted}; use {"name": "${name}", "kind": "${other.kind}"}`,
    );
  }
  if (new Set(matching.map((t) => t.kind)).size > 1) {
    return fail(
      `'${name}' names an Input and an Output; say which, e.g. {"name": "${name}", "kind": "Output"}`,
    );
  }
  return fail(
    `${matching.length} ${matching[0]!.kind} tags are named '${name}'; refer to one by id, e.g. {"id": "${matching[0]!.id}"}`,
  );
}

/** `a Bit`, `an Int`, `a Float`. */
export function aType(type: TagType): string {
  return type === 'Int' ? 'an Int' : `a ${type}`;
}

function fail(message: string): Resolution {
  return { ok: false, message };
}
