import { isSystemTag } from '../core/system-tags.js';
import type { TagDefinition } from '../core/tag-types.js';
import type { Behaviour, Conveyor, TagRef } from '../sim/behaviour-types.js';
import { mapBehaviourTagRefs } from '../sim/behaviour-tag-refs.js';
import { type RefUse, resolveTagRef, TagIndex } from '../sim/tag-refs.js';
import type { PlacedTag } from './plant-types.js';

/**
 * Hands out a scene's tags to the places of the drawing, each at most once: the first place that
 * claims a tag gets it, later ones are told no. The system tags are the lifecycle's, never drawn.
 * What nobody claimed is left for the panels (`unclaimed`).
 */
export class TagClaims {
  private readonly index: TagIndex;
  private readonly claimed = new Set<string>();

  constructor(private readonly tags: readonly TagDefinition[]) {
    this.index = new TagIndex(tags);
  }

  /** The tag a reference names, or `undefined` when it names none (or a system tag). */
  resolve(ref: TagRef, use: RefUse = 'read'): TagDefinition | undefined {
    const found = resolveTagRef(ref, this.index, use);
    return found.ok && !isSystemTag(found.tag) ? found.tag : undefined;
  }

  /** The tag placed here, if it was not placed yet. */
  claim(tag: TagDefinition | undefined): PlacedTag | undefined {
    if (!tag || this.claimed.has(tag.id) || isSystemTag(tag)) return undefined;
    this.claimed.add(tag.id);
    return placed(tag);
  }

  has(tag: TagDefinition): boolean {
    return this.claimed.has(tag.id);
  }

  /** The tags nobody claimed, in scene order. */
  unclaimed(): TagDefinition[] {
    return this.tags.filter((t) => !this.claimed.has(t.id) && !isSystemTag(t));
  }

  /** The Outputs a conveyor's drive (`runs`, `speed`, `reverse`) reads, in the order it names them. */
  driveOutputs(c: Conveyor): TagDefinition[] {
    const { conveyor, length, speed, runs, reverse } = c;
    return this.outputsIn({
      conveyor,
      length,
      speed,
      ...(runs ? { runs } : {}),
      ...(reverse ? { reverse } : {}),
    });
  }

  /** The Outputs the condition of one exit reads. */
  exitOutputs(c: Conveyor, exit: number): TagDefinition[] {
    const e = c.exits?.[exit];
    return e ? this.outputsIn({ conveyor: c.conveyor, length: c.length, speed: 0, exits: [e] }) : [];
  }

  private outputsIn(b: Behaviour): TagDefinition[] {
    const found: TagDefinition[] = [];
    mapBehaviourTagRefs([b], (site) => {
      const tag = this.resolve(site.ref, site.use);
      if (tag?.kind === 'Output' && !found.includes(tag)) found.push(tag);
      return site.ref;
    });
    return found;
  }
}

export function placed(tag: TagDefinition): PlacedTag {
  return { id: tag.id, name: tag.name, kind: tag.kind, type: tag.type, address: tag.address };
}
