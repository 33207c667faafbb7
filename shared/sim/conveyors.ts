import type { Conveyor } from './behaviour-types.js';
import { FeederRuntime } from './conveyor-feeder.js';
import type { ConditionNode, ConditionSet, NumberSource } from './conditions.js';
import { mulberry32 } from './random.js';
import type { TagMirror } from './tag-mirror.js';
import { counted, tally, type ConveyorTally } from './conveyor-tally.js';

/** Positions closer than this (metres) count as equal: sums of step movements are not exact. */
const EPS = 1e-9;

/** A box, pallet or part on a conveyor. `x` is where its front is, in metres from the start. */
interface Item {
  readonly id: number;
  readonly label: string;
  readonly length: number;
  x: number;
  on: ConveyorRuntime | undefined;
  /** The conveyor it came from, while its rear may still be on it. */
  from: ConveyorRuntime | undefined;
  /** Plant time at which it arrived where it is, so it moves once per step. */
  arrivedAt: number;
  /** Per remover zone: since when its front has been in the zone. */
  readonly inZoneSince: (number | undefined)[];
}

/** What a conveyor holds, for tests and for a future plant view. */
export interface ConveyorSnapshot {
  readonly name: string;
  readonly items: readonly {
    readonly id: number;
    readonly label: string;
    readonly front: number;
    readonly length: number;
  }[];
  /**
   * Whether the belt moves (its `runs` held at the last step) and how fast, in metres per second:
   * negative while it runs backwards (its `reverse` holds).
   */
  readonly running: boolean;
  readonly speed: number;
  /** Items that left the plant here (end of the line or a remover), by label. */
  readonly removed: Readonly<Record<string, number>>;
}

interface RemoverRuntime {
  readonly from: number;
  readonly to: number;
  readonly afterMs: number;
  readonly when?: ConditionNode;
}

interface SensorRuntime {
  readonly conveyor: ConveyorRuntime;
  readonly slot: number;
  readonly from: number;
  readonly to: number;
  readonly detects: ReadonlySet<string> | undefined;
  readonly normallyClosed: boolean;
  /** A sensor that reads a number per label (a vision sensor, a scale) instead of on/off. */
  readonly reads: ReadonlyMap<string, number> | undefined;
  readonly otherwise: number;
}

/**
 * The conveyors of a plant, stepped together. Each step moves the items, hands them over at the
 * ends, lets removers and feeders act, then sets every conveyor sensor from where the items are.
 */
export class ConveyorLine {
  private readonly conveyors: ConveyorRuntime[] = [];
  private readonly sensors: SensorRuntime[] = [];
  /** The items' ids, and every item come or gone and belt started or stopped (`changes`). */
  private readonly counters = { nextId: 1, moves: 0 };

  constructor(private readonly mirror: TagMirror) {}

  add(c: Conveyor, conditions: ConditionSet, seed: number): void {
    const conveyor = new ConveyorRuntime(c, conditions, seed, this.counters, this.conveyors.length);
    this.conveyors.push(conveyor);
    for (const s of c.sensors ?? []) {
      this.sensors.push({
        conveyor,
        slot: conditions.slotOf(s.tag, 'write'),
        from: s.from,
        to: s.to,
        detects: s.detects ? new Set(s.detects) : undefined,
        normallyClosed: s.normallyClosed === true,
        reads: s.reads ? new Map(Object.entries(s.reads)) : undefined,
        otherwise: s.otherwise ?? 0,
      });
    }
  }

  /** Connects the exits once every conveyor is known (an exit may point at a later one). */
  link(definitions: readonly Conveyor[], conditions: ConditionSet): void {
    const byName = new Map(this.conveyors.map((c) => [c.name, c]));
    definitions.forEach((d, i) => {
      this.conveyors[i]!.exits = (d.exits ?? []).map((e) => {
        const target = byName.get(e.to);
        if (!target) throw new Error(`Unchecked behaviour: no conveyor '${e.to}'`);
        return { target, when: e.when ? conditions.condition(e.when) : undefined };
      });
    });
  }

  /** Plant time `t` has come, `dtMs` after the previous step (0: only place items and set sensors). */
  step(t: number, dtMs: number): void {
    if (dtMs > 0) for (const c of this.conveyors) c.move(t, dtMs);
    for (const c of this.conveyors) c.applyRemovers(t);
    for (const c of this.conveyors) c.feed(t);
    this.updateSensors();
  }

