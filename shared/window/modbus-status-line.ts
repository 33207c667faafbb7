import { urlHost } from '../core/url-host.js';
import type { ModbusStatus } from '../bridge/bridge-spec.js';

/**
 * The Modbus server in one line, for the tray and the window's status bar: "Modbus TCP on
 * 127.0.0.1:502, 2 clients", or why it is not serving ("Modbus: port 502 in use").
 */
export function modbusStatusLine(modbus: ModbusStatus): string {
  switch (modbus.state) {
    case 'listening': {
      const clients = `${modbus.clients} ${modbus.clients === 1 ? 'client' : 'clients'}`;
      return `Modbus TCP on ${urlHost(modbus.host)}:${modbus.port}, ${clients}`;
    }
    case 'starting':
      return `Modbus TCP starting on port ${modbus.port}…`;
    case 'stopped':
      return 'Modbus TCP stopped';
    case 'failed':
      return `Modbus: ${modbus.error ?? `port ${modbus.port} failed`}`;
  }
}
