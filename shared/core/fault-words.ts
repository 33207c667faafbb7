import type { TagFailure, TagValue } from './tag-types.js';

/**
 * The one source of the words a person reads for a fault: the window's tag table and details,
 * the lab's dashboard and its fault log (CSV, HTML) all say "Always Off", "Always On" and
 * "Forced to true", never the API's `alwaysOff`.
 */
export const FAILURE_LABELS: Record<TagFailure, string> = {
  none: 'None',
  alwaysOff: 'Always Off',
  alwaysOn: 'Always On',
};

/** "Forced to true", "Forced to 42": a force as the window's details name it. */
export function forcedToLabel(value: TagValue): string {
  return `Forced to ${String(value)}`;
}

/**
 * A kind of fault in words: a force with its value ("Forced to true"), a force without one
 * ("Force", as a cleared force is logged), a failure ("Always Off"), or every fault at once.
 */
export function faultKindLabel(kind: 'force' | 'alwaysOff' | 'alwaysOn' | 'all', value?: TagValue): string {
  if (kind === 'force') return value === undefined ? 'Force' : forcedToLabel(value);
  if (kind === 'all') return 'Every fault';
  return FAILURE_LABELS[kind];
}
