import { convertTo } from './convert.js';
import { effectiveValue, offValue } from './effective-value.js';
import type { TagDefinition, TagFailure, ApiTag, TagValue } from './tag-types.js';

/**
 * The runtime state of one tag. Each mutator returns whether anything a client can observe
 * changed, so the engine can report exactly the tags that changed.
 */
export class TagRecord {
  raw: TagValue;
  isForced = false;
  forcedValue: TagValue;
  failure: TagFailure = 'none';

  constructor(readonly def: TagDefinition) {
    this.raw = initialValue(def);
    this.forcedValue = offValue(def);
  }

  /** Takes over another record's runtime state (same tag in an edited scene) when the types match. */
  carryOver(other: TagRecord): void {
    if (other.def.type !== this.def.type) return;
    this.raw = other.raw;
    this.isForced = other.isForced;
    this.forcedValue = other.forcedValue;
    this.failure = other.failure;
  }

  get value(): TagValue {
    return effectiveValue(this.def, this);
  }

  setRaw(value: TagValue): boolean {
    if (this.raw === value) return false;
    this.raw = value;
    return true;
  }

  force(value: TagValue): boolean {
    if (this.isForced && this.forcedValue === value) return false;
    this.isForced = true;
    this.forcedValue = value;
    return true;
  }

  /** Releasing keeps `forcedValue`, as the simulator does. */
  release(): boolean {
    if (!this.isForced) return false;
    this.isForced = false;
    return true;
  }

  /** `true` sets this failure and so clears the other one; `false` clears only this failure. */
  setFailure(failure: Exclude<TagFailure, 'none'>, on: boolean): boolean {
    const next: TagFailure = on ? failure : this.failure === failure ? 'none' : this.failure;
    if (next === this.failure) return false;
    this.failure = next;
    return true;
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
      openCircuit: this.failure === 'alwaysOff',
      shortCircuit: this.failure === 'alwaysOn',
      isForced: this.isForced,
      forcedValue: this.forcedValue,
    };
  }
}

/** The initial value of a tag in its own type (an unconvertible initial value falls back to OFF). */
export function initialValue(def: TagDefinition): TagValue {
  if (def.initial === undefined) return offValue(def);
  return convertTo(def.type, def.initial) ?? offValue(def);
}
