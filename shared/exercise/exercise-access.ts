import type { ItemCount, PlantIndex } from '../conditions/condition-types.js';
import type { PlantReader, TagAccess } from '../conditions/watch-condition.js';
import { effectiveValue } from '../core/effective-value.js';
import type { TagEngine } from '../core/tag-engine.js';
import type { TagDefinition, TagValue } from '../core/tag-types.js';
import type { ConveyorTally } from '../sim/conveyor-tally.js';
import type { ExerciseAccess } from './exercise-run.js';

/** What a run reads the plant from: the simulation's conveyors, a new array when the plant starts over. */
export interface TallySource {
  readonly tallies: readonly ConveyorTally[];
}

/**
 * How a graded station is read (docs/lab.md, "Not gameable"): an Output as the plant obeys it
 * (its effective value: the student's program writes it, a fault may override it), an Input as
 * the plant sets it (its raw value: a force the student's program puts on a sensor changes what
 * the program reads, not what the plant did), and the plant's own counts of items, which go on
 * counting across a reset of the simulation (the student's Reset does not wipe them).
 */
export function exerciseAccess(engine: TagEngine, plant: TallySource, index: PlantIndex): ExerciseAccess {
  const valueOf = (def: TagDefinition): TagValue | undefined => {
    const state = engine.getRuntimeState(def.id);
    if (!state) return undefined;
    return def.kind === 'Input' ? state.raw : effectiveValue(def, state);
  };
  const tag: TagAccess = (def) => () => valueOf(def);
  return {
    tag,
    read: (id) => {
      const def = engine.scene.tags.find((t) => t.id === id);
      return def && valueOf(def);
    },
    plant: countingReader(plant, index),
  };
}

/**
 * Reads the plant's counts by conveyor (its place in `index`), adding up across restarts of the
 * plant: when the source's tallies are a new array, what the old plant counted (its final
 * counts, which it keeps) is kept and the new plant's counts are added to it.
 */
export function countingReader(source: TallySource, index: PlantIndex): PlantReader {
  let tallies: readonly ConveyorTally[] | undefined;
  let byIndex: readonly (ConveyorTally | undefined)[] = [];
  const counters: { base: number; read: (from: typeof byIndex) => number }[] = [];
  const readers = new Map<string, () => number>();
  const follow = () => {
    if (source.tallies === tallies) return;
    for (const counter of counters) counter.base += counter.read(byIndex);
    tallies = source.tallies;
    const byName = new Map(tallies.map((t) => [t.name, t]));
    byIndex = index.conveyors.map((name) => byName.get(name));
  };
  return {
    items(conveyor: number, count: ItemCount, label: string | undefined) {
      if (count === 'on')
        return () => {
          follow();
          return byIndex[conveyor]?.on(label) ?? 0;
        };
      // One counter per count, however many conditions (and reports) read it.
      const key = JSON.stringify([conveyor, count, label ?? null]);
      let reader = readers.get(key);
      if (!reader) {
        const counter = {
          base: 0,
          read: (from: typeof byIndex) =>
            (count === 'exit' ? from[conveyor]?.exited(label) : from[conveyor]?.entered(label)) ?? 0,
        };
        counters.push(counter);
        reader = () => {
          follow();
          return counter.base + counter.read(byIndex);
        };
        readers.set(key, reader);
      }
      return reader;
    },
    running: (conveyor: number) => () => {
      follow();
      return byIndex[conveyor]?.running ?? false;
    },
  };
}
