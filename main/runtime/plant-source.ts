import type { PlantSource } from '../../shared/bridge/plant-stream.js';
import { snapshotPlant } from '../../shared/plant/snapshot.js';
import type { SimulationHost } from './simulation-host.js';

/**
 * The running simulation as the Plant view's source: a snapshot of its plant, and word that it
 * may have moved after every tick in which simulation time went on (so a paused plant, whose
 * ticks move nothing, costs no snapshot) and on every change of state, time scale, reset or scene.
 */
export function simulationPlantSource(host: SimulationHost): PlantSource {
  return {
    snapshot: () => snapshotPlant(host.simulation),
    follow(moved) {
      let lastTimeMs = Number.NaN;
      const stopTicks = host.onTick(() => {
        const { timeMs } = host.simulation.status;
        if (timeMs === lastTimeMs) return;
        lastTimeMs = timeMs;
        moved();
      });
      const stopStatus = host.onStatus(() => {
        lastTimeMs = Number.NaN;
        moved();
      });
      return () => {
        stopTicks();
        stopStatus();
      };
    },
  };
}