  snapshot(): ConveyorSnapshot[] {
    return this.conveyors.map((c) => c.snapshot());
  }

  /** The conveyors' counts, read in place (the same array for the life of this line). */
  get tallies(): readonly ConveyorTally[] {
    return this.conveyors;
  }

  /** Grows when an item comes or goes or a belt starts or stops: unchanged, nothing counted changed. */
  get changes(): number {
    return this.counters.moves;
  }

  private updateSensors(): void {
    const seen = new Map<number, { detected: boolean; normallyClosed: boolean }>();
    for (const s of this.sensors) {
      if (s.reads) {
        // Validation makes a reading sensor its tag's only driver.
        const label = s.conveyor.firstSeen(s);
        this.mirror.write(s.slot, (label === undefined ? undefined : s.reads.get(label)) ?? s.otherwise);
        continue;
      }
      const entry = seen.get(s.slot) ?? { detected: false, normallyClosed: s.normallyClosed };
      entry.detected ||= s.conveyor.sees(s);
      seen.set(s.slot, entry);
    }
    // A tag may have sensors on several conveyors (a light barrier across a junction).
    for (const [slot, { detected, normallyClosed }] of seen)
      this.mirror.write(slot, detected !== normallyClosed);
  }
}

class ConveyorRuntime implements ConveyorTally {
  readonly name: string;
  exits: { target: ConveyorRuntime; when: ConditionNode | undefined }[] = [];
  private items: Item[] = []; // front first
  private outgoing: Item[] = [];
  private readonly removed = new Map<string, number>();
  private readonly arrived = new Map<string, number>();
  private ranLast: boolean | undefined;
  private readonly length: number;
  private readonly speed: NumberSource;
  private readonly runs: ConditionNode | undefined;
  private readonly reverse: ConditionNode | undefined;
  private readonly feeder: FeederRuntime | undefined;
  private readonly removesAtEnd: boolean;
  private readonly removers: readonly RemoverRuntime[];

  constructor(
    c: Conveyor,
    conditions: ConditionSet,
    seed: number,
    /** The line's, shared by its conveyors: the next item's id, the changes (ConveyorLine.changes). */
    private readonly counters: { nextId: number; moves: number },
    readonly order: number,
  ) {
    this.name = c.conveyor;
    this.length = c.length;
    this.speed = conditions.expression(c.speed);
    this.runs = c.runs ? conditions.condition(c.runs) : undefined;
    const newId = () => counters.nextId++;
    this.reverse = c.reverse ? conditions.condition(c.reverse) : undefined;
    this.feeder = c.feeder ? new FeederRuntime(c.feeder, conditions, mulberry32(seed), newId) : undefined;
    this.removesAtEnd = c.end === 'remove';
    this.removers = (c.removers ?? []).map(({ from, to, afterMs, when }) => ({
      from,
      to,
      afterMs,
      ...(when ? { when: conditions.condition(when) } : {}),
    }));
  }

  move(t: number, dtMs: number): void {
    const running = this.runs?.holds ?? true;
    if (running !== this.ranLast) {
      this.ranLast = running;
      this.counters.moves++;
    }
    const distance = running ? (Math.max(0, this.speed()) * dtMs) / 1000 : 0;
    if (distance > 0 && this.reverse?.holds) {
      this.moveBack(t, distance);
      return;
    }
    this.outgoing = this.outgoing.filter((i) => i.from === this && i.on !== undefined && i.x - i.length < 0);
    // Nothing may pass the rear of the item ahead, including one already half on the next conveyor.
    let limit = Math.min(Infinity, ...this.outgoing.map((i) => this.length + i.x - i.length));
    const kept: Item[] = [];
    for (const item of this.items) {
      const x = item.arrivedAt === t ? item.x : Math.max(item.x, Math.min(item.x + distance, limit));
      if (kept.length === 0 && x >= this.length - EPS) {
        const overflow = Math.max(0, x - this.length);
        const exit = this.exits.find((e) => (e.when?.holds ?? true) && e.target.hasRoom(overflow));
        if (exit) {
          this.handOver(item, exit.target, overflow, t);
          limit = this.length + overflow - item.length;
          continue;
        }
        if (this.removesAtEnd) {
          this.count(item);
          continue;
        }
        item.x = this.length;
      } else {
        item.x = x;
      }
      kept.push(item);
      limit = item.x - item.length;
    }
    this.items = kept;
  }

