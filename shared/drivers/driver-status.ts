/**
 * The drivers that connect out to a controller (docs/architecture.md, "Drivers"): the Modbus
 * TCP/IP Client and the OPC UA client. Each owns its connection and reports it in this one shape,
 * which the window's status bar, the tray, `tagsim serve`'s lines and the control API's status
 * all show the same way.
 */

export const CLIENT_DRIVERS = ['modbusClient', 'opcuaClient'] as const;
export type ClientDriverName = (typeof CLIENT_DRIVERS)[number];

/**
 * Where a client driver is in its life: `stopped` (not asked to connect, or disconnected by its
 * user), `connecting`, `connected` (exchanging values with the controller), `disconnected` (the
 * controller went away or could not be reached: it tries again after `retryInMs`).
 */
export type ClientDriverState = 'stopped' | 'connecting' | 'connected' | 'disconnected';

export interface ClientDriverStatus {
  readonly driver: ClientDriverName;
  readonly state: ClientDriverState;
  /** The controller: `192.168.0.10:502` or `opc.tcp://plc:4840`. */
  readonly target: string;
  /** The driver's settings in a few words: `unit 1, every 10 ms`. */
  readonly detail: string;
  /** Why it is disconnected, in a person's words: `connection refused`. */
  readonly error?: string;
  /** Disconnected: how long after this status it tries again. */
  readonly retryInMs?: number;
  /** Connected, but the controller refuses part of the exchange: `exception 02 ... to FC 15`. */
  readonly warning?: string;
}

const LABELS: Readonly<Record<ClientDriverName, string>> = {
  modbusClient: 'Modbus client',
  opcuaClient: 'OPC UA client',
};

/** The driver's name as the window and the tray write it: "Modbus client". */
export function clientDriverLabel(driver: ClientDriverName): string {
  return LABELS[driver];
}

/**
 * The driver in one line: "Modbus client: connected to 192.168.0.10:502 (unit 1, every 10 ms)",
 * "Modbus client: disconnected from 192.168.0.10:502 (connection refused); retrying in 2 s".
 */
export function clientDriverLine(status: ClientDriverStatus): string {
  const label = LABELS[status.driver];
  const { target, detail } = status;
  switch (status.state) {
    case 'connected':
      return `${label}: connected to ${target} (${detail})${status.warning ? `; ${status.warning}` : ''}`;
    case 'connecting':
      return `${label}: connecting to ${target}…`;
    case 'disconnected': {
      const why = status.error ? ` (${status.error})` : '';
      const retry = status.retryInMs === undefined ? '' : `; retrying in ${seconds(status.retryInMs)}`;
      return `${label}: disconnected from ${target}${why}${retry}`;
    }
    case 'stopped':
      return `${label}: not connected (${target})`;
  }
}

function seconds(ms: number): string {
  return ms < 1000 ? `${Math.max(0, Math.round(ms))} ms` : `${Math.round(ms / 100) / 10} s`;
}
