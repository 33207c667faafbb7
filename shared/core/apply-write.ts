import { convertTo, toBit } from './convert.js';
import type { TagRuntimeState, WriteOperation } from './engine-types.js';
import { messages } from './messages.js';
import { startState, type TagRecord } from './tag-record.js';

/** Applies one write to one tag: an item error, or whether the tag changed. */
export function applyWrite(
  operation: WriteOperation,
  r: TagRecord,
  value: unknown,
): boolean | { code: 400 | 406; error: string } {
  switch (operation) {
    case 'set': {
      if (r.def.kind === 'Input') return { code: 406, error: messages.inputNotWritable };
      const converted = convertTo(r.def.type, value);
      if (converted === undefined) return { code: 406, error: messages.cannotConvert(r.def.type) };
      return r.setRaw(converted);
    }
    case 'force': {
      const converted = convertTo(r.def.type, value);
      if (converted === undefined) return { code: 406, error: messages.cannotConvert(r.def.type) };
      return r.force(converted);
    }
    case 'alwaysOff':
    case 'alwaysOn': {
      const on = toBit(value);
      if (on === undefined) return { code: 400, error: messages.cannotConvertToBool };
      return r.setFailure(operation, on);
    }
  }
}

/**
 * The state a tag takes when a saved state is restored: the saved one converted to the tag's type,
 * or the tag's start (its initial value, and the force and failure its scene gives it) when nothing is saved for it or the
 * saved values do not fit it (`fits: false` then, with something saved).
 */
export function restoredState(
  r: TagRecord,
  saved: TagRuntimeState | undefined,
): { state: TagRuntimeState; fits: boolean } {
  const raw = saved && convertTo(r.def.type, saved.raw);
  const forcedValue = saved && convertTo(r.def.type, saved.forcedValue);
  if (
    saved !== undefined &&
    raw !== undefined &&
    forcedValue !== undefined &&
    ['none', 'alwaysOff', 'alwaysOn'].includes(saved.failure)
  ) {
    return {
      state: { raw, isForced: saved.isForced === true, forcedValue, failure: saved.failure },
      fits: true,
    };
  }
  return { state: startState(r.def), fits: saved === undefined };
}
