import type { TagDefinition, TagFailure, TagValue } from './tag-types.js';

/** Default range maximum of a Float tag: the 0-10 V analog range of the simulator's I/O. */
export const DEFAULT_FLOAT_MAX = 10;
/** Default range maximum of an Int tag: int32 max. */
export const DEFAULT_INT_MAX = 2147483647;

/** The value a tag shows when OFF: false for Bit, 0 otherwise. */
export function offValue(def: Pick<TagDefinition, 'type'>): TagValue {
  return def.type === 'Bit' ? false : 0;
}

/** The value an Always On failure shows: true for Bit, the range maximum otherwise (saturation). */
export function onValue(def: Pick<TagDefinition, 'type' | 'max'>): TagValue {
  if (def.type === 'Bit') return true;
  if (def.max !== undefined) return def.max;
  return def.type === 'Float' ? DEFAULT_FLOAT_MAX : DEFAULT_INT_MAX;
}

/** The state that decides what a tag shows. */
export interface TagOverrides {
  raw: TagValue;
  isForced: boolean;
  forcedValue: TagValue;
  failure: TagFailure;
}

/** effective = shortCircuit ? ON : openCircuit ? OFF : isForced ? forcedValue : raw */
export function effectiveValue(def: Pick<TagDefinition, 'type' | 'max'>, s: TagOverrides): TagValue {
  if (s.failure === 'alwaysOn') return onValue(def);
  if (s.failure === 'alwaysOff') return offValue(def);
  return s.isForced ? s.forcedValue : s.raw;
}
