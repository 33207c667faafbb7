import type { PlacedTag } from '../../shared/plant/plant-types.js';
import type { ViewTag } from '../state/tag-store.js';
import { failureOf, FAILURE_LABELS, formatValue } from '../state/value-entry.js';

/** What a part of the drawing shows of its tag: lit or not, forced, failed, and in words. */
export interface TagLook {
  on: boolean;
  forced: boolean;
  failure: 'none' | 'alwaysOn' | 'alwaysOff';
  /** The CSS classes the table's marks map to: is-on, is-forced, is-always-on, is-always-off. */
  classes: string;
  /** "true (forced, Always On)": the value and its marks, for labels and tooltips. */
  words: string;
}

/** A tag's effective value (what the controller reads) and its marks, as the table shows them. */
export function tagLook(tag: ViewTag | undefined): TagLook {
  if (!tag) return { on: false, forced: false, failure: 'none', classes: 'is-unknown', words: 'unknown' };
  const failure = failureOf(tag);
  const on = typeof tag.value === 'boolean' ? tag.value : tag.value !== 0;
  const marks = [tag.isForced ? 'forced' : '', failure !== 'none' ? FAILURE_LABELS[failure] : ''].filter(
    Boolean,
  );
  const classes = [
    on ? 'is-on' : 'is-off',
    tag.isForced ? 'is-forced' : '',
    failure === 'alwaysOn' ? 'is-always-on' : failure === 'alwaysOff' ? 'is-always-off' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return {
    on,
    forced: tag.isForced,
    failure,
    classes,
    words: `${formatValue(tag.value)}${marks.length > 0 ? ` (${marks.join(', ')})` : ''}`,
  };
}

/** The hover text of a drawn tag: name, kind and type, address, value with its marks. */
export function tagTooltip(tag: PlacedTag, look: TagLook, role?: string): string {
  return `${tag.name}${role ? ` — ${role}` : ''}\n${tag.kind} ${tag.type}, address ${tag.address}\nValue: ${look.words}`;
}

/** A number for a drawn readout: integers as they are, others to two decimals. */
export function readout(tag: ViewTag | undefined): string {
  if (!tag) return '—';
  if (typeof tag.value === 'boolean') return tag.value ? 'ON' : 'OFF';
  return Number.isInteger(tag.value) ? String(tag.value) : tag.value.toFixed(2);
}
