/** Most stations one lab holds: a large classroom, and well within what one process serves. */
export const MAX_STATIONS = 64;

const MAX_PORT = 65535;

/**
 * The first station's Modbus port when `--modbus` gives none: a lab needs a range, and ports
 * under 1024 (Modbus's own 502) need administrator rights, so the port every guide suggests.
 */
export const DEFAULT_LAB_MODBUS_PORT = 5020;

/** Where a lab's stations and its dashboard listen. */
export interface LabPorts {
  /** Station k (1-based) listens on `stations[k - 1]`; 0 picks a free port. */
  readonly stations: readonly number[];
  readonly dashboard: number;
  /** Station k's Modbus server on `modbus[k - 1]` (0 picks a free port), when the lab serves Modbus. */
  readonly modbus?: readonly number[];
}

/**
 * The ports of a lab of `count` stations from the first station's port: station k on
 * `first + k - 1`, the dashboard on `dashboard` or else the port after the last station. With
 * `first` 0 every station and (unless given) the dashboard pick free ports. Returns the one-line
 * reason when the plan does not fit: too few or too many stations, a port out of range, the
 * dashboard on a station's port, or (with `modbus`, station k's Modbus on `modbus + k - 1`) a
 * Modbus port that is a station's or the dashboard's.
 */
export function planLabPorts(
  count: number,
  first: number,
  dashboard?: number,
  modbus?: number,
): LabPorts | string {
  if (!Number.isInteger(count) || count < 1 || count > MAX_STATIONS)
    return `a lab has 1 to ${MAX_STATIONS} stations; got ${count}`;
  if (!Number.isInteger(first) || first < 0 || first > MAX_PORT)
    return `the first station's port must be from 0 to ${MAX_PORT}; got ${first}`;
  const last = first === 0 ? 0 : first + count - 1;
  if (last > MAX_PORT)
    return `${count} stations from port ${first} would need ports up to ${last}; the highest port is ${MAX_PORT} (choose a lower --port)`;
  const stations = Array.from({ length: count }, (_, i) => (first === 0 ? 0 : first + i));
  const board = dashboard ?? (first === 0 ? 0 : last + 1);
  if (!Number.isInteger(board) || board < 0 || board > MAX_PORT)
    return `the dashboard's port must be from 0 to ${MAX_PORT}; got ${board}${dashboard === undefined ? ' (the port after the last station; choose one with --dashboard-port)' : ''}`;
  if (board !== 0 && first !== 0 && board >= first && board <= last)
    return `the dashboard's port ${board} is station ${board - first + 1}'s; choose one outside ${first}-${last}`;
  if (modbus === undefined) return { stations, dashboard: board };
  const modbusPlan = planModbusPorts(count, modbus, { first, last, board });
  return typeof modbusPlan === 'string' ? modbusPlan : { stations, dashboard: board, modbus: modbusPlan };
}

/** The stations' Modbus ports from `first`, checked against the HTTP ports already planned. */
function planModbusPorts(
  count: number,
  first: number,
  taken: { first: number; last: number; board: number },
): number[] | string {
  if (!Number.isInteger(first) || first < 0 || first > MAX_PORT)
    return `the first station's Modbus port must be from 0 to ${MAX_PORT}; got ${first}`;
  if (first === 0) return Array.from({ length: count }, () => 0);
  const last = first + count - 1;
  if (last > MAX_PORT)
    return `${count} stations' Modbus servers from port ${first} would need ports up to ${last}; the highest port is ${MAX_PORT} (choose a lower --modbus)`;
  const range = `${first}-${last}`;
  // A port 0 of the plan is picked by the system at bind time: nothing to collide with here.
  if (taken.first !== 0 && first <= taken.last && taken.first <= last)
    return `the Modbus ports ${range} overlap the stations' ports ${taken.first}-${taken.last}; choose another --modbus or --port`;
  if (taken.board !== 0 && taken.board >= first && taken.board <= last)
    return `the dashboard's port ${taken.board} is station ${taken.board - first + 1}'s Modbus port; choose a --dashboard-port outside ${range}`;
  return Array.from({ length: count }, (_, i) => first + i);
}
