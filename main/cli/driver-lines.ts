import { clientDriverLine, type ClientDriverStatus } from '../../shared/drivers/driver-status.js';
import type { ModbusRange } from '../../shared/modbus/client-plan.js';
import type { ClientDriver } from '../drivers/client-driver.js';
import type { ModbusClient } from '../modbus/modbus-client.js';

/**
 * `tagsim serve`'s lines for the drivers that connect out: each driver's line at the start, then
 * one each time it connects, loses its controller, or is refused for another reason. A controller
 * that stays away is tried again and again: that prints nothing new until something changes, so
 * a console left open overnight is not a wall of retries.
 */
export function printDriverLines(drivers: readonly ClientDriver[], out: (line: string) => void): () => void {
  const stops = drivers.map((driver) => {
    let shown = driver.status;
    out(clientDriverLine(shown));
    return driver.onStatus((status) => {
      if (!worthALine(shown, status)) return;
      shown = status;
      out(clientDriverLine(status));
    });
  });
  return () => stops.forEach((stop) => stop());
}

function worthALine(before: ClientDriverStatus, now: ClientDriverStatus): boolean {
  if (now.state === 'connecting') return false;
  if (now.state !== before.state) return true;
  return now.error !== before.error || now.warning !== before.warning;
}

/** The controller's table each function code of a scan reaches. */
const TABLE_OF: Readonly<Record<ModbusRange['fc'], string>> = {
  1: 'coils',
  2: 'discrete inputs',
  3: 'holding registers',
  4: 'input registers',
  15: 'coils',
  16: 'holding registers',
};

/**
 * What the Modbus client's scans exchange with the scene served at the start, and where that
 * came from: `Modbus client scans: FC 15 coils 100-103, FC 1 coils 200-202 (the scene's saved
 * client settings; Floats × 10)`, so a user sees at once whether the file's settings were taken.
 */
export function modbusClientScanLine(client: ModbusClient, sceneName: string): string {
  const { writeBits, writeRegisters, readBits, readRegisters } = client.currentPlan;
  const requests = [writeBits, writeRegisters, readBits, readRegisters]
    .filter((r): r is ModbusRange => r !== undefined)
    .map((r) => `FC ${r.fc} ${TABLE_OF[r.fc]} ${r.start}${r.count > 1 ? `-${r.start + r.count - 1}` : ''}`);
  const { source, scaleFactor } = client.layout;
  const from =
    source === 'saved client map'
      ? "the scene's saved client settings"
      : source === 'saved driver map'
        ? 'the map the scene saved for the Modbus server'
        : source === 'driver map'
          ? `the driver map of "${sceneName}"`
          : 'tags in scene order';
  return `Modbus client scans: ${requests.join(', ') || 'nothing'} (${from}; Floats × ${scaleFactor})`;
}
