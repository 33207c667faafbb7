import type { ItemCount, PlantIndex } from '../conditions/condition-types.js';
import type { PlantReader, TagAccess } from '../conditions/watch-condition.js';
import { effectiveValue } from '../core/effective-value.js';
import type { TagEngine } from '../core/tag-engine.js';
import type { TagDefinition, TagValue } from '../core/tag-types.js';
import type { ConveyorTally } from '../sim/conveyor-tally.js';
import type { ExerciseAccess } from './exercise-run.js';

/** What a run reads the plant from: the simulation's plant now (a new one each time it starts over). */
export interface PlantSource {
  readonly plantNow: {
    readonly tallies: readonly ConveyorTally[];
    readonly timeMs: number;
    /** Grows whenever an item comes or goes or a belt starts or stops. */
    readonly changes: number;
  };
}

/**
 * How a graded station is read (docs/lab.md, "Not gameable"): an Output as the plant obeys it
 * (its effective value: the student's program writes it, a fault may override it), an Input as
 * the plant sets it (its raw value: a force the student's program puts on a sensor changes what
 * the program reads, not what the plant did), and the plant's own counts of items, which go on
 * counting across a reset of the simulation (the student's Reset does not wipe them).
 */
export function exerciseAccess(engine: TagEngine, plant: PlantSource, index: PlantIndex): ExerciseAccess {
  const valueOf = (def: TagDefinition): TagValue | undefined => {
    const state = engine.getRuntimeState(def.id);
    if (!state) return undefined;
    // Most tags have no force and no failure: their raw value is the one, without a call.
    if (def.kind === 'Input' || (state.failure === 'none' && !state.isForced)) return state.raw;
    return effectiveValue(def, state);
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
export function countingReader(source: PlantSource, index: PlantIndex): PlantReader {
  let tallies: readonly ConveyorTally[] | undefined;
  let byIndex: readonly (ConveyorTally | undefined)[] = [];
  const counters: { base: number; read: (from: typeof byIndex) => number }[] = [];
  const readers = new Map<string, () => number>();
  const follow = () => {
    if (source.plantNow.tallies === tallies) return;
    for (const counter of counters) counter.base += counter.read(byIndex);
    tallies = source.plantNow.tallies;
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
