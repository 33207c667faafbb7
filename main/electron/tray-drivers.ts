import type { ModbusStatus } from '../../shared/bridge/bridge-spec.js';
import {
  clientDriverLabel,
  clientDriverLine,
  type ClientDriverName,
  type ClientDriverStatus,
} from '../../shared/drivers/driver-status.js';
import { modbusStatusLine } from '../../shared/window/modbus-status-line.js';
import { escapeLabel, type MenuModelItem } from './menu-model.js';

/**
 * The drivers in the tray (docs/desktop.md, "Tray"): the Modbus server's line, and each driver
 * that connects out to a controller with its line and a Connect or Disconnect item, as in the
 * window's status bar. A line changes only when a state or its reason does, so an open menu is
 * not torn down while a driver retries.
 */

/** Connect (or disconnect) a client driver, as the status bar's button does. */
export interface DriverTrayAction {
  kind: 'driver';
  driver: ClientDriverName;
  connect: boolean;
}

export interface TrayDrivers {
  /** The Modbus TCP server; absent where none is served. */
  modbus?: ModbusStatus;
  /** The drivers that connect out to a controller; absent or empty where none runs. */
  drivers?: readonly ClientDriverStatus[];
}

/** The lines and items of the drivers, under the server's line. */
export function driverItems(state: TrayDrivers): MenuModelItem<DriverTrayAction>[] {
  return [
    ...(state.modbus
      ? [{ type: 'normal', label: escapeLabel(modbusStatusLine(state.modbus)), enabled: false } as const]
      : []),
    ...(state.drivers ?? []).flatMap((status): MenuModelItem<DriverTrayAction>[] => {
      const connect = status.state === 'stopped';
      // The retry countdown would change the menu on every retry: the reason alone is shown.
      const { retryInMs: _retry, ...shown } = status;
      return [
        { type: 'normal', label: escapeLabel(clientDriverLine(shown)), enabled: false },
        {
          type: 'normal',
          label: `${connect ? 'Connect' : 'Disconnect'} the ${clientDriverLabel(status.driver)}`,
          enabled: true,
          action: { kind: 'driver', driver: status.driver, connect },
        },
      ];
    }),
  ];
}

/** The drivers' lines of the tooltip: the Modbus server, and a client driver that is not connected. */
export function driverTooltipLines(state: TrayDrivers): string[] {
  return [
    ...(state.modbus ? [modbusStatusLine(state.modbus)] : []),
    ...(state.drivers ?? [])
      .filter((status) => status.state !== 'connected')
      .map((status) => `${clientDriverLabel(status.driver)} ${status.state}`),
  ];
}
