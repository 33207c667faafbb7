import { SYSTEM_TAGS } from '../core/system-tags.js';
import type { TagDefinition, TagKind } from '../core/tag-types.js';

/** The tags of a scene, indexed the two ways a behaviour may name them. */
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
}

/** Reading a tag (a condition, an expression) or writing it (an action, a generator, a sensor). */
export type RefUse = 'read' | 'write';

export type Resolution = { ok: true; tag: TagDefinition } | { ok: false; message: string };

/**
 * Finds the tag a reference names. Writes may only go to Inputs: the plant sets its sensors, the
 * controller its actuators. A bare name is looked up among the Inputs for a write and among all
 * tags for a read, where a name shared by an Input and an Output must say which it means.
 */
export function resolveTagRef(ref: unknown, index: TagIndex, use: RefUse): Resolution {
  const found = find(ref, index, use);
  if (!found.ok || use === 'read') return found;
  const { name, kind } = found.tag;
  if (kind === 'Output') return fail(`'${name}' is an Output; a behaviour may only write Input tags`);
  if (SYSTEM_TAGS.some((s) => s.name === name && s.kind === kind)) {
    return fail(`'${name}' is a system tag: the simulation's lifecycle sets it, a behaviour may not`);
  }
  return found;
}

function find(ref: unknown, index: TagIndex, use: RefUse): Resolution {
  if (typeof ref === 'string') return byName(ref, undefined, index, use);
  if (typeof ref !== 'object' || ref === null || Array.isArray(ref)) return fail(notARef(ref));
  const record = ref as Record<string, unknown>;
  const extra = Object.keys(record).filter((k) => !['id', 'name', 'kind'].includes(k));
  if (extra.length > 0) return fail(`unknown field '${extra[0]}' in a tag reference; ${forms}`);
  if ('id' in record) {
    if (typeof record['id'] !== 'string' || 'name' in record || 'kind' in record) return fail(notARef(ref));
    const tag = index.id(record['id']);
    return tag ? { ok: true, tag } : fail(`no tag has the id '${record['id']}' in this scene`);
  }
  const { name, kind } = record;
  if (typeof name !== 'string' || name === '') return fail(notARef(ref));
  if (kind !== undefined && kind !== 'Input' && kind !== 'Output') {
    return fail(`kind must be Input or Output; got ${JSON.stringify(kind)}`);
  }
  return byName(name, kind, index, use);
}

function byName(name: string, kind: TagKind | undefined, index: TagIndex, use: RefUse): Resolution {
  const all = index.named(name);
  if (all.length === 0) {
    const near = index.lookalike(name);
    const hint = near ? `; did you mean '${near.name}'?` : ' (names are case-sensitive)';
    return fail(`no tag is named '${name}' in this scene${hint}`);
  }
  // Without a kind, a write means the Input of that name (a plant writes only Inputs).
  const wanted = kind ?? (use === 'write' && all.some((t) => t.kind === 'Input') ? 'Input' : undefined);
  const matching = wanted === undefined ? all : all.filter((t) => t.kind === wanted);
  if (matching.length === 1) return { ok: true, tag: matching[0]! };
  if (matching.length === 0) {
    const other = all[0]!;
    return fail(
      `'${name}' is an ${other.kind}, not an ${wanted}; use {"name": "${name}", "kind": "${other.kind}"}`,
    );
  }
  const kinds = new Set(matching.map((t) => t.kind));
  if (kinds.size > 1) {
    return fail(
      `'${name}' names an Input and an Output; say which, e.g. {"name": "${name}", "kind": "Output"}`,
    );
  }
  return fail(
    `${matching.length} ${matching[0]!.kind} tags are named '${name}'; refer to one by id, e.g. {"id": "${matching[0]!.id}"}`,
  );
}

const forms = 'a tag is named by a string, {"name": ..., "kind": "Input" | "Output"} or {"id": ...}';

function notARef(ref: unknown): string {
  return `must name a tag: ${forms}; got ${JSON.stringify(ref) ?? 'nothing'}`;
}

function fail(message: string): Resolution {
  return { ok: false, message };
}
