/** Most stations one lab holds: a large classroom, and well within what one process serves. */
export const MAX_STATIONS = 64;

const MAX_PORT = 65535;

/** Where a lab's stations and its dashboard listen. */
export interface LabPorts {
  /** Station k (1-based) listens on `stations[k - 1]`; 0 picks a free port. */
  readonly stations: readonly number[];
  readonly dashboard: number;
}

/**
 * The ports of a lab of `count` stations from the first station's port: station k on
 * `first + k - 1`, the dashboard on `dashboard` or else the port after the last station. With
 * `first` 0 every station and (unless given) the dashboard pick free ports. Returns the one-line
 * reason when the plan does not fit: too few or too many stations, a port out of range, or the
 * dashboard on a station's port.
 */
export function planLabPorts(count: number, first: number, dashboard?: number): LabPorts | string {
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
  return { stations, dashboard: board };
}
