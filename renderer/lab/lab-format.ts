import { FAILURE_LABELS, forcedToLabel } from '../../shared/core/fault-words.js';
import type { ActiveFault } from '../../shared/lab/lab-fault.js';
import type { StationModbus, StationOutcome } from '../../shared/lab/lab-views.js';
import { andMore } from '../../shared/problems/problem-list.js';

/** "just now", "12 s ago", "3 min ago", "never": how long since a moment, on the server's clock. */
export function ago(at: number | undefined, now: number): string {
  if (at === undefined) return 'never';
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 2) return 'just now';
  if (seconds < 120) return `${seconds} s ago`;
  const minutes = Math.round(seconds / 60);
  return minutes < 120 ? `${minutes} min ago` : `${Math.round(minutes / 60)} h ago`;
}

/**
 * "Conveyor: Forced to true", "Sensor: Always Off", both when both (the window's words); a tag
 * whose scene forces it (an emitter) and that was released: "Emitter: Released".
 */
export function describeFault(fault: ActiveFault): string {
  const parts: string[] = [];
  if (fault.forced !== undefined) parts.push(forcedToLabel(fault.forced));
  if (fault.failure !== 'none') parts.push(FAILURE_LABELS[fault.failure]);
  if (parts.length === 0) parts.push('Released');
  return `${fault.name}: ${parts.join(', ')}`;
}

/** One line on what an action did: "Done on 3 stations." or which stations refused it and why. */
export function describeOutcomes(outcomes: readonly StationOutcome[]): string {
  const failed = outcomes.filter((o) => !o.ok);
  const done = outcomes.length - failed.length;
  const head = `Done on ${done} station${done === 1 ? '' : 's'}.`;
  if (failed.length === 0) return head;
  const shown = failed.slice(0, 3).map((o) => `station ${o.station}: ${o.error ?? 'refused'}`);
  const more = failed.length > 3 ? ` … ${andMore(failed.length - 3)}` : '';
  return `${head} Not done on ${shown.join('; ')}${more}.`;
}

/** The value typed for a force: true/false, a number, or why it is neither. */
export function forceValueOf(text: string): boolean | number | string {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === 'true' || trimmed === 'on' || trimmed === '1') return trimmed === '1' ? 1 : true;
  if (trimmed === 'false' || trimmed === 'off') return false;
  const number = Number(trimmed);
  return trimmed !== '' && Number.isFinite(number) ? number : 'Type true, false or a number to force to.';
}

/** Where a station's Modbus server listens, or why it does not. */
export function describeModbus(modbus: StationModbus): string {
  if (modbus.state === 'listening') return `Modbus TCP port ${modbus.port}`;
  if (modbus.state === 'failed') return `Modbus failed: ${modbus.error ?? 'not serving'}`;
  return `Modbus ${modbus.state}`;
}
