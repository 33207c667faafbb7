import { findTag, TagIndex, type TagRef } from '../conditions/tag-refs.js';
import type { TagDefinition } from '../core/tag-types.js';
import type { PartHint } from '../plant/plant-types.js';
import { renamedRef } from '../sim/behaviour-tag-refs.js';
import { type Behaviour, isConveyor } from '../sim/behaviour-types.js';
import type { SceneDefinition } from './scene-definition.js';
import { sceneBehaviours } from './scene-plant.js';

// A scene's `layout` names tags (a machine's tags, the panel's) and conveyors of its plant, and
// the file rules refuse a layout that names one the scene lacks. So an edit of the tags or the
// behaviours takes the layout along, as it takes the behaviours along for a renamed tag
// (behaviour-tag-refs.ts, followTagChange): a renamed tag or conveyor is renamed in the layout, a
// deleted one leaves it (a machine keeps its other tags). Only what named something of the scene
// before the edit is touched; a layout that was wrong stays wrong, for the file rules to say.

/**
 * The scene after an edit (`after`), its layout made to follow what the edit changed since
 * `before`: tags renamed, moved to the other kind or deleted, conveyors of the plant that runs
 * renamed or gone. The scene as it is when it has no layout.
 */
export function followEditInLayout(before: SceneDefinition, after: SceneDefinition): SceneDefinition {
  if (!after.layout) return after;
  const tagRef = followTags(before.tags, after.tags);
  const conveyor = followConveyors(before, after);
  const layout = after.layout;
  const parts = layout.parts?.map((part) => followPart(part, tagRef, conveyor));
  const panelTags = layout.panel?.tags?.flatMap((ref) => tagRef(ref) ?? []);
  const conveyors = layout.conveyors && renameKeys(layout.conveyors, conveyor);
  return {
    ...after,
    layout: {
      ...layout,
      ...(conveyors ? { conveyors } : {}),
      ...(parts ? { parts } : {}),
      ...(layout.panel && panelTags ? { panel: { ...layout.panel, tags: panelTags } } : {}),
    },
  };
}

/** What a reference becomes: itself, the renamed tag's name, or `undefined` for a deleted tag. */
type Follow<T> = (value: T) => T | undefined;

function followTags(before: readonly TagDefinition[], after: readonly TagDefinition[]): Follow<TagRef> {
  const index = new TagIndex(before);
  const now = new Map(after.map((t) => [t.id, t]));
  return (ref) => {
    const found = findTag(ref, index, undefined);
    if (!found.ok) return ref;
    const tag = now.get(found.tag.id);
    if (!tag) return undefined;
    return tag.name === found.tag.name && tag.kind === found.tag.kind ? ref : renamedRef(ref, tag);
  };
}

/**
 * Conveyors of the plant that ran before and runs no more: renamed where a behaviour's place holds
 * a conveyor of a new name instead (an updated behaviour, a plant replaced by one of the same
 * length), otherwise gone.
 */
function followConveyors(before: SceneDefinition, after: SceneDefinition): Follow<string> {
  const was = conveyorNames(sceneBehaviours(before).behaviours);
  const is = conveyorNames(sceneBehaviours(after).behaviours);
  const renamed = new Map<string, string>();
  const old = before.behaviours ?? [];
  const now = after.behaviours ?? [];
  if (old.length === now.length)
    old.forEach((b, i) => {
      const c = now[i]!;
      if (isConveyor(b) && isConveyor(c) && !is.has(b.conveyor) && !was.has(c.conveyor))
        renamed.set(b.conveyor, c.conveyor);
    });
  return (name) => (is.has(name) || !was.has(name) ? name : renamed.get(name));
}

function conveyorNames(behaviours: readonly Behaviour[]): Set<string> {
  return new Set(behaviours.filter(isConveyor).map((c) => c.conveyor));
}

function followPart(part: PartHint, tagRef: Follow<TagRef>, conveyor: Follow<string>): PartHint {
  const tags = part.tags.flatMap(({ tag, role }) => {
    const ref = tagRef(tag);
    return ref === undefined ? [] : [{ tag: ref, role }];
  });
  const out: Record<string, unknown> = { ...part, tags };
  for (const field of ['tracks', 'carries'] as const) {
    const names = part[field]?.flatMap((name) => conveyor(name) ?? []);
    // An elevator left without a shaft is drawn at rest; an empty list would say the same.
    if (names && names.length === 0) delete out[field];
    else if (names) out[field] = names;
  }
  return out as unknown as PartHint;
}

/** The record with its keys followed, in their order; a key gone takes its value with it. */
function renameKeys<V>(record: Readonly<Record<string, V>>, follow: Follow<string>): Record<string, V> {
  const out: Record<string, V> = {};
  for (const [key, value] of Object.entries(record)) {
    const to = follow(key);
    if (to !== undefined) out[to] = value;
  }
  return out;
}