  /** Items travel back towards the start, where they stop; none passes the one behind it. */
  private moveBack(t: number, distance: number): void {
    let floor = 0; // where the rear of the next item (going backwards) may come to
    for (let i = this.items.length - 1; i >= 0; i--) {
      const item = this.items[i]!;
      if (item.arrivedAt !== t) item.x = Math.min(item.x, Math.max(item.x - distance, floor + item.length));
      floor = item.x;
    }
  }

  applyRemovers(t: number): void {
    if (this.removers.length === 0) return;
    this.items = this.items.filter((item) => {
      let taken = false;
      this.removers.forEach((r, k) => {
        const inside = (r.when?.holds ?? true) && item.x >= r.from - EPS && item.x <= r.to + EPS;
        if (!inside) item.inZoneSince[k] = undefined;
        else if ((item.inZoneSince[k] ??= t) <= t - r.afterMs + 1e-6) taken = true;
      });
      if (taken) this.count(item);
      return !taken;
    });
  }

  feed(t: number): void {
    // An item half on the next conveyor still takes room at this one's end.
    const leaving = this.outgoing.filter((i) => i.from === this && i.on !== undefined && i.x - i.length < 0);
    const rear = Math.min(
      Infinity,
      ...this.items.map((i) => i.x - i.length),
      ...leaving.map((i) => this.length + i.x - i.length),
    );
    const fed = this.feeder?.next(t, this.items.length, rear);
    if (!fed) return;
    this.items.push({ ...fed, x: fed.length, on: this, from: undefined, arrivedAt: t, inZoneSince: [] });
    tally(this.arrived, fed.label);
    this.counters.moves++;
  }

  get running(): boolean {
    return this.runs?.holds ?? true;
  }

  entered(label?: string): number {
    return counted(this.arrived, label);
  }

  exited(label?: string): number {
    return counted(this.removed, label);
  }

  on(label?: string): number {
    let n = 0;
    for (const item of this.items) if (label === undefined || item.label === label) n++;
    return n;
  }

  /** Whether an item entering with its front at `front` fits behind the last one. */
  hasRoom(front: number): boolean {
    const last = this.items[this.items.length - 1];
    return !last || last.x - last.length >= front - EPS;
  }

  /** Whether a sensor of this conveyor sees an item: any part of one on this conveyor. */
  sees(s: SensorRuntime): boolean {
    return this.spansSeen(s).some((span) => !s.detects || s.detects.has(span.label));
  }

  /** The label of the item furthest along that a sensor sees, if it sees one. */
  firstSeen(s: SensorRuntime): string | undefined {
    return this.spansSeen(s)[0]?.label;
  }

  /** The items (or their parts still on this conveyor) over a sensor's span, furthest along first. */
  private spansSeen(s: SensorRuntime): { label: string; rear: number; front: number }[] {
    const spans = [
      // Items half on the next conveyor are ahead of every item still on this one.
      ...this.outgoing
        .filter((i) => i.from === this && i.on !== undefined && i.x - i.length < 0)
        .map((i) => ({ label: i.label, rear: this.length + i.x - i.length, front: this.length })),
      ...this.items.map((i) => ({ label: i.label, rear: i.x - i.length, front: i.x })),
    ];
    return spans.filter((span) => span.rear <= s.to + EPS && span.front >= s.from - EPS);
  }

  snapshot(): ConveyorSnapshot {
    return {
      name: this.name,
      items: this.items.map((i) => ({ id: i.id, label: i.label, front: i.x, length: i.length })),
      removed: Object.fromEntries(this.removed),
      running: this.running,
      speed: Math.max(0, this.speed()) * (this.reverse?.holds ? -1 : 1),
    };
  }

  private handOver(item: Item, target: ConveyorRuntime, front: number, t: number): void {
    item.x = front;
    item.from = this;
    item.on = target;
    item.inZoneSince.length = 0;
    // A conveyor earlier in the list has already moved this step: the item waits for the next.
    item.arrivedAt = target.order > this.order ? t : item.arrivedAt;
    target.items.push(item);
    tally(target.arrived, item.label);
    this.counters.moves++;
    this.outgoing.push(item);
  }

  /** An item leaves the plant here. */
  private count(item: Item): void {
    item.on = undefined;
    tally(this.removed, item.label);
    this.counters.moves++;
  }
}
