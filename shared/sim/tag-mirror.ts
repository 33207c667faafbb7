import { convertTo, INT32_MAX, INT32_MIN } from '../core/convert.js';
import { effectiveValue } from '../core/effective-value.js';
import { FLOAT32_MAX } from '../core/float32.js';
import type { TagRuntimeState } from '../core/engine-types.js';
import type { TagDefinition, TagFailure, TagValue } from '../core/tag-types.js';

interface Slot {
  readonly def: TagDefinition;
  raw: TagValue;
  /** The raw value the engine had when the mirror was last refreshed. */
  engineRaw: TagValue;
  isForced: boolean;
  forcedValue: TagValue;
  failure: TagFailure;
}

/**
 * The simulation's working copy of the tags it reads and writes. One `advance` runs many fixed
 * steps but must reach the engine as ONE update, so the steps read and write this copy and the
 * changes go to the engine together at the end (`takeWrites`). Reads during a step see the
 * values as they were when the step began (`beginStep`), the way a PLC scan sees its inputs, so
 * the order in which behaviours run within a step does not change what they see.
 */
export class TagMirror {
  private readonly slots: Slot[] = [];
  private readonly slotById = new Map<string, number>();
  private frame: TagValue[] = [];
  /** Writes to tags the behaviours do not use (a reset restores every tag). */
  private readonly extra = new Map<string, TagValue>();

  /** The slot of a tag, added on first use. */
  slot(def: TagDefinition): number {
    const known = this.slotById.get(def.id);
    if (known !== undefined) return known;
    const raw = convertTo(def.type, false)!;
    this.slots.push({ def, raw, engineRaw: raw, isForced: false, forcedValue: raw, failure: 'none' });
    this.slotById.set(def.id, this.slots.length - 1);
    this.frame.push(raw);
    return this.slots.length - 1;
  }

  slotOf(id: string): number | undefined {
    return this.slotById.get(id);
  }

  def(slot: number): TagDefinition {
    return this.at(slot).def;
  }

  /** Takes the engine's current state of every slot (raw value, force, failure). */
  refresh(read: (id: string) => Readonly<TagRuntimeState> | undefined): void {
    for (const s of this.slots) {
      const state = read(s.def.id);
      if (!state) continue;
      s.raw = state.raw;
      s.engineRaw = state.raw;
      s.isForced = state.isForced;
      s.forcedValue = state.forcedValue;
      s.failure = state.failure;
    }
    this.extra.clear();
    this.beginStep();
  }

  /** Fixes the values that reads see until the next call: the effective values as of now. */
  beginStep(): void {
    this.frame = this.slots.map((s) => effectiveValue(s.def, s));
  }

  /** The effective value at the start of the step. */
  value(slot: number): TagValue {
    return this.frame[slot]!;
  }

  /** The effective value now, including this step's writes. */
  current(slot: number): TagValue {
    const s = this.at(slot);
    return effectiveValue(s.def, s);
  }

  /** The plant's own value of the tag now, under any force or failure. */
  raw(slot: number): TagValue {
    return this.at(slot).raw;
  }

  /**
   * Sets a tag's raw value, converted as the API converts it; numbers are first kept within the
   * tag's range (its min and max, else what its type holds), so a generator never overflows.
   */
  write(slot: number, value: TagValue): void {
    const s = this.at(slot);
    const converted = convertTo(s.def.type, typeof value === 'number' ? withinRange(s.def, value) : value);
    if (converted !== undefined) s.raw = converted;
  }

  /** Writes a tag that may have no slot (a reset writes every tag of the scene). */
  writeAny(def: TagDefinition, value: TagValue): void {
    const slot = this.slotById.get(def.id);
    if (slot !== undefined) this.write(slot, value);
    else this.extra.set(def.id, value);
  }

  /** The writes since the last refresh, as engine.simulate items; the mirror then matches the engine. */
  takeWrites(): { ref: string; value: TagValue }[] {
    const out: { ref: string; value: TagValue }[] = [];
    for (const s of this.slots) {
      if (s.raw === s.engineRaw) continue;
      out.push({ ref: s.def.id, value: s.raw });
      s.engineRaw = s.raw;
    }
    for (const [ref, value] of this.extra) out.push({ ref, value });
    this.extra.clear();
    return out;
  }

  private at(slot: number): Slot {
    const s = this.slots[slot];
    if (!s) throw new RangeError(`No tag slot ${slot}`);
    return s;
  }
}

/** A number kept within what the tag may hold. */
export function withinRange(def: TagDefinition, value: number): number {
  const low = def.type === 'Int' ? INT32_MIN : -FLOAT32_MAX;
  const high = def.type === 'Int' ? INT32_MAX : FLOAT32_MAX;
  const min = Math.max(low, def.min ?? low);
  const max = Math.min(high, def.max ?? high);
  return Math.min(max, Math.max(min, Number.isNaN(value) ? 0 : value));
}

/** A tag value as a number: Bit on is 1, off is 0. */
export function asNumber(value: TagValue): number {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}
