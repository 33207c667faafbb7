import { clientDriverLine, type ClientDriverStatus } from '../../shared/bridge/driver-status.js';
import type { ClientDriver } from '../drivers/client-driver.js';

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
