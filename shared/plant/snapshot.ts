import type { TagEngine } from '../core/tag-engine.js';
import type { TagScene } from '../core/tag-scene.js';
import type { Simulation } from '../sim/simulation.js';
import type { CraneState, PlantLayout, PlantSnapshot } from './plant-types.js';

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

/** The forks' limit switches of the simulator's stacker crane, by the names its scene gives them. */
const FORK_SWITCHES = { left: 'At Left', right: 'At Right' } as const;

/**
 * Snapshots of one running plant, one source per stream or station: snapshotPlant, each stacker
 * crane named by the `crane` part it is drawn as in the scene's layout (`layoutOf`: the drawing
 * the view gets, layoutScene), in order, with its forks where their limit switches say (the
 * plant's own values, not a fault's). A new scene is looked at afresh.
 */
export function plantSnapshots(
  simulation: () => Simulation,
  engine: Pick<TagEngine, 'scene' | 'getTagState'>,
  layoutOf: (scene: TagScene) => PlantLayout,
): () => PlantSnapshot {
  let scene: TagScene | undefined;
  let craneParts: readonly string[] = [];
  let switches: { left?: string; right?: string } = {};
  return () => {
    if (engine.scene !== scene) {
      scene = engine.scene;
      craneParts = layoutOf(scene)
        .parts.filter((p) => p.part === 'crane')
        .map((p) => p.label);
      const idOf = (name: string) => scene!.tags.find((t) => t.name === name && t.kind === 'Input')?.id;
      switches = { left: idOf(FORK_SWITCHES.left), right: idOf(FORK_SWITCHES.right) };
    }
    const snapshot = snapshotPlant(simulation());
    if (!snapshot.cranes || craneParts.length === 0) return snapshot;
    const on = (id: string | undefined) => id !== undefined && engine.getTagState(id)?.raw === true;
    const forks = on(switches.left) ? -1 : on(switches.right) ? 1 : 0;
    const cranes = snapshot.cranes.map((c, i): CraneState => ({
      ...c,
      ...(craneParts[i] !== undefined ? { part: craneParts[i], forks } : {}),
    }));
    return { ...snapshot, cranes };
  };
}
