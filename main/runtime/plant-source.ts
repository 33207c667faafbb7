import type { Schedule } from '../../shared/core/coalescer.js';
import { PlantStream, type PlantSource } from '../../shared/plant/plant-stream.js';
import type { TagEngine } from '../../shared/core/tag-engine.js';
import { plantSnapshots } from '../../shared/plant/snapshot.js';
import type { SimulationHost } from './simulation-host.js';

/**
 * The running simulation as the Plant view's source: a snapshot of its plant, and word that it
 * may have moved after every tick in which simulation time went on (so a paused plant, whose
 * ticks move nothing, costs no snapshot) and on every change of state, time scale, reset or scene.
 * The engine gives the tags a crane's place is followed from (plantSnapshots).
 */
export function simulationPlantSource(host: SimulationHost, engine: TagEngine): PlantSource {
  const snapshots = plantSnapshots(() => host.simulation, engine);
  return {
    snapshot: snapshots,
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

/**
 * The host's one stream of plant state, made when a first window watches (none before: with the
 * view closed the server does no extra work); undefined where TagSim runs no simulation.
 */
export function lazyPlantStream(
  host: SimulationHost | undefined,
  engine: TagEngine,
  timing: { schedule: Schedule; now: () => number },
  onError: (e: unknown) => void,
): { get(): PlantStream | undefined; dispose(): void } {
  let plant: PlantStream | undefined;
  return {
    get: () =>
      host ? (plant ??= new PlantStream(simulationPlantSource(host, engine), timing, onError)) : undefined,
    dispose: () => plant?.dispose(),
  };
}
