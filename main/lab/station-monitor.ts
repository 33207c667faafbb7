import { TrafficMeter } from '../../shared/api/traffic-meter.js';
import type { StationActivity, StationModbus } from '../../shared/lab/lab-views.js';
import type { ModbusController } from '../modbus/modbus-controller.js';
import { MODBUS_WRITE_FUNCTIONS } from '../modbus/modbus-pdu.js';
import type { TagSim } from '../compose/start-tagsim.js';

export interface StationMonitor {
  read(): StationActivity;
  dispose(): void;
}

/**
 * Watches one station's API traffic from the events its server and engine already give: the
 * server's request events (the bridge's traffic meter, the time of the last request, a write
 * refused whole with a 4xx) and the engine's refused items (each per-item error of a write or a
 * release answered to an API client). Only the API's clients count, not the window or the
 * instructor; a Modbus client counts as an API client. A station serving Modbus also reports its
 * Modbus server and connected clients, and a station scanning its controller that driver's
 * status, read when asked.
 */
export function monitorStation(
  tagsim: TagSim,
  clock: { now?: () => number; wallClock?: () => number } = {},
): StationMonitor {
  const wallClock = clock.wallClock ?? Date.now;
  const meter = new TrafficMeter(clock.now ?? (() => performance.now()));
  let lastRequestAt: number | undefined;
  let refusedWrites = 0;
  let lastRefusal: string | undefined;
  const unsubscribers = [
    tagsim.server.requests.on((request) => {
      meter.record(request.remoteAddress);
      lastRequestAt = wallClock();
      if (request.method === 'PUT' && request.status >= 400 && request.status < 500) {
        refusedWrites++;
        lastRefusal = `${request.status} on PUT ${request.path.slice(0, 100)}`;
      }
    }),
    // A student's PLC may talk only Modbus: its requests count as the API's do, and a write it
    // sent that was refused whole (an exception) as a refused write. Items the engine refused
    // arrive through onRefused below, as for the API.
    tagsim.modbus?.requests.on(({ remoteAddress, functionCode, exception }) => {
      meter.record(remoteAddress);
      lastRequestAt = wallClock();
      if (exception !== undefined && MODBUS_WRITE_FUNCTIONS.has(functionCode)) {
        refusedWrites++;
        lastRefusal = `Modbus exception ${exception.toString(16).padStart(2, '0')} on FC ${functionCode}`;
      }
    }) ?? (() => undefined),
    tagsim.engine.onRefused(({ source, errors }) => {
      if (source !== 'api') return;
      refusedWrites += errors.length;
      lastRefusal = errors[errors.length - 1]!.error;
    }),
  ];
  return {
    read: () => ({
      ...meter.read(),
      lastRequestAt,
      refusedWrites,
      lastRefusal,
      ...(tagsim.modbus ? { modbus: modbusOf(tagsim.modbus.status) } : {}),
      ...(tagsim.clients.all.length > 0
        ? { controllers: tagsim.clients.all.map((driver) => driver.status) }
        : {}),
    }),
    dispose: () => unsubscribers.forEach((unsubscribe) => unsubscribe()),
  };
}

function modbusOf(status: ModbusController['status']): StationModbus {
  const { state, port, clients, error } = status;
  return { state, port, clients, ...(error !== undefined ? { error } : {}) };
}
