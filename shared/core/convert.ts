import { toFloat32 } from './float32.js';
import type { TagType, TagValue } from './tag-types.js';

/** Result of converting a request value: the converted value, or `undefined` when it cannot be. */
export type Converted<T extends TagValue> = T | undefined;

export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;

const INTEGER_STRING = /^\s*[+-]?\d+\s*$/;
const DECIMAL_STRING = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/**
 * Converts a request value to a boolean the way .NET `Convert.ToBoolean` does, which the real
 * simulator runs on: booleans, numbers (0 is false) and the strings "true"/"false" in any case.
 */
export function toBit(value: unknown): Converted<boolean> {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value !== 0;
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (word === 'true') return true;
    if (word === 'false') return false;
  }
  return undefined;
}

/** Rounds to the nearest integer, ties to even (2.5 -> 2, 3.5 -> 4), like .NET `Math.Round`. */
export function roundHalfToEven(x: number): number {
  const floor = Math.floor(x);
  const diff = x - floor;
  if (diff < 0.5) return floor;
  if (diff > 0.5) return floor + 1;
  return floor % 2 === 0 ? floor : floor + 1;
}

/** Converts to a 32-bit signed integer like .NET `Convert.ToInt32`. */
export function toInt(value: unknown): Converted<number> {
  let n: number;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    n = roundHalfToEven(value);
  } else if (typeof value === 'string' && INTEGER_STRING.test(value)) {
    n = Number(value.trim());
  } else {
    return undefined;
  }
  if (n < INT32_MIN || n > INT32_MAX) return undefined;
  return n === 0 ? 0 : n; // no -0 on the wire
}

/** Converts to a 32-bit float like .NET `Convert.ToSingle`; values that overflow float32 fail. */
export function toFloat(value: unknown): Converted<number> {
  let n: number;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && DECIMAL_STRING.test(value)) n = Number(value.trim());
  else return undefined;
  const single = toFloat32(n);
  return Number.isFinite(single) ? single : undefined;
}

/** Converts a request value to the given tag type, or `undefined` when it cannot be. */
export function convertTo(type: TagType, value: unknown): Converted<TagValue> {
  switch (type) {
    case 'Bit':
      return toBit(value);
    case 'Int':
      return toInt(value);
    case 'Float':
      return toFloat(value);
  }
}
