import { Emitter } from '../core/emitter.js';
import type { TagScene } from '../core/tag-scene.js';
import { isSystemTag } from '../core/system-tags.js';
import type { TagEngine } from '../core/tag-engine.js';
import { initialValue } from '../core/tag-record.js';
import type { TagDefinition } from '../core/tag-types.js';
import type { PlacedProblem } from '../problems/problem-list.js';
import type { Behaviour } from './behaviour-types.js';
import { Plant, type SimulationSnapshot } from './behaviours.js';
import { LifecycleTags } from './lifecycle-tags.js';
import { PlantAlarms, type PlantAlarm } from './plant-alarm.js';
import { type LifecycleCommand, SimLifecycle, type SimState } from './sim-lifecycle.js';
import { TagMirror } from './tag-mirror.js';
import { strictBehaviours, validateBehaviours } from './validate-behaviours.js';

export interface SimulationOptions {
  /** Seed of every random stream of the plant (default 1): the same seed, the same run. */
  readonly seed?: number;
  /** Fixed step of simulation time in milliseconds (default 10). */
  readonly stepMs?: number;
  /** Whether the simulation runs from the start (default true), as the simulator's scenes do. */
  readonly startRunning?: boolean;
  /** How long a reset holds the Input `FACTORY I/O (Reset)` on (default 100 ms). */
  readonly resetPulseMs?: number;
  /** Real milliseconds counted per advance at most (default 1000); see SimLifecycle. */
  readonly maxAdvanceMs?: number;
}

/** What the window and the tray show of the simulation. */
export interface SimulationStatus {
  readonly state: SimState;
  readonly timeScale: number;
  /** Simulation time since the start or the last reset. */
  readonly timeMs: number;
  /**
   * Whether a client (HTTP or Modbus) has written a tag since the start or the last reset: until
   * one has, a plant that waits for its controller does not move, and the window says so.
   * Absent from statuses made by hand (tests, older hosts): nothing is said then.
   */
  readonly clientWritten?: boolean;
}

/**
 * The simulation driver: the lifecycle, and the plant's behaviours run in fixed steps of
 * simulation time. The host calls `advance(realMs)` from its timer (tests call it with a fake
 * clock); everything the simulation changes in one call reaches the engine as ONE update, from
 * the source 'simulation'. The window and the tray use run(), pause(), reset() and setTimeScale(),
 * which take effect at once; the controller uses the system Outputs `FACTORY I/O (Run)`,
 * `(Pause)` and `(Reset)`, whose rising edges are seen at the next advance.
 */
export class Simulation {
  private readonly lifecycle: SimLifecycle;
  private readonly statusEvents = new Emitter<SimulationStatus>(() => undefined);
  private readonly seed: number;
  private readonly stepMs: number;
  private behaviours: readonly Behaviour[];
  private valid: readonly Behaviour[] = [];
  private scene!: TagScene;
  private mirror!: TagMirror;
  private plant!: Plant;
  private lifecycleTags!: LifecycleTags;
  private problemList: readonly PlacedProblem[] = [];
  private lastStatus: { state: SimState; timeScale: number; clientWritten: boolean } | undefined;
  /** The engine's client write count at the start or the last reset. */
  private clientWritesAtStart: number;
  /** A reset since the last status told: listeners hear of it (time is back to 0), whoever gave it. */
  private restarted = false;
  /**
   * The engine's version right after this simulation's own last write: while it has not moved,
   * the mirror already holds what the engine does, and an idle tick need not read it again.
   */
  private mirroredVersion = -1;
  private readonly alarms = new PlantAlarms(
    () => this.plant,
    () => this.engine.version,
  );

  constructor(
    private readonly engine: TagEngine,
    behaviours: readonly Behaviour[],
    options: SimulationOptions = {},
  ) {
    this.seed = options.seed ?? 1;
    this.stepMs = options.stepMs ?? 10;
    if (!(this.stepMs > 0)) throw new RangeError(`stepMs must be above 0; got ${this.stepMs}`);
    this.lifecycle = new SimLifecycle({
      startRunning: options.startRunning ?? true,
      stepMs: this.stepMs,
      resetPulseMs: options.resetPulseMs ?? 100,
      maxAdvanceMs: options.maxAdvanceMs ?? 1000,
    });
    this.behaviours = strictBehaviours(behaviours, engine.scene.tags);
    this.clientWritesAtStart = engine.clientWriteCount;
    this.bind();
    this.finish();
  }

