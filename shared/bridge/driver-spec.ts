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
} as const;

export const DRIVER_EVENTS = {
  /** One client driver's status, each time it changes. */
  driver: event<ClientDriverStatus>(),
} as const;
