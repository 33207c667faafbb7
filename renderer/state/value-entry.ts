import { convertTo } from '../../shared/core/convert.js';
import { messages } from '../../shared/core/messages.js';
import type { TagFailure, TagSnapshot, TagType, TagValue } from '../../shared/core/tag-types.js';

export type ParsedEntry = { ok: true; value: TagValue } | { ok: false; error: string };

/**
 * Reads what a person typed for a tag of the given type with the core's conversion rules, so
 * the window accepts exactly what the API accepts in a JSON string ("12", " 3.5 ", "true"),
 * and reports the API's own message otherwise.
 */
export function parseEntry(type: TagType, text: string): ParsedEntry {
  if (text.trim() === '') return { ok: false, error: 'Enter a value.' };
  const value = convertTo(type, text);
  if (value === undefined) return { ok: false, error: messages.cannotConvert(type) };
  return { ok: true, value };
}

/** How a value is written in the table: as the API writes it. */
export function formatValue(value: TagValue | undefined): string {
  if (value === undefined) return '—';
  return String(value);
}

/** The failure of a tag, as the window names it. */
export function failureOf(tag: Pick<TagSnapshot, 'openCircuit' | 'shortCircuit'>): TagFailure {
  return tag.shortCircuit ? 'alwaysOn' : tag.openCircuit ? 'alwaysOff' : 'none';
}

export const FAILURE_LABELS: Record<TagFailure, string> = {
  none: 'None',
  alwaysOff: 'Always Off',
  alwaysOn: 'Always On',
};