  get status(): SimulationStatus {
    return {
      state: this.lifecycle.state,
      timeScale: this.lifecycle.timeScale,
      timeMs: this.plant.timeMs,
      clientWritten: this.clientWritten,
    };
  }

  private get clientWritten(): boolean {
    return this.engine.clientWriteCount > this.clientWritesAtStart;
  }

  /**
   * Problems of the behaviours with the scene now loaded: after the engine loads another scene,
   * behaviours that no longer fit are left out (and listed here) rather than stopping the timer.
   */
  get problems(): readonly PlacedProblem[] {
    return this.problemList;
  }

  /** Items on the conveyors and plant time. */
  snapshot(): SimulationSnapshot {
    return this.plant.snapshot();
  }

  /** The plant now, read in place at every tick by a grader: a new one each time it starts over. */
  get plantNow(): Pick<Plant, 'tallies' | 'timeMs' | 'changes'> {
    return this.plant;
  }

  /** An alarm that wakes `listener` after a change or at a plant time (plant-alarm.ts): a grader's. */
  alarm(listener: () => void): PlantAlarm {
    return this.alarms.add(listener);
  }

  /**
   * Subscribes to changes of state and time scale, and to every reset (from the methods or the
   * controller's `FACTORY I/O (Reset)`); returns the unsubscribe function.
   */
  subscribe(listener: (status: SimulationStatus) => void): () => void {
    return this.statusEvents.on(listener);
  }

  /**
   * `realMs` of real time have passed. Reads the control Outputs (their effective values: a
   * force on `FACTORY I/O (Run)` counts), then runs as many fixed steps as the elapsed simulation
   * time holds, then writes what changed to the engine in one update.
   */
  advance(realMs: number): void {
    this.tick(() => this.lifecycle.elapse(realMs));
  }

  /** `ms` of a virtual clock have passed: as advance, in simulation time whatever the time scale. */
  advanceVirtual(ms: number): void {
    this.tick(() => this.lifecycle.elapseVirtual(ms));
  }

  /**
   * Back to the start: the plant from time 0 with its seed, the lifecycle in its first state with
   * no Reset pulse, the control Outputs read afresh. The tags are the caller's to put back first.
   */
  restart(): void {
    this.lifecycle.restart();
    this.clientWritesAtStart = this.engine.clientWriteCount;
    this.bind();
    this.restarted = true;
    this.finish();
  }

  private tick(elapse: () => number): void {
    this.begin();
    for (const command of this.lifecycle.edges(this.lifecycleTags.controls())) this.apply(command);
    const steps = elapse();
    for (let i = 0; i < steps; i++) this.plant.step();
    this.finish();
  }

  /** Starts or resumes (the window's and the tray's Run). */
  run(): void {
    this.control('run');
  }

  pause(): void {
    this.control('pause');
  }

  /**
   * Restores every tag's initial value (raw values; forces and failures stay), restarts the plant
   * from time 0 with its seed, and pulses the Input `FACTORY I/O (Reset)`. Running or paused stays
   * as it was.
   */
  reset(): void {
    this.control('reset');
  }

  /** Sets the time scale, kept within 0.25x to 8x; returns the scale applied. */
  setTimeScale(scale: number): number {
    this.begin();
    const applied = this.lifecycle.setTimeScale(scale);
    this.finish();
    return applied;
  }

  /** Replaces the behaviours (they must fit the scene); the plant restarts from time 0. */
  setBehaviours(behaviours: readonly Behaviour[]): void {
    this.behaviours = strictBehaviours(behaviours, this.engine.scene.tags);
    this.bind();
    this.finish();
  }

  private control(command: LifecycleCommand): void {
    this.begin();
    if (command === 'reset') this.doReset(false);
    else this.apply(command);
    this.finish();
  }

  private apply(command: LifecycleCommand): void {
    if (command === 'run') this.lifecycle.run();
    else if (command === 'pause') this.lifecycle.pause();
    else this.doReset(true);
  }

  private doReset(duringAdvance: boolean): void {
    for (const def of this.scene.tags) {
      // The system tags are the lifecycle's: its Inputs report it, and its Outputs are the
      // controller's commands (clearing them would make a client that holds Reset on reset again).
      if (!isSystemTag(def)) this.mirror.writeAny(def, initialValue(def));
    }
    this.plant = this.newPlant();
    this.plant.settle();
    this.lifecycle.reset(duringAdvance);
    this.clientWritesAtStart = this.engine.clientWriteCount;
    this.restarted = true;
  }

