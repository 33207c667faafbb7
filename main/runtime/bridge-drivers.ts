import type { BridgeApi, BridgeEventMessage, ModbusStatus } from '../../shared/bridge/bridge-spec.js';
import {
  clientDriverLabel,
  type ClientDriverName,
  type ClientDriverStatus,
} from '../../shared/drivers/driver-status.js';
import { BridgeArgumentError } from '../../shared/bridge/validate.js';
import type { ClientDriver } from '../drivers/client-driver.js';
import type { ModbusClientSettings } from '../../shared/drivers/modbus-client-settings.js';
import { SETTINGS_FIELDS, type Settings } from '../settings/settings.js';
import type { SettingsStore } from '../settings/settings-store.js';

/** The drivers of one TagSim, as the window sees them: the Modbus server and the client drivers. */
export interface BridgeDriverParts {
  /** The Modbus TCP server's status and its changes, when there is one. */
  readonly modbus?: {
    readonly status: ModbusStatus;
    onStatus(listener: (status: ModbusStatus) => void): () => void;
  };
  /** The drivers that connect out to a controller (Modbus client, OPC UA client). */
  readonly clients?: readonly ClientDriver[];
  /** The Modbus client, whose settings the window's Settings form changes. */
  readonly modbusClient?: {
    readonly settings: ModbusClientSettings;
    reconfigure(settings: ModbusClientSettings): void;
  };
  /** Where the form's settings are kept: the user's settings.json (in memory for `tagsim serve`). */
  readonly settings: Pick<SettingsStore, 'update'>;
  /** Throws, changing nothing, where a lab's presets locked a setting the change touches. */
  readonly refuseLocked: (change: Partial<Settings>) => void;
}

/** The bridge's side of the drivers: its methods, what getState says, and its subscriptions. */
export interface BridgeDrivers {
  readonly api: Pick<BridgeApi, 'connectDriver' | 'disconnectDriver' | 'setModbusClientSettings'>;
  state(): { modbus?: ModbusStatus; drivers?: ClientDriverStatus[]; modbusClient?: ModbusClientSettings };
  dispose(): void;
}

/**
 * The bridge's side of the drivers (driver-spec.ts): what getState says of them, their status
 * events, connecting and disconnecting a client driver from the window or the tray, and the
 * Modbus client's settings from the window's form.
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
      setModbusClientSettings: async (given) => {
        const client = parts.modbusClient;
        if (!client) throw new BridgeArgumentError(`this TagSim has no ${clientDriverLabel('modbusClient')}`);
        // The bridge checked `given` with settings.json's schema; its rule fills in the defaults.
        const settings = SETTINGS_FIELDS.modbusClient.tidy!(given);
        parts.refuseLocked({ modbusClient: settings });
        // Saved first: a settings file that cannot be written leaves the client as it was.
        await parts.settings.update({ modbusClient: settings });
        client.reconfigure(settings);
        return { settings, status: find('modbusClient').status };
      },
    },
    state: () => ({
      ...(parts.modbus ? { modbus: parts.modbus.status } : {}),
      ...(clients.length > 0 ? { drivers: clients.map((client) => client.status) } : {}),
      ...(parts.modbusClient ? { modbusClient: parts.modbusClient.settings } : {}),
    }),
    dispose: () => unsubscribers.forEach((unsubscribe) => unsubscribe()),
  };
}
