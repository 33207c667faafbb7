// A test bench: a scene in a TagEngine, its simulation, and a controller scanned like a PLC every
// `scanMs` of simulation time, reading and writing through the engine as an API client would.
import type { SceneDefinition } from '../../shared/scenes/scene-definition.js';
import { TagEngine } from '../../shared/core/tag-engine.js';
import type { TagKind, TagType, TagValue } from '../../shared/core/tag-types.js';
import { builtinScene, buildReferenceScene } from '../../shared/scenes/builtin-scenes.js';
import type { Behaviour } from '../../shared/sim/behaviour-types.js';
import { builtinPlant } from '../../shared/scenes/builtin/builtin-plants.js';
import { Simulation, type SimulationOptions } from '../../shared/sim/simulation.js';

/** Reads and writes of one scan, by tag name; names are unique within a kind in these scenes. */
export interface Io {
  /** An Input's effective value. */
  in(name: string): TagValue;
  /** An Output's effective value. */
  out(name: string): TagValue;
  /** Sets an Output, as a PUT /api/tag/values/by-name would. */
  set(name: string, value: TagValue): void;
}

export class Bench {
  readonly engine: TagEngine;
  readonly sim: Simulation;
  timeMs = 0;

  constructor(scene: SceneDefinition, behaviours: readonly Behaviour[], options: SimulationOptions = {}) {
    this.engine = new TagEngine(scene);
    this.sim = new Simulation(this.engine, behaviours, options);
  }

  /** A conveyor of the plant as it is now: its items and what it has removed. */
  conveyor(name: string) {
    const found = this.sim.snapshot().conveyors.find((c) => c.name === name);
    if (!found) throw new Error(`no conveyor ${name}`);
    return found;
  }

  static builtin(name: string, options: SimulationOptions = {}): Bench {
    const scene = builtinScene(name);
    if (!scene) throw new Error(`no built-in scene ${name}`);
    return new Bench(scene, builtinPlant(name)!.behaviours, options);
  }

  /** A scene of these tags (and the system tags) with these behaviours. */
  static custom(
    tags: readonly (readonly [name: string, type: TagType, kind: TagKind])[],
    behaviours: readonly Behaviour[],
    options: SimulationOptions = {},
  ): Bench {
    return new Bench(testScene(tags), behaviours, options);
  }

  readonly io: Io = {
    in: (name) => this.value(name, 'Input'),
    out: (name) => this.value(name, 'Output'),
    set: (name, value) => {
      const errors = this.engine.write('set', 'name', [{ name, value }]);
      if (errors.length > 0) throw new Error(JSON.stringify(errors));
    },
  };

  value(name: string, kind: TagKind): TagValue {
    const tag = this.engine.tagsNamed(name).find((t) => t.kind === kind);
    if (!tag) throw new Error(`no ${kind} named ${name}`);
    return tag.value;
  }

  /**
   * Runs `scan` then advances the simulation by `scanMs`, until `done` holds or `limitMs` of
   * simulation time have passed; returns the time it took (throws at the limit).
   */
  runUntil(
    scan: (io: Io, timeMs: number) => void,
    done: () => boolean,
    limitMs: number,
    scanMs = 10,
  ): number {
    const start = this.timeMs;
    while (!done()) {
      if (this.timeMs - start >= limitMs) throw new Error(`not done after ${limitMs} ms of simulation time`);
      scan(this.io, this.timeMs);
      this.sim.advance(scanMs);
      this.timeMs += scanMs;
    }
    return this.timeMs - start;
  }

  /** Runs `scan` for `ms` of simulation time. */
  runFor(scan: (io: Io, timeMs: number) => void, ms: number, scanMs = 10): void {
    const end = this.timeMs + ms;
    this.runUntil(scan, () => this.timeMs >= end, ms + scanMs, scanMs);
  }
}

/** Rising-edge detector, the PLC's R_TRIG. */
export class Rising {
  private last = false;
  /** Whether `value` turned on since the previous call (an absent value is off). */
  q(value: TagValue | undefined): boolean {
    const on = value === true;
    const edge = on && !this.last;
    this.last = on;
    return edge;
  }
}

/** Falling-edge detector, the PLC's F_TRIG (no edge at the first scan). */
export class Falling {
  private last = false;
  /** Whether `value` turned off since the previous call (an absent value is off). */
  q(value: TagValue | undefined): boolean {
    const on = value === true;
    const edge = !on && this.last;
    this.last = on;
    return edge;
  }
}

/** A scene of these tags, with addresses, ids and the system tags, like a built-in one. */
export function testScene(
  tags: readonly (readonly [name: string, type: TagType, kind: TagKind])[],
  name = 'Simulation test',
): SceneDefinition {
  return buildReferenceScene({
    name,
    tags: tags.map(([tagName, type, kind]) => ({ name: tagName, type, kind })),
  });
}
