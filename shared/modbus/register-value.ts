import { roundHalfToEven } from '../core/convert.js';
import type { TagType, TagValue } from '../core/tag-types.js';

export const INT16_MIN = -32768;
export const INT16_MAX = 32767;

/** The scale of Float tags when the scene's driver says none: the simulator's default. */
export const DEFAULT_SCALE_FACTOR = 100;

/**
 * A tag's value as one 16-bit register (0-65535, two's complement), the way the simulator's
 * Modbus server driver carries it (docs/modbus.md): an Int as it is, a Float as
 * round(value × scaleFactor), a Bit as 0 or 1. What does not fit a signed 16-bit number saturates
 * to -32768 or 32767 rather than wrapping, so a PLC never reads a large value as a negative one.
 */
export function toRegister(type: TagType, value: TagValue, scaleFactor: number): number {
  if (typeof value === 'boolean') return value ? 1 : 0;
  const scaled = type === 'Float' ? roundHalfToEven(value * scaleFactor) : value;
  const saturated = Math.min(INT16_MAX, Math.max(INT16_MIN, scaled));
  return Number.isNaN(saturated) ? 0 : saturated & 0xffff;
}

/**
 * What a written register means for a tag of this type: the register read as a signed 16-bit
 * number, divided by scaleFactor for a Float. The engine then converts it like any API value.
 */
export function fromRegister(type: TagType, register: number, scaleFactor: number): TagValue {
  const signed = register >= 0x8000 ? register - 0x10000 : register;
  if (type === 'Bit') return signed !== 0;
  return type === 'Float' ? signed / scaleFactor : signed;
}
