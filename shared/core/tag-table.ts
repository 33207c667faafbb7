import type { ItemError, RefKind, TagFilter } from './engine-types.js';
import { malformedRef, notFound } from './item-errors.js';
import type { TagScene } from './tag-scene.js';
import { TagRecord } from './tag-record.js';
import { compileWildcard } from './wildcard.js';

/** The tags of one loaded scene, in scene order, indexed by id and by name. */
export class TagTable {
  private constructor(
    readonly scene: TagScene,
    readonly records: readonly TagRecord[],
    private readonly byId: ReadonlyMap<string, TagRecord>,
    private readonly byName: ReadonlyMap<string, readonly TagRecord[]>,
  ) {}

  /**
   * The tags of a scene at their initial state, or, with `previous`, carrying over the state of
   * each tag whose id (and type) the previous table has. Throws on a duplicate id.
   */
  static build(scene: TagScene, previous?: TagTable): TagTable {
    const records = scene.tags.map((def) => new TagRecord(def));
    const byId = new Map<string, TagRecord>();
    const byName = new Map<string, TagRecord[]>();
    for (const r of records) {
      if (byId.has(r.def.id)) throw new Error(`Scene "${scene.name}" has two tags with id '${r.def.id}'.`);
      byId.set(r.def.id, r);
      const named = byName.get(r.def.name);
      if (named) named.push(r);
      else byName.set(r.def.name, [r]);
      const before = previous?.byId.get(r.def.id);
      if (before) r.carryOver(before);
    }
    return new TagTable(scene, records, byId, byName);
  }

  get(id: string): TagRecord | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Every tag with exactly this name, scene order. */
  named(name: string): readonly TagRecord[] {
    return this.byName.get(name) ?? [];
  }

  lookup(by: RefKind, ref: string): readonly TagRecord[] {
    if (by === 'name') return this.named(ref);
    const r = this.byId.get(ref);
    return r ? [r] : [];
  }

  /** The tags that pass every filter given, scene order. */
  filtered(filter: TagFilter): readonly TagRecord[] {
    if (filter.name === undefined && filter.type === undefined && filter.kind === undefined) {
      return this.records;
    }
    const matchName = filter.name === undefined ? undefined : compileWildcard(filter.name);
    return this.records.filter(
      (r) =>
        (filter.type === undefined || r.def.type === filter.type) &&
        (filter.kind === undefined || r.def.kind === filter.kind) &&
        (matchName === undefined || matchName(r.def.name)),
    );
  }

  /**
   * Walks the entries of a value read of these refs, in request order: each tag a ref finds (a
   * name may find several, scene order), or the item error of a ref that finds none.
   */
  forEachRead(
    by: RefKind,
    refs: readonly unknown[],
    found: (r: TagRecord, ref: string) => void,
    failed: (error: ItemError) => void,
  ): void {
    for (const ref of refs) {
      if (typeof ref !== 'string') {
        failed(malformedRef(by));
        continue;
      }
      const records = this.lookup(by, ref);
      if (records.length === 0) failed(notFound(by, ref));
      for (const r of records) found(r, ref);
    }
  }
}