  /** Takes the engine's current values, after following a scene change (bind takes them too). */
  private begin(): void {
    if (this.engine.scene !== this.scene) {
      // An edit that changed nothing the plant reads (a description, an initial value, an
      // address) keeps the plant where it is; any other scene starts it over.
      if (!sameTagsForPlant(this.scene.tags, this.engine.scene.tags)) return this.bind();
      this.scene = this.engine.scene;
    }
    if (this.engine.version === this.mirroredVersion) this.mirror.beginStep();
    else this.mirror.refresh((id) => this.engine.getRuntimeState(id));
  }

  /** Whether these behaviours are the ones running, on tags the plant reads the same way. */
  runs(behaviours: readonly Behaviour[]): boolean {
    return (
      sameTagsForPlant(this.scene.tags, this.engine.scene.tags) &&
      JSON.stringify(behaviours) === JSON.stringify(this.behaviours)
    );
  }

  /** Compiles the behaviours against the engine's scene; the plant starts from time 0. */
  private bind(): void {
    this.scene = this.engine.scene;
    const { behaviours, problems } = fitting(this.behaviours, this.scene.tags);
    this.valid = behaviours;
    this.problemList = problems;
    this.mirror = new TagMirror();
    this.lifecycleTags = new LifecycleTags(this.scene.tags, this.mirror);
    this.plant = this.newPlant();
    this.mirror.refresh((id) => this.engine.getRuntimeState(id));
    this.plant.settle();
    this.lifecycle.forgetEdges();
    this.lifecycle.edges(this.lifecycleTags.controls());
  }

  private newPlant(): Plant {
    return new Plant(this.valid, this.scene.tags, this.mirror, { seed: this.seed, stepMs: this.stepMs });
  }

  /** Publishes the lifecycle on the system Inputs, writes everything to the engine, tells listeners. */
  private finish(): void {
    this.lifecycleTags.publish(this.lifecycle);
    const writes = this.mirror.takeWrites();
    if (writes.length > 0) this.engine.simulate('id', writes, 'simulation');
    this.mirroredVersion = this.engine.version;
    this.alarms.check();
    const status = {
      state: this.lifecycle.state,
      timeScale: this.lifecycle.timeScale,
      clientWritten: this.clientWritten,
    };
    // The first client write is told at the tick after it (each tick, whatever the state, on the
    // real clock; at the next step or advance on the virtual one).
    if (
      this.restarted ||
      this.lastStatus?.state !== status.state ||
      this.lastStatus.timeScale !== status.timeScale ||
      this.lastStatus.clientWritten !== status.clientWritten
    ) {
      this.lastStatus = status;
      this.restarted = false;
      this.statusEvents.emit(this.status);
    }
  }
}

/**
 * The behaviours that fit these tags, and the problems of the others. Leaving one out can break
 * another (an exit to a conveyor that was left out), so this checks again until nothing changes;
 * the places in the problems are those of the list as given.
 */
function fitting(
  behaviours: readonly Behaviour[],
  tags: readonly TagDefinition[],
): { behaviours: Behaviour[]; problems: PlacedProblem[] } {
  let kept = behaviours.map((b, i) => ({ b, i }));
  const problems: PlacedProblem[] = [];
  for (;;) {
    const round = validateBehaviours(
      kept.map((k) => k.b),
      tags,
    );
    if (round.problems.length === 0) return { behaviours: round.behaviours, problems };
    for (const p of round.problems) {
      const path = p.path.replace(
        /^behaviours\[(\d+)\]/,
        (_, n: string) => `behaviours[${kept[Number(n)]!.i}]`,
      );
      problems.push({ path, message: p.message });
    }
    const valid = new Set(round.behaviours);
    kept = kept.filter((k) => valid.has(k.b));
  }
}

/**
 * True when a compiled plant reads `next` exactly as it read `before`: the same tags in the same
 * order, each with the same id, name, kind, type and range. Addresses, descriptions and initial
 * values do not reach a running plant.
 */
export function sameTagsForPlant(before: readonly TagDefinition[], next: readonly TagDefinition[]): boolean {
  if (before === next) return true;
  if (before.length !== next.length) return false;
  return before.every((a, i) => {
    const b = next[i]!;
    return (
      a.id === b.id &&
      a.name === b.name &&
      a.kind === b.kind &&
      a.type === b.type &&
      a.min === b.min &&
      a.max === b.max
    );
  });
}
