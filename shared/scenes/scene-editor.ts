import { ADDRESS_SPACE_SIZE, FIRST_RESERVED_ADDRESS, spaceKey } from '../core/address-space.js';
import type { SceneDefinition } from './scene-definition.js';
import { isSystemTag, SYSTEM_TAGS } from '../core/system-tags.js';
import type { TagDefinition, TagKind, TagType, TagValue } from '../core/tag-types.js';
import { behavioursUsingTag, followTagChange } from '../sim/behaviour-tag-refs.js';
import type { PlacementHints } from '../plant/plant-types.js';
import type { Behaviour } from '../sim/behaviour-types.js';
import { validateSceneJson } from './scene-file.js';
import { formatProblem, ValidationError } from '../problems/problem-list.js';
import { serializeScene } from './scene-file.js';
import { addressTaken } from './scene-tags.js';
import { followEditInLayout } from './layout-follow.js';

/** The fields of a tag an edit may change (the id never changes: clients keep it). */
export interface TagChanges {
  name?: string;
  kind?: TagKind;
  type?: TagType;
  address?: number;
  initial?: TagValue | null;
  min?: number | null;
  max?: number | null;
  description?: string;
}

/** One change to a scene, as the window's editor sends it. */
export type SceneEdit =
  | { op: 'addTag'; kind: TagKind; type: TagType; name?: string; afterId?: string }
  | { op: 'updateTag'; id: string; changes: TagChanges }
  /** Refused while a behaviour uses the tag; the layout's machines and panel just lose it. */
  | { op: 'deleteTag'; id: string }
  | { op: 'duplicateTag'; id: string }
  | { op: 'moveTag'; id: string; toIndex: number }
  | { op: 'renameScene'; name: string; description?: string }
  /** Inserts a behaviour at `index` (default: after the last). */
  | { op: 'addBehaviour'; behaviour: Behaviour; index?: number }
  | { op: 'updateBehaviour'; index: number; behaviour: Behaviour }
  | { op: 'deleteBehaviour'; index: number }
  | { op: 'moveBehaviour'; index: number; toIndex: number }
  /** Replaces the whole plant (`[]`: the scene has none of its own). */
  | { op: 'setBehaviours'; behaviours: readonly Behaviour[] }
  /** Replaces the Plant view's placement hints (`null`: none; docs/scenes.md, "Layout"). */
  | { op: 'setLayout'; layout: PlacementHints | null };

/** The outcome of an edit: the new scene, or why it was refused (nothing changed then). */
export type EditOutcome = { ok: true; scene: SceneDefinition } | { ok: false; problems: string[] };

export { isSystemTag };

/**
 * Applies one edit to a scene and validates the result with the file rules, so the editor can
 * never produce a scene that would not load. Pure: `newId` supplies ids for new tags.
 */
