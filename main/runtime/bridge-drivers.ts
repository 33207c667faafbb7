import type { BridgeApi, BridgeEventMessage, ModbusStatus } from '../../shared/bridge/bridge-spec.js';
import {
  clientDriverLabel,
  type ClientDriverName,
  type ClientDriverStatus,
} from '../../shared/drivers/driver-status.js';
import { BridgeArgumentError } from '../../shared/bridge/validate.js';
import type { ClientDriver } from '../drivers/client-driver.js';

/** The drivers of one TagSim, as the window sees them: the Modbus server and the client drivers. */
export interface BridgeDriverParts {
  /** The Modbus TCP server's status and its changes, when there is one. */
  readonly modbus?: {
    readonly status: ModbusStatus;
    onStatus(listener: (status: ModbusStatus) => void): () => void;
  };
  /** The drivers that connect out to a controller (Modbus client, OPC UA client). */
  readonly clients?: readonly ClientDriver[];
}

/** The bridge's side of the drivers: its methods, what getState says, and its subscriptions. */
export interface BridgeDrivers {
  readonly api: Pick<BridgeApi, 'connectDriver' | 'disconnectDriver'>;
  state(): { modbus?: ModbusStatus; drivers?: ClientDriverStatus[] };
  dispose(): void;
}

/**
 * The bridge's side of the drivers (driver-spec.ts): what getState says of them, their status
 * events, and connecting and disconnecting a client driver from the window or the tray.
 */
export function createBridgeDrivers(
  parts: BridgeDriverParts,
  emit: (message: BridgeEventMessage) => void,
): BridgeDrivers {
  const clients = parts.clients ?? [];
  const find = (name: ClientDriverName): ClientDriver => {
    const found = clients.find((client) => client.status.driver === name);
    if (!found) throw new BridgeArgumentError(`this TagSim has no ${clientDriverLabel(name)}`);
    return found;
  };
  const unsubscribers = [
    ...clients.map((client) => client.onStatus((status) => emit({ event: 'driver', payload: status }))),
    parts.modbus?.onStatus((status) => emit({ event: 'modbus', payload: status })) ?? (() => undefined),
  ];
  return {
    api: {
      connectDriver: async ({ driver }) => find(driver).connect(),
      disconnectDriver: async ({ driver }) => find(driver).disconnect(),
    },
    state: () => ({
      ...(parts.modbus ? { modbus: parts.modbus.status } : {}),
      ...(clients.length > 0 ? { drivers: clients.map((client) => client.status) } : {}),
    }),
    dispose: () => unsubscribers.forEach((unsubscribe) => unsubscribe()),
  };
}
