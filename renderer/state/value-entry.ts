import { convertTo } from '../../shared/core/convert.js';
import { messages } from '../../shared/core/messages.js';
import type { TagFailure, ApiTag, TagType, TagValue } from '../../shared/core/tag-types.js';

export type ParsedEntry =
  | {
      ok: true;
      value: TagValue;
      /** Set when the value sent differs from the text: how it was converted. */ note?: string;
    }
  | { ok: false; error: string };

/** A number as JSON writes one (`1.5`, `-2`, `1e3`, also `.5`): what a client would send unquoted. */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Reads what a person typed for a tag of the given type with the core's conversion rules, so the
 * window accepts exactly what the API accepts. A number is read as a JSON number, as a client
 * would send it: for an Int, `1.5` is rounded half to even (to 2), and the note says so, rather
 * than refused as the JSON string "1.5" would be.
 */
export function parseEntry(type: TagType, text: string): ParsedEntry {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: 'Enter a value.' };
  const value = convertTo(type, NUMBER.test(trimmed) ? Number(trimmed) : text);
  if (value === undefined) return { ok: false, error: messages.cannotConvert(type) };
  if (type === 'Int' && NUMBER.test(trimmed) && value !== Number(trimmed)) {
    return {
      ok: true,
      value,
      note: `${trimmed} is sent as ${value}: an Int is a whole number (rounded half to even, as the API does).`,
    };
  }
  return { ok: true, value };
}

/** How a value is written in the table: as the API writes it. */
export function formatValue(value: TagValue | undefined): string {
  if (value === undefined) return '—';
  return String(value);
}

/** The failure of a tag, as the window names it. */
export function failureOf(tag: Pick<ApiTag, 'openCircuit' | 'shortCircuit'>): TagFailure {
  return tag.shortCircuit ? 'alwaysOn' : tag.openCircuit ? 'alwaysOff' : 'none';
}

/** The failures' names: one source for the window, the lab's dashboard and its fault log. */
export { FAILURE_LABELS } from '../../shared/core/fault-words.js';