export function applySceneEdit(scene: SceneDefinition, edit: SceneEdit, newId: () => string): EditOutcome {
  const tags = [...scene.tags];
  const indexOf = (id: string) => tags.findIndex((t) => t.id === id);
  const refuse = (message: string): EditOutcome => ({ ok: false, problems: [message] });
  let next: SceneDefinition;

  switch (edit.op) {
    case 'renameScene': {
      if (edit.name.trim() === '') return refuse('name: the scene needs a name');
      next = {
        ...scene,
        name: edit.name.trim(),
        ...(edit.description !== undefined ? { description: edit.description } : {}),
      };
      break;
    }
    case 'addTag': {
      const address = freeAddress(tags, edit.kind, edit.type);
      if (address === undefined)
        return refuse(`no free ${edit.kind} ${edit.type} address is left below the system range`);
      const tag: TagDefinition = {
        id: newId(),
        name: edit.name?.trim() || uniqueName(tags, `New ${edit.kind.toLowerCase()}`),
        kind: edit.kind,
        type: edit.type,
        address,
      };
      const after = edit.afterId === undefined ? -1 : indexOf(edit.afterId);
      // New tags go after the scene's own tags: at the end where the system tags come first (as
      // the simulator lists them), before them where they close the scene (older files).
      let lastOwn = tags.length - 1;
      while (lastOwn >= 0 && isSystemTag(tags[lastOwn]!)) lastOwn--;
      const at = after >= 0 ? after + 1 : lastOwn >= 0 ? lastOwn + 1 : 0;
      tags.splice(at, 0, tag);
      next = { ...scene, tags };
      break;
    }
    case 'updateTag': {
      const i = indexOf(edit.id);
      if (i < 0) return refuse(`no tag has the id '${edit.id}'`);
      const before = tags[i]!;
      if (isSystemTag(before))
        return refuse(`'${before.name}' is a system tag of the simulator; it cannot be changed`);
      const updated = withChanges(before, edit.changes, tags);
      if (isSystemTag(updated))
        return refuse(`'${updated.name}' (${updated.kind}) is the name of a system tag; choose another name`);
      // The file rules would blame whichever of the two tags comes later; the one edited is to blame.
      const holder = addressHolder(tags, i, updated);
      if (holder >= 0)
        return refuse(`tags[${i}].address: ${addressTaken(updated, holder, tags[holder]!.name)}`);
      tags[i] = updated;
      // The behaviours follow a renamed tag (or one moved to the other kind), as the layout does
      // below (layout-follow.ts); the checks below refuse a change they cannot follow (a written
      // tag made an Output, a Bit made a Float).
      next = scene.behaviours
        ? { ...scene, tags, behaviours: followTagChange(scene.behaviours, scene.tags, before, updated) }
        : { ...scene, tags };
      break;
    }
    case 'deleteTag': {
      const i = indexOf(edit.id);
      if (i < 0) return refuse(`no tag has the id '${edit.id}'`);
      if (isSystemTag(tags[i]!))
        return refuse(`'${tags[i]!.name}' is a system tag of the simulator; every scene keeps it`);
      const users = behavioursUsingTag(scene.behaviours ?? [], scene.tags, edit.id);
      if (users.length > 0) return refuse(usedByBehaviours(tags[i]!, users));
      tags.splice(i, 1);
      next = { ...scene, tags };
      break;
    }
    case 'duplicateTag': {
      const i = indexOf(edit.id);
      if (i < 0) return refuse(`no tag has the id '${edit.id}'`);
      const original = tags[i]!;
      if (isSystemTag(original))
        return refuse(`'${original.name}' is a system tag of the simulator; it cannot be duplicated`);
      const address = freeAddress(tags, original.kind, original.type);
      if (address === undefined) return refuse(`no free ${original.kind} ${original.type} address is left`);
      tags.splice(i + 1, 0, {
        ...original,
        id: newId(),
        name: uniqueName(tags, `${original.name} copy`),
        address,
      });
      next = { ...scene, tags };
      break;
    }
    case 'moveTag': {
      const i = indexOf(edit.id);
      if (i < 0) return refuse(`no tag has the id '${edit.id}'`);
      const to = Math.max(0, Math.min(tags.length - 1, Math.trunc(edit.toIndex)));
      const [moved] = tags.splice(i, 1);
      tags.splice(to, 0, moved!);
      next = { ...scene, tags };
      break;
    }
    case 'addBehaviour':
    case 'updateBehaviour':
    case 'deleteBehaviour':
    case 'moveBehaviour':
    case 'setBehaviours': {
      const behaviours = editBehaviours(scene.behaviours ?? [], edit);
      if (typeof behaviours === 'string') return refuse(behaviours);
      next = withBehaviours(scene, behaviours);
      break;
    }
    case 'setLayout': {
      // Checked below with the file rules: the same words and places (`layout.parts[0].x`).
      const { layout: _old, ...rest } = scene;
      next = edit.layout === null ? rest : { ...rest, layout: edit.layout };
      break;
    }
  }
  // The layout follows what the edit renamed or removed (a layout set is checked as it is given).
  if (edit.op !== 'setLayout') next = followEditInLayout(scene, next);
  try {
    return { ok: true, scene: validateSceneJson(JSON.parse(serializeScene(next))) };
  } catch (error) {
    if (error instanceof ValidationError) return { ok: false, problems: error.problems.map(formatProblem) };
    throw error;
  }
}

type BehaviourEdit = Extract<
  SceneEdit,
  { op: 'addBehaviour' | 'updateBehaviour' | 'deleteBehaviour' | 'moveBehaviour' | 'setBehaviours' }
>;

/**
 * The behaviours after one edit, or why the edit names no behaviour. What they mean (tags, types,
 * a rule writing an Output) is checked afterwards with the file rules, so a problem gets the same
 * words and place (`behaviours[2].then[0].set: ...`) as in a file.
 */
