// Waiting on a running TagSim without fixed sleeps: for a client driver's status, for a tag's value.
import type { TagSim } from '../../main/compose/start-tagsim.js';
import type { ClientDriver } from '../../main/drivers/client-driver.js';
import type { ClientDriverStatus } from '../../shared/drivers/driver-status.js';

export const valueOf = (tagsim: TagSim, name: string): unknown => tagsim.engine.tagsNamed(name)[0]!.value;

/** Resolves with the driver's status once `predicate` holds of it. */
export function untilStatus(
  driver: ClientDriver,
  predicate: (s: ClientDriverStatus) => boolean,
  ms = 5000,
): Promise<ClientDriverStatus> {
  return new Promise((resolve, reject) => {
    if (predicate(driver.status)) return resolve(driver.status);
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`status never matched; last: ${JSON.stringify(driver.status)}`));
    }, ms);
    const stop = driver.onStatus((s) => {
      if (!predicate(s)) return;
      clearTimeout(timer);
      stop();
      resolve(s);
    });
  });
}

/** Resolves once the tag `name` has `value` (its effective value). */
export function untilValue(tagsim: TagSim, name: string, value: unknown, ms = 3000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (valueOf(tagsim, name) === value) return resolve();
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`${name} never became ${String(value)}; it is ${String(valueOf(tagsim, name))}`));
    }, ms);
    const stop = tagsim.engine.subscribe(() => {
      if (valueOf(tagsim, name) !== value) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}
