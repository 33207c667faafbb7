import type { TagEngine } from '../core/tag-engine.js';
import type { TagScene } from '../core/tag-scene.js';
import type { Simulation } from '../sim/simulation.js';
import { CraneMotion } from './crane-motion.js';
import { layoutPlant } from './layout.js';
import type { PlantSnapshot } from './plant-types.js';

/**
 * What the Plant view needs of the simulation now: plant time, and per conveyor whether it runs,
 * its speed and its items (front first). A stopped belt reports speed 0, so a view that moves
 * items between snapshots (speed x elapsed plant time) keeps them still.
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
  };
}

/**
 * Snapshots of one running plant, one source per stream or station: snapshotPlant, and where the
 * scene has a stacker crane, where it is (`cranes`), followed from one snapshot to the next over
 * plant time (crane-motion.ts) from the tags' effective values. A new scene starts it afresh.
 */
export function plantSnapshots(
  simulation: () => Simulation,
  engine: Pick<TagEngine, 'scene' | 'getTagState'>,
): () => PlantSnapshot {
  let scene: TagScene | undefined;
  let cranes: CraneMotion | undefined;
  return () => {
    if (engine.scene !== scene) {
      scene = engine.scene;
      const ids = new Map(scene.tags.map((t) => [t.name, t.id] as const).reverse());
      cranes = new CraneMotion(layoutPlant(scene).parts, (name) => ids.get(name));
    }
    const snapshot = snapshotPlant(simulation());
    if (!cranes || cranes.empty) return snapshot;
    return { ...snapshot, cranes: cranes.at(snapshot.timeMs, (id) => engine.getTagState(id)?.value) };
  };
}
