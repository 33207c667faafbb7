import type { TagDefinition } from '../core/tag-types.js';
import type { Behaviour, TagRef } from './behaviour-types.js';
import { type RefUse, resolveTagRef, TagIndex } from './tag-refs.js';

/** Where a tag reference sits in a behaviour, and how the behaviour uses the tag. */
export interface TagRefSite {
  readonly ref: TagRef;
  readonly use: RefUse;
  /** The index of the behaviour in its list. */
  readonly behaviour: number;
}

/**
 * Returns the behaviours with every tag reference replaced by what `replace` gives for it (the
 * same reference to leave it). Walks the places the model names tags: conditions (`tag`,
 * `rising`, `falling`), expressions (`tag`), actions (`set`, `pulse`, `toggle`, `increment`),
 * generators (`generate`), conveyor sensors (`tag`), stacker cranes (`target`, `movingX`,
 * `movingZ`, `lift`). Behaviours are plain JSON of a validated
 * list; nothing is changed in place.
 */
export function mapBehaviourTagRefs(
  behaviours: readonly Behaviour[],
  replace: (site: TagRefSite) => TagRef,
): Behaviour[] {
  return behaviours.map((b, i) =>
    new RefWalker((ref, use) => replace({ ref, use, behaviour: i })).behaviour(b),
  );
}

/** The indexes of the behaviours that name the tag with this id (by id, name or name and kind). */
export function behavioursUsingTag(
  behaviours: readonly Behaviour[],
  tags: readonly TagDefinition[],
  tagId: string,
): number[] {
  const index = new TagIndex(tags);
  const using = new Set<number>();
  mapBehaviourTagRefs(behaviours, (site) => {
    const found = resolveTagRef(site.ref, index, site.use);
    if (found.ok && found.tag.id === tagId) using.add(site.behaviour);
    return site.ref;
  });
  return [...using].sort((a, b) => a - b);
}

/**
 * The behaviours after a tag was renamed or moved to the other kind: every reference that named
 * `before` (among `tags`, the scene before the change) now names `after`. References by id need
 * nothing; a name keeps its form (a bare name stays bare), a `{name, kind}` takes the new kind.
 */
export function followTagChange(
  behaviours: readonly Behaviour[],
  tags: readonly TagDefinition[],
  before: TagDefinition,
  after: Pick<TagDefinition, 'name' | 'kind'>,
): Behaviour[] {
  if (before.name === after.name && before.kind === after.kind) return [...behaviours];
  const index = new TagIndex(tags);
  return mapBehaviourTagRefs(behaviours, ({ ref, use }) => {
    if (typeof ref === 'object' && 'id' in ref) return ref;
    const found = resolveTagRef(ref, index, use);
    if (!found.ok || found.tag.id !== before.id) return ref;
    return renamedRef(ref, after);
  });
}

/**
 * A name reference made to name a tag's new name and kind in the form it had: a bare name stays
 * bare, a `{name}` without a kind keeps none, a `{name, kind}` takes the new kind. (The layout
 * follows a renamed tag the same way: shared/scenes/layout-follow.ts.)
 */
export function renamedRef(ref: TagRef, after: Pick<TagDefinition, 'name' | 'kind'>): TagRef {
  if (typeof ref === 'object' && 'id' in ref) return ref;
  if (typeof ref === 'string') return after.name;
  return ref.kind === undefined ? { name: after.name } : { name: after.name, kind: after.kind };
}

type Visit = (ref: TagRef, use: RefUse) => TagRef;
type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Copies a behaviour, sending each tag reference through `visit`. */
class RefWalker {
  constructor(private readonly visit: Visit) {}

  behaviour(b: Behaviour): Behaviour {
    const out: Json = { ...(b as unknown as Json) };
    if ('when' in b) {
      out['when'] = this.condition(b.when);
      out['then'] = b.then.map((action) => this.action(action as unknown as Json));
    } else if ('generate' in b) {
      out['generate'] = this.visit(b.generate, 'write');
      for (const field of ['rate', 'around', 'target']) {
        if (field in out) out[field] = this.expression(out[field]);
      }
    } else if ('stackerCrane' in b) {
      out['target'] = this.visit(b.target, 'read');
      out['movingX'] = this.visit(b.movingX, 'write');
      out['movingZ'] = this.visit(b.movingZ, 'write');
      if (b.lift !== undefined) out['lift'] = this.visit(b.lift, 'read');
    } else {
      if (out['speed'] !== undefined) out['speed'] = this.expression(out['speed']);
      if (out['runs'] !== undefined) out['runs'] = this.condition(out['runs']);
      if (out['reverse'] !== undefined) out['reverse'] = this.condition(out['reverse']);
      const feeder = out['feeder'];
      if (isRecord(feeder) && feeder['when'] !== undefined) {
        out['feeder'] = { ...feeder, when: this.condition(feeder['when']) };
      }
      if (Array.isArray(out['sensors'])) {
        out['sensors'] = out['sensors'].map((s: Json) => ({
          ...s,
          tag: this.visit(s['tag'] as TagRef, 'write'),
        }));
      }
      for (const list of ['exits', 'removers']) {
        if (Array.isArray(out[list])) {
          out[list] = out[list].map((e: Json) =>
            e['when'] === undefined ? e : { ...e, when: this.condition(e['when']) },
          );
        }
      }
    }
    return out as unknown as Behaviour;
  }

  private action(action: Json): Json {
    for (const verb of ['set', 'pulse', 'toggle', 'increment']) {
      if (verb in action) return { ...action, [verb]: this.visit(action[verb] as TagRef, 'write') };
    }
    return action;
  }

  private condition(raw: unknown): unknown {
    if (!isRecord(raw)) return raw;
    const out: Json = { ...raw };
    if ('tag' in raw) out['tag'] = this.visit(raw['tag'] as TagRef, 'read');
    if ('rising' in raw) out['rising'] = this.visit(raw['rising'] as TagRef, 'read');
    if ('falling' in raw) out['falling'] = this.visit(raw['falling'] as TagRef, 'read');
    if (Array.isArray(raw['all'])) out['all'] = raw['all'].map((c) => this.condition(c));
    if (Array.isArray(raw['any'])) out['any'] = raw['any'].map((c) => this.condition(c));
    if ('not' in raw) out['not'] = this.condition(raw['not']);
    return out;
  }

  private expression(raw: unknown): unknown {
    if (!isRecord(raw)) return raw;
    const out: Json = { ...raw };
    if ('tag' in raw) out['tag'] = this.visit(raw['tag'] as TagRef, 'read');
    if (Array.isArray(raw['sum'])) out['sum'] = raw['sum'].map((e) => this.expression(e));
    if ('if' in raw) {
      out['if'] = this.condition(raw['if']);
      out['then'] = this.expression(raw['then']);
      if ('else' in raw) out['else'] = this.expression(raw['else']);
    }
    return out;
  }
}
