import type { Simulation } from '../sim/simulation.js';
import type { PlantSnapshot } from './plant-types.js';

/**
 * What the Plant view needs of the simulation now: plant time, per conveyor whether it runs, its
 * speed and its items (front first), and where each stacker crane is. A stopped belt reports
 * speed 0, so a view that moves items between snapshots (speed x elapsed plant time) keeps them
 * still.
 */
export function snapshotPlant(simulation: Simulation): PlantSnapshot {
  const plant = simulation.snapshot();
  return {
    timeMs: plant.timeMs,
    conveyors: plant.conveyors.map((c) => ({
      name: c.name,
      running: c.running,
      speed: c.running ? c.speed : 0,
      items: c.items.map((i) => ({ id: i.id, label: i.label, front: i.front, length: i.length })),
    })),
    ...(plant.cranes.length > 0
      ? {
          cranes: plant.cranes.map(({ at, ...crane }) => ({ ...crane, ...(at !== undefined ? { at } : {}) })),
        }
      : {}),
  };
}