function editBehaviours(current: readonly Behaviour[], edit: BehaviourEdit): Behaviour[] | string {
  const list = [...current];
  const noSuch = (index: number) =>
    list.length === 0
      ? `behaviours[${index}]: the scene has no behaviours`
      : `behaviours[${index}]: there is no such behaviour; the scene has ${list.length} (0 to ${list.length - 1})`;
  const exists = (index: number) => Number.isInteger(index) && index >= 0 && index < list.length;
  switch (edit.op) {
    case 'setBehaviours':
      return [...edit.behaviours];
    case 'addBehaviour': {
      const at = edit.index ?? list.length;
      if (!Number.isInteger(at) || at < 0 || at > list.length)
        return `behaviours[${at}]: a new behaviour goes from 0 to ${list.length}`;
      list.splice(at, 0, edit.behaviour);
      return list;
    }
    case 'updateBehaviour':
      if (!exists(edit.index)) return noSuch(edit.index);
      list[edit.index] = edit.behaviour;
      return list;
    case 'deleteBehaviour':
      if (!exists(edit.index)) return noSuch(edit.index);
      list.splice(edit.index, 1);
      return list;
    case 'moveBehaviour': {
      if (!exists(edit.index)) return noSuch(edit.index);
      const to = Math.max(0, Math.min(list.length - 1, Math.trunc(edit.toIndex)));
      const [moved] = list.splice(edit.index, 1);
      list.splice(to, 0, moved!);
      return list;
    }
  }
}

function withBehaviours(scene: SceneDefinition, behaviours: readonly Behaviour[]): SceneDefinition {
  if (behaviours.length > 0) return { ...scene, behaviours };
  const { behaviours: _dropped, ...rest } = scene;
  return rest;
}

/** Why a tag the plant uses cannot be deleted: where the scene's behaviours use it. */
function usedByBehaviours(tag: TagDefinition, users: readonly number[]): string {
  const places = users.map((i) => `behaviours[${i}]`).join(', ');
  const them = users.length === 1 ? 'that behaviour' : 'those behaviours';
  return `'${tag.name}' (${tag.kind}) is used by the scene's behaviours (${places}); remove it from ${them} first`;
}

/** A new scene: just the simulator's system tags, with fresh ids. */
export function emptyScene(name: string, newId: () => string): SceneDefinition {
  return {
    name,
    tags: SYSTEM_TAGS.map((s) => ({
      id: newId(),
      ...s,
      ...(s.name === 'FACTORY I/O (Time Scale)' ? { initial: 1 } : {}),
    })),
  };
}

function withChanges(tag: TagDefinition, changes: TagChanges, tags: readonly TagDefinition[]): TagDefinition {
  const kind = changes.kind ?? tag.kind;
  const type = changes.type ?? tag.type;
  const moved = kind !== tag.kind || type !== tag.type;
  // A tag moved to another address space takes a free address there unless one is given.
  const address =
    changes.address ??
    (moved
      ? (freeAddress(
          tags.filter((t) => t.id !== tag.id),
          kind,
          type,
        ) ?? tag.address)
      : tag.address);
  const next: Record<string, unknown> = { ...tag, kind, type, address };
  if (changes.name !== undefined) next['name'] = changes.name.trim();
  if (changes.description !== undefined) {
    if (changes.description === '') delete next['description'];
    else next['description'] = changes.description;
  }
  // A new type invalidates the old initial value, force and range unless new ones come with it.
  if (type !== tag.type) {
    delete next['initial'];
    delete next['forced'];
    delete next['min'];
    delete next['max'];
    delete next['forced'];
    delete next['forcedValue'];
  }
  for (const field of ['initial', 'min', 'max'] as const) {
    const value = changes[field];
    if (value === null) delete next[field];
    else if (value !== undefined) next[field] = value;
  }
  return next as unknown as TagDefinition;
}

/** The index of another tag at `tag`'s user address in its space, or -1 (reserved addresses: the file rules tell). */
function addressHolder(tags: readonly TagDefinition[], index: number, tag: TagDefinition): number {
  if (tag.address >= FIRST_RESERVED_ADDRESS[tag.type]) return -1;
  const space = spaceKey(tag.kind, tag.type);
  return tags.findIndex(
    (t, j) => j !== index && t.address === tag.address && spaceKey(t.kind, t.type) === space,
  );
}

/** The lowest user address free in a (kind, type) space, or `undefined` when it is full. */
export function freeAddress(
  tags: readonly TagDefinition[],
  kind: TagKind,
  type: TagType,
): number | undefined {
  const used = new Set(
    tags.filter((t) => spaceKey(t.kind, t.type) === spaceKey(kind, type)).map((t) => t.address),
  );
  for (let a = 0; a < Math.min(FIRST_RESERVED_ADDRESS[type], ADDRESS_SPACE_SIZE[type]); a++)
    if (!used.has(a)) return a;
  return undefined;
}

function uniqueName(tags: readonly TagDefinition[], base: string): string {
  const names = new Set(tags.map((t) => t.name));
  if (!names.has(base)) return base;
  for (let n = 2; ; n++) if (!names.has(`${base} ${n}`)) return `${base} ${n}`;
}
