import type { Schedule } from '../../shared/core/coalescer.js';
import { PlantStream, type PlantSource } from '../../shared/plant/plant-stream.js';
import type { TagEngine } from '../../shared/core/tag-engine.js';
import { plantSnapshots } from '../../shared/plant/snapshot.js';
import { layoutScene } from '../../shared/scenes/scene-plant.js';
import type { SimulationHost } from './simulation-host.js';

/**
 * The running simulation as the Plant view's source: a snapshot of its plant, and word that it
 * may have moved after every tick in which simulation time went on (so a paused plant, whose
 * ticks move nothing, costs no snapshot) and on every change of state, time scale, reset or scene.
 * The engine gives the tags a crane's place is followed from (plantSnapshots).
 */
export function simulationPlantSource(host: SimulationHost, engine: TagEngine): PlantSource {
  const snapshots = plantSnapshots(() => host.simulation, engine, layoutScene);
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
 * A TagSim's one stream of plant state, made when a first view watches (none before: with every
 * view closed the server does no extra work): its windows' Plant views and, in a lab, the
 * instructor's dashboard watch the same stream. Undefined where TagSim runs no simulation.
 */
export function lazyPlantStream(
  host: SimulationHost | undefined,
  engine: TagEngine,
  onError: (e: unknown) => void,
  timing: { schedule?: Schedule | undefined; now?: (() => number) | undefined } = {},
): { get(): PlantStream | undefined; dispose(): void } {
  let plant: PlantStream | undefined;
  const timers = {
    schedule: timing.schedule ?? ((callback: () => void, ms: number) => void setTimeout(callback, ms)),
    now: timing.now ?? (() => performance.now()),
  };
  return {
    get: () =>
      host ? (plant ??= new PlantStream(simulationPlantSource(host, engine), timers, onError)) : undefined,
    dispose: () => plant?.dispose(),
  };
}
