import { Type } from '@sinclair/typebox';
import type { TagEngine } from '../core/tag-engine.js';
import { hasSceneForce } from '../core/tag-record.js';
import type { ApiTag, TagFailure, TagValue } from '../core/tag-types.js';
import type { HiddenFaults } from './hidden-faults.js';
import type { InstructorFaults } from './instructor-faults.js';
import { kindOf, show } from '../problems/json-words.js';
import { says } from '../schema/shape-hints.js';
import type { Shape } from '../schema/shape-paths.js';

/** What an instructor does to a tag: force it to a value, or a failure (docs/lab.md). */
export const FAULT_KINDS = ['force', 'alwaysOff', 'alwaysOn'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** A fault on the tags of one name; `hidden` keeps it out of the student's window. */
export interface LabFault {
  readonly tag: string;
  /**
   * Only the tag of that name with this id: a scene may have several tags of one name (the
   * unnamed `-` beams), and the station's tag view faults the one row clicked.
   */
  readonly id?: string;
  readonly kind: FaultKind;
  /** The forced value (force only). */
  readonly value?: TagValue;
  readonly hidden?: boolean;
  /**
   * Stricter than hidden (the instructor's choice): the student's window and client cannot take
   * it off; they are told `The instructor has locked this tag.` Only with `hidden`.
   */
  readonly locked?: boolean;
}

/** The fault of a tag now, as the dashboard lists it. */
export interface ActiveFault {
  readonly id: string;
  readonly name: string;
  readonly tagKind: ApiTag['kind'];
  /** The forced value, when forced. */
  readonly forced?: TagValue;
  readonly failure: TagFailure;
  readonly hidden: boolean;
  /** A hidden fault the student cannot take off (LabFault.locked). */
  readonly locked: boolean;
}

/** Longest tag name a fault may give: longer than any scene's, short enough to echo. */
const MAX_TAG_NAME = 200;

export const FaultSchema = Type.Object(
  {
    tag: says(Type.String({ pattern: '\\S', maxLength: MAX_TAG_NAME }), {
      invalid: (v) =>
        typeof v === 'string'
          ? `must be a tag's name of at most ${MAX_TAG_NAME} characters, not blank`
          : `must be a tag's name; got ${kindOf(v)}`,
    }),
    id: Type.Optional(
      says(Type.String({ pattern: '\\S', maxLength: MAX_TAG_NAME }), {
        invalid: (v) =>
          typeof v === 'string'
            ? `must be a tag's id of at most ${MAX_TAG_NAME} characters, not blank`
            : `must be a tag's id; got ${kindOf(v)}`,
      }),
    ),
    kind: says(Type.Union(FAULT_KINDS.map((k) => Type.Literal(k))), {
      invalid: (v) => `must be one of ${FAULT_KINDS.join(', ')}; got ${show(v)}`,
    }),
    value: Type.Optional(
      says(Type.Union([Type.Boolean(), Type.Number()]), {
        invalid: (v) => `must be true, false or a number; got ${show(v)}`,
      }),
    ),
    hidden: Type.Optional(says(Type.Boolean(), { invalid: (v) => `must be true or false; got ${show(v)}` })),
    locked: Type.Optional(says(Type.Boolean(), { invalid: (v) => `must be true or false; got ${show(v)}` })),
  },
  { additionalProperties: false },
);
export const FAULT_SHAPE: Shape = { schema: FaultSchema, refs: [] };

/** What a shape cannot say of a fault: a force needs its value, a failure takes none. */
export function faultValueProblem(fault: LabFault): { at: string[]; message: string } | undefined {
  if (fault.kind === 'force' && fault.value === undefined)
    return { at: ['value'], message: 'a force needs the value to force (true/false, or a number)' };
  if (fault.kind !== 'force' && fault.value !== undefined)
    return { at: ['value'], message: `${fault.kind} takes no value; remove it` };
  if (fault.locked === true && fault.hidden !== true)
    return { at: ['locked'], message: 'only a hidden fault is locked; add "hidden": true' };
  return undefined;
}

/**
 * A station's faults as the lab keeps them: which the student's window must not see, and which
 * are the instructor's (what the fault log measures the student's client against).
 */
export interface StationFaults {
  readonly hidden: HiddenFaults;
  readonly instructor: InstructorFaults;
}

/**
 * Applies a fault to every tag of its name, hidden or shown as it says, as the instructor's;
 * returns why it could not (no such tag, a value that does not fit), having changed nothing then.
 */
export function applyFault(
  engine: TagEngine,
  { hidden, instructor }: StationFaults,
  fault: LabFault,
): string | undefined {
  const ids = targetIds(engine, fault.tag, fault.id);
  if (ids.length === 0) return noSuchTag(engine, fault.tag, fault.id);
  // Hidden before it acts, so no update of the window ever shows it.
  const newlyHidden = fault.hidden ? ids.filter((id) => !hidden.has(id)) : [];
  if (fault.hidden)
    hidden.hide(ids, { kind: fault.kind === 'force' ? 'force' : 'failure', locked: fault.locked === true });
  const value = fault.kind === 'force' ? fault.value : true;
  const errors =
    fault.id === undefined
      ? engine.write(fault.kind, 'name', [{ name: fault.tag, value }], 'ui')
      : engine.write(fault.kind, 'id', [{ id: fault.id, value }], 'ui');
  if (errors.length > 0) {
    hidden.reveal(newlyHidden);
    return errors[0]!.error;
  }
  if (fault.locked === true && fault.kind === 'force') takeOffOthersFailures(engine, instructor, ids);
  for (const id of ids) instructor.put(engine.getTag(id)!, fault.kind);
  if (!fault.hidden) hidden.reveal(ids);
  return undefined;
}

/**
 * A locked force holds its tag's value from the moment it goes on: a failure already on the tag
 * that is not the instructor's own (the student's) would win over it, so it comes off.
 */
function takeOffOthersFailures(
  engine: TagEngine,
  instructor: InstructorFaults,
  ids: readonly string[],
): void {
  for (const id of ids) {
    const tag = engine.getTag(id);
    if (!tag || instructor.get(id)?.failure !== undefined) continue;
    if (tag.openCircuit) engine.write('alwaysOff', 'id', [{ id, value: false }], 'ui');
    if (tag.shortCircuit) engine.write('alwaysOn', 'id', [{ id, value: false }], 'ui');
  }
}

/**
 * Clears one kind of fault (or every kind) from every tag of a name; a tag left with no fault
 * is no longer hidden. Returns why it could not (no such tag).
 */
export function clearFault(
  engine: TagEngine,
  { hidden, instructor }: StationFaults,
  tag: string,
  kind: FaultKind | 'all',
  /** Only the tag of that name with this id (LabFault.id). */
  id?: string,
): string | undefined {
  const ids = targetIds(engine, tag, id);
  if (ids.length === 0) return noSuchTag(engine, tag, id);
  if (kind === 'force' || kind === 'all') engine.release('id', ids, 'ui');
  if (kind === 'all') for (const each of ids) engine.setFailure(each, 'none', 'ui');
  else if (kind !== 'force')
    engine.write(
      kind,
      'id',
      ids.map((each) => ({ id: each, value: false })),
      'ui',
    );
  // What the instructor took off is no longer theirs; what is left of theirs stays.
  for (const each of ids) instructor.settle(engine.getTag(each)!);
  hidden.reveal(ids.filter((id) => !hasFault(engine, engine.getTag(id))));
  return undefined;
}

/**
 * Shows again the hidden tags among `ids` that no longer have a fault, however it came off (the
 * student's program over the tag API, a restored state): a tag stays hidden only while it has
 * the fault the instructor hid, never a later one of the student's own. Returns those tags.
 */
export function revealCleared(engine: TagEngine, hidden: HiddenFaults, ids: Iterable<string>): string[] {
  // A reset or scene change that carry() puts the hidden faults back after is no clearing.
  if (hidden.size === 0 || hidden.isCarrying) return [];
  const cleared: string[] = [];
  for (const id of ids) if (hidden.has(id) && !hasFault(engine, engine.getTag(id))) cleared.push(id);
  hidden.reveal(cleared);
  return cleared;
}

/** Releases every force (but the scene's own) and clears every failure of a station; nothing stays hidden. */
export function clearAllFaults(engine: TagEngine, { hidden, instructor }: StationFaults): void {
  engine.releaseAll('ui');
  engine.clearFailures('ui');
  instructor.clear();
  hidden.revealAll();
}

/**
 * Every tag forced or failed now, scene order, with whether the student's window hides it; a force
 * the scene itself keeps (its emitters and removers forced on) is the scene, not a fault.
 */
export function activeFaults(engine: TagEngine, hidden: HiddenFaults): ActiveFault[] {
  return engine
    .listTags()
    .filter((t) => hasFault(engine, t))
    .map((t) => ({
      id: t.id,
      name: t.name,
      tagKind: t.kind,
      ...(t.isForced ? { forced: t.forcedValue } : {}),
      failure: t.shortCircuit ? 'alwaysOn' : t.openCircuit ? 'alwaysOff' : 'none',
      hidden: hidden.has(t.id),
      locked: hidden.isLocked(t.id),
    }));
}

function hasFault(engine: TagEngine, tag: ApiTag | undefined): boolean {
  if (tag === undefined) return false;
  const def = engine.scene.tags.find((t) => t.id === tag.id);
  return tag.openCircuit || tag.shortCircuit || (def !== undefined && !hasSceneForce(def, tag));
}

/** Every tag of the name, or only the one with `id` when given (and it has that name). */
function targetIds(engine: TagEngine, name: string, id: string | undefined): string[] {
  if (id !== undefined) return engine.getTag(id)?.name === name ? [id] : [];
  return engine.tagsNamed(name).map((t) => t.id);
}

function noSuchTag(engine: TagEngine, name: string, id: string | undefined): string {
  const which = id === undefined ? 'no tag' : `no tag with the id ${show(id)}`;
  return `${which} is named ${show(name)} in "${engine.scene.name}"`;
}
