import type { TagEngine } from '../../shared/core/tag-engine.js';
import type { ModbusClientSettings } from '../../shared/drivers/modbus-client-settings.js';
import type { ControlApi } from '../control/control-api.js';
import type { ClientDriver } from '../drivers/client-driver.js';
import { ModbusClient } from '../modbus/modbus-client.js';
import type { OpcuaClientSettings } from '../../shared/drivers/opcua-client-settings.js';
import { OpcuaClient } from '../opcua/opcua-client.js';

/** The drivers a TagSim may run that connect out to a controller (docs/architecture.md, "Drivers"). */
export interface ClientDriverOptions {
  /** The Modbus TCP/IP Client: TagSim scans the controller's Modbus server (docs/modbus.md). */
  modbusClient?: ModbusClientSettings;
  /** The OPC UA client: TagSim binds tags to the controller's OPC UA server's nodes (docs/opcua.md). */
  opcuaClient?: OpcuaClientSettings;
}

export interface ClientDrivers {
  readonly modbusClient: ModbusClient | undefined;
  readonly opcuaClient: OpcuaClient | undefined;
  /** Every client driver, in one shape: status, connect, disconnect. */
  readonly all: readonly ClientDriver[];
}

/**
 * Makes the client drivers asked for, over the engine and the control API's journal and chaos
 * rules (so a scan is journaled and chaos reaches it as it reaches the API), each reporting its
 * errors where the TagSim's go.
 */
export function createClientDrivers(
  engine: TagEngine,
  options: ClientDriverOptions,
  control: ControlApi | undefined,
  reportError: (error: unknown) => void,
): ClientDrivers {
  const shared = {
    ...(control?.journal ? { journal: control.journal } : {}),
    ...(control ? { chaos: control.chaos } : {}),
  };
  const modbusClient = options.modbusClient && new ModbusClient(engine, options.modbusClient, shared);
  const opcuaClient = options.opcuaClient && new OpcuaClient(engine, options.opcuaClient, shared);
  const all = [modbusClient?.driver, opcuaClient?.driver].filter((d): d is ClientDriver => d !== undefined);
  for (const driver of all) driver.errors.on(reportError);
  return { modbusClient, opcuaClient, all };
}
