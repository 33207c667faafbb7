import { CLIENT_DRIVERS, clientDriverLabel } from '../../shared/drivers/driver-status.js';
import { jsonAnswer } from '../server/api-answer.js';
import { ApiError } from '../server/api-error.js';
import { CONTROL_PREFIX, type ControlRoute } from '../server/control-surface.js';
import type { ControlDeps } from './control-deps.js';

/**
 * Connecting and disconnecting the drivers that connect out to a controller, as the window's
 * status bar and the tray do (docs/control-api.md#drivers): a test takes the controller's
 * connection away and gives it back. Each answers the driver's status.
 */
export function driverRoutes(deps: ControlDeps): ControlRoute[] {
  return CLIENT_DRIVERS.flatMap((name) =>
    (['connect', 'disconnect'] as const).map((action): ControlRoute => ({
      method: 'POST',
      path: `${CONTROL_PREFIX}/drivers/${name}/${action}`,
      handle: () => {
        const driver = deps.drivers?.().find((d) => d.status.driver === name);
        if (!driver) throw new ApiError(404, `This TagSim runs no ${clientDriverLabel(name)}.`);
        return jsonAnswer(action === 'connect' ? driver.connect() : driver.disconnect());
      },
    })),
  );
}
