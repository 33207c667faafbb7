import { MODBUS_CLIENT_SCHEMA, type ModbusClientSettings } from '../drivers/modbus-client-settings.js';
import { CLIENT_DRIVERS, type ClientDriverName, type ClientDriverStatus } from '../drivers/driver-status.js';
import { event, method } from './spec-parts.js';
import { v } from './validate.js';

/**
 * The bridge's part for the drivers that connect out to a controller (driver-status.ts): the
 * window and the tray connect and disconnect them, and hear each one's status as it changes.
 */

const driver = v.oneOf<ClientDriverName>(...CLIENT_DRIVERS);

export const DRIVER_METHODS = {
  /** Connects the driver (and keeps reconnecting while its controller is away). */
  connectDriver: method<ClientDriverStatus>()(v.object({ driver })),
  /** Disconnects it and stops reconnecting, until connectDriver. */
  disconnectDriver: method<ClientDriverStatus>()(v.object({ driver })),
  /**
   * The Modbus TCP/IP Client's settings, from the window's Settings form: checked by the schema
   * settings.json's `"modbusClient"` is read with (absent fields take the driver's defaults),
   * saved to the user's settings, and the client reconnects with them. Answers the settings
   * taken (the defaults filled in) and the client's new status.
   */
  setModbusClientSettings: method<{ settings: ModbusClientSettings; status: ClientDriverStatus }>()(
    MODBUS_CLIENT_SCHEMA,
  ),
} as const;

export const DRIVER_EVENTS = {
  /** One client driver's status, each time it changes. */
  driver: event<ClientDriverStatus>(),
} as const;
