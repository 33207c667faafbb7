import { convertTo } from './convert.js';
import { effectiveValue, offValue } from './effective-value.js';
import type { RefKind, TagRuntimeState } from './engine-types.js';
import type { TagDefinition, TagFailure, ApiTag, TagState, TagValue } from './tag-types.js';

/**
 * The runtime state of one tag, and its JSON as the API answers it. Each mutator returns whether
 * anything a client can observe changed, so the engine can report exactly the tags that changed;
 * the same mutators drop the cached JSON, so it is encoded again only after a change.
 */
export class TagRecord {
  private rawValue: TagValue;
  private forced = false;
  private forcedTo: TagValue;
  private failed: TagFailure = 'none';
  private snapshotText: string | undefined;
  private idValueText: string | undefined;
  private nameValueText: string | undefined;

  constructor(readonly def: TagDefinition) {
    const start = startState(def);
    this.rawValue = start.raw;
    this.forced = start.isForced;
    this.forcedTo = start.forcedValue;
    this.failed = start.failure;
  }

  get raw(): TagValue {
    return this.rawValue;
  }

  get isForced(): boolean {
    return this.forced;
  }

  get forcedValue(): TagValue {
    return this.forcedTo;
  }

  get failure(): TagFailure {
    return this.failed;
  }

  get value(): TagValue {
    return effectiveValue(this.def, this);
  }

  /** Takes over another record's runtime state (same tag in an edited scene) when the types match. */
  carryOver(other: TagRecord): void {
    if (other.def.type === this.def.type) this.restore(other);
  }

  setRaw(value: TagValue): boolean {
    if (this.rawValue === value) return false;
    this.rawValue = value;
    return this.changed();
  }

  force(value: TagValue): boolean {
    if (this.forced && this.forcedTo === value) return false;
    this.forced = true;
    this.forcedTo = value;
    return this.changed();
  }

  /** Releasing keeps `forcedValue`, as the simulator does. */
  release(): boolean {
    if (!this.forced) return false;
    this.forced = false;
    return this.changed();
  }

  /** `true` sets this failure and so clears the other one; `false` clears only this failure. */
  setFailure(failure: Exclude<TagFailure, 'none'>, on: boolean): boolean {
    const next: TagFailure = on ? failure : this.failed === failure ? 'none' : this.failed;
    if (next === this.failed) return false;
    this.failed = next;
    return this.changed();
  }

  /** Clears Always Off and Always On alike. */
  clearFailure(): boolean {
    if (this.failed === 'none') return false;
    this.failed = 'none';
    return this.changed();
  }

  /** Puts the tag in exactly this state (values already in the tag's type). */
  restore(state: TagRuntimeState): boolean {
    if (
      this.rawValue === state.raw &&
      this.forced === state.isForced &&
      this.forcedTo === state.forcedValue &&
      this.failed === state.failure
    ) {
      return false;
    }
    this.rawValue = state.raw;
    this.forced = state.isForced;
    this.forcedTo = state.forcedValue;
    this.failed = state.failure;
    return this.changed();
  }

  snapshot(): ApiTag {
    const { name, id, address, type, kind } = this.def;
    return {
      name,
      id,
      address,
      type,
      kind,
      value: this.value,
      openCircuit: this.failed === 'alwaysOff',
      shortCircuit: this.failed === 'alwaysOn',
      isForced: this.forced,
      forcedValue: this.forcedTo,
    };
  }

  /** `JSON.stringify(this.snapshot())`, encoded once per change of the tag. */
  snapshotJson(): string {
    return (this.snapshotText ??= JSON.stringify(this.snapshot()));
  }

  /** `JSON.stringify({[by]: def[by], value})`: an entry of a value read, encoded once per change. */
  valueJson(by: RefKind): string {
    if (by === 'id') return (this.idValueText ??= JSON.stringify({ id: this.def.id, value: this.value }));
    return (this.nameValueText ??= JSON.stringify({ name: this.def.name, value: this.value }));
  }

  private changed(): true {
    this.snapshotText = undefined;
    this.idValueText = undefined;
    this.nameValueText = undefined;
    return true;
  }
}

/**
 * The state a tag starts in: its initial value, and the force and failure its scene gives it (a
 * saved scene of the simulator keeps them), each in the tag's own type.
 */
export function startState(def: TagDefinition): TagRuntimeState {
  return {
    raw: initialValue(def),
    isForced: def.forced === true,
    forcedValue:
      (def.forcedValue === undefined ? undefined : convertTo(def.type, def.forcedValue)) ?? offValue(def),
    failure: def.failure ?? 'none',
  };
}

/** A tag as the UI sees it: the API's view, its raw value, and whether its force is its scene's. */
export function uiState(r: TagRecord): TagState {
  const sceneForced = r.isForced && hasSceneForce(r.def, r);
  return { ...r.snapshot(), raw: r.raw, ...(sceneForced ? { sceneForced: true } : {}) };
}

/** Whether a tag's force is its scene's own (an emitter forced on), or it has none and the scene none. */
export function hasSceneForce(
  def: TagDefinition,
  state: Pick<TagRuntimeState, 'isForced' | 'forcedValue'>,
): boolean {
  const own = startState(def);
  return state.isForced === own.isForced && (!state.isForced || state.forcedValue === own.forcedValue);
}

/** The initial value of a tag in its own type (an unconvertible initial value falls back to OFF). */
export function initialValue(def: TagDefinition): TagValue {
  if (def.initial === undefined) return offValue(def);
  return convertTo(def.type, def.initial) ?? offValue(def);
}
