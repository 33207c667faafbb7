import type { TagDefinition, TagValue } from '../core/tag-types.js';
import type { BoundCondition, ItemCount } from './condition-types.js';

/** Reads a tag's effective value by id (`undefined`: the tag is gone). */
export type ReadTag = (id: string) => TagValue | undefined;

/** Gives the reader of one tag's effective value; asked once per tag, so a host can find it fast. */
export type TagAccess = (tag: TagDefinition) => () => TagValue | undefined;

/**
 * Gives the readers of the plant itself, for conditions that count its items or look at its
 * belts: conveyors by their place in the plant (PlantIndex.conveyors). Asked once per part of a
 * condition, so a host can find the count fast; the reader it gives is called at every update.
 */
export interface PlantReader {
  items(conveyor: number, count: ItemCount, label: string | undefined): () => number;
  running(conveyor: number): () => boolean;
}

/**
 * A condition being watched: `update(t)` evaluates it at time `t` (ms, never going back) and
 * says whether it holds. Edges and `forMs` keep state between updates, so a watch starts at its
 * first update: an edge is a change seen between two updates (the first only records the
 * value), and `forMs` counts from the first update at which the condition held. Every part is
 * updated at every update (no short cut), so that edges and timers inside see every moment.
 */
export interface ConditionWatch {
  update(t: number): boolean;
  /**
   * After an update: the earliest time at which a `forMs` inside completes if nothing the
   * condition reads changes meanwhile (Infinity when no timer runs). Until then, or until a value
   * it reads changes, an update cannot come out otherwise: a host may skip those moments.
   */
  readonly dueAt: number;
}
/** Starts watching a condition, reading tags by id. */
export function watchCondition(condition: BoundCondition, read: ReadTag): ConditionWatch {
  return compileCondition(condition, (def) => () => read(def.id));
}

/** Evaluates a condition once, at one moment (no edge holds then, no forMs has passed). */
export function conditionHolds(condition: BoundCondition, read: ReadTag): boolean {
  return watchCondition(condition, read).update(0);
}

/**
 * Starts watching a condition, reading each tag through `access`, and the plant through `plant`
 * (a condition bound with a PlantIndex needs one).
 */
export function compileCondition(
  condition: BoundCondition,
  access: TagAccess,
  plant?: PlantReader,
): ConditionWatch {
  const timers: Timers = { due: Infinity };
  const node = build(condition, access, plant, timers);
  return {
    update: (t) => {
      timers.due = Infinity;
      return node(t);
    },
    get dueAt() {
      return timers.due;
    },
  };
}

type Node = (t: number) => boolean;

/** What the timers of one watch found at its last update: the earliest that completes. */
interface Timers {
  due: number;
}

function build(c: BoundCondition, access: TagAccess, plant: PlantReader | undefined, timers: Timers): Node {
  const reader = () => {
    if (!plant) throw new Error('A condition on the plant needs a PlantReader');
    return plant;
  };
  switch (c.type) {
    case 'always':
      return () => true;
    case 'edge': {
      const read = access(c.tag.def);
      let last: boolean | undefined;
      return () => {
        const now = read() === true;
        const edge = last !== undefined && now !== last && now === c.rising;
        last = now;
        return edge;
      };
    }
    case 'compare': {
      const read = access(c.tag.def);
      return sustained(() => compare(c, read()), c.forMs, timers);
    }
    case 'items': {
      const count = reader().items(c.conveyor, c.count, c.label);
      return sustained(() => compare(c, count()), c.forMs, timers);
    }
    case 'conveyor': {
      const running = reader().running(c.conveyor);
      return sustained(() => running() === c.running, c.forMs, timers);
    }
    case 'all':
    case 'any': {
      const parts = c.parts.map((p) => build(p, access, plant, timers));
      const all = c.type === 'all';
      // Every part, every time (an edge or a timer inside must see each moment), and no array
      // made per evaluation: a plant's conditions run at every step of every station.
      return sustained(
        (t) => {
          let holds = all;
          for (const part of parts) holds = all ? part(t) && holds : part(t) || holds;
          return holds;
        },
        c.forMs,
        timers,
      );
    }
    case 'not': {
      const inner = build(c.inner, access, plant, timers);
      return sustained((t) => !inner(t), c.forMs, timers);
    }
  }
}

/**
 * Holds once `inner` has held at every update for `forMs` (at once when forMs is 0); while it
 * waits, tells `timers` when it will hold.
 */
function sustained(inner: Node, forMs: number, timers: Timers): Node {
  if (forMs <= 0) return inner;
  let since: number | undefined;
  return (t) => {
    if (!inner(t)) {
      since = undefined;
      return false;
    }
    since ??= t;
    // A hair of tolerance, so that sums of step times (0.1 + 0.2) do not cost a whole step.
    if (t - since >= forMs - 1e-6) return true;
    timers.due = Math.min(timers.due, since + forMs - 1e-6);
    return false;
  };
}

function compare(
  c: Extract<BoundCondition, { type: 'compare' | 'items' }>,
  value: TagValue | undefined,
): boolean {
  if (value === undefined) return false;
  const n = typeof value === 'boolean' ? (value ? 1 : 0) : value;
  if (c.equals !== undefined && value !== c.equals) return false;
  if (c.notEquals !== undefined && value === c.notEquals) return false;
  if (c.gt !== undefined && !(n > c.gt)) return false;
  if (c.ge !== undefined && !(n >= c.ge)) return false;
  if (c.lt !== undefined && !(n < c.lt)) return false;
  if (c.le !== undefined && !(n <= c.le)) return false;
  return true;
}
